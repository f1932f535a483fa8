"""A returned device's second life (issue 63, docs/assets.md "Inspections"): checklists and
the damage price list, inspections against the shipping baseline, quarantine, work orders and
scrapping, through the services and the calls."""

from __future__ import annotations

from decimal import Decimal

import pytest

from apps.assets.inspection_rules import LineIn
from apps.assets.inspections import (
    InspectionIn,
    inspection_record,
    template_for_sku,
    template_save,
    work_order_create,
    work_order_step,
)
from apps.assets.machine import UNIT_MACHINE
from apps.assets.models import Inspection, Unit, UnitMovement, UnitStatus, WorkOrder
from apps.assets.selectors import unit_ship_refusal
from apps.assets.services import unit_adjust, unit_move
from apps.goods.selectors import sku_orderable
from zulin.core.errors import ApplicationError, ErrorCode

from .factories import units_in_stock

S = UnitStatus
PASSING = {
    "account_lock": LineIn("account_lock", passed=True),
    "imei_match": LineIn("imei_match", passed=True),
    "power_on": LineIn("power_on", passed=True),
    "screen_display": LineIn("screen_display", passed=True),
    "touch": LineIn("touch", passed=True),
    "camera": LineIn("camera", passed=True),
    "face_id": LineIn("face_id", passed=True),
    "battery_health": LineIn("battery_health", value=Decimal("96")),
    "screen_glass": LineIn("screen_glass", choice="完好"),
    "frame": LineIn("frame", choice="完好"),
}


def lines(**changed: LineIn) -> list[LineIn]:
    return list({**PASSING, **changed}.values())


def _move(unit: Unit, action: str, **kwargs) -> Unit:
    locked = Unit.objects.select_for_update().get(pk=unit.pk)
    return unit_move(locked, action=action, actor=None, **kwargs)


def _received(shop, order_id: int = 501) -> Unit:
    (unit,) = units_in_stock(shop.sku.pk, 1)
    _move(unit, "ship", order_id=order_id)
    _move(unit, "return_receive")
    return Unit.objects.get(pk=unit.pk)


def _inspect(unit: Unit, occasion: str = "return", grade: str = "A", **kwargs) -> Inspection:
    kwargs.setdefault("lines", lines())
    return inspection_record(
        actor=None,
        data=InspectionIn(occasion=occasion, unit_id=unit.pk, cosmetic_grade=grade, **kwargs),
    )


def _status(unit: Unit) -> str:
    return Unit.objects.get(pk=unit.pk).status


# --- templates and the price list ----------------------------------------------------------


def test_a_sku_without_a_template_follows_the_phone_default_and_a_saved_one_replaces_it(shop):
    default = template_for_sku(shop.sku.pk)
    assert default.template_id is None and default.base == "phone"
    assert {"account_lock", "battery_health", "screen_glass"} <= {i["code"] for i in default.items}
    items = [
        {"code": "lock", "label": "已退出账户", "kind": "pass_fail", "blocks_restock": True},
        {
            "code": "glass",
            "label": "屏幕",
            "kind": "pass_fail",
            "prices": {"minor": "50.00", "moderate": "120.00", "severe": "400.00"},
        },
    ]
    saved = template_save(
        actor=None,
        category_id=None,
        base="phone",
        name="本店手机检测单",
        items=items,
        quarantine_fee=Decimal("199.00"),
    )
    used = template_for_sku(shop.sku.pk)
    assert (used.template_id, used.name, used.quarantine_fee) == (
        saved.pk,
        "本店手机检测单",
        Decimal("199.00"),
    )
    assert used.items[1]["prices"] == {"minor": "50.00", "moderate": "120.00", "severe": "400.00"}


@pytest.mark.parametrize(
    ("items", "field"),
    [
        ([], "items"),
        ([{"code": "a", "label": "x", "kind": "dial"}], "items.0.kind"),
        ([{"code": "a", "label": "x", "kind": "pass_fail"}] * 2, "items.1.code"),
        ([{"code": "a", "label": "x", "kind": "choice", "choices": ["only"]}], "items.0.choices"),
        (
            [{"code": "a", "label": "x", "kind": "pass_fail", "prices": {"minor": "1.005"}}],
            "items.0.prices.minor",
        ),
    ],
)
def test_a_bad_template_is_refused_on_its_field_and_saves_nothing(shop, items, field):
    with pytest.raises(ApplicationError) as refused:
        template_save(
            actor=None,
            category_id=None,
            base="phone",
            name="x",
            items=items,
            quarantine_fee=Decimal("0"),
        )
    assert field in refused.value.data["fields"]
    assert template_for_sku(shop.sku.pk).template_id is None


