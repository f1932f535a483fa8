"""Reads of units, receipts and transfers."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db.models import Count, F, Q, QuerySet, Sum
from django.utils import timezone

from apps.goods.selectors import fineness_name, sku_labels
from apps.goods.selectors import fineness_texts as fineness_name_in
from apps.subshops.selectors import sub_shop_names
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.i18n import Text, current_language, pick
from zulin.core.pagination import COUNT_BOUND, page_of, page_rows
from zulin.core.scoping import SubShopScope, scope_to_sub_shop

from .earnings import unit_earnings
from .inspection_selectors import unit_second_life, unit_todo
from .machine import UNIT_MACHINE
from .models import (
    StockReceipt,
    StockReceiptLine,
    StockTransfer,
    Supplier,
    Unit,
    UnitMovement,
    UnitStatus,
)
from .order_facts import OrderFact, order_facts
from .rules import IMEI_CHECK_WRONG, RELEASED_STATUSES, imei_mistyped


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


# --- what the calls answer (apps/assets/api.py) -----------------------------------------------

WAREHOUSE = Text("总仓", "Warehouse")
STATUS_EN = {status.value: status.value.replace("_", " ") for status in UnitStatus}
ACTION_LABELS = {
    "receive": Text("采购入库", "received from supplier"),
    "migrate": Text("从数量库存迁移", "migrated from counted stock"),
    "serial_record": Text("录入序列号", "serial recorded"),
    "transfer_send": Text("调拨发出", "transfer sent"),
    "transfer_receive": Text("调拨收货", "transfer received"),
    "ship": Text("发货", "shipped"),
    "return_start": Text("开始归还", "return started"),
    "return_receive": Text("归还收货", "return received"),
    "restock": Text("重新入库", "restocked"),
    "sell": Text("售出", "sold"),
    "lose": Text("丢失", "lost"),
    "find": Text("找回", "found"),
    "inspect": Text("检测", "inspected"),
    "quarantine": Text("隔离", "quarantined"),
    "release": Text("解除隔离", "released"),
    "repair_start": Text("送修", "sent to repair"),
    "repair_done": Text("维修完成", "repair done"),
    "repair_failed": Text("维修失败", "repair failed"),
    "repair_cancel": Text("取消维修", "repair cancelled"),
    "scrap": Text("报废", "scrapped"),
}
RECEIPT_STATUS_EN = {"open": "open", "partial": "partly received", "received": "received"}
TRANSFER_STATUS_EN = {"in_transit": "in transit", "received": "received"}


def money_text(value: Decimal | None) -> str | None:
    return None if value is None else f"{value:.2f}"


def _local(value: datetime | None) -> datetime | None:
    return None if value is None else timezone.localtime(value)


def status_label(status: str) -> str:
    return pick(Text(UnitStatus(status).label, STATUS_EN[status]))


def place_name(sub_shop_id: int | None, names: Mapping[int, tuple[str, bool]]) -> str:
    if sub_shop_id is None:
        return pick(WAREHOUSE)
    return names.get(sub_shop_id, (f"#{sub_shop_id}", False))[0]


# What a unit's list row reads (`unit_rows`): its own columns and, joined in the same
# statement, its supplier's name and its receipt; read as plain values, not model instances.
ROW_FIELDS = (
    "id",
    "sku_id",
    "serial_number",
    "imei1",
    "imei2",
    "meid",
    "grade",
    "status",
    "sub_shop_id",
    "cost",
    "supplier_id",
    "supplier__name",
    "receipt_line__receipt_id",
    "acquired_at",
    "order_id",
    "updated_at",
)


def row_values(units: QuerySet[Unit]) -> QuerySet[Unit, dict[str, Any]]:
    """`units` as the values their list rows are made of (`unit_rows`)."""
    return units.values(*ROW_FIELDS)


def unit_row(unit: Unit) -> dict[str, Any]:
    """One unit already read (its supplier and receipt line joined: `_with_row_joins`) as
    its list row."""
    values = {name: getattr(unit, name) for name in ROW_FIELDS if "__" not in name}
    values["supplier__name"] = unit.supplier.name if unit.supplier else None
    values["receipt_line__receipt_id"] = unit.receipt_line.receipt_id if unit.receipt_line else None
    return unit_rows([values])[0]


def unit_rows(units: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Units (`row_values`) as lists answer them (getUnitList's row): SKU, place, supplier
    and order named, each read once for the page."""
    skus = sku_labels({unit["sku_id"] for unit in units})
    places = sub_shop_names({unit["sub_shop_id"] for unit in units if unit["sub_shop_id"]})
    orders = order_facts([unit["order_id"] for unit in units if unit["order_id"]])
    rows = []
    for unit in units:
        sku = skus.get(unit["sku_id"])
        order_id = unit["order_id"]
        order = orders.get(order_id) if order_id else None
        rows.append(
            {
                "id": unit["id"],
                "sku_id": unit["sku_id"],
                "sku_name": sku.sku_name if sku else f"#{unit['sku_id']}",
                "goods_id": sku.goods_id if sku else None,
                "goods_name": sku.goods_name if sku else "",
                "serial_number": unit["serial_number"],
                "imei1": unit["imei1"],
                "imei2": unit["imei2"],
                "meid": unit["meid"],
                "grade": unit["grade"],
                "grade_label": fineness_name(unit["grade"]),
                "status": unit["status"],
                "status_label": status_label(unit["status"]),
                "sub_shop_id": unit["sub_shop_id"],
                "place_name": place_name(unit["sub_shop_id"], places),
                "cost": money_text(unit["cost"]),
                "supplier_id": unit["supplier_id"],
                "supplier_name": unit["supplier__name"] or "",
                "receipt_id": unit["receipt_line__receipt_id"],
                "acquired_at": _local(unit["acquired_at"]),
                "order_id": order_id,
                "order_no": order.order_no if order else None,
                "updated_at": _local(unit["updated_at"]),
            }
        )
    return rows


