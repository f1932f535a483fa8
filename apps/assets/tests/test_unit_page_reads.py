"""A unit's page (`getUnitDetail`) reads a fixed number of statements whatever its history:
inspections with their lines, work orders with their costs, leases and their money (issue
63's benchmark target; docs/benchmarks.md "The asset report and a unit's page")."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal as D

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from apps.assets.inspection_rules import LineIn
from apps.assets.inspections import (
    InspectionIn,
    inspection_record,
    work_order_create,
    work_order_step,
)
from apps.assets.models import Unit
from apps.assets.services import unit_adjust, unit_move
from zulin.core.clock import clock_at
from zulin.ledger.services import post_event

from .factories import units_in_stock

B = "/api/backend"
# The page's statements (2026-11-30; 19 before): the unit, its moves, its orders' facts (3),
# its SKU's category and label, its work orders with their repairers, its inspections, the
# checklist, the ledger's money of its orders and the other units out on them.
MOST_STATEMENTS = 12
PASSING = [
    LineIn("account_lock", passed=True),
    LineIn("imei_match", passed=True),
    LineIn("power_on", passed=True),
    LineIn("screen_display", passed=True),
    LineIn("touch", passed=True),
    LineIn("camera", passed=True),
    LineIn("face_id", passed=True),
    LineIn("battery_health", value=D("96")),
    LineIn("screen_glass", choice="完好"),
    LineIn("frame", choice="完好"),
]


def _history(unit: Unit, *, leases: int, work_orders: int, inspections: int, base: int) -> None:
    start = timezone.now() - timedelta(days=200)
    for n in range(leases):
        with clock_at(start + timedelta(days=20 * n)):
            unit_move(
                Unit.objects.select_for_update().get(pk=unit.pk),
                action="ship",
                actor=None,
                order_id=base + n,
            )
        with clock_at(start + timedelta(days=20 * n + 10)):
            unit_move(
                Unit.objects.select_for_update().get(pk=unit.pk),
                action="return_receive",
                actor=None,
            )
            unit_adjust(actor=None, unit_id=unit.pk, action="restock", reason="检测通过")
        post_event(
            "offline_repayment",
            {"received": D("300.00"), "rent": D("300.00")},
            reference=f"page-{base + n}",
            order_id=base + n,
        )
    for n in range(work_orders):
        made = work_order_create(actor=None, unit_id=unit.pk, kind="repair")
        work_order_step(
            actor=None,
            work_order_id=made.pk,
            action="done",
            parts_cost=D("120.00"),
            labour_cost=D("80.00"),
            capitalise=n % 2 == 0,
            grade_after="95",
        )
    for _ in range(inspections):
        inspection_record(
            actor=None,
            data=InspectionIn(
                occasion="periodic", unit_id=unit.pk, cosmetic_grade="B", lines=PASSING
            ),
        )


def _page_statements(demo_owner, unit_id: int) -> tuple[dict, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        answer = demo_owner.get(f"{B}/getUnitDetail", {"id": unit_id})
    assert answer.ok, answer
    return answer.data, [
        q["sql"] for q in queries.captured_queries if not q["sql"].startswith("SET ")
    ]


def test_a_units_page_reads_as_many_statements_for_a_long_history_as_for_a_short_one(
    shop, demo_owner
):
    connection.set_tenant(shop.merchant)
    short, long = units_in_stock(shop.sku.pk, 2)
    _history(short, leases=1, work_orders=1, inspections=1, base=770_100)
    _history(long, leases=3, work_orders=6, inspections=12, base=770_200)

    _page_statements(demo_owner, short.pk)  # the session's own reads, cached afterwards
    few, for_few = _page_statements(demo_owner, short.pk)
    many, for_many = _page_statements(demo_owner, long.pk)

    assert (len(many["inspections"]), len(many["work_orders"])) == (12, 6)
    assert len(many["earnings"]["collected_by_order"]) == 3
    assert many["earnings"]["collected"] == "900.00"
    assert many["cost_basis"] == many["earnings"]["cost_basis"] == "5599.00"
    assert len(for_many) == len(for_few) <= MOST_STATEMENTS, "\n".join(for_many)
