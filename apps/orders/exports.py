"""The order lists as Excel exports (kinds `lease_orders` and `purchase_orders`): the same
filters, rows and order as backendOrderList / ecommerceOrderList. Customers' names and
phones stay masked in the sheet, as on the screen. Registered when the app is ready."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from django.db.models import Q, QuerySet

from tenants.orders.rules import STATUS_LABELS, OrderStage
from zulin.core.sides import PlatformType
from zulin.exports.registry import Column, ExportScope, register_exporter

from . import selectors
from .models import Order
from .schemas import OrderFiltersIn

COLUMNS = (
    Column("order_no", "订单号", "Order no.", 22),
    Column("status_name", "状态", "Status", 12),
    Column("stage", "列表", "List", 10),
    Column("customer_name", "客户", "Customer", 10),
    Column("customer_phone", "手机号", "Phone", 14),
    Column("goods_title", "商品", "Goods", 32),
    Column("sku_specs", "规格", "Specs", 20),
    Column("term", "租期", "Term", 8),
    Column("rent", "租金（元）", "Rent (CNY)", 12),
    Column("total_rent", "总租金（元）", "Total rent (CNY)", 14),
    Column("sale_price", "售价（元）", "Price (CNY)", 12),
    Column("deposit", "押金（元）", "Deposit (CNY)", 12),
    Column("deposit_waived", "免押（元）", "Deposit waived (CNY)", 14),
    Column("risk_grade", "风控等级", "Risk grade", 10),
    Column("channel", "渠道", "Channel", 10),
    Column("sub_shop_name", "子店", "Sub-shop", 16),
    Column("salesman_name", "业务员", "Salesman", 12),
    Column("created_at", "下单时间", "Placed", 20),
)

STAGE_ZH = {stage.value: stage.label for stage in OrderStage}
MONEY = ("rent", "total_rent", "sale_price", "deposit", "deposit_waived")


def _cells(row: dict[str, Any], language: str) -> dict[str, Any]:
    english = language == "en"
    return {
        **row,
        "status_name": row["status"].replace("_", " ") if english else STATUS_LABELS[row["status"]],
        "stage": row["stage"].replace("_", " ") if english else STAGE_ZH[row["stage"]],
        "term": f"{row['term']} {row['term_unit']}" if row["term"] else "",
        # Numbers in the sheet (the API's money strings would not add up in Excel).
        **{key: None if row[key] is None else Decimal(row[key]) for key in MONEY},
    }


def _register(kind: str, order_kind: str, title_zh: str, title_en: str) -> None:
    def count(payload: OrderFiltersIn, scope: ExportScope) -> int:
        return order_export_queryset(
            sub_shop_id=scope.sub_shop_id,
            kind=order_kind,
            filters=selectors.OrderFilters.of(payload),
        ).count()

    def rows(payload: OrderFiltersIn, scope: ExportScope) -> Iterator[list[dict[str, Any]]]:
        for chunk in order_export_chunks(
            sub_shop_id=scope.sub_shop_id,
            kind=order_kind,
            filters=selectors.OrderFilters.of(payload),
        ):
            yield [_cells(row, scope.language) for row in chunk]

    register_exporter(
        kind=kind,
        columns=COLUMNS,
        rows_fn=rows,
        count_fn=count,
        title_zh=title_zh,
        title_en=title_en,
        action="order.view",
        filters=OrderFiltersIn,
        sides=(PlatformType.STORE,),
    )


def order_export_queryset(
    *, sub_shop_id: int | None, kind: str, filters: selectors.OrderFilters
) -> QuerySet[Order]:
    """What an export of the list holds: every order of the kind and filters the list would
    show an `order.view` session, narrowed to the sub-shop of a sub-shop's session; the
    orders of a restricted customer (apps.privacy) are left out."""
    queryset = selectors.filtered_orders(None, kind, filters).filter(customer__restricted=False)
    if sub_shop_id is not None:
        queryset = queryset.filter(sub_shop_id=sub_shop_id)
    return queryset


def order_export_chunks(
    *, sub_shop_id: int | None, kind: str, filters: selectors.OrderFilters, chunk_size: int = 1000
) -> Iterator[list[dict[str, Any]]]:
    """The export's rows in list order, one chunk at a time, each read after the last one's
    placing time and id (no OFFSET grows; memory stays flat)."""
    queryset = order_export_queryset(sub_shop_id=sub_shop_id, kind=kind, filters=filters).values(
        *selectors.LIST_COLUMNS
    )
    after: dict[str, Any] | None = None
    while True:
        chunk_query = queryset
        if after is not None:
            later = "gt" if filters.oldest_first else "lt"
            chunk_query = queryset.filter(
                Q(**{f"created_at__{later}": after["created_at"]})
                | Q(created_at=after["created_at"], **{f"id__{later}": after["id"]})
            )
        chunk = list(chunk_query[:chunk_size])
        if not chunk:
            return
        yield selectors.order_rows(chunk)
        after = chunk[-1]


def order_exporters_register() -> None:
    _register("lease_orders", "lease", "租赁订单", "Lease orders")
    _register("purchase_orders", "purchase", "购买订单", "Purchase orders")
