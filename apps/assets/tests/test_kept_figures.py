"""The asset report's kept figures (docs/assets.md "The kept figures"): every change that
moves a unit's figures rewrites its row in the same transaction, and the report summed in SQL
from the rows answers what a from-scratch computation over every unit's history answers."""

from __future__ import annotations

from collections import defaultdict
from datetime import timedelta
from decimal import ROUND_HALF_UP
from decimal import Decimal as D
from typing import Any

from django.db import connection
from django.db.models import Max
from django.utils import timezone

from apps.assets import order_facts
from apps.assets.earnings import units_earnings, units_figures
from apps.assets.figures import figures_rebuild, shifting_units
from apps.assets.inspections import work_order_create, work_order_step
from apps.assets.models import Unit, UnitFigures, UnitMovement
from apps.assets.report import asset_report
from apps.assets.services import unit_adjust, unit_move
from zulin.core.clock import clock_at
from zulin.ledger.services import post_event

from .factories import units_in_stock

GONE = {"sold", "scrapped", "lost"}


def _move(unit: Unit, action: str, **kwargs: Any) -> None:
    unit_move(Unit.objects.select_for_update().get(pk=unit.pk), action=action, actor=None, **kwargs)


def _paid(order_id: int, reference: str, day: Any, **roles: str) -> None:
    amounts = {role: D(value) for role, value in roles.items()}
    post_event(
        "offline_repayment",
        {"received": sum(amounts.values(), D("0")), **amounts},
        reference=reference,
        order_id=order_id,
        moved_on=day,
    )


def _kept_is_recomputed(sku_id: int) -> None:
    """Each unit's kept row equals its figures computed afresh from its history now (a unit
    whose share moves by the day: as of the day its row was written; the report recomputes
    those)."""
    units = list(Unit.objects.filter(sku_id=sku_id).order_by("id"))
    fresh = units_figures(units)
    moving = shifting_units([u.pk for u in units])
    stocked = dict(
        UnitMovement.objects.filter(unit__in=units, to_status="in_stock")
        .values("unit_id")
        .annotate(at=Max("at"))
        .values_list("unit_id", "at")
    )
    kept = {row.unit_id: row for row in UnitFigures.objects.filter(unit__in=units)}
    for unit in units:
        its, row = fresh[unit.pk], kept[unit.pk]
        if row.shifting:
            its = units_figures([unit], today=row.as_of)[unit.pk]
        assert (
            row.acquired_on,
            row.left_on,
            row.cost_basis,
            row.repair_spend,
            row.collected,
            row.lease_days_closed,
            row.open_since,
            row.paid_back_on,
            row.stocked_at,
            row.shifting,
        ) == (
            its.acquired,
            its.left_on,
            its.basis,
            its.repair_spend,
            its.earned.collected,
            its.lease_days_closed,
            its.open_since,
            its.paid_back_on,
            stocked.get(unit.pk, unit.acquired_at),
            unit.pk in moving,
        ), unit.pk


def _from_scratch(sku_id: int, today: Any) -> dict[str, Any]:
    """The whole of the report computed unit by unit from history (the figures the unit's
    page shows), the way the report summed them before it kept them."""
    units = list(Unit.objects.filter(sku_id=sku_id))
    figures = units_earnings(units, today=today)
    whole: dict[str, Any] = defaultdict(lambda: D(0))
    paybacks: list[D] = []
    days: list[int] = []
    owned = on_lease = 0
    for unit in units:
        got = figures[unit.pk]
        for money in ("cost_basis", "collected", "repair_spend"):
            whole[money] += D(got[money])
        if unit.status not in GONE:
            whole["book_value"] += D(got["book_value"])
        owned += got["days_owned"]
        on_lease += got["days_on_lease"]
        if got["payback"] is not None:
            paybacks.append(D(got["payback"]))
        if got["days_to_pay_back"] is not None:
            days.append(got["days_to_pay_back"])
    return {
        "units": len(units),
        "cost_basis": f"{whole['cost_basis']:.2f}",
        "collected": f"{whole['collected']:.2f}",
        "repair_spend": f"{whole['repair_spend']:.2f}",
        "book_value": f"{whole['book_value']:.2f}",
        "utilisation": f"{(D(on_lease) * 100 / D(owned)).quantize(D('0.1'), ROUND_HALF_UP):.1f}",
        "average_payback": f"{(sum(paybacks, D(0)) / len(paybacks)).quantize(D('0.1')):.1f}",
        "paid_back": len(days),
        "average_days_to_pay_back": round(sum(days) / len(days)) if days else None,
    }


def _reported(sku_id: int, today: Any) -> dict[str, Any]:
    total = asset_report(session=None, sku_id=sku_id, today=today)["total"]
    return {key: total[key] for key in _from_scratch(sku_id, today)}


