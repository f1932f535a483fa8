"""The default connection as django-tenants extends it (set_tenant, schema_name …), typed
loosely because django-tenants ships no type information; and how an unreachable database is
told apart from a statement that failed."""

import logging
from typing import Any

from django.db import InterfaceError, InternalError, OperationalError
from django.db import connection as _connection

from .errors import ApplicationError, ErrorCode

tenant_connection: Any = _connection


def advisory_xact_lock(*keys: str) -> None:
    """Takes PostgreSQL's transaction-scoped advisory lock on each named key, in the order
    given, on the default connection: held until the caller's transaction ends, so a second
    transaction asking for the same key waits for the first to commit or roll back."""
    with _connection.cursor() as cursor:
        for key in keys:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", [key])


logger = logging.getLogger("zulin.request")

# SQLSTATEs of a server that is going away, not there yet or no longer the primary:
# connection exceptions (class 08); the administrator's shutdown or a killed session (57P01),
# a crash shutdown (57P02), a server starting or recovering (57P03), the database dropped
# (57P04), an idle session ended by the server (57P05).
_AWAY_STATES = ("08", "57P01", "57P02", "57P03", "57P04", "57P05")
# A write that reached a server that is now read-only: a primary demoted by a failover
# (Patroni) or a standby the connection still points at (25006, read_only_sql_transaction).
# psycopg raises it as an InternalError (class 25). Only that state of class 25 counts: an
# aborted transaction (25P02) is the code's own fault.
_DEMOTED_STATES = ("25006",)


def database_unreachable(error: BaseException) -> bool:
    """True when `error` says the primary cannot be reached (refused, reset, closed, timed
    out, shutting down, or no longer the primary), not that a statement failed (a lock
    timeout, a cancelled query): the first is answered 503 and passes once PostgreSQL (or the
    new primary) is back, the second is a fault."""
    if isinstance(error, InterfaceError):  # "connection already closed"
        return True
    state = getattr(error.__cause__, "sqlstate", None)
    if isinstance(error, InternalError):
        return state in _DEMOTED_STATES
    if not isinstance(error, OperationalError):
        return False
    return state is None or state.startswith(_AWAY_STATES)


def drop_connection() -> None:
    """Closes the default connection after an unreachable-database error, so the next call
    opens a new one (through the proxy, to whichever server is the primary then). Django
    would keep a connection to a demoted primary (it still answers `select 1`, so
    CONN_HEALTH_CHECKS keeps it) and every write on it would fail until CONN_MAX_AGE."""
    try:
        _connection.close()
    except Exception as exc:  # a connection that broke may fail to close: it is gone anyway
        logger.debug("closing the broken database connection failed: %s", exc)


def database_unavailable() -> ApplicationError:
    """What every call answers while PostgreSQL cannot be reached (HTTP 503)."""
    return ApplicationError(
        ErrorCode.UNAVAILABLE,
        "数据库暂不可用，请稍后再试",
        msg_en="The database is unavailable for a moment; please try again shortly",
        data={"unavailable": "database"},
    )