# --- inspections against the baseline --------------------------------------------------------


def test_a_return_is_compared_with_its_shipping_baseline_and_priced_from_the_list(shop):
    (unit,) = units_in_stock(shop.sku.pk, 1)
    _move(unit, "ship", order_id=601)
    baseline = inspection_record(
        actor=None,
        data=InspectionIn(
            occasion="ship_baseline", order_id=601, cosmetic_grade="A", lines=lines()
        ),
    )
    assert (baseline.unit_id, baseline.order_id, baseline.damage_total) == (
        unit.pk,
        601,
        Decimal("0.00"),
    )
    assert _status(unit) == S.OUT_WITH_CUSTOMER  # a baseline moves nothing
    _move(unit, "return_receive")

    inspection = _inspect(
        Unit.objects.get(pk=unit.pk),
        grade="C",
        lines=lines(
            battery_health=LineIn("battery_health", value=Decimal("78"), severity="minor"),
            screen_glass=LineIn("screen_glass", choice="碎裂", severity="severe"),
        ),
    )

    assert inspection.baseline_id == baseline.pk and inspection.order_id == 601
    # Priced lines: battery minor 100 + glass severe 1200 (the phone default's list).
    assert inspection.damage_computed == inspection.damage_total == Decimal("1300.00")
    # The battery failed (functional), the glass is cosmetic damage: fail × C → 80.
    assert (inspection.functional_pass, inspection.fineness) == (False, "80")
    from apps.assets.inspection_selectors import inspection_detail

    detail = inspection_detail(inspection, None)
    changed = {line["code"] for line in detail["lines"] if line["changed"]}
    assert changed == {"battery_health", "screen_glass"}
    battery = next(line for line in detail["lines"] if line["code"] == "battery_health")
    assert (battery["baseline"]["value"], battery["value"]) == ("96", "78")
    assert _status(unit) == S.INSPECTING
    assert UnitMovement.objects.filter(unit=unit).last().action == "inspect"


def test_a_total_typed_over_the_list_needs_a_reason(shop):
    unit = _received(shop)
    damaged = lines(frame=LineIn("frame", choice="磕碰", severity="moderate"))
    with pytest.raises(ApplicationError) as refused:
        _inspect(unit, lines=damaged, damage_amount=Decimal("100.00"))
    assert "damage_reason" in refused.value.data["fields"]
    assert not Inspection.objects.filter(unit=unit).exists() and _status(unit) == S.RECEIVED
    kept = _inspect(
        unit, lines=damaged, damage_amount=Decimal("100.00"), damage_reason="老客户，磕碰很小"
    )
    assert (kept.damage_computed, kept.damage_total) == (Decimal("300.00"), Decimal("100.00"))


def test_a_required_item_left_unchecked_is_refused(shop):
    unit = _received(shop)
    missing = [line for line in lines() if line.code != "account_lock"]
    with pytest.raises(ApplicationError) as refused:
        _inspect(unit, lines=missing)
    assert "lines.account_lock" in refused.value.data["fields"]
    assert _status(unit) == S.RECEIVED


