"""The platform's reads of every merchant's orders, from the index (no merchant schema is
visited for a list or a count)."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db.models import Count, Q, QuerySet

from tenants.catalog.selectors import money
from tenants.merchants.models import Merchant
from zulin.core.crypto import lookup_hash
from zulin.core.dates import on_days
from zulin.core.numbers import id_from_text
from zulin.core.pagination import page_of

from .models import OrderIndex
from .rules import ORDER_TODOS, STAGES, STATUS_LABELS

LIST_COLUMNS = (
    "id",
    "merchant_id",
    "order_id",
    "order_no",
    "kind",
    "status",
    "stage",
    "customer_name",
    "customer_phone",
    "goods_id",
    "goods_title",
    "goods_picture",
    "sku_specs",
    "term",
    "term_unit",
    "rent",
    "total_rent",
    "sale_price",
    "deposit",
    "channel",
    "sub_shop_id",
    "has_open_after_sale",
    "overdue_since",
    "owed_amount",
    "created_at",
)


def platform_orders(
    *,
    kind: str | None,
    merchant_id: int | None = None,
    stage: str | None = None,
    status: str | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
    goods: str = "",
    phone: str = "",
    order_no: str = "",
    channel: str = "",
    oldest_first: bool = False,
    todo: str | None = None,
) -> QuerySet[OrderIndex]:
    """The index rows a platform list shows; a to-do (`ORDER_TODOS`) spans both kinds."""
    queryset = OrderIndex.objects.filter(is_deleted=False)
    if todo:
        todo_stage, todo_statuses = ORDER_TODOS[todo]
        queryset = queryset.filter(stage=todo_stage)
        if todo_statuses:
            queryset = queryset.filter(status__in=todo_statuses)
    elif kind:
        queryset = queryset.filter(kind=kind)
    if merchant_id:
        queryset = queryset.filter(merchant_id=merchant_id)
    if stage:
        queryset = queryset.filter(stage=stage)
    if status:
        queryset = queryset.filter(status=status)
    queryset = on_days(queryset, date_from, date_to)
    goods = goods.strip()
    if goods:
        goods_id = id_from_text(goods)
        queryset = queryset.filter(
            Q(goods_title__icontains=goods) | (Q(goods_id=goods_id) if goods_id else Q(pk__in=[]))
        )
    if phone.strip():
        queryset = queryset.filter(
            customer_phone_hash=lookup_hash(phone.strip(), context="customer.phone")
        )
    if order_no.strip():
        queryset = queryset.filter(order_no=order_no.strip().upper())
    if channel.strip():
        queryset = queryset.filter(channel=channel.strip())
    if oldest_first:
        return queryset.order_by("created_at", "id")
    return queryset.order_by("-created_at", "-id")


def platform_order_rows(rows: list[OrderIndex]) -> list[dict[str, Any]]:
    names = dict(
        Merchant.objects.filter(pk__in={r.merchant_id for r in rows}).values_list("pk", "name")
    )
    return [
        {
            "id": r.order_id,
            "order_no": r.order_no,
            "kind": r.kind,
            "status": r.status,
            "status_name": STATUS_LABELS.get(r.status, r.status),
            "stage": r.stage,
            "customer_name": r.customer_name,
            "customer_phone": r.customer_phone,
            "goods_id": r.goods_id,
            "goods_title": r.goods_title,
            "goods_picture": r.goods_picture,
            "sku_specs": r.sku_specs,
            "term": r.term,
            "term_unit": r.term_unit,
            "rent": money(r.rent),
            "total_rent": money(r.total_rent),
            "sale_price": money(r.sale_price),
            "deposit": money(r.deposit),
            "channel": r.channel,
            "sub_shop_id": r.sub_shop_id,
            "sub_shop_name": "",
            "has_open_after_sale": r.has_open_after_sale,
            "overdue_since": r.overdue_since,
            "owed_amount": money(r.owed_amount),
            "created_at": r.created_at,
            "merchant_id": r.merchant_id,
            "merchant_name": names.get(r.merchant_id, ""),
        }
        for r in rows
    ]


def platform_order_page(*, page: int, page_size: int, **filters: Any) -> dict[str, Any]:
    queryset = platform_orders(**filters).only(*LIST_COLUMNS)
    answer = page_of(queryset, page=page, page_size=page_size)
    answer["list"] = platform_order_rows(answer["list"])
    return answer


def platform_stage_counts(**filters: Any) -> dict[str, int]:
    """Index rows per stage (the tabs) with the list's filters but the stage, the status and
    the to-do (a stage's own), and `all`."""
    queryset = platform_orders(**filters).order_by()
    counts = dict(queryset.values("stage").annotate(n=Count("id")).values_list("stage", "n"))
    answer = {stage: counts.get(stage, 0) for stage in STAGES}
    answer["all"] = sum(counts.values())
    return answer


def platform_order_merchant(*, merchant_id: int, order_id: int) -> Merchant | None:
    """The merchant of an indexed order, if the platform's index knows it."""
    row = (
        OrderIndex.objects.filter(merchant_id=merchant_id, order_id=order_id)
        .select_related("merchant")
        .first()
    )
    return row.merchant if row is not None else None
