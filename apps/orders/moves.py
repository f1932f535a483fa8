"""How an order changes: one status move through the state-change helper (with the list
stage and the platform's index refreshed in the same transaction), and the unwinding of an
order that ends before its lease ran."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.utils import timezone

from zulin.audit.state import transition_locked
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode

from . import events, machine
from .models import AfterSale, Order
from .outbox import after_sale_event, order_event
from .projection import order_project


def order_refresh(order: Order) -> None:
    """The list stage and the platform's index after any change of the order (inside the
    change's transaction)."""
    order.stage = machine.stage_of(order)
    order.save()
    order_project(order)


def order_move(
    order: Order,
    *,
    action: str,
    actor: Session | None,
    reason: str = "",
    change: Callable[[Order], dict[str, Any] | None] | None = None,
    allow_after_sale: bool = False,
) -> Order:
    """One status move of a locked order. While an after-sale business is open the order
    takes no other move (`allow_after_sale` is for the after-sale business's own moves)."""
    if order.has_open_after_sale and not allow_after_sale:
        raise ApplicationError(ErrorCode.AFTER_SALE_OPEN)

    def apply(row: Order) -> dict[str, Any] | None:
        extra = change(row) if change else None
        row.status_changed_at = timezone.now()
        row.stage = machine.stage_of(row)
        return {**(extra or {}), "stage": row.stage}

    with transaction.atomic():
        before = order.status
        transition_locked(
            machine.machine_for(order),
            row=order,
            action=action,
            actor=actor,
            reason=reason,
            change=apply,
        )
        order_project(order)
        order_event(order, "order.status_changed", previous_status=before, action=action)
        if action == "ship":
            order_event(order, "order.shipped")
    return order


def order_unwind(order: Order, *, actor: Session | None, reason: str) -> None:
    """An order ends without a deal (cancelled, refused, refunded, closed; the order moved
    and locked): billing closes or awaits every settlement in flight at the provider,
    cancels the bills still owed, gives back what the customer paid and thaws the deposit
    once nothing is in flight (docs/money.md, "Ending an order without a deal")."""
    events.ORDER_CANCELLED.publish(order, actor=actor, reason=reason)
    business = AfterSale.objects.filter(
        order=order, status__in=[AfterSale.Status.OPEN, AfterSale.Status.APPROVED]
    ).first()
    if business is not None:
        business.status, business.finished_at = AfterSale.Status.CANCELLED, timezone.now()
        business.save()
        after_sale_event(business, order, "cancel")
        if order.has_open_after_sale:
            order.has_open_after_sale = False
            order_refresh(order)
