"""Reads of units the services and other apps ask: stock by SKU, the units a session sees, a
unit found by code, its history, the unit an order holds or may ship."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Count, F, Q, QuerySet

from apps.goods.selectors import fineness_texts as fineness_name_in
from apps.goods.selectors import sku_labels
from apps.subshops.selectors import sub_shop_names
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.i18n import Text, pick
from zulin.core.scoping import SubShopScope, scope_to_sub_shop

from ..inspection_selectors import unit_todo
from ..models import (
    StockReceipt,
    StockTransfer,
    Unit,
    UnitMovement,
    UnitStatus,
)
from ..order_facts import order_facts
from ..rules import IMEI_CHECK_WRONG, RELEASED_STATUSES, imei_mistyped
from .rows import STATUS_EN, WAREHOUSE, _with_row_joins, place_name


def units_in_stock_by_sku(skus: Mapping[int, Sequence[int]]) -> dict[int, dict[str, int]]:
    """The counter goods asks through `apps.goods.units` (registered in AssetsConfig.ready):
    per SKU and grade, its units in stock in the warehouse (which serves every sub-shop) or
    in a sub-shop its goods are sold in (an empty sales scope: every sub-shop). By grade,
    because an order leases one fineness only (docs/assets.md, "Used goods at a fineness")."""
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
        .values("sku_id", "grade")
        .annotate(n=Count("id"))
        .values_list("sku_id", "grade", "n")
    )
    by_sku: dict[int, dict[str, int]] = {sku_id: {} for sku_id in skus}
    for sku_id, grade, n in counts:
        by_sku[sku_id][grade] = n
    return by_sku


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


def unit_find(
    identifier: str, *, session: SubShopScope | None = None, for_row: bool = False
) -> Unit | None:
    """The live unit a scan names (serial number or IMEI), in the session's scope; `for_row`
    reads what its list row names too (`unit_rows`), in the same statement."""
    value = identifier.strip()
    if not value:
        return None
    units = visible_units(session)
    return (
        (_with_row_joins(units) if for_row else units)
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
_ORDER_UNIT_STATUSES = (
    *HELD_STATUSES,
    UnitStatus.SOLD,
    UnitStatus.LOST,
    UnitStatus.QUARANTINED,
    UnitStatus.RECEIVED,
    UnitStatus.INSPECTING,
    UnitStatus.IN_REPAIR,
    UnitStatus.SCRAPPED,
)


def unit_matches(unit: Unit, code: str) -> bool:
    """Whether a scanned or typed code is one of the unit's identifiers."""
    return code_names(
        code, serial_number=unit.serial_number, meid=unit.meid, imei1=unit.imei1, imei2=unit.imei2
    )


def code_names(code: str, *, serial_number: str, meid: str, imei1: str, imei2: str) -> bool:
    """Whether a code names a device of these identifiers: the serial number and MEID
    upper-cased, the IMEIs as they are."""
    value = code.strip()
    if not value:
        return False
    return value.upper() in (serial_number, meid) or value in (imei1, imei2)


def sku_title(sku_id: int) -> str:
    """A SKU as people name it: its goods' title and its specs ("iPhone 15 · 黑 / 128G")."""
    label = sku_labels({sku_id}).get(sku_id)
    return f"{label.goods_name} · {label.sku_name}" if label else f"#{sku_id}"


