"""The events an order's changes write into the outbox (docs/webhooks.md), in the
transaction of the change: `order.created`, `order.status_changed` (every guarded move,
through `moves.order_move`), `order.shipped`, and `after_sale.changed` (a business opened,
decided, its goods received or inspected, or cancelled with its order)."""

from __future__ import annotations

from typing import Any

from zulin.outbox.services import row_event

from .models import AfterSale, Order

ORDER_FIELDS = (
    "id order_no kind status stage sub_shop_id goods_id term term_unit rent total_rent deposit"
    " created_at status_changed_at"
)
AFTER_SALE_FIELDS = (
    "id kind status started_by reason reject_reason extra_term amount damage_amount received_on"
    " created_at finished_at"
)


def order_event(order: Order, type: str, **extra: Any) -> None:
    """The order as a receiver sees it: its number, kind, status and stage, the amounts it
    was placed with, its sub-shop and when its status last changed; with `extra`."""
    row_event(type, order, ORDER_FIELDS, object_type="order", **extra)


def after_sale_event(business: AfterSale, order: Order, action: str) -> None:
    """`after_sale.changed`: the business as it stands after `action` (`open`, `approve`,
    `reject`, `receive`, `inspect`, `cancel`)."""
    row_event(
        "after_sale.changed",
        business,
        AFTER_SALE_FIELDS,
        object_type="after_sale",
        order_id=order.pk,
        order_no=order.order_no,
        action=action,
    )
