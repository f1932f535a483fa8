"""The default connection as django-tenants extends it (set_tenant, schema_name …), typed
loosely because django-tenants ships no type information; and how an unreachable database is
told apart from a statement that failed."""

from typing import Any

from django.db import InterfaceError, OperationalError
from django.db import connection as _connection

from .errors import ApplicationError, ErrorCode

tenant_connection: Any = _connection

# SQLSTATEs of a server that is going away or not there yet: connection exceptions (class
# 08), and the shutdown and start-up refusals (57P01-57P03).
_AWAY_STATES = ("08", "57P01", "57P02", "57P03")


def database_unreachable(error: BaseException) -> bool:
    """True when `error` says PostgreSQL cannot be reached (refused, reset, closed, timed
    out), not that a statement failed (a lock timeout, a cancelled query): the first is
    answered 503 and passes once PostgreSQL is back, the second is a fault."""
    if isinstance(error, InterfaceError):  # "connection already closed"
        return True
    if not isinstance(error, OperationalError):
        return False
    state = getattr(error.__cause__, "sqlstate", None)
    return state is None or state.startswith(_AWAY_STATES)


def database_unavailable() -> ApplicationError:
    """What every call answers while PostgreSQL cannot be reached (HTTP 503)."""
    return ApplicationError(
        ErrorCode.UNAVAILABLE,
        "数据库暂不可用，请稍后再试",
        msg_en="The database is unavailable for a moment; please try again shortly",
        data={"unavailable": "database"},
    )
