"""The events an order's changes write into the outbox (docs/webhooks.md), in the
transaction of the change: `order.created`, `order.status_changed` (every guarded move,
through `moves.order_move`), `order.shipped`, and `after_sale.changed` (a business opened,
decided, its goods received or inspected, or cancelled with its order)."""

from __future__ import annotations

from typing import Any

from zulin.outbox.services import event_emit

from .models import AfterSale, Order


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


def after_sale_event(business: AfterSale, order: Order, action: str) -> None:
    """`after_sale.changed`: the business as it stands after `action` (`open`, `approve`,
    `reject`, `receive`, `inspect`, `cancel`)."""
    event_emit(
        "after_sale.changed",
        object_type="after_sale",
        object_id=business.pk,
        data={
            "id": business.pk,
            "order_id": order.pk,
            "order_no": order.order_no,
            "kind": business.kind,
            "status": business.status,
            "started_by": business.started_by,
            "reason": business.reason,
            "reject_reason": business.reject_reason,
            "extra_term": business.extra_term,
            "amount": f"{business.amount:.2f}",
            "damage_amount": f"{business.damage_amount:.2f}",
            "received_on": business.received_on,
            "created_at": business.created_at,
            "finished_at": business.finished_at,
            "action": action,
        },
    )
