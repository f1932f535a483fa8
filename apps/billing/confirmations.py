"""The provider's word on one of our requests, recorded once on the bill, the refund, the
deposit, the early settlement and the order: the signed callbacks, `queryPayResult` and the
night's stale-payment step all come here, and running it again changes nothing."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from apps.orders import events
from apps.orders.models import Order
from apps.orders.outcomes import order_signing_check
from zulin.core.auth import Session

from . import deposits, payments
from .models import BillPayment, BillRefund
from .order_figures import order_money_keep
from .repayments import settlement_result_sync
from .shipping_fee import shipping_fee_sync


def payment_result_sync(
    *, out_no: str, actor: Session | None = None, close_if_processing: bool = False
) -> dict[str, Any] | None:
    """`_result_sync`, then a bill payment that ended succeeded or failed is told to the apps
    that follow the order's debt (`events.payment_outcome`), once its transaction is over."""
    result = _result_sync(out_no=out_no, actor=actor, close_if_processing=close_if_processing)
    if result and result.get("kind") == "bill_payment" and result.get("status") != "processing":
        bill_payment = BillPayment.objects.filter(out_trade_no=out_no).order_by("-id").first()
        if bill_payment is not None:
            events.payment_outcome(order_id=bill_payment.bill.order_id, status=result["status"])
    return result


def _result_sync(
    *, out_no: str, actor: Session | None = None, close_if_processing: bool = False
) -> dict[str, Any] | None:
    """Re-queries the provider about one of our requests (a bill payment, a refund, a deposit
    freeze/thaw/transfer) and records the outcome on the bill, the refund, the deposit and
    the order. The signed callbacks and `queryPayResult` both come here; running it again
    changes nothing. Locks run order → bill → ledger accounts, as every other writer does."""
    # An early settlement's trade first: the bill payments it made carry its number too.
    settled = settlement_result_sync(
        out_no=out_no, actor=actor, close_if_processing=close_if_processing
    )
    if settled is not None:
        return settled
    deposit_op = deposits.Op.objects.filter(out_request_no=out_no).first()
    bill_payment = BillPayment.objects.filter(out_trade_no=out_no).order_by("-id").first()
    refund = BillRefund.objects.filter(out_no=out_no).first()
    with transaction.atomic():
        if deposit_op is not None:
            order = (
                Order.objects.select_for_update()
                .select_related("customer")
                .get(pk=deposit_op.order_id)
            )
            op = deposits.deposit_sync(out_no=out_no, actor=actor)
            order.refresh_from_db()
            order_signing_check(order)
            if op is not None and op.kind == deposits.Op.Kind.TRANSFER:
                deposits.bill_paid_outcome(order, None)  # bills it paid: the overdue state follows
            return (
                {"kind": f"deposit_{op.kind}", "status": op.status, "amount": op.amount}
                if op
                else None
            )
        if bill_payment is not None:
            order = (
                Order.objects.select_for_update()
                .select_related("customer")
                .get(pk=bill_payment.bill.order_id)
            )
            collected = payments.payment_sync(
                out_no=out_no, actor=actor, close_if_processing=close_if_processing
            )
            if collected is None:
                return None
            if collected.payment.status == BillPayment.Status.SUCCEEDED:
                deposits.bill_paid_outcome(order, collected.bill if collected.newly_paid else None)
            elif collected.payment.status == BillPayment.Status.FAILED:
                order_money_keep(order)  # its bills are open again
                # The last payment in flight of an ended order settled: its deposit goes back.
                deposits.deposit_rest_thaw(order, actor=actor)
            return {
                "kind": "bill_payment",
                "status": collected.payment.status,
                "amount": collected.payment.amount,
            }
        if refund is not None:
            order = Order.objects.select_for_update().get(pk=refund.order_id)
            synced = payments.refund_sync(out_no=out_no, actor=actor)
            shipping_fee_sync(order)
            return (
                {"kind": "refund", "status": synced.status, "amount": synced.amount}
                if synced
                else None
            )
    return None
