"""The goods list as an Excel export (kind `goods`): the same filters, rows and sub-shop
scope as goodsList, registered when the app is ready."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from zulin.core.sides import PlatformType
from zulin.exports.registry import Column, ExportScope, register_exporter

from . import rules, schemas, selectors
from .models import Fineness, GoodsStatus

COLUMNS = (
    Column("id", "商品ID", "Goods ID", 10),
    Column("title", "商品名称", "Title", 40),
    Column("category_name", "分类", "Category", 16),
    Column("brand", "品牌", "Brand", 14),
    Column("fineness", "成色", "Condition", 10),
    Column("status", "状态", "Status", 10),
    Column("min_rent", "最低租金（元）", "Lowest rent (CNY)", 16),
    Column("total_stock", "总库存", "Stock", 10),
    Column("sku_count", "规格数", "SKUs", 8),
    Column("force_down", "平台强制下架", "Taken down by the platform", 14),
    Column("sort", "排序", "Sort", 8),
    Column("updated_at", "更新时间", "Updated", 20),
)

FINENESS_ZH = {choice.value: choice.label for choice in Fineness}
STATUS_ZH = {status.value: status.label for status in GoodsStatus}


def _cells(row: dict[str, Any], language: str) -> dict[str, Any]:
    english = language == "en"
    return {
        **row,
        "fineness": (rules.FINENESS_EN if english else FINENESS_ZH).get(row["fineness"], ""),
        "status": row["status"].replace("_", " ") if english else STATUS_ZH[row["status"]],
        # A number in the sheet (the API's money strings would not add up in Excel).
        "min_rent": None if row["min_rent"] is None else Decimal(row["min_rent"]),
        "force_down": ("yes" if english else "是") if row["force_down"] else "",
    }


def _count(filters: schemas.GoodsFiltersIn, scope: ExportScope) -> int:
    return selectors.goods_export_count(
        scope=scope, status=filters.status, category_id=filters.category_id, keyword=filters.keyword
    )


def _rows(filters: schemas.GoodsFiltersIn, scope: ExportScope) -> Iterator[list[dict[str, Any]]]:
    for chunk in selectors.goods_export_chunks(
        scope=scope, status=filters.status, category_id=filters.category_id, keyword=filters.keyword
    ):
        yield [_cells(row, scope.language) for row in chunk]


def goods_exporter_register() -> None:
    register_exporter(
        kind="goods",
        columns=COLUMNS,
        rows_fn=_rows,
        count_fn=_count,
        title_zh="商品列表",
        title_en="Goods",
        action="goods.view",
        filters=schemas.GoodsFiltersIn,
        sides=(PlatformType.STORE,),
    )
