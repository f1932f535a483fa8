"""A primary that goes away during a failover (issue 40): a write that lands on a demoted
primary (25006, read-only transaction), a killed session (57P01), an idle session ended by the
server (57P05), a server starting or shutting down (57P02, 57P03) and a refused connection
count as an unreachable database — the call answers the 503 envelope, never a 500, and the
connection is dropped so that the next call reaches the new primary. A statement that failed
on a healthy server (a timeout, an aborted transaction) stays a fault.

The errors are the server's own: each is provoked on a second connection to the test
database (pg_terminate_backend, a read-only session, idle_session_timeout), so the SQLSTATEs
are the ones psycopg really raises, wrapped as Django wraps them."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from django.db import DatabaseError, connection, connections

from tests.fixtures import PASSWORD, ApiClient
from tests.served import served_api
from zulin.core import db as core_db
from zulin.core.db import database_unreachable

SHOP = "demo.localhost"


@pytest.fixture
def other() -> Iterator[Any]:
    """A second connection to the test database, outside the test's transaction."""
    wrapper = connections.create_connection("default")
    wrapper.ensure_connection()
    yield wrapper
    with contextlib.suppress(DatabaseError):
        wrapper.close()


def _raised(wrapper: Any, *statements: str) -> DatabaseError:
    with pytest.raises(DatabaseError) as caught, wrapper.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)
    return caught.value


def _state(error: BaseException) -> str | None:
    return getattr(error.__cause__, "sqlstate", None)


@pytest.mark.django_db
def test_a_write_on_a_read_only_server_counts_as_unreachable(other):
    # What a primary demoted by Patroni answers to a write: it runs as a standby now.
    with other.cursor() as cursor:
        cursor.execute("set default_transaction_read_only = on")
    error = _raised(other, "create table zl_never (id int)")

    assert _state(error) == "25006"
    assert database_unreachable(error)


@pytest.mark.django_db
def test_a_killed_session_counts_as_unreachable(other):
    pid = other.connection.info.backend_pid
    with connection.cursor() as cursor:
        cursor.execute("select pg_terminate_backend(%s)", [pid])
    time.sleep(0.2)
    error = _raised(other, "select 1")

    # psycopg reads the server's FATAL 57P01 or finds the socket closed (no SQLSTATE).
    assert _state(error) in ("57P01", None)
    assert database_unreachable(error)


@pytest.mark.django_db
def test_an_idle_session_ended_by_the_server_counts_as_unreachable(other):
    with other.cursor() as cursor:
        cursor.execute("set idle_session_timeout = '100ms'")
    time.sleep(0.5)
    error = _raised(other, "select 1")

    assert _state(error) in ("57P05", None)
    assert database_unreachable(error)


@pytest.mark.django_db
def test_a_refused_connection_and_the_shutdown_states_count_as_unreachable():
    wrapper = connections.create_connection("default")
    wrapper.settings_dict = {**wrapper.settings_dict, "HOST": "127.0.0.1", "PORT": "1"}
    with pytest.raises(DatabaseError) as refused:
        wrapper.ensure_connection()
    assert database_unreachable(refused.value)

    for state in ("57P01", "57P02", "57P03", "57P04", "57P05", "08006", "25006"):
        with pytest.raises(DatabaseError) as caught, connection.wrap_database_errors:
            raise psycopg.errors.lookup(state)(f"server says {state}")
        assert database_unreachable(caught.value), state


@pytest.mark.django_db
def test_statements_that_failed_on_a_healthy_server_stay_faults(other):
    timeout = _raised(other, "set statement_timeout = '50ms'", "select pg_sleep(1)")
    assert _state(timeout) == "57014"
    assert not database_unreachable(timeout)

    with other.cursor() as cursor:
        cursor.execute("set statement_timeout = 0")
    other.set_autocommit(False)
    try:
        _raised(other, "select 1/0")
        aborted = _raised(other, "select 1")
        assert _state(aborted) == "25P02"
        assert not database_unreachable(aborted)
    finally:
        other.rollback()
        other.set_autocommit(True)
    for state in ("25001", "25P02", "57014", "40001"):
        with pytest.raises(DatabaseError) as caught, connection.wrap_database_errors:
            raise psycopg.errors.lookup(state)(f"server says {state}")
        assert not database_unreachable(caught.value), state


def test_a_demoted_primary_answers_503_and_the_connection_is_dropped(demo, monkeypatch):
    """In the test client (one transaction): the sign-in's write meets a read-only server; the
    answer is the 503 envelope and the connection is marked for closing."""
    from tenants.accounts import api as accounts_api

    dropped: list[bool] = []
    monkeypatch.setattr(core_db, "_connection", _Recorder(dropped))

    def read_only(*_: Any, **__: Any) -> None:
        with connection.wrap_database_errors:
            raise psycopg.errors.ReadOnlySqlTransaction(
                "cannot execute UPDATE in a read-only transaction"
            )

    monkeypatch.setattr(accounts_api.services, "account_login", read_only)
    answer = ApiClient(SHOP).post(
        "/api/platform/mainLand", {"username": "owner", "password": PASSWORD}
    )

    assert (answer.status, answer.code) == (503, 503), answer
    assert answer.data == {"unavailable": "database"}
    assert dropped == [True]


class _Recorder:
    def __init__(self, calls: list[bool]) -> None:
        self.calls = calls

    def close(self) -> None:
        self.calls.append(True)


@pytest.mark.django_db
def test_served_api_on_a_read_only_server_answers_503_never_500(demo):
    """gunicorn whose every connection is read-only (what the app meets on a demoted primary):
    a sign-in (it writes) answers the 503 envelope; a read is served."""
    with served_api(workers=1, env={"PGOPTIONS": "-c default_transaction_read_only=on"}) as served:
        headers = {"Host": SHOP, "Content-Type": "application/json"}
        body = json.dumps({"username": "owner", "password": PASSWORD}).encode()
        answers = [served.http("POST", "/api/platform/mainLand", headers, body) for _ in range(3)]
        read_status, read = served.http("GET", "/api/platform/getSiteInfo", {"Host": SHOP})

    for status, answer in answers:
        assert (status, answer.get("code")) == (503, 503), answer
        assert set(answer) == {"code", "data", "msg"}
        assert answer["data"] == {"unavailable": "database"}
    assert (read_status, read["code"]) == (200, 200), read
