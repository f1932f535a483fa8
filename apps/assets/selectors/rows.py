"""What the calls answer of a unit (apps/assets/api.py): the status and place labels and a
unit's list row, read as plain values joined in one statement."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from apps.goods.selectors import fineness_name, sku_labels
from apps.subshops.selectors import sub_shop_names
from zulin.core.i18n import Text, pick

from ..models import (
    Unit,
    UnitStatus,
)
from ..order_facts import OrderFact, order_facts

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


def row_of_unit(unit: Unit) -> dict[str, Any]:
    """One unit already read (its supplier and receipt line joined: `_with_row_joins`) as
    `row_values` answers it."""
    values = {name: getattr(unit, name) for name in ROW_FIELDS if "__" not in name}
    values["supplier__name"] = unit.supplier.name if unit.supplier else None
    values["receipt_line__receipt_id"] = unit.receipt_line.receipt_id if unit.receipt_line else None
    return values


def unit_row(unit: Unit) -> dict[str, Any]:
    """One unit already read (its supplier and receipt line joined) as its list row."""
    return unit_rows([row_of_unit(unit)])[0]


def unit_rows(
    units: Sequence[Mapping[str, Any]],
    *,
    places: Mapping[int, tuple[str, bool]] | None = None,
    orders: Mapping[int, OrderFact] | None = None,
) -> list[dict[str, Any]]:
    """Units (`row_values`) as lists answer them (getUnitList's row): SKU, place, supplier
    and order named, each read once for the page (`places`, `orders`: read already)."""
    skus = sku_labels({unit["sku_id"] for unit in units})
    if places is None:
        places = sub_shop_names({unit["sub_shop_id"] for unit in units if unit["sub_shop_id"]})
    if orders is None:
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