def test_a_device_still_locked_is_quarantined_not_orderable_and_charged_the_fixed_fee(shop):
    template_save(
        actor=None,
        category_id=None,
        base="phone",
        name="手机",
        items=[
            {
                "code": "account_lock",
                "label": "已退出账户",
                "kind": "pass_fail",
                "blocks_restock": True,
            },
            {"code": "screen", "label": "屏幕", "kind": "pass_fail"},
        ],
        quarantine_fee=Decimal("299.00"),
    )
    unit = _received(shop)
    before = sku_orderable(shop.sku.pk)
    inspection = _inspect(
        unit,
        lines=[LineIn("account_lock", passed=False), LineIn("screen", passed=True)],
    )
    assert inspection.blocked and inspection.damage_total == Decimal("299.00")
    assert _status(unit) == S.QUARANTINED
    from apps.assets.selectors import order_unit_brief

    assert order_unit_brief(501)["customer_todo"] == ["已退出账户"]
    # Not orderable, never shipped, never restocked while quarantined.
    assert sku_orderable(shop.sku.pk) == before
    refusal = unit_ship_refusal(
        Unit.objects.get(pk=unit.pk), code=unit.imei1, sku_id=shop.sku.pk, sub_shop_id=None
    )
    assert refusal is not None and refusal.code == ErrorCode.UNIT_NOT_AVAILABLE
    with pytest.raises(ApplicationError) as conflict:
        unit_adjust(actor=None, unit_id=unit.pk, action="restock", reason="直接入库")
    assert conflict.value.code == ErrorCode.CONFLICT and _status(unit) == S.QUARANTINED
    # The customer signed out: released, then back in stock at the inspection's fineness.
    unit_adjust(actor=None, unit_id=unit.pk, action="release", reason="客户已远程退出账户")
    unit_adjust(actor=None, unit_id=unit.pk, action="restock", reason="检测通过")
    back = Unit.objects.get(pk=unit.pk)
    assert (back.status, back.grade) == (S.IN_STOCK, "99")
    assert sku_orderable(shop.sku.pk) == before + 1


def test_restock_after_inspection_takes_its_fineness(shop):
    unit = _received(shop)
    _inspect(unit, grade="B")
    unit_adjust(actor=None, unit_id=unit.pk, action="restock", reason="检测合格")
    back = Unit.objects.get(pk=unit.pk)
    assert (back.status, back.grade) == (S.IN_STOCK, "95")


@pytest.mark.parametrize(
    ("occasion", "status"),
    [("return", S.IN_STOCK), ("receipt", S.RECEIVED), ("periodic", S.RECEIVED)],
)
def test_an_inspection_on_the_wrong_status_is_a_conflict(shop, occasion, status):
    unit = _received(shop) if status == S.RECEIVED else units_in_stock(shop.sku.pk, 1)[0]
    with pytest.raises(ApplicationError) as conflict:
        _inspect(unit, occasion=occasion)
    assert conflict.value.code == ErrorCode.CONFLICT
    assert not Inspection.objects.filter(unit=unit).exists()


def test_a_periodic_check_in_stock_quarantines_a_blocked_unit(shop):
    (unit,) = units_in_stock(shop.sku.pk, 1)
    _inspect(unit, occasion="periodic", lines=lines(imei_match=LineIn("imei_match", passed=False)))
    assert _status(unit) == S.QUARANTINED


# --- work orders and scrapping ----------------------------------------------------------------


def test_a_work_order_returns_the_unit_at_a_new_grade_and_capitalises_its_cost(shop):
    unit = _received(shop)
    _inspect(unit, grade="D", lines=lines(touch=LineIn("touch", passed=False, severity="moderate")))
    order = work_order_create(actor=None, unit_id=unit.pk, kind="repair", warranty=False)
    assert _status(unit) == S.IN_REPAIR and order.grade_before == "99"
    # Only its work order takes a unit out of repair.
    for action in ("restock", "scrap", "lose"):
        with pytest.raises(ApplicationError) as conflict:
            unit_adjust(actor=None, unit_id=unit.pk, action=action, reason="x")
        assert conflict.value.code == ErrorCode.CONFLICT
    work_order_step(actor=None, work_order_id=order.pk, action="start")
    with pytest.raises(ApplicationError) as refused:
        work_order_step(actor=None, work_order_id=order.pk, action="done")
    assert "grade_after" in refused.value.data["fields"]
    done = work_order_step(
        actor=None,
        work_order_id=order.pk,
        action="done",
        parts_cost=Decimal("180.00"),
        labour_cost=Decimal("60.00"),
        capitalise=True,
        grade_after="95",
    )
    assert done.status == WorkOrder.Status.DONE
    back = Unit.objects.get(pk=unit.pk)
    assert (back.status, back.grade) == (S.IN_STOCK, "95")
    from apps.assets.inspection_selectors import unit_second_life

    assert unit_second_life(back)["cost_basis"] == f"{back.cost + Decimal('240.00'):.2f}"
    with pytest.raises(ApplicationError) as again:
        work_order_step(actor=None, work_order_id=order.pk, action="cancel")
    assert again.value.code == ErrorCode.CONFLICT


