"""The demo shop's devices (docs/assets.md), through the services and dated as real history
would be: its phones and laptops tracked by unit, bought from two suppliers on three stock
receipts before the oldest order of the shop's last 90 days (each device scanned with a
serial number and, for a phone, two Luhn-valid IMEIs), three of each SKU; more bought the day
an order needs them (the older stories' too); after the orders' history (which ships them by
scan), some units sent to each sub-shop and one transfer still on its way. Safe to run
again."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from django.db.models import F, Q
from django.utils import timezone

from apps.goods.selectors import sku_for_units, skus_of_goods, tracked_stocks
from apps.goods.services import sku_tracked_set
from zulin.core.auth import Session
from zulin.core.clock import clock_at, real_now

from .models import (
    StockReceipt,
    StockReceiptLine,
    StockTransfer,
    Supplier,
    Unit,
    UnitMovement,
    UnitStatus,
)
from .rules import luhn_valid
from .services import (
    Identifiers,
    ReceiptLineIn,
    receipt_create,
    receipt_scan,
    supplier_create,
    transfer_receive,
    transfer_send,
)

SUPPLIERS = (
    ("深圳华强数码供应链有限公司", "陈经理", "13760001234"),
    ("联强国际贸易（中国）有限公司", "王经理", "02161234567"),
)
# Days before the load of the first three receipts: before the oldest order of the shop's
# last 90 days (the history places them up to 90 days ago and ships them the day after).
FIRST_RECEIPTS = (100, 96, 93)
# Units bought of each SKU on the first receipts, whatever it counted: a shop buys for the
# leases it expects, not for a shelf (its devices are leased a fair part of the time they are
# owned); more come as orders need them (`units_restock`).
FIRST_UNITS = 3
# Alphabet of serial numbers as makers print them (no I or O: read as 1 and 0).
_SERIAL_CHARS = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"


@dataclass(frozen=True)
class Devices:
    """The demo's devices by kind: goods titles of phones and of laptops."""

    phones: tuple[str, ...]
    laptops: tuple[str, ...]


def imei_of(tac: str, number: int) -> str:
    """An IMEI: the 8-digit type allocation code, a 6-digit serial and the Luhn check."""
    body = f"{tac}{number % 1_000_000:06d}"
    return next(body + str(check) for check in range(10) if luhn_valid(body + str(check)))


def serial_of(prefix: str, number: int) -> str:
    """A 12-character serial number like the makers' (a factory prefix, then base 34)."""
    digits = []
    for _ in range(12 - len(prefix)):
        number, digit = divmod(number, len(_SERIAL_CHARS))
        digits.append(_SERIAL_CHARS[digit])
    return prefix + "".join(reversed(digits))


def device_scanned(phone: bool, number: int) -> Identifiers:
    """What the demo's `number`-th device shows when scanned: a phone its serial number and
    two Luhn-valid IMEIs, a laptop its serial number."""
    if not phone:
        return Identifiers(serial_number=serial_of("C02", number))
    return Identifiers(
        serial_number=serial_of("F2L", number),
        imei1=imei_of("35391511", number),
        imei2=imei_of("35391511", number + 500_000),
    )


def _cost(phone: bool, index: int) -> Decimal:
    base = Decimal("5200.00") if phone else Decimal("8600.00")
    return base + Decimal(300 * (index % 5))


