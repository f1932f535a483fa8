"""The shipments list as an Excel export (kind `shipments`): the same filters, rows and
order as shipmentList. Registered when the app is ready."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from zulin.core.sides import PlatformType
from zulin.exports.registry import Column, ExportScope, register_exporter

from .models import Shipment
from .waybill_schemas import ShipmentListIn
from .waybill_selectors import shipments_visible

COLUMNS = (
    Column("order_no", "订单号", "Order no.", 22),
    Column("direction", "方向", "Direction", 10),
    Column("status", "状态", "Status", 10),
    Column("company_code", "快递公司", "Carrier", 10),
    Column("tracking_no", "运单号", "Waybill no.", 18),
    Column("device_serial", "序列号", "Serial", 18),
    Column("freight", "运费（元）", "Freight (CNY)", 12),
    Column("shipped_at", "发出时间", "Sent", 20),
    Column("delivered_at", "签收时间", "Delivered", 20),
    Column("created_at", "创建时间", "Created", 20),
)
CHUNK = 500


def _cells(row: Shipment, english: bool) -> dict[str, Any]:
    return {
        "order_no": row.order.order_no,
        "direction": row.direction if english else Shipment.Direction(row.direction).label,
        "status": row.status if english else Shipment.Status(row.status).label,
        "company_code": row.company_code,
        "tracking_no": row.tracking_no,
        "device_serial": row.device_serial,
        "freight": row.freight,
        "shipped_at": row.shipped_at,
        "delivered_at": row.delivered_at,
        "created_at": row.created_at,
    }


def shipment_exporter_register() -> None:
    def count(payload: ShipmentListIn, scope: ExportScope) -> int:
        return shipments_visible(None, payload, sub_shop_id=scope.sub_shop_id).count()

    def rows(payload: ShipmentListIn, scope: ExportScope) -> Iterator[list[dict[str, Any]]]:
        queryset = shipments_visible(None, payload, sub_shop_id=scope.sub_shop_id)
        english = scope.language == "en"
        chunk: list[dict[str, Any]] = []
        for row in queryset.iterator(chunk_size=CHUNK):
            chunk.append(_cells(row, english))
            if len(chunk) == CHUNK:
                yield chunk
                chunk = []
        if chunk:
            yield chunk

    register_exporter(
        kind="shipments",
        columns=COLUMNS,
        rows_fn=rows,
        count_fn=count,
        title_zh="发货单",
        title_en="Shipments",
        action="order.view",
        filters=ShipmentListIn,
        sides=(PlatformType.STORE,),
    )