@pytest.mark.parametrize("action", ["fail", "cancel"])
def test_a_failed_or_cancelled_work_order_hands_the_unit_back(shop, action):
    unit = _received(shop)
    order = work_order_create(actor=None, unit_id=unit.pk, kind="battery")
    work_order_step(actor=None, work_order_id=order.pk, action=action)
    assert _status(unit) == S.INSPECTING
    assert not WorkOrder.objects.filter(unit=unit, status__in=["open", "in_progress"]).exists()


def test_a_second_open_work_order_is_refused(shop):
    unit = _received(shop)
    work_order_create(actor=None, unit_id=unit.pk, kind="clean")
    with pytest.raises(ApplicationError) as conflict:
        work_order_create(actor=None, unit_id=unit.pk, kind="repair")
    assert conflict.value.code == ErrorCode.CONFLICT
    assert WorkOrder.objects.filter(unit=unit).count() == 1


def test_scrapped_is_final_with_what_was_recovered(shop):
    unit = _received(shop)
    unit_adjust(
        actor=None,
        unit_id=unit.pk,
        action="scrap",
        reason="主板进水",
        recovered_value=Decimal("150.00"),
    )
    gone = Unit.objects.get(pk=unit.pk)
    assert (gone.status, gone.disposal_value) == (S.SCRAPPED, Decimal("150.00"))
    assert not [move for move in UNIT_MACHINE.moves if S.SCRAPPED in move.sources]
    for action in ("restock", "find", "lose", "release"):
        with pytest.raises(ApplicationError):
            unit_adjust(actor=None, unit_id=unit.pk, action=action, reason="x")


# --- the machine over every new move ----------------------------------------------------------

# The statuses from which each new move is allowed; every other status refuses it.
NEW_MOVES = {
    "inspect": {S.RECEIVED},
    "quarantine": {S.INSPECTING, S.IN_STOCK},
    "release": {S.QUARANTINED},
    "restock": {S.RECEIVED, S.INSPECTING},
    "repair_start": {S.RECEIVED, S.INSPECTING, S.QUARANTINED, S.IN_STOCK},
    "repair_done": {S.IN_REPAIR},
    "repair_failed": {S.IN_REPAIR},
    "repair_cancel": {S.IN_REPAIR},
    "scrap": {S.RECEIVED, S.INSPECTING, S.QUARANTINED, S.IN_STOCK},
}


@pytest.mark.parametrize("action", sorted(NEW_MOVES))
def test_every_new_move_is_allowed_from_its_statuses_only(action):
    for status in S.values:
        allowed = UNIT_MACHINE.find(status, action) is not None
        assert allowed == (status in NEW_MOVES[action]), (action, status)


# A path (from in stock) to each status, and the move each status refuses.
PATHS = {
    S.INSPECTING: ["ship", "return_receive", "inspect"],
    S.QUARANTINED: ["ship", "return_receive", "inspect", "quarantine"],
    S.IN_REPAIR: ["ship", "return_receive", "repair_start"],
    S.SCRAPPED: ["scrap"],
}


@pytest.mark.parametrize(
    ("status", "refused"),
    [
        (S.INSPECTING, "ship"),
        (S.INSPECTING, "transfer_send"),
        (S.QUARANTINED, "ship"),
        (S.QUARANTINED, "restock"),
        (S.IN_REPAIR, "restock"),
        (S.IN_REPAIR, "lose"),
        (S.IN_REPAIR, "scrap"),
        (S.SCRAPPED, "restock"),
        (S.SCRAPPED, "find"),
        (S.SCRAPPED, "lose"),
    ],
)
def test_each_new_status_refuses_what_it_must(shop, status, refused):
    (unit,) = units_in_stock(shop.sku.pk, 1)
    for action in PATHS[status]:
        _move(unit, action, order_id=700) if action == "ship" else _move(unit, action)
    assert _status(unit) == status
    before = UnitMovement.objects.filter(unit=unit).count()
    with pytest.raises(ApplicationError) as conflict:
        _move(unit, refused)
    assert conflict.value.code == ErrorCode.CONFLICT and conflict.value.data["from"] == status
    assert _status(unit) == status
    assert UnitMovement.objects.filter(unit=unit).count() == before