def test_every_change_keeps_the_figures_and_the_report_sums_them_as_history_says(shop, monkeypatch):
    """Leases, an exchange still out, returns, repairs (capitalised or not), a sale, a scrap,
    a loss found again, payments, a refund: after every step each kept row is the unit's
    figures computed afresh, and the report's whole is the from-scratch sum, today and a
    week on (days owned, on lease and the exchange's shares move with the days)."""
    start = timezone.now() - timedelta(days=120)
    day = timezone.localdate() - timedelta(days=120)
    sku = shop.sku.pk
    with clock_at(start):
        a, b, c, d, e, f, g = units_in_stock(sku, 7)  # 4999.00 each
    _kept_is_recomputed(sku)
    with clock_at(start + timedelta(days=2)):
        _move(a, "ship", order_id=990_001)
        _move(b, "ship", order_id=990_003)
        _move(d, "ship", order_id=990_004)
        _move(e, "ship", order_id=990_005)
    _kept_is_recomputed(sku)
    _paid(990_001, "kept-1", day + timedelta(days=3), rent="3000.00")
    _paid(990_003, "kept-2", day + timedelta(days=3), rent="600.00", late_fee="7.77")
    _paid(990_004, "kept-3", day + timedelta(days=3), rent="800.00")
    _kept_is_recomputed(sku)
    with clock_at(start + timedelta(days=20)):  # b exchanged for c, still out
        _move(b, "return_receive")
        _move(c, "ship", order_id=990_003)
        _move(a, "return_receive")
        unit_adjust(actor=None, unit_id=a.pk, action="restock", reason="检测通过")
    _kept_is_recomputed(sku)
    with clock_at(start + timedelta(days=30)):
        _move(d, "return_receive")
        repair = work_order_create(actor=None, unit_id=d.pk, kind="repair")
        work_order_step(
            actor=None,
            work_order_id=repair.pk,
            action="done",
            parts_cost=D("300.00"),
            labour_cost=D("50.00"),
            capitalise=True,
            grade_after="95",
        )
        clean = work_order_create(actor=None, unit_id=d.pk, kind="clean")
        work_order_step(
            actor=None,
            work_order_id=clean.pk,
            action="done",
            labour_cost=D("20.00"),
            capitalise=False,
            grade_after="95",
        )
        _move(e, "sell")
        unit_adjust(
            actor=None, unit_id=f.pk, action="scrap", reason="进水", recovered_value=D("200.00")
        )
        unit_adjust(actor=None, unit_id=g.pk, action="lose", reason="盘点缺失")
    _kept_is_recomputed(sku)
    with clock_at(start + timedelta(days=40)):
        unit_adjust(actor=None, unit_id=g.pk, action="find", reason="找回")
        _move(a, "ship", order_id=990_002)
        _move(d, "ship", order_id=990_006)
    _paid(990_005, "kept-4", day + timedelta(days=30), buyout="5200.00")
    _paid(990_002, "kept-5", day + timedelta(days=41), rent="2500.00", damage="120.00")
    _paid(990_003, "kept-6", day + timedelta(days=60), rent="600.00")
    post_event("refund", {"refunded": D("300.00")}, reference="kept-7", order_id=990_002)
    _kept_is_recomputed(sku)

    today = timezone.localdate()
    assert _reported(sku, today) == _from_scratch(sku, today)
    whole = asset_report(session=None, sku_id=sku, today=today)["total"]
    assert whole["collected"] == "12527.77"  # every payment above, less the refund
    assert (
        whole["repair_spend"] == "370.00" and whole["paid_back"] == 2
    )  # a (two leases) and e (bought out)
    # A week on: nothing moved, yet days and the exchanged order's shares did.
    later = today + timedelta(days=7)
    assert _reported(sku, later) == _from_scratch(sku, later)
    assert UnitFigures.objects.filter(shifting=True).count() == 2  # b and c share 990_003

    # In recovery: out on an order the orders' port names overdue (a is out on 990_002; a
    # unit back from an overdue order, b from 990_003, is not).
    monkeypatch.setattr(order_facts, "_overdue_reader", lambda: [990_002, 990_003, 990_001])
    recovering = asset_report(session=None, sku_id=sku, today=today)["total"]
    assert recovering["in_recovery"] == 2  # a (990_002) and c (still out on 990_003)

    # The migration's backfill writes the same rows as the changes kept.
    def rows() -> list[dict[str, Any]]:
        kept = UnitFigures.objects.filter(unit__sku_id=sku).order_by("unit_id").values()
        return [{k: v for k, v in row.items() if k != "as_of"} for row in kept]

    before = rows()
    UnitFigures.objects.filter(unit__sku_id=sku).delete()
    assert figures_rebuild() >= 7
    assert rows() == before


def test_the_report_pages_its_groups_and_counts_them(shop, demo_owner):
    connection.set_tenant(shop.merchant)
    units_in_stock(shop.sku.pk, 2)
    answer = demo_owner.get(
        "/api/backend/getAssetReport", {"group_by": "sku", "page": 1, "page_size": 1}
    )
    assert answer.ok, answer
    assert answer.data["count"] >= 1 and len(answer.data["rows"]) == 1
    beyond = demo_owner.get(
        "/api/backend/getAssetReport",
        {"group_by": "sku", "page": answer.data["count"] + 1, "page_size": 1},
    )
    assert beyond.ok and beyond.data["rows"] == []
    assert beyond.data["total"] == answer.data["total"]
    assert demo_owner.get("/api/backend/getAssetReport", {"page_size": 501}).code == 400
