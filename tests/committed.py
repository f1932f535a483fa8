"""Committed rows undone afterwards (`committed_demo`): for a test whose work must commit
(another process or thread reads it, a race, the served API), in every domain."""

from collections.abc import Iterator
from decimal import Decimal
from typing import Any, NamedTuple

import pytest
from django.db import connection, transaction
from django_tenants.utils import get_public_schema_name, schema_context, tenant_context

from zulin.ledger.selectors import account_balance, ledger_check
from zulin.ledger.tests.test_ledger_concurrency import committed

SCHEMAS = ("m_demo", "public")


def _tables_with_ids() -> list[tuple[str, str, str]]:
    """Each table of SCHEMAS with a one-column integer primary key, and that column: `id`, or
    the row it belongs to (a unit's kept figures are keyed by `unit_id`)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT n.nspname, c.relname, a.attname FROM pg_index i"
            " JOIN pg_class c ON c.oid = i.indrelid AND c.relkind = 'r'"
            " JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = ANY(%s)"
            " JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]"
            " WHERE i.indisprimary AND i.indnatts = 1"
            " AND a.atttypid IN ('int2'::regtype, 'int4'::regtype, 'int8'::regtype)",
            [list(SCHEMAS)],
        )
        return list(cursor.fetchall())


class HighWater(NamedTuple):
    """What a committed scenario is undone to: the highest id of every table, and what it
    changes on rows that existed before, in both books — the ledger accounts' kept balances
    (a payment also posts to the platform's books) and how far the books are closed (a
    reconciliation run or a statement closes days)."""

    marks: dict[tuple[str, str, str], int]
    balances: dict[str, list[tuple[int, Any]]]
    closed: dict[str, Any]


def _high_water() -> HighWater:
    water = HighWater({}, {}, {})
    with connection.cursor() as cursor:
        for schema, table, key in _tables_with_ids():
            cursor.execute(f'SELECT coalesce(max("{key}"), 0) FROM "{schema}"."{table}"')
            water.marks[(schema, table, key)] = cursor.fetchone()[0]
        for schema in SCHEMAS:
            cursor.execute(f'SELECT id, balance FROM "{schema}".ledger_account')
            water.balances[schema] = list(cursor.fetchall())
            cursor.execute(f'SELECT closed_through FROM "{schema}".ledger_close WHERE id = 1')
            water.closed[schema] = cursor.fetchone()[0]
    return water


@pytest.fixture
def committed_demo(demo) -> Iterator[Any]:
    water = committed(demo, _high_water)
    yield demo

    def purge() -> None:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SET LOCAL session_replication_role = replica")
            for (schema, table, key), mark in water.marks.items():
                cursor.execute(f'DELETE FROM "{schema}"."{table}" WHERE "{key}" > %s', [mark])
            for schema, kept in water.balances.items():
                cursor.executemany(
                    f'UPDATE "{schema}".ledger_account SET balance = %s WHERE id = %s',
                    [(balance, account_id) for account_id, balance in kept],
                )
            for schema, closed_through in water.closed.items():
                cursor.execute(
                    f'UPDATE "{schema}".ledger_close SET closed_through = %s WHERE id = 1',
                    [closed_through],
                )

    committed(demo, purge)


def committed_balance(merchant: Any, account: str) -> Decimal:
    """The merchant's balance of ledger `account` as committed, its cached total agreeing and
    both books (the merchant's and the platform's) checked whole."""
    with tenant_context(merchant):
        balance = account_balance(account)
        assert account_balance(account, cached=True) == balance
        assert ledger_check() == []
    with schema_context(get_public_schema_name()):
        assert ledger_check() == []
    connection.set_schema_to_public()
    return balance
