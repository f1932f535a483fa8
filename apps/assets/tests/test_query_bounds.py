"""Creating a stock receipt, reading it and sending a transfer stay fast whatever the shop
holds (issue 64 item 8): the reads of each call are a fixed number of statements, the same
for one unit as for several; only the writes a unit needs (its row, its movement) grow
with the units a transfer moves."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from .factories import next_imei
from .test_api_assets import B, _receipt, _scan, _units, places

__all__ = ["places"]  # the fixture, used here as there


def statements(work) -> tuple[object, list[str]]:
    """The answer of `work()` and the SQL it issued (not django-tenants' `SET search_path`)."""
    with CaptureQueriesContext(connection) as queries:
        answer = work()
    connection.set_tenant(connection.tenant)
    return answer, [q["sql"] for q in queries.captured_queries if not q["sql"].startswith("SET ")]


def reads(sql: list[str]) -> list[str]:
    """Plain reads: no write, no row lock."""
    return [s for s in sql if s.startswith("SELECT") and "FOR UPDATE" not in s]


def test_a_receipts_detail_reads_as_many_statements_with_three_units_as_with_one(shop, demo_owner):
    # given a receipt of three with one unit scanned
    receipt = _receipt(demo_owner, shop.sku.pk, 3)
    assert _scan(demo_owner, receipt, next_imei()).ok
    detail = {"id": receipt["id"]}
    one, with_one = statements(lambda: demo_owner.get(f"{B}/getStockReceiptDetail", detail))
    # when the other two are scanned
    for _ in range(2):
        assert _scan(demo_owner, receipt, next_imei()).ok
    three, with_three = statements(lambda: demo_owner.get(f"{B}/getStockReceiptDetail", detail))

    # then the detail lists them in the same statements
    assert one.ok and three.ok
    assert len(three.data["units"]) == 3
    assert len(with_three) == len(with_one) <= 6


def test_creating_a_receipt_costs_the_same_when_the_shop_already_holds_receipts(shop, demo_owner):
    # given the shop's first receipt made (what is read once, then cached, is read)
    _receipt(demo_owner, shop.sku.pk, 1, key="bound-r-0")
    first, for_first = statements(lambda: _receipt(demo_owner, shop.sku.pk, 2, key="bound-r-1"))
    # when it holds more receipts and units
    _units(demo_owner, shop.sku.pk, 3, key="bound-r-2")
    later, for_later = statements(lambda: _receipt(demo_owner, shop.sku.pk, 2, key="bound-r-3"))

    # `_receipt` also makes its supplier: both calls counted alike
    assert first["id"] != later["id"]
    assert len(for_later) == len(for_first) <= 30


def test_sending_a_transfer_reads_the_same_for_three_units_as_for_one(shop, demo_owner, places):
    units = _units(demo_owner, shop.sku.pk, 4)

    def send(chosen: list[dict], key: str) -> object:
        return demo_owner.post(
            f"{B}/sendStockTransfer",
            {
                "to_sub_shop_id": places["east"],
                "codes": [unit["imei1"] for unit in chosen],
                "idempotency_key": key,
            },
        )

    one, for_one = statements(lambda: send(units[:1], "bound-send-1"))
    three, for_three = statements(lambda: send(units[1:], "bound-send-3"))

    assert one.ok and three.ok, (one, three)
    assert (one.data["unit_count"], three.data["unit_count"]) == (1, 3)
    # the scans' lookups are one a code; every other read is the same
    assert len(reads(for_three)) - len(reads(for_one)) <= 2 * PER_CODE_READS
    # each further unit costs only its own writes
    assert len(for_three) - len(for_one) <= 2 * PER_UNIT


# A scanned code is looked up (its unit, in the actor's scope); a unit moved goes through
# the one state-change helper (`unit_move`: its row locked, updated, its movement, history
# and audit rows): 11 statements a unit (2026-11-29), the rest of the call 16.
PER_CODE_READS = 1
PER_UNIT = 11