def units_showcase_load(*, actor: Session, devices: Devices) -> dict[str, int]:
    """The phones' and laptops' SKUs tracked by unit, and their units received on three
    receipts from two suppliers, 100, 96 and 93 days ago (before the oldest order of the
    shop's last 90 days; the recovery showcase's older debts, delivered up to 250 days ago,
    take devices the shop bought the day each was ordered: `units_restock`)."""
    if Supplier.objects.filter(name=SUPPLIERS[0][0]).exists():
        return _counts()
    phones, laptops = skus_of_goods(list(devices.phones)), skus_of_goods(list(devices.laptops))
    if not phones and not laptops:
        return _counts()
    started = real_now()
    with clock_at(started - timedelta(days=FIRST_RECEIPTS[0] + 5)):
        suppliers = [
            supplier_create(actor=actor, name=name, contact=contact, phone=phone)
            for name, contact, phone in SUPPLIERS
        ]
        # Tracked by unit from now on (the count itself is retired: NULL); the units are
        # bought below.
        for sku_id in phones + laptops:
            sku_tracked_set(actor=actor, sku_id=sku_id)
    half = (len(phones) + 1) // 2
    first, second, third = FIRST_RECEIPTS
    plan = (
        (first, suppliers[0], phones[:half], True, "HQ-2026-0817"),
        (second, suppliers[1], laptops, False, "SYN-INV-558201"),
        (third, suppliers[0], phones[half:], True, "HQ-2026-0824"),
    )
    numbers = itertools.count(10_001)
    for days, supplier, sku_ids, phone, invoice in plan:
        if not sku_ids:
            continue
        arrived = started - timedelta(days=days)
        with clock_at(arrived):
            receipt = receipt_create(
                actor=actor,
                supplier_id=supplier.pk,
                receipt_date=timezone.localdate(),
                invoice_no=invoice,
                lines=[
                    ReceiptLineIn(
                        sku_id=sku_id,
                        quantity=FIRST_UNITS,
                        unit_cost=_cost(phone, index),
                    )
                    for index, sku_id in enumerate(sku_ids)
                ],
            )
        # Scanned that afternoon, one device after another.
        for line in receipt.lines.order_by("id"):
            for _ in range(line.expected_quantity):
                number = next(numbers)
                with clock_at(arrived + timedelta(hours=3, seconds=20 * (number - 10_000))):
                    receipt_scan(
                        actor=actor, line_id=line.pk, identifiers=device_scanned(phone, number)
                    )
    return _counts()


RESTOCK = 5  # units a restock receipt brings of a SKU that ran out


def units_bought_after(sku_id: int, grade: str, at: datetime) -> int:
    """Units of the SKU at `grade` in stock that the shop bought only after `at`: the
    history is told after the first receipts are scanned, so at an earlier moment of it
    they are not the shop's yet, and no order of that moment may count or take them."""
    return Unit.objects.filter(
        sku_id=sku_id, grade=grade, status=UnitStatus.IN_STOCK, acquired_at__gt=at
    ).count()


def unit_owned_to_ship(
    sku_id: int, sub_shop_id: int | None, grade: str, at: datetime
) -> Unit | None:
    """The unit the shop scans for an order at `at` (the history's clock): one it owned by
    then, in stock at the order's sub-shop first, else in the warehouse, of the order's
    grade; the one bought longest ago first (a shop leases its oldest stock first)."""
    places = Q(sub_shop_id__isnull=True)
    if sub_shop_id is not None:
        places |= Q(sub_shop_id=sub_shop_id)
    return (
        Unit.objects.filter(
            places, sku_id=sku_id, grade=grade, status=UnitStatus.IN_STOCK, acquired_at__lte=at
        )
        .order_by(F("sub_shop_id").asc(nulls_last=True), "acquired_at", "id")
        .first()
    )


def units_restock(*, actor: Session, sku_id: int, quantity: int = RESTOCK) -> StockReceipt:
    """The shop runs out of a device the history needs and buys more as it did before: a
    stock receipt from the supplier of the SKU's last receipt, dated today (the history's
    clock), at that receipt's unit cost, its devices scanned one after another over the next
    minutes like the SKU's (a phone: a serial number and two Luhn-valid IMEIs; a laptop: a
    serial number). Call it under a clock a little before the moment the units are needed."""
    last = (
        StockReceiptLine.objects.filter(sku_id=sku_id)
        .select_related("receipt__supplier")
        .order_by("-receipt__receipt_date", "-id")
        .first()
    )
    if last is None:
        raise ValueError(f"SKU {sku_id} was never received: the demo restocks only its devices")
    phone = Unit.objects.filter(sku_id=sku_id).exclude(imei1="").exists()
    started = timezone.now()
    today = timezone.localdate()
    prefix = last.receipt.invoice_no.split("-")[0] or "INV"  # the supplier's invoice series
    that_day = StockReceipt.objects.filter(receipt_date=today).count()
    receipt = receipt_create(
        actor=actor,
        supplier_id=last.receipt.supplier_id,
        receipt_date=today,
        invoice_no=f"{prefix}-{today:%Y%m%d}-{that_day + 1:02d}",
        lines=[ReceiptLineIn(sku_id=sku_id, quantity=quantity, unit_cost=last.unit_cost)],
    )
    line = receipt.lines.get()
    first = 10_001 + Unit.objects.count()  # after every number the demo has scanned
    for offset in range(quantity):
        identifiers = device_scanned(phone, first + offset)
        with clock_at(started + timedelta(minutes=2, seconds=20 * offset)):
            receipt_scan(actor=actor, line_id=line.pk, identifiers=identifiers)
    return receipt


