"""The schema path is set once per connection, not per request, and set again whenever
PostgreSQL drops it: a rolled-back transaction, a rolled-back savepoint, a new connection."""

from __future__ import annotations

from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from tests.fixtures import login


def _current_schema() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_schema()")
        return str(cursor.fetchone()[0])


def _sets(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SET search_path")]


def test_requests_on_one_merchant_set_the_path_at_most_once(demo):
    owner = login("demo.localhost", "owner", "Zulin@2026")
    owner.get("/api/platform/goodsList")

    with CaptureQueriesContext(connection) as queries:
        for _ in range(3):
            assert owner.get("/api/platform/goodsList").ok

    assert len(_sets(queries)) <= 1


def test_the_path_is_set_again_after_a_rollback_drops_it(demo, acme):
    connection.set_tenant(demo)
    assert _current_schema() == "m_demo"
    # A transaction sets acme's path and is rolled back: PostgreSQL goes back to the path
    # the session held before, so the next statement must not trust what was remembered.
    try:
        with transaction.atomic():
            connection.set_tenant(acme)
            assert _current_schema() == "m_acme"
            raise RuntimeError("roll back")
    except RuntimeError:
        pass
    connection.set_tenant(acme)

    assert _current_schema() == "m_acme"


def test_the_path_is_set_again_after_a_savepoint_rollback(demo, acme):
    connection.set_tenant(demo)
    _current_schema()
    sid = transaction.savepoint()
    connection.set_tenant(acme)
    assert _current_schema() == "m_acme"
    transaction.savepoint_rollback(sid)  # PostgreSQL's path is demo's again

    with CaptureQueriesContext(connection) as queries:
        schema = _current_schema()

    assert schema == "m_acme"
    assert len(_sets(queries)) == 1


def test_the_path_is_set_again_on_a_new_connection(demo):
    from django.db import connections

    # A connection of its own: the test's is inside the test's transaction.
    other = connections.create_connection("default")
    try:
        other.set_tenant(demo)
        with other.cursor() as cursor:
            cursor.execute("SELECT current_schema()")
        other.close()  # what CONN_MAX_AGE or a dropped connection does

        with CaptureQueriesContext(other) as queries, other.cursor() as cursor:
            cursor.execute("SELECT current_schema()")
            schema = cursor.fetchone()[0]
    finally:
        other.close()

    assert schema == "m_demo"
    assert len(_sets(queries)) == 1


def test_the_path_is_set_again_after_a_real_rollback(demo, acme):
    from django.db import connections

    other = connections.create_connection("default")
    try:
        other.set_tenant(demo)
        with other.cursor() as cursor:
            cursor.execute("SELECT 1")  # demo's path, outside any transaction
        other.set_autocommit(False)
        other.set_tenant(acme)
        with other.cursor() as cursor:
            cursor.execute("SELECT 1")  # acme's path, inside the transaction
        other.rollback()  # PostgreSQL is back on demo's path
        other.set_autocommit(True)
        other.set_tenant(acme)
        with other.cursor() as cursor:
            cursor.execute("SELECT current_schema()")
            schema = cursor.fetchone()[0]
    finally:
        other.close()

    assert schema == "m_acme"


def test_a_connection_that_has_worked_in_many_schemas_is_closed_at_the_next_boundary(demo, acme):
    """PostgreSQL keeps every schema's catalog entries per connection: after
    DB_SCHEMAS_PER_CONNECTION schemas the connection is closed where Django closes an obsolete
    one (between requests and tasks), and the next statement works on a fresh one."""
    from django.db import connections
    from django.test import override_settings

    own = connections.create_connection("default")  # not the test's (held in its transaction)
    try:
        with override_settings(DB_SCHEMAS_PER_CONNECTION=3):
            for tenant in (demo, acme):
                own.set_tenant(tenant)
                with own.cursor() as cursor:
                    cursor.execute("SELECT count(*) FROM goods_goods")
            own.close_if_unusable_or_obsolete()
            assert own.connection is not None  # two schemas: kept (public not touched yet)
            own.set_schema_to_public()
            with own.cursor() as cursor:
                cursor.execute("SELECT 1")
            own.close_if_unusable_or_obsolete()
            assert own.connection is None  # the third schema: closed between units of work
            own.set_tenant(demo)
            with own.cursor() as cursor:
                cursor.execute("SELECT current_schema()")
                assert cursor.fetchone()[0] == "m_demo"
            assert own.schemas_touched == {"m_demo"}
    finally:
        own.close()
