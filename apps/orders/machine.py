"""The allowed moves of an order's status (through `zulin.audit.state`), one table per kind,
and the five list stages derived from an order (docs/orders.md)."""

from __future__ import annotations

from datetime import date

from django.utils import timezone

from zulin.audit.state import Machine, move
from zulin.money.stages import list_stage

from .models import Order, OrderKind, OrderStage, OrderStatus

S = OrderStatus
AWAITING_AUDIT, REFUSED = S.AWAITING_AUDIT.value, S.REFUSED.value
AWAITING_SIGNING, AWAITING_PAYMENT = S.AWAITING_SIGNING.value, S.AWAITING_PAYMENT.value
PAID, AWAITING_SHIPMENT = S.PAID.value, S.AWAITING_SHIPMENT.value
SHIPPED, IN_LEASE = S.SHIPPED.value, S.IN_LEASE.value
RETURNING, INSPECTING = S.RETURNING.value, S.INSPECTING.value
COMPLETED, BOUGHT_OUT = S.COMPLETED.value, S.BOUGHT_OUT.value
CANCELLED, REFUNDED, CLOSED = S.CANCELLED.value, S.REFUNDED.value, S.CLOSED.value

LABELS = {status.value: (status.label, status.value.replace("_", " ")) for status in OrderStatus}

# Never a deal (regular), a deal running (dealing), ended (finished).
NOT_YET_DEAL = frozenset({AWAITING_AUDIT, AWAITING_SIGNING, AWAITING_PAYMENT})
NEVER_DEAL = frozenset({REFUSED, CANCELLED})
DEAL_RUNNING = frozenset({PAID, AWAITING_SHIPMENT, SHIPPED, IN_LEASE, RETURNING, INSPECTING})
ENDED = frozenset({COMPLETED, BOUGHT_OUT, REFUNDED, CLOSED})
FINAL = NEVER_DEAL | ENDED
# Ended with the goods delivered: what is still owed then is owed after the lease (`owing`).
MAY_OWE_AFTER = frozenset({COMPLETED, BOUGHT_OUT})
# deleteOrders: only orders that never became a deal or ended without goods out.
DELETABLE = frozenset({REFUSED, CANCELLED, REFUNDED, CLOSED})
OPEN = NOT_YET_DEAL | DEAL_RUNNING
# Ended without a deal: every move into these statuses unwinds the order's money
# (`moves.order_unwind`): nothing of it is collected any more, what comes is given back.
UNWOUND = frozenset({REFUSED, CANCELLED, REFUNDED, CLOSED})
# Not a deal (yet, or ever): no late fee accrues on its bills and no recovery case opens.
NO_DEAL = NOT_YET_DEAL | UNWOUND

LEASE_MACHINE: Machine[Order] = Machine(
    model=Order,
    target_type="order",
    moves=(
        move(AWAITING_AUDIT, "audit_pass", AWAITING_SIGNING, right="order.audit"),
        move(AWAITING_AUDIT, "audit_refuse", REFUSED, right="order.audit"),
        # The risk provider refused at intake (system).
        move(AWAITING_AUDIT, "risk_refuse", REFUSED),
        # The customer, or the job for unsigned orders.
        move((AWAITING_AUDIT, AWAITING_SIGNING), "cancel", CANCELLED),
        # Contract signed and the first bill paid (system, on the provider's confirmation).
        move(AWAITING_SIGNING, "sign", AWAITING_SHIPMENT),
        move(AWAITING_SHIPMENT, "ship", SHIPPED, right="order.ship"),
        # Delivery seen by express tracking, the customer, the job after N days, or the shop.
        move(SHIPPED, "deliver", IN_LEASE),
        # Before shipment the customer may have the order refunded (after-sale refund).
        move(AWAITING_SHIPMENT, "refund", REFUNDED, right="order.manage"),
        # Return at lease end (or early return), through the after-sale business.
        move(IN_LEASE, "return_start", RETURNING, right="order.manage"),
        move(RETURNING, "return_receive", INSPECTING, right="order.ship"),
        move(INSPECTING, "inspect_done", COMPLETED, right="order.manage"),
        # Buyout paid (system, on the provider's confirmation of the buyout payment).
        move(IN_LEASE, "buyout", BOUGHT_OUT),
        move(
            (AWAITING_AUDIT, AWAITING_SIGNING, AWAITING_SHIPMENT),
            "close",
            CLOSED,
            right="order.manage",
        ),
        # The platform's intervention (apps.orders.governance): close with refund.
        move(OPEN, "platform_close", CLOSED, right="order.manage"),
    ),
    labels=LABELS,
)

PURCHASE_MACHINE: Machine[Order] = Machine(
    model=Order,
    target_type="order",
    moves=(
        move(AWAITING_PAYMENT, "pay", PAID),
        move(AWAITING_PAYMENT, "cancel", CANCELLED),
        move(PAID, "ship", SHIPPED, right="order.ship"),
        move(SHIPPED, "deliver", COMPLETED),
        move(PAID, "refund", REFUNDED, right="order.manage"),
        move((AWAITING_PAYMENT, PAID), "close", CLOSED, right="order.manage"),
        move(OPEN, "platform_close", CLOSED, right="order.manage"),
    ),
    labels=LABELS,
)


def machine_for(order: Order) -> Machine[Order]:
    return LEASE_MACHINE if order.kind == OrderKind.LEASE else PURCHASE_MACHINE


def stage_of(order: Order, *, today: date | None = None) -> str:
    """The list stage: an open after-sale business first, then overdue, then the status; an
    ended order that still owes (`owed_amount`) is `owing`, never a silent finished."""
    status = order.status
    return OrderStage(
        list_stage(
            open_after_sale=order.has_open_after_sale,
            running=status in DEAL_RUNNING,
            overdue=order.overdue_since is not None,
            lease_over=status == IN_LEASE
            and order.lease_end is not None
            and order.lease_end < (today or timezone.localdate()),
            ended=status in ENDED,
            owed=order.owed_amount,
        )
    ).value