def _with_row_joins(units: QuerySet[Unit]) -> QuerySet[Unit]:
    return units.select_related("supplier", "receipt_line")


def units_filtered(
    *,
    session: SubShopScope | None,
    sku_id: int | None = None,
    sub_shop_id: int | None = None,
    warehouse: bool = False,
    grade: str | None = None,
    supplier_id: int | None = None,
    keyword: str = "",
) -> QuerySet[Unit]:
    """getUnitList's filters but the status (its tabs count under these)."""
    units = visible_units(session)
    if sku_id is not None:
        units = units.filter(sku_id=sku_id)
    if warehouse:
        units = units.filter(sub_shop_id__isnull=True)
    elif sub_shop_id is not None:
        units = units.filter(sub_shop_id=sub_shop_id)
    if grade:
        units = units.filter(grade=grade)
    if supplier_id is not None:
        units = units.filter(supplier_id=supplier_id)
    keyword = keyword.strip()
    if keyword:
        upper = keyword.upper()
        units = units.filter(
            Q(serial_number__startswith=upper)
            | Q(imei1__startswith=keyword)
            | Q(imei2__startswith=keyword)
            | Q(meid__startswith=upper)
        )
    return units


def unit_status_counts(units: QuerySet[Unit]) -> tuple[dict[str, int], list[str]]:
    """Per status and `all`, the units under `units`' filters, each counted as a list's total
    is (zulin.core.pagination: to COUNT_BOUND rows, so a tab costs what its first page does,
    not what the whole table does): the counts, and the names whose count stopped at the
    bound (shown "10000+", as the pager shows the list's total). One statement: a bounded
    count per status, each on the status index; `all` is their sum, bounded alike (a sum
    past the bound has a part past it or parts that add up past it: either way more)."""
    bound = COUNT_BOUND
    statuses = [status.value for status in UnitStatus]
    # The ORM's SQL of the filters, compiled once (not once per status: compiling was most of
    # a call's time); PostgreSQL pulls the plain subquery up, so each status's bounded count
    # still reads the status index. Values stay parameters.
    base, base_params = units.order_by().values("pk", "status").query.sql_with_params()
    parts: list[str] = []
    params: list[Any] = []
    for number, name in enumerate(statuses):
        parts.append(
            f"SELECT %s::text, count(*) FROM (SELECT 1 FROM ({base}) AS units_{number}"  # noqa: S608
            f" WHERE units_{number}.status = %s LIMIT %s) AS rows_{number}"
        )
        params += [name, *base_params, name, bound + 1]
    with tenant_connection.cursor() as cursor:
        cursor.execute(" UNION ALL ".join(parts), params)
        found = dict(cursor.fetchall())
    found["all"] = sum(found.values())
    names = [*statuses, "all"]
    counts = {name: min(found.get(name, 0), bound) for name in names}
    capped = [name for name in names if found.get(name, 0) > bound]
    return counts, capped