def units_placed_showcase_load(*, actor: Session, sub_shop_ids: list[int]) -> dict[str, int]:
    """After the orders' history: from SKUs with units to spare (in stock beyond what orders
    hold back), one unit sent to each sub-shop three days ago and received there the next
    day, and one sent to the first sub-shop six hours ago, still on its way."""
    if not sub_shop_ids or StockTransfer.objects.exists():
        return _counts()
    tracked = sorted(set(Unit.objects.values_list("sku_id", flat=True)))
    spare = tracked_stocks({sku_id: sku_for_units(sku_id).sub_shop_ids for sku_id in tracked})
    sku_ids = [sku_id for sku_id in tracked if spare.get(sku_id, 0) >= 2]
    warehouse = Unit.objects.filter(status=UnitStatus.IN_STOCK, sub_shop_id__isnull=True)
    now = real_now()
    moves = [(sub_shop_id, True) for sub_shop_id in sub_shop_ids] + [(sub_shop_ids[0], False)]
    for (to_sub_shop_id, received), sku_id in zip(moves, sku_ids, strict=False):
        unit = warehouse.filter(sku_id=sku_id).order_by("id").first()
        if unit is None:
            continue
        with clock_at(now - (timedelta(days=3) if received else timedelta(hours=6))):
            transfer = transfer_send(actor=actor, unit_ids=[unit.pk], to_sub_shop_id=to_sub_shop_id)
        if received:
            with clock_at(now - timedelta(days=2)):
                transfer_receive(actor=actor, transfer_id=transfer.pk)
    return _counts()


def _counts() -> dict[str, int]:
    by_status = dict.fromkeys(UnitStatus.values, 0)
    for status in Unit.objects.values_list("status", flat=True):
        by_status[status] += 1
    return {
        "suppliers": Supplier.objects.count(),
        "receipts": StockReceipt.objects.count(),
        "units": Unit.objects.count(),
        **by_status,
    }


# --- a returned device's second life (issue 63) -----------------------------------------------


def _checked_lines(template_items: list[dict], **failed: tuple[str, str]) -> list:
    """Every item of a checklist checked as passing, but those `failed` (code: (severity,
    choice)): a pass/fail item failed, a number under its threshold, a choice its last."""
    from .inspection_rules import LineIn

    lines = []
    for item in template_items:
        code, kind = item["code"], item["kind"]
        severity, choice = failed.get(code, ("", ""))
        if code in failed:
            if kind == "pass_fail":
                lines.append(LineIn(code, passed=False, severity=severity))
            elif kind == "number":
                lines.append(LineIn(code, value=Decimal("74"), severity=severity))
            else:
                lines.append(LineIn(code, choice=choice or item["choices"][-1], severity=severity))
        elif kind == "pass_fail":
            lines.append(LineIn(code, passed=True))
        elif kind == "number":
            lines.append(LineIn(code, value=Decimal("93")))
        else:
            lines.append(LineIn(code, choice=item["choices"][0]))
    return lines


def _back_at(unit: Unit) -> datetime | None:
    """When the unit last came back from a customer."""
    back = unit.movements.filter(action="return_receive").order_by("-id").first()
    return back.at if back is not None else None


@dataclass(frozen=True)
class UsedUnit:
    """The demo's unit restocked as used: its SKU, grade (fineness) and when."""

    unit_id: int
    sku_id: int
    grade: str
    restocked_at: datetime


def used_unit_restocked() -> UsedUnit | None:
    """The unit the second-life showcase restocked as used, while it is still in stock."""
    move = (
        UnitMovement.objects.filter(action="restock", unit__status=UnitStatus.IN_STOCK)
        .exclude(unit__grade="new")
        .select_related("unit")
        .order_by("at", "id")
        .first()
    )
    if move is None:
        return None
    return UsedUnit(move.unit_id, move.unit.sku_id, move.unit.grade, move.at)


