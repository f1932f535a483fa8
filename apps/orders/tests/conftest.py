from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection, transaction

from zulin.ledger.tests.test_ledger_concurrency import committed

from .support import DEMO, IntakeClient, goods_on_shelf


@pytest.fixture
def offer(demo_owner):
    """Goods on shelf with one SKU (stock 5) and a month rent plan."""
    return goods_on_shelf(demo_owner)


@pytest.fixture
def app(demo):
    """The demo shop's signed customer-facing app."""
    return IntakeClient(demo, DEMO)


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


def _high_water() -> tuple[dict[tuple[str, str], int], dict[str, list[tuple[int, Any]]]]:
    """The highest id of every table, and the ledger accounts' kept balances in both books
    (the one column the scenarios change on rows that existed before: a payment also posts
    to the platform's books)."""
    marks = {}
    balances = {}
    with connection.cursor() as cursor:
        for schema, table in _tables_with_ids():
            cursor.execute(f'SELECT coalesce(max(id), 0) FROM "{schema}"."{table}"')
            marks[(schema, table)] = cursor.fetchone()[0]
        for schema in SCHEMAS:
            cursor.execute(f'SELECT id, balance FROM "{schema}".ledger_account')
            balances[schema] = list(cursor.fetchall())
    return marks, balances


@pytest.fixture
def committed_demo(demo) -> Iterator[Any]:
    marks, balances = committed(demo, _high_water)
    yield demo

    def purge() -> None:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SET LOCAL session_replication_role = replica")
            for (schema, table), mark in marks.items():
                cursor.execute(f'DELETE FROM "{schema}"."{table}" WHERE id > %s', [mark])
            for schema, kept in balances.items():
                cursor.executemany(
                    f'UPDATE "{schema}".ledger_account SET balance = %s WHERE id = %s',
                    [(balance, account_id) for account_id, balance in kept],
                )

    committed(demo, purge)
