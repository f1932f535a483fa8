"""The shipping fee given back (`refundSfAmount`): the fee the customer paid with bill 1,
refunded through the payment it came with; the order keeps what of it was given back once
the provider confirms (`shipping_fee_sync`)."""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction

from apps.orders.models import Order
from apps.orders.scope import order_in_scope
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.idempotency import key_replay

from . import payments
from .models import BillPayment, BillRefund

ZERO = Decimal("0.00")


def shipping_fee_refund(
    *, actor: Session, order_id: int, amount: Decimal | None, idempotency_key: str
) -> BillRefund:
    """Gives back the shipping fee the customer paid with bill 1 (all that is left of it, or
    `amount`)."""
    with transaction.atomic():
        order = order_in_scope(actor, order_id, lock=True)
        payment = (
            BillPayment.objects.filter(
                bill__order_id=order.pk, bill__period=1, status=BillPayment.Status.SUCCEEDED
            )
            .select_related("bill")
            .first()
        )
        if payment is None or payment.bill.fee_amount <= 0:
            raise ApplicationError(ErrorCode.REFUND_EXCEEDS_PAID)
        # A replay answers the refund it made, before "all that is left" is worked out
        # again (nothing is left after it); the key of another refund is refused.
        earlier = key_replay(
            BillRefund.objects.filter(idempotency_key=idempotency_key).first()
            if idempotency_key
            else None,
            same=lambda refund: (
                refund.payment_id == payment.pk
                and refund.purpose == BillRefund.Purpose.SHIPPING_FEE
                and (amount is None or refund.amount == amount)
            ),
        )
        if earlier is not None:
            return earlier
        left = payments.refundable(payment, BillRefund.Purpose.SHIPPING_FEE)
        amount = left if amount is None else amount
        refund = payments.payment_refund(
            payment=payment,
            amount=amount,
            purpose=BillRefund.Purpose.SHIPPING_FEE,
            reason="退还运费",
            actor=actor,
            idempotency_key=idempotency_key,
        )
        shipping_fee_sync(order)
        return refund


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