def unit_page(
    *, session: SubShopScope | None, status: str | None, page: int, page_size: int, **filters: Any
) -> dict[str, Any]:
    units = units_filtered(session=session, **filters)
    counts, capped = unit_status_counts(units)
    if status:
        units = units.filter(status=status)
    ordered = row_values(units).order_by("-id")
    start = (page - 1) * page_size
    tab = status or "all"
    if start + page_size <= COUNT_BOUND:
        # The tab's count is the list's total (counted to the same bound): not counted twice.
        answer: dict[str, Any] = {
            "list": page_rows(ordered, start=start, size=page_size, ids_from=units),
            "total": counts[tab],
            "total_capped": tab in capped,
            "page": page,
            "page_size": page_size,
        }
    else:
        answer = page_of(ordered, page=page, page_size=page_size, counted=units)
    answer["list"] = unit_rows(answer["list"])
    answer["status_counts"] = counts
    answer["status_counts_capped"] = capped
    return answer


def unit_export_count(*, session: SubShopScope | None, status: str | None, **filters: Any) -> int:
    units = units_filtered(session=session, **filters)
    return (units.filter(status=status) if status else units).count()


def unit_export_chunks(
    *, session: SubShopScope | None, status: str | None, chunk: int = 1000, **filters: Any
) -> Iterator[list[dict[str, Any]]]:
    """The list's rows in its order (newest first), a chunk at a time (keyset on the id)."""
    units = units_filtered(session=session, **filters)
    if status:
        units = units.filter(status=status)
    rows = row_values(units).order_by("-id")
    last: int | None = None
    while True:
        batch = list((rows.filter(pk__lt=last) if last else rows)[:chunk])
        if not batch:
            return
        yield unit_rows(batch)
        last = batch[-1]["id"]


def unit_in_scope(session: SubShopScope | None, unit_id: int) -> Unit:
    unit = _with_row_joins(visible_units(session)).filter(pk=unit_id).first()
    if unit is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return unit


# The actions a unit's detail offers, the right each needs, and the reason it is shown off.
UNIT_ACTIONS = (
    ("serial_record", "asset.adjust"),
    ("transfer_send", "asset.transfer"),
    ("restock", "asset.adjust"),
    ("lose", "asset.adjust"),
    ("find", "asset.adjust"),
    ("inspect", "asset.adjust"),
    ("release", "asset.adjust"),
    ("repair_start", "asset.adjust"),
    ("scrap", "asset.adjust"),
)


def unit_actions(unit: Unit, session: Session | None) -> list[dict[str, Any]]:
    answers = []
    for action, right in UNIT_ACTIONS:
        if UNIT_MACHINE.find(str(unit.status), action) is None:
            reason = Text(
                f"「{UnitStatus(unit.status).label}」的设备不能执行此操作",
                f"not allowed for a unit {STATUS_EN[unit.status]}",
            )
        elif session is not None and not session.can(right):
            reason = Text("没有权限", "you are not allowed to")
        else:
            reason = None
        answers.append(
            {"action": action, "allowed": reason is None, "reason_disabled": pick(reason or "")}
        )
    return answers


