"""The units list as an Excel export (kind `units`): getUnitList's filters, rows, order and
sub-shop scope, registered when the app is ready."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from zulin.core.i18n import use_language
from zulin.core.sides import PlatformType
from zulin.exports.registry import Column, ExportScope, register_exporter

from . import report, schemas, selectors

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


REPORT_COLUMNS = (
    Column("name", "分组", "Group", 30),
    Column("units", "台数", "Units", 8),
    Column("in_stock", "在库", "In stock", 8),
    Column("out", "在客户处", "With customers", 10),
    Column("second_life", "检测/隔离/维修", "Inspection/quarantine/repair", 12),
    Column("gone", "已售/报废/丢失", "Sold/scrapped/lost", 12),
    Column("grades", "成色", "Grades", 24),
    Column("idle", "闲置", "Idle", 8),
    Column("in_recovery", "催收中在外", "Out in recovery", 10),
    Column("utilisation", "出租率%", "Utilisation %", 10),
    Column("average_payback", "平均回本%", "Average payback %", 12),
    Column("paid_back", "已回本台数", "Paid back", 10),
    Column("average_days_to_pay_back", "平均回本天数", "Average days to pay back", 12),
    Column("cost_basis", "成本（元）", "Cost basis (CNY)", 14),
    Column("collected", "累计收款（元）", "Collected (CNY)", 14),
    Column("repair_spend", "维修花费（元）", "Repair spend (CNY)", 14),
    Column("book_value", "账面价值（元）", "Book value (CNY)", 14),
)
_REPORT_MONEY = ("cost_basis", "collected", "repair_spend", "book_value")
_REPORT_PERCENT = ("utilisation", "average_payback")


def _report_cells(row: dict[str, Any]) -> dict[str, Any]:
    cells = {**row}
    for key in _REPORT_MONEY:
        cells[key] = Decimal(row[key])
    for key in _REPORT_PERCENT:
        cells[key] = None if row[key] is None else Decimal(row[key])
    return cells


def _report_count(filters: schemas.AssetReportIn, scope: ExportScope) -> int:
    return report.report_row_count(session=scope, **filters.model_dump())


def _report_rows(
    filters: schemas.AssetReportIn, scope: ExportScope
) -> Iterator[list[dict[str, Any]]]:
    with use_language(scope.language):
        for chunk in report.report_export_rows(session=scope, **filters.model_dump()):
            yield [_report_cells(row) for row in chunk]


def asset_report_exporter_register() -> None:
    register_exporter(
        kind="asset_report",
        columns=REPORT_COLUMNS,
        rows_fn=_report_rows,
        count_fn=_report_count,
        title_zh="资产报表",
        title_en="Asset report",
        action="asset.view",
        filters=schemas.AssetReportIn,
        sides=(PlatformType.STORE,),
    )
