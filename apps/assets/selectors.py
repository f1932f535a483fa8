"""Reads of units, receipts and transfers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Count, F, Q, QuerySet

from apps.subshops.selectors import sub_shop_names
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.scoping import SubShopScope, scope_to_sub_shop

from .models import StockReceipt, StockTransfer, Unit, UnitMovement, UnitStatus
from .rules import RELEASED_STATUSES


def units_in_stock_by_sku(skus: Mapping[int, Sequence[int]]) -> dict[int, int]:
    """The counter goods asks through `apps.goods.units` (registered in AssetsConfig.ready):
    per SKU, its units in stock in the warehouse (which serves every sub-shop) or in a
    sub-shop its goods are sold in (an empty sales scope: every sub-shop)."""
    where = Q()
    for sku_id, sub_shop_ids in skus.items():
        places = Q(sub_shop_id__isnull=True)
        places |= (
            Q(sub_shop_id__isnull=False)
            if not sub_shop_ids
            else Q(sub_shop_id__in=list(sub_shop_ids))
        )
        where |= Q(sku_id=sku_id) & places
    counts = (
        Unit.objects.filter(where, status=UnitStatus.IN_STOCK)
        .values("sku_id")
        .annotate(n=Count("id"))
        .values_list("sku_id", "n")
    )
    return {sku_id: 0 for sku_id in skus} | dict(counts)


def visible_units(session: SubShopScope | None) -> QuerySet[Unit]:
    """Units a session may see: a sub-shop account its own units (where they are now)."""
    return scope_to_sub_shop(Unit.objects.all(), session)


def unit_holding(
    identifiers: Sequence[str], *, excluding: int | None = None
) -> tuple[Unit, str] | None:
    """A unit of the shop that still holds one of these serials or IMEIs (any status but
    sold), and the identifier it holds; `excluding`: the unit being changed."""
    wanted = [value for value in identifiers if value]
    if not wanted:
        return None
    live = Unit.objects.exclude(status__in=RELEASED_STATUSES)
    if excluding is not None:
        live = live.exclude(pk=excluding)
    unit = live.filter(
        Q(serial_number__in=wanted) | Q(imei1__in=wanted) | Q(imei2__in=wanted) | Q(meid__in=wanted)
    ).first()
    if unit is None:
        return None
    held = next(
        value
        for value in wanted
        if value in (unit.serial_number, unit.imei1, unit.imei2, unit.meid)
    )
    return unit, held


def unit_find(identifier: str, *, session: SubShopScope | None = None) -> Unit | None:
    """The live unit a scan names (serial number or IMEI), in the session's scope."""
    value = identifier.strip()
    if not value:
        return None
    return (
        visible_units(session)
        .exclude(status__in=RELEASED_STATUSES)
        .filter(
            Q(serial_number=value.upper()) | Q(imei1=value) | Q(imei2=value) | Q(meid=value.upper())
        )
        .first()
    )


def receipt_progress(receipt_id: int) -> dict[str, Any]:
    """A receipt's lines with scanned / expected, and its totals."""
    receipt = StockReceipt.objects.get(pk=receipt_id)
    lines = [
        {
            "id": line.pk,
            "sku_id": line.sku_id,
            "unit_cost": line.unit_cost,
            "expected": line.expected_quantity,
            "scanned": line.received_quantity,
        }
        for line in receipt.lines.all()
    ]
    return {
        "id": receipt.pk,
        "status": receipt.status,
        "lines": lines,
        "expected": sum(line["expected"] for line in lines),
        "scanned": sum(line["scanned"] for line in lines),
    }


def unit_history(unit_id: int) -> list[dict[str, Any]]:
    return [
        dict(row)
        for row in UnitMovement.objects.filter(unit_id=unit_id)
        .order_by("id")
        .values(
            "action",
            "from_status",
            "to_status",
            "from_sub_shop_id",
            "to_sub_shop_id",
            "reason",
            "order_id",
            "receipt_id",
            "transfer_id",
            "actor_name",
            "at",
        )
    ]


def visible_transfers(session: SubShopScope | None) -> QuerySet[StockTransfer]:
    """Transfers a session may see: a sub-shop account those from or to its sub-shop."""
    sub_shop_id = session.sub_shop_id if session is not None else None
    transfers = StockTransfer.objects.all()
    if sub_shop_id is None:
        return transfers
    return transfers.filter(Q(from_sub_shop_id=sub_shop_id) | Q(to_sub_shop_id=sub_shop_id))


# --- units and orders (shipping by scan: apps/orders/devices.py) ------------------------------

# The statuses in which an order holds its unit, newest binding first; a unit received back
# keeps its order until it is shipped again (the inspection of the next issue follows it).
HELD_STATUSES = (UnitStatus.OUT_WITH_CUSTOMER, UnitStatus.RETURNING)
_ORDER_UNIT_STATUSES = (*HELD_STATUSES, UnitStatus.SOLD, UnitStatus.LOST, UnitStatus.RECEIVED)