def unit_detail(*, session: Session | None, unit_id: int) -> dict[str, Any]:
    unit = unit_in_scope(session, unit_id)
    moves = list(UnitMovement.objects.filter(unit_id=unit.pk).order_by("id"))
    order_ids = [m.order_id for m in moves if m.order_id] + (
        [unit.order_id] if unit.order_id else []
    )
    facts = order_facts(order_ids)
    places = sub_shop_names({p for m in moves for p in (m.from_sub_shop_id, m.to_sub_shop_id) if p})
    history = [
        {
            "at": _local(m.at),
            "action": m.action,
            "action_label": pick(ACTION_LABELS.get(m.action, m.action)),
            "from_status": m.from_status,
            "to_status": m.to_status,
            "from_place": place_name(m.from_sub_shop_id, places) if m.from_status else "",
            "to_place": place_name(m.to_sub_shop_id, places),
            "reason": m.reason,
            "order_id": m.order_id,
            "order_no": facts[m.order_id].order_no if m.order_id in facts else None,
            "receipt_id": m.receipt_id,
            "transfer_id": m.transfer_id,
            "actor_name": m.actor_name,
        }
        for m in moves
    ]
    seen: list[int] = []
    for order_id in order_ids:
        if order_id not in seen:
            seen.append(order_id)
    orders = [_order_row(order_id, facts.get(order_id)) for order_id in seen]
    return {
        **unit_row(unit),
        "history": history,
        "orders": orders,
        "actions": unit_actions(unit, session),
        **unit_second_life(unit),
        "earnings": unit_earnings(unit),
    }


def _order_row(order_id: int, fact: OrderFact | None) -> dict[str, Any]:
    return {
        "order_id": order_id,
        "order_no": fact.order_no if fact else None,
        "status": fact.status if fact else None,
        "shipped_at": _local(fact.shipped_at) if fact else None,
        "returned_at": _local(fact.returned_at) if fact else None,
        "paid": money_text(fact.paid) if fact else None,
    }


def ship_check(
    unit: Unit | None, *, code: str, session: SubShopScope | None, order_id: int
) -> dict[str, Any]:
    """Whether a scanned unit may ship for an order: in stock, of the ordered SKU, where the
    order's sub-shop may take it (the warehouse, or that sub-shop). An order not in the
    session's scope (or unknown) answers NOT_FOUND."""
    fact = order_facts([order_id]).get(order_id)
    scope = session.sub_shop_id if session is not None else None
    if fact is None or (scope is not None and fact.sub_shop_id != scope):
        raise ApplicationError(
            ErrorCode.NOT_FOUND,
            data={"fields": {"order_id": [pick(Text("订单不存在", "no such order"))]}},
        )
    # The shipping's own rule (`unit_ship_refusal`), so a scan checked here and the shipment
    # that follows answer the same.
    reason: str | None = None
    if not fact.awaiting_shipment:
        reason = pick(Text("订单当前不能发货", "the order is not awaiting shipment"))
    else:
        refusal = unit_ship_refusal(
            unit,
            code=code,
            sku_id=fact.sku_id,
            sub_shop_id=fact.sub_shop_id,
            grade=fact.fineness or None,
        )
        reason = refusal.message(current_language()) if refusal is not None else None
    return {"ok": reason is None, "reason": reason or ""}


def unit_scan(*, session: Session | None, code: str, order_id: int | None) -> dict[str, Any]:
    """findUnit: the live unit a code names in the session's scope, and with an order,
    whether it may ship for it."""
    unit = unit_find(code, session=session, for_row=True)
    return {
        "unit": unit_row(unit) if unit is not None else None,
        "ship_check": ship_check(unit, code=code, session=session, order_id=order_id)
        if order_id
        else None,
    }


# --- suppliers, receipts, transfers ----------------------------------------------------------


