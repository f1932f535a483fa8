"""The shipping fee given back (`refundSfAmount`): the fee the customer paid with bill 1,
refunded through the payments it came with (newest first, one refund each); the order
keeps what of it was given back once the provider confirms (`shipping_fee_sync`)."""

from __future__ import annotations

import hashlib
from decimal import Decimal

from django.db import transaction

from apps.orders.models import Order
from apps.orders.scope import order_in_scope
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode

from . import payments
from .models import Bill, BillPayment, BillRefund

ZERO = Decimal("0.00")


def _part_key(idempotency_key: str, part: int) -> str:
    """The idempotency key of the refund's `part` (1: the call's own key): derived, so a
    replay finds every part, and no longer than a key."""
    if part == 1 or not idempotency_key:
        return idempotency_key if part == 1 else ""
    digest = hashlib.sha256(f"{idempotency_key}:{part}".encode()).hexdigest()
    return f"sf{part}:{digest[:40]}"


def _replayed(idempotency_key: str) -> list[BillRefund]:
    """The parts an earlier call under this key made (none: the key is new; the request
    under the key is the one its fingerprint names, `zulin.idempotency`)."""
    first = (
        BillRefund.objects.filter(idempotency_key=idempotency_key).first()
        if idempotency_key
        else None
    )
    if first is None:
        return []
    parts = [first]
    while found := BillRefund.objects.filter(
        idempotency_key=_part_key(idempotency_key, len(parts) + 1)
    ).first():
        parts.append(found)
    return parts


def shipping_fee_refund(
    *, actor: Session, order_id: int, amount: Decimal | None, idempotency_key: str
) -> list[BillRefund]:
    """Gives back the shipping fee the customer paid with bill 1 (all that is left of it, or
    `amount`), spread over the bill's succeeded payments newest first (the fee is paid last,
    so the newest payments carried it): each part a refund of its own payment, never more
    than it can still give back, the whole never more than the fee left."""
    with transaction.atomic():
        order = order_in_scope(actor, order_id, lock=True)
        bill = Bill.objects.filter(order_id=order.pk, period=1).first()
        if bill is None or bill.fee_amount <= 0:
            raise ApplicationError(ErrorCode.REFUND_EXCEEDS_PAID)
        # A replay answers the refunds it made, before "all that is left" is worked out
        # again (nothing is left after it).
        earlier = _replayed(idempotency_key)
        if earlier:
            return earlier
        paid = list(
            BillPayment.objects.filter(bill=bill, status=BillPayment.Status.SUCCEEDED)
            .select_related("bill")
            .order_by("-id")
        )
        rooms = [(p, payments.refundable(p, BillRefund.Purpose.SHIPPING_FEE)) for p in paid]
        rooms = [(p, room) for p, room in rooms if room > 0]
        left = min(payments.shipping_fee_left(bill), sum((room for _, room in rooms), ZERO))
        amount = left if amount is None else amount
        if amount <= 0 or amount > left:
            raise ApplicationError(ErrorCode.REFUND_EXCEEDS_PAID)
        refunds: list[BillRefund] = []
        rest = amount
        for payment, room in rooms:
            if rest <= 0:
                break
            part = min(rest, room)
            refunds.append(
                payments.payment_refund(
                    payment=payment,
                    amount=part,
                    purpose=BillRefund.Purpose.SHIPPING_FEE,
                    reason="退还运费",
                    actor=actor,
                    idempotency_key=_part_key(idempotency_key, len(refunds) + 1),
                )
            )
            rest -= part
        shipping_fee_sync(order)
        return refunds


def shipping_fee_sync(order: Order) -> None:
    """The order's refunded shipping fee from its confirmed refunds (the order is locked)."""
    refunded = sum(
        (
            r.amount
            for r in BillRefund.objects.filter(
                order_id=order.pk,
                purpose=BillRefund.Purpose.SHIPPING_FEE,
                status=BillRefund.Status.SUCCEEDED,
            )
        ),
        ZERO,
    )
    if refunded != order.shipping_fee_refunded:
        order.shipping_fee_refunded = refunded
        order.save(update_fields=["shipping_fee_refunded", "updated_at"])