def unit_matches(unit: Unit, code: str) -> bool:
    """Whether a scanned or typed code is one of the unit's identifiers."""
    value = code.strip()
    if not value:
        return False
    return value.upper() in (unit.serial_number, unit.meid) or value in (unit.imei1, unit.imei2)


def place_name(sub_shop_id: int | None) -> str:
    if sub_shop_id is None:
        return "总仓"
    name = sub_shop_names([sub_shop_id]).get(sub_shop_id)
    return name[0] if name else f"门店 #{sub_shop_id}"


def unit_ship_refusal(
    unit: Unit | None, *, code: str, sku_id: int, sub_shop_id: int | None
) -> ApplicationError | None:
    """Why this unit (found by `code`) may not be shipped for an order of `sku_id` placed at
    `sub_shop_id` (None: the shop's own): none, or the error naming what is wrong. A unit
    ships from stock in the warehouse (which serves every sub-shop) or in the order's own
    sub-shop. `findUnit`'s ship check and the shipping itself answer the same."""
    if unit is None:
        return ApplicationError(
            ErrorCode.UNIT_NOT_FOUND,
            f"未找到序列号或 IMEI 为「{code.strip()}」的设备",
            msg_en=f"No unit has the serial number or IMEI {code.strip()}",
            data={"code": code.strip()},
        )
    if unit.sku_id != sku_id:
        return ApplicationError(
            ErrorCode.UNIT_WRONG_SKU,
            f"设备 #{unit.pk} 不是订单所订的规格",
            msg_en=f"Unit #{unit.pk} is not of the SKU the order is for",
            data={"unit_id": unit.pk, "sku_id": unit.sku_id, "order_sku_id": sku_id},
        )
    place = place_name(unit.sub_shop_id)
    if unit.status != UnitStatus.IN_STOCK or unit.sub_shop_id not in (None, sub_shop_id):
        where = (
            f"在{place}，订单的门店不能从那里发货"
            if unit.status == UnitStatus.IN_STOCK
            else f"{unit.get_status_display()}（{place}）"
        )
        return ApplicationError(
            ErrorCode.UNIT_NOT_AVAILABLE,
            f"设备 #{unit.pk} 当前不可发货：{where}",
            msg_en=f"Unit #{unit.pk} cannot be shipped now: {unit.status} at {place}",
            data={
                "unit_id": unit.pk,
                "status": unit.status,
                "sub_shop_id": unit.sub_shop_id,
                "place_name": place,
                "order_id": unit.order_id,
            },
        )
    return None


def order_unit(order_id: int, *, lock: bool = False) -> Unit | None:
    """The unit an order holds now (out with the customer or on its way back), or None (a
    counted SKU, or an order that holds none)."""
    units = Unit.objects.filter(order_id=order_id, status__in=HELD_STATUSES).order_by("-id")
    return (units.select_for_update() if lock else units).first()


def order_unit_brief(order_id: int) -> dict[str, Any] | None:
    """The device an order names (its detail, evidence, recovery case): the unit it holds,
    sold or lost with it, else the last one that came back from it."""
    units = list(Unit.objects.filter(order_id=order_id, status__in=_ORDER_UNIT_STATUSES))
    if not units:
        return None
    rank = {str(status): index for index, status in enumerate(_ORDER_UNIT_STATUSES)}
    unit = min(units, key=lambda u: (rank[u.status], -u.pk))
    return {
        "id": unit.pk,
        "serial_number": unit.serial_number,
        "imei1": unit.imei1,
        "imei2": unit.imei2,
        "meid": unit.meid,
        "grade": unit.grade,
        "status": unit.status,
    }


def order_units_shipped(order_id: int) -> list[dict[str, Any]]:
    """Every unit shipped for an order (an exchange or a corrected shipment: more than one),
    first shipped first, with its identifiers: what its parcels name."""
    unit_ids = list(
        UnitMovement.objects.filter(order_id=order_id, action="ship")
        .order_by("id")
        .values_list("unit_id", flat=True)
    )
    units = {u.pk: u for u in Unit.objects.filter(pk__in=unit_ids)}
    return [
        {
            "id": units[pk].pk,
            "serial_number": units[pk].serial_number,
            "imei1": units[pk].imei1,
            "imei2": units[pk].imei2,
            "meid": units[pk].meid,
            "grade": units[pk].grade,
            "status": units[pk].status,
        }
        for pk in dict.fromkeys(unit_ids)
    ]


def unit_to_ship(sku_id: int, sub_shop_id: int | None) -> Unit | None:
    """A unit an order of `sku_id` at `sub_shop_id` could ship now: in stock at the order's
    sub-shop first, else in the warehouse (the oldest first). The demo's shipments pick so;
    a person scans one."""
    places = Q(sub_shop_id__isnull=True)
    if sub_shop_id is not None:
        places |= Q(sub_shop_id=sub_shop_id)
    units = Unit.objects.filter(places, sku_id=sku_id, status=UnitStatus.IN_STOCK)
    return units.order_by(F("sub_shop_id").asc(nulls_last=True), "id").first()