def second_life_showcase_load(*, actor: Session) -> dict[str, int]:
    """Devices back from their leases at every step, through the services and dated as the
    shop would have done it: the leases still out get their shipping baseline (recorded the
    hour they shipped); of the devices received back, the newest waits for its inspection,
    one is inspected and restocked as used, one is quarantined until the customer signs out
    of the account, one is in repair with a work order, one is scrapped. Safe to run again."""
    from .inspection_selectors import template_for_sku
    from .inspections import InspectionIn, inspection_record, work_order_create, work_order_step
    from .models import Inspection
    from .services import unit_adjust

    if Inspection.objects.exists():
        return _counts()
    now = real_now()
    for unit in Unit.objects.filter(status=UnitStatus.OUT_WITH_CUSTOMER).order_by("id")[:12]:
        shipped = unit.movements.filter(action="ship").order_by("-id").first()
        if shipped is None or shipped.order_id != unit.order_id:
            continue
        items = template_for_sku(unit.sku_id).items
        with clock_at(shipped.at + timedelta(minutes=5)):
            inspection_record(
                actor=actor,
                data=InspectionIn(
                    occasion="ship_baseline",
                    order_id=unit.order_id,
                    cosmetic_grade="A",
                    lines=_checked_lines(items),
                ),
            )
    received = list(Unit.objects.filter(status=UnitStatus.RECEIVED).order_by("-updated_at", "-id"))
    # The newest waits; the one back longest ago (of goods sold new, so that it is leased
    # again as used: `orders.demo_stories.second_lease_load`) was restocked weeks ago, the
    # next newest are quarantined, in repair and scrapped.
    rest = received[1:]
    used = [unit for unit in rest if sku_for_units(unit.sku_id).fineness == "new"]
    if used:
        oldest = min(used, key=lambda unit: (_back_at(unit) or now, unit.pk))
        rest = [oldest, *(unit for unit in rest if unit.pk != oldest.pk)]
    steps = ["restock", "quarantine", "repair", "scrap"]

    def later(base: datetime, wanted: datetime) -> datetime:
        """`wanted` when it falls after `base`, else halfway from `base` to now: a device
        received back at this very load is inspected (and repaired) after it came back."""
        return wanted if wanted > base else base + (now - base) / 2

    for unit, step in zip(rest, steps, strict=False):
        at = _back_at(unit) or now - timedelta(days=3)
        inspected_at = min(at + timedelta(hours=2), later(at, now - timedelta(hours=3)))
        items = template_for_sku(unit.sku_id).items
        failed: dict[str, tuple[str, str]] = {}
        grade = "B"
        if step == "quarantine":
            failed = {"account_lock": ("", "")}
        elif step == "repair":
            failed, grade = {"battery_health": ("minor", "")}, "C"
        elif step == "scrap":
            failed, grade = {"power_on": ("severe", ""), "screen_display": ("severe", "")}, "D"
        with clock_at(inspected_at):
            inspection = inspection_record(
                actor=actor,
                data=InspectionIn(
                    occasion="return",
                    unit_id=unit.pk,
                    cosmetic_grade=grade,
                    lines=_checked_lines(items, **failed),
                    note="演示：归还后按检测单检测",
                ),
            )
            if step == "restock":
                unit_adjust(
                    actor=actor,
                    unit_id=unit.pk,
                    action="restock",
                    reason="检测合格，按成色重新入库",
                )
            elif step == "repair":
                work_order = work_order_create(
                    actor=actor,
                    unit_id=unit.pk,
                    kind="battery",
                    note="电池健康度低于 80%，更换电池",
                    inspection_id=inspection.pk,
                )
        if step == "repair":
            with clock_at(later(inspected_at, now - timedelta(hours=2))):
                work_order_step(actor=actor, work_order_id=work_order.pk, action="start")
        elif step == "scrap":
            with clock_at(later(inspected_at, now - timedelta(hours=1))):
                unit_adjust(
                    actor=actor,
                    unit_id=unit.pk,
                    action="scrap",
                    reason="主板损坏，维修不经济",
                    recovered_value=Decimal("300.00"),
                )
    return _counts()
