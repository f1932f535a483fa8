"""The units list as an Excel export (kind `units`): getUnitList's filters, rows, order and
sub-shop scope, registered when the app is ready."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from zulin.core.i18n import use_language
from zulin.core.sides import PlatformType
from zulin.exports.registry import Column, ExportScope, register_exporter

from . import schemas, selectors

COLUMNS = (
    Column("id", "设备ID", "Unit ID", 10),
    Column("goods_name", "商品", "Goods", 30),
    Column("sku_name", "规格", "SKU", 20),
    Column("serial_number", "序列号", "Serial number", 22),
    Column("imei1", "IMEI1", "IMEI 1", 18),
    Column("imei2", "IMEI2", "IMEI 2", 18),
    Column("meid", "MEID", "MEID", 16),
    Column("grade_label", "成色", "Grade", 10),
    Column("status_label", "状态", "Status", 12),
    Column("place_name", "所在地", "Place", 16),
    Column("cost", "成本（元）", "Cost (CNY)", 12),
    Column("supplier_name", "供应商", "Supplier", 20),
    Column("acquired_at", "入库时间", "Acquired", 20),
    Column("order_no", "订单号", "Order number", 22),
    Column("updated_at", "更新时间", "Updated", 20),
)


def _filters(filters: schemas.UnitFiltersIn) -> dict[str, Any]:
    return filters.model_dump()


def _count(filters: schemas.UnitFiltersIn, scope: ExportScope) -> int:
    return selectors.unit_export_count(session=scope, **_filters(filters))


def _cells(row: dict[str, Any]) -> dict[str, Any]:
    # A number in the sheet (the API's money strings would not add up in Excel).
    return {**row, "cost": None if row["cost"] is None else Decimal(row["cost"])}


def _rows(filters: schemas.UnitFiltersIn, scope: ExportScope) -> Iterator[list[dict[str, Any]]]:
    with use_language(scope.language):
        for chunk in selectors.unit_export_chunks(session=scope, **_filters(filters)):
            yield [_cells(row) for row in chunk]


def units_exporter_register() -> None:
    register_exporter(
        kind="units",
        columns=COLUMNS,
        rows_fn=_rows,
        count_fn=_count,
        title_zh="设备列表",
        title_en="Devices",
        action="asset.view",
        filters=schemas.UnitFiltersIn,
        sides=(PlatformType.STORE,),
    )
