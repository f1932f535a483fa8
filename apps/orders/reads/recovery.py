"""What recovery reads of an order: its stage and facts for the case list and page."""

from __future__ import annotations

from typing import Any

from django.db.models import Subquery

from tenants.orders.rules import STATUS_LABELS
from zulin.core.crypto import mask_name, mask_phone

from ..models import (
    Order,
)


def recovery_list_facts(order_ids: list[int]) -> dict[int, dict[str, str]]:
    """What a recovery list's row shows of its order: the customer masked and the goods."""
    rows = Order.objects.filter(pk__in=order_ids).values_list(
        "pk", "customer__name", "customer__phone", "goods_title"
    )
    return {
        pk: {
            "customer_name": mask_name(name),
            "customer_phone": mask_phone(phone),
            "goods_title": title,
        }
        for pk, name, phone, title in rows
    }


def order_stage_of(order_id: Any) -> Subquery:
    """The stage (the order list's tab) of the order `order_id` names (an `OuterRef` of
    another app's query): recovery counts its cases by the list their orders are in."""
    return Subquery(Order.objects.filter(pk=order_id).values("stage")[:1])


def recovery_order_facts(order_ids: Any) -> dict[int, dict[str, Any]]:
    """What a recovery case keeps and shows of its orders: number, sub-shop, the customer
    (masked, with the ID number's lookup hash), the goods, status and stage, and whether the
    order was deleted. `order_ids`: a list or a subquery."""
    rows = Order.objects.filter(pk__in=order_ids).values(
        "pk",
        "order_no",
        "kind",
        "sub_shop_id",
        "customer_id",
        "customer__id_number_hash",
        "customer__name",
        "customer__phone",
        "goods_title",
        "status",
        "stage",
        "is_deleted",
        "lease_start",
        "lease_end",
        "term",
        "rent",
    )
    return {
        row["pk"]: {
            "order_id": row["pk"],
            "order_no": row["order_no"],
            "kind": row["kind"],
            "sub_shop_id": row["sub_shop_id"],
            "customer_id": row["customer_id"],
            "customer_hash": row["customer__id_number_hash"],
            "customer_name": mask_name(row["customer__name"]),
            "customer_phone": mask_phone(row["customer__phone"]),
            "goods_title": row["goods_title"],
            "status": row["status"],
            "status_name": STATUS_LABELS.get(row["status"], row["status"]),
            "stage": row["stage"],
            "is_deleted": row["is_deleted"],
            "lease_start": row["lease_start"],
            "lease_end": row["lease_end"],
            "term": row["term"],
            "rent": row["rent"],
        }
        for row in rows
    }
