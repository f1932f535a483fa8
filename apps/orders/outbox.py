"""The events an order's changes write into the outbox (docs/webhooks.md), in the
transaction of the change: `order.created`, `order.status_changed` (every guarded move,
through `moves.order_move`) and `order.shipped`."""

from __future__ import annotations

from typing import Any

from zulin.outbox.services import event_emit

from .models import Order


def order_object(order: Order) -> dict[str, Any]:
    """The order as a receiver sees it: its number, kind, status and stage, the amounts it
    was placed with, its sub-shop and when its status last changed."""
    return {
        "id": order.pk,
        "order_no": order.order_no,
        "kind": order.kind,
        "status": order.status,
        "stage": order.stage,
        "sub_shop_id": order.sub_shop_id,
        "goods_id": order.goods_id,
        "term": order.term,
        "term_unit": order.term_unit,
        "rent": f"{order.rent:.2f}",
        "total_rent": f"{order.total_rent:.2f}",
        "deposit": f"{order.deposit:.2f}",
        "created_at": order.created_at,
        "status_changed_at": order.status_changed_at,
    }


def order_event(order: Order, type: str, **extra: Any) -> None:
    event_emit(
        type,
        object_type="order",
        object_id=order.pk,
        data={**order_object(order), **extra},
    )