def supplier_row(supplier: Supplier, unit_count: int | None = None) -> dict[str, Any]:
    if unit_count is None:
        unit_count = supplier.units.count()
    return {
        "id": supplier.pk,
        "name": supplier.name,
        "contact": supplier.contact,
        "phone": supplier.phone,
        "note": supplier.note,
        "created_at": _local(supplier.created_at),
        "unit_count": unit_count,
    }


def supplier_page(*, keyword: str, page: int, page_size: int) -> dict[str, Any]:
    suppliers = Supplier.objects.all()
    keyword = keyword.strip()
    if keyword:
        suppliers = suppliers.filter(
            Q(name__icontains=keyword)
            | Q(contact__icontains=keyword)
            | Q(phone__startswith=keyword)
        )
    answer = page_of(suppliers.order_by("-id"), page=page, page_size=page_size)
    counts = dict(
        Unit.objects.filter(supplier_id__in=[s.pk for s in answer["list"]])
        .values("supplier_id")
        .annotate(n=Count("id"))
        .values_list("supplier_id", "n")
    )
    answer["list"] = [supplier_row(s, counts.get(s.pk, 0)) for s in answer["list"]]
    return answer


def receipt_no(receipt: StockReceipt) -> str:
    return f"RK{receipt.receipt_date:%Y%m%d}{receipt.pk:05d}"


def _receipt_totals() -> dict[str, Any]:
    return {
        "expected_total": Sum("lines__expected_quantity"),
        "scanned_total": Sum("lines__received_quantity"),
        "cost_total": Sum(F("lines__expected_quantity") * F("lines__unit_cost")),
    }


def _receipt_row(receipt: Any) -> dict[str, Any]:
    status = receipt.status
    return {
        "id": receipt.pk,
        "receipt_no": receipt_no(receipt),
        "supplier_id": receipt.supplier_id,
        "supplier_name": receipt.supplier.name,
        "receipt_date": receipt.receipt_date,
        "invoice_no": receipt.invoice_no,
        "attachment_path": receipt.attachment_path,
        "status": status,
        "status_label": pick(Text(StockReceipt.Status(status).label, RECEIPT_STATUS_EN[status])),
        "expected": receipt.expected_total or 0,
        "scanned": receipt.scanned_total or 0,
        "total_cost": money_text(receipt.cost_total or Decimal("0")),
        "created_at": _local(receipt.created_at),
    }


def receipt_page(
    *, status: str | None, supplier_id: int | None, page: int, page_size: int
) -> dict[str, Any]:
    receipts = StockReceipt.objects.all()
    if supplier_id is not None:
        receipts = receipts.filter(supplier_id=supplier_id)
    counts = dict(
        receipts.order_by().values("status").annotate(n=Count("id")).values_list("status", "n")
    )
    status_counts = {s.value: counts.get(s.value, 0) for s in StockReceipt.Status}
    status_counts["all"] = sum(status_counts.values())
    if status:
        receipts = receipts.filter(status=status)
    answer = page_of(
        receipts.select_related("supplier").annotate(**_receipt_totals()).order_by("-id"),
        page=page,
        page_size=page_size,
        counted=receipts,
    )
    answer["list"] = [_receipt_row(r) for r in answer["list"]]
    answer["status_counts"] = status_counts
    return answer


def receipt_line_row(line: StockReceiptLine, skus: Mapping[int, Any]) -> dict[str, Any]:
    sku = skus.get(line.sku_id)
    return {
        "id": line.pk,
        "sku_id": line.sku_id,
        "sku_name": sku.sku_name if sku else f"#{line.sku_id}",
        "goods_name": sku.goods_name if sku else "",
        "expected_quantity": line.expected_quantity,
        "received_quantity": line.received_quantity,
        "unit_cost": money_text(line.unit_cost),
        "fineness": line.fineness,
    }


