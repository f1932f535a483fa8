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


def _tables_with_ids() -> list[tuple[str, str]]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT table_schema, table_name FROM information_schema.columns"
            " WHERE column_name = 'id' AND table_schema = ANY(%s)"
            " AND table_name IN (SELECT table_name FROM information_schema.tables"
            "   WHERE table_type = 'BASE TABLE' AND table_schema = ANY(%s))",
            [list(SCHEMAS), list(SCHEMAS)],
        )
        return list(cursor.fetchall())


class HighWater(NamedTuple):
    """What a committed scenario is undone to: the highest id of every table, and what it
    changes on rows that existed before, in both books — the ledger accounts' kept balances
    (a payment also posts to the platform's books) and how far the books are closed (a
    reconciliation run or a statement closes days)."""

    marks: dict[tuple[str, str], int]
    balances: dict[str, list[tuple[int, Any]]]
    closed: dict[str, Any]


def _high_water() -> HighWater:
    water = HighWater({}, {}, {})
    with connection.cursor() as cursor:
        for schema, table in _tables_with_ids():
            cursor.execute(f'SELECT coalesce(max(id), 0) FROM "{schema}"."{table}"')
            water.marks[(schema, table)] = cursor.fetchone()[0]
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
            for (schema, table), mark in water.marks.items():
                cursor.execute(f'DELETE FROM "{schema}"."{table}" WHERE id > %s', [mark])
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