def unit_ship_refusal(
    unit: Unit | None,
    *,
    code: str,
    sku_id: int,
    sub_shop_id: int | None,
    grade: str | None = None,
) -> ApplicationError | None:
    """Why this unit (found by `code`) may not be shipped for an order of `sku_id` placed at
    `sub_shop_id` (None: the shop's own) leasing at `grade` (the order's fineness; None: any):
    none, or the error naming what is wrong. A unit ships from stock in the warehouse (which
    serves every sub-shop) or in the order's own sub-shop, and only at the order's fineness
    (an order at 95新 never takes a new unit, nor a new order a 95新 one). `findUnit`'s ship
    check and the shipping itself answer the same. The words name the goods (title and
    specs) and the code scanned, never a unit's internal id."""
    code = code.strip()
    if unit is None:
        if imei_mistyped(code):
            return ApplicationError(
                ErrorCode.UNIT_NOT_FOUND,
                f"「{code}」{IMEI_CHECK_WRONG.zh}，请重新扫描",
                msg_en=f"{code}: {IMEI_CHECK_WRONG.en}; scan it again",
                data={"code": code, "imei_check_wrong": True},
            )
        return ApplicationError(
            ErrorCode.UNIT_NOT_FOUND,
            f"未找到序列号或 IMEI 为「{code}」的设备",
            msg_en=f"No unit has the serial number or IMEI {code}",
            data={"code": code},
        )
    title = sku_title(unit.sku_id)
    if unit.sku_id != sku_id:
        ordered = sku_title(sku_id)
        return ApplicationError(
            ErrorCode.UNIT_WRONG_SKU,
            f"扫描的设备是「{title}」，订单订的是「{ordered}」",
            msg_en=f"The unit scanned is {title}; the order is for {ordered}",
            data={"unit_id": unit.pk, "sku_id": unit.sku_id, "order_sku_id": sku_id},
        )
    if grade is not None and unit.grade != grade:
        unit_zh, unit_en = fineness_name_in(unit.grade)
        ordered_zh, ordered_en = fineness_name_in(grade)
        return ApplicationError(
            ErrorCode.UNIT_WRONG_GRADE,
            f"「{title}」（{code}）是{unit_zh}，订单租的是{ordered_zh}",
            msg_en=f"{title} ({code}) is {unit_en}; the order leases {ordered_en}",
            data={"unit_id": unit.pk, "grade": unit.grade, "order_grade": grade},
        )
    if unit.status != UnitStatus.IN_STOCK or unit.sub_shop_id not in (None, sub_shop_id):
        names = sub_shop_names([unit.sub_shop_id] if unit.sub_shop_id is not None else [])
        place = place_name(unit.sub_shop_id, names)
        place_zh = pick(WAREHOUSE, "zh") if unit.sub_shop_id is None else place
        place_en = pick(WAREHOUSE, "en") if unit.sub_shop_id is None else place
        in_stock = unit.status == UnitStatus.IN_STOCK
        fact = order_facts([unit.order_id]).get(unit.order_id) if unit.order_id else None
        if fact is not None and sub_shop_id is not None and fact.sub_shop_id != sub_shop_id:
            fact = None  # a sibling sub-shop's order is not named to this one
        order_zh = f"，订单 {fact.order_no}" if fact is not None else ""
        order_en = f", order {fact.order_no}" if fact is not None else ""
        return ApplicationError(
            ErrorCode.UNIT_NOT_AVAILABLE,
            f"「{title}」（{code}）当前不可发货："
            + (
                f"在{place_zh}，订单的门店不能从那里发货"
                if in_stock
                else f"{unit.get_status_display()}（{place_zh}{order_zh}）"
            ),
            msg_en=f"{title} ({code}) cannot be shipped now: "
            + (
                f"it is at {place_en}, not where the order may ship from"
                if in_stock
                else f"{STATUS_EN[unit.status]} ({place_en}{order_en})"
            ),
            data={
                "unit_id": unit.pk,
                "status": unit.status,
                "sub_shop_id": unit.sub_shop_id,
                "place_name": place,
                "order_id": unit.order_id,
                "order_no": fact.order_no if fact is not None else None,
            },
        )
    return None


def unit_code(unit: Unit) -> str:
    """The code people know a unit by: its serial number, else its IMEI, else its MEID."""
    return unit.serial_number or unit.imei1 or unit.meid or sku_title(unit.sku_id)


def transfer_refusal(unit: Unit) -> ApplicationError | None:
    """Why a unit may not be sent on a transfer (only units in stock go): CONFLICT naming the
    unit by its code and saying where it is: in transit, with a customer (its order's number)
    or on its way back, or in another status."""
    if unit.status == UnitStatus.IN_STOCK:
        return None
    fact = order_facts([unit.order_id]).get(unit.order_id) if unit.order_id else None
    order_no = fact.order_no if fact is not None else ""
    if unit.status == UnitStatus.IN_TRANSIT:
        why = Text("调拨中，尚未收货", "in transit, not received yet")
    elif unit.status in HELD_STATUSES and order_no:
        why = Text(
            f"{UnitStatus(unit.status).label}，订单 {order_no}",
            f"{STATUS_EN[unit.status]}, order {order_no}",
        )
    else:
        why = Text(UnitStatus(unit.status).label, STATUS_EN[unit.status])
    code = unit_code(unit)
    return ApplicationError(
        ErrorCode.CONFLICT,
        f"「{code}」不能调拨：{why.zh}（只能调拨在库设备）",
        msg_en=f"{code} cannot be transferred: {why.en} (only units in stock can)",
        data={
            "from": unit.status,
            "to": UnitStatus.IN_TRANSIT.value,
            "unit_id": unit.pk,
            "order_no": order_no or None,
        },
    )


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
        # Quarantined: what the customer must do (e.g. sign out of the account).
        "customer_todo": unit_todo(unit),
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


def unit_to_ship(sku_id: int, sub_shop_id: int | None, grade: str | None = None) -> Unit | None:
    """A unit an order of `sku_id` at `sub_shop_id` leasing at `grade` could ship now: in
    stock at the order's sub-shop first, else in the warehouse (the oldest first). The demo's
    shipments pick so; a person scans one."""
    places = Q(sub_shop_id__isnull=True)
    if sub_shop_id is not None:
        places |= Q(sub_shop_id=sub_shop_id)
    units = Unit.objects.filter(places, sku_id=sku_id, status=UnitStatus.IN_STOCK)
    if grade is not None:
        units = units.filter(grade=grade)
    return units.order_by(F("sub_shop_id").asc(nulls_last=True), "id").first()