def receipt_detail(*, receipt_id: int) -> dict[str, Any]:
    receipt = (
        StockReceipt.objects.select_related("supplier")
        .annotate(**_receipt_totals())
        .filter(pk=receipt_id)
        .first()
    )
    if receipt is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    lines = list(receipt.lines.order_by("id"))
    skus = sku_labels({line.sku_id for line in lines})
    units = list(
        row_values(Unit.objects.filter(receipt_line__receipt_id=receipt.pk)).order_by("-id")
    )
    return {
        **_receipt_row(receipt),
        "lines": [receipt_line_row(line, skus) for line in lines],
        "units": unit_rows(units),
    }


def receipt_line_progress(line_id: int) -> dict[str, Any]:
    line = StockReceiptLine.objects.get(pk=line_id)
    progress = receipt_progress(line.receipt_id)
    return {
        "line": receipt_line_row(line, sku_labels({line.sku_id})),
        "expected": progress["expected"],
        "scanned": progress["scanned"],
    }


def _transfer_row(transfer: Any, places: Mapping[int, tuple[str, bool]]) -> dict[str, Any]:
    status = transfer.status
    return {
        "id": transfer.pk,
        "from_sub_shop_id": transfer.from_sub_shop_id,
        "from_name": place_name(transfer.from_sub_shop_id, places),
        "to_sub_shop_id": transfer.to_sub_shop_id,
        "to_name": place_name(transfer.to_sub_shop_id, places),
        "status": status,
        "status_label": pick(Text(StockTransfer.Status(status).label, TRANSFER_STATUS_EN[status])),
        "unit_count": transfer.unit_count,
        "received_count": transfer.received_count,
        "sent_at": _local(transfer.sent_at),
        "received_at": _local(transfer.received_at),
        "sent_by": transfer.sent_by_name,
        "received_by": transfer.received_by_name,
    }


def _with_unit_count(transfers: QuerySet[StockTransfer]) -> QuerySet[StockTransfer]:
    return transfers.annotate(
        unit_count=Count("movements", filter=Q(movements__action="transfer_send")),
        received_count=Count("movements", filter=Q(movements__action="transfer_receive")),
    )


def _places_of(transfers: Sequence[StockTransfer]) -> dict[int, tuple[str, bool]]:
    return sub_shop_names(
        {p for t in transfers for p in (t.from_sub_shop_id, t.to_sub_shop_id) if p}
    )


def transfer_page(
    *, session: SubShopScope | None, status: str | None, page: int, page_size: int
) -> dict[str, Any]:
    transfers = visible_transfers(session)
    counts = dict(
        transfers.order_by().values("status").annotate(n=Count("id")).values_list("status", "n")
    )
    status_counts = {s.value: counts.get(s.value, 0) for s in StockTransfer.Status}
    status_counts["all"] = sum(status_counts.values())
    if status:
        transfers = transfers.filter(status=status)
    answer = page_of(
        _with_unit_count(transfers).order_by("-id"),
        page=page,
        page_size=page_size,
        counted=transfers,
    )
    places = _places_of(answer["list"])
    answer["list"] = [_transfer_row(t, places) for t in answer["list"]]
    answer["status_counts"] = status_counts
    return answer


def transfer_detail(*, session: SubShopScope | None, transfer_id: int) -> dict[str, Any]:
    transfer = _with_unit_count(visible_transfers(session)).filter(pk=transfer_id).first()
    if transfer is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    # Its units wherever they are now: a transfer the session sees shows all it carried.
    ids = UnitMovement.objects.filter(transfer=transfer, action="transfer_send").values("unit_id")
    units = list(row_values(Unit.objects.filter(pk__in=ids)).order_by("-id"))
    return {**_transfer_row(transfer, _places_of([transfer])), "units": unit_rows(units)}


def units_of_ids(session: SubShopScope | None, unit_ids: Sequence[int]) -> list[Unit]:
    """These units in the session's scope, in the order asked; any other id: NOT_FOUND."""
    wanted = list(dict.fromkeys(unit_ids))
    found = {u.pk: u for u in visible_units(session).filter(pk__in=wanted)}
    missing = [i for i in wanted if i not in found]
    if missing:
        raise ApplicationError(ErrorCode.NOT_FOUND, data={"unit_ids": missing})
    return [found[i] for i in wanted]
