"""A bill of an order charged now: by the customer's withhold agreement (`BillPayment`, the
night's auto-debit, recovery's payment link) or the customer paying in the app
(`appletPayBill`). Billing owns it (issue 42): the order's lock and scope and what a confirmed
payment does to the order are orders' (`scope`, `outcomes`), the payment and its settling are
billing's (`payments`, `settle`)."""

from __future__ import annotations

from django.db import transaction

from apps.orders import events
from apps.orders.reads import withhold_refusal
from apps.orders.scope import order_in_scope
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode

from . import credit_pay, deposits, payments
from .models import Bill, BillPayment
from .order_figures import order_money_keep


def order_bill_pay(
    *,
    order_id: int,
    period: int,
    actor: Session | None,
    idempotency_key: str,
    by_customer: bool = False,
) -> payments.Collected:
    """Charges one bill of an order now (`BillPayment`: by the customer's withhold
    agreement; the app: the customer paying). A bill is paid at most once.

    A call that finds an earlier attempt of the bill (another key) already paid at the
    provider records that payment and answers BILL_ALREADY_PAID: it made no attempt of its
    own, and a replay of its key answers the same."""
    with transaction.atomic():
        order = order_in_scope(actor, order_id, lock=True)
        bill = Bill.objects.filter(order_id=order.pk, period=period).first()
        if bill is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        # An approved buyout keeps the order's after-sale business open until it is paid.
        if period != 0 and order.has_open_after_sale and deposits.buyout_approved(order):
            # The buyout being charged includes this rent: it is not charged twice.
            raise ApplicationError(ErrorCode.AFTER_SALE_OPEN)
        # A deposit-free lease: against its Zhima authorisation, not the agreement.
        route = None if by_customer else credit_pay.auth_route(order, bill)
        refusal = None if by_customer or route else withhold_refusal(order)
        if refusal is not None:
            raise refusal
        method = BillPayment.Method.WITHHOLD if route is None else BillPayment.Method.AUTH
        collected = payments.bill_collect(
            bill_id=bill.pk,
            method=BillPayment.Method.CUSTOMER if by_customer else method,
            actor=actor,
            idempotency_key=idempotency_key,
            agreement_no=order.withhold_agreement_no,
            payer=f"cust-{order.customer_id}",
            goods=order.goods_title,
            auth_no=route.auth_no if route else "",
            auth_complete=route.complete if route else False,
        )
        if collected.payment.status == BillPayment.Status.SUCCEEDED:
            deposits.bill_paid_outcome(order, collected.bill if collected.newly_paid else None)
        else:
            order_money_keep(order)  # a bill being paid is not open to another payment
    if collected.payment.status != BillPayment.Status.PROCESSING:
        events.payment_outcome(order_id=order_id, status=collected.payment.status)
    if collected.newly_paid and collected.payment.idempotency_key != idempotency_key:
        # The payment found is kept (committed), with the claim of this request's key.
        raise ApplicationError(ErrorCode.BILL_ALREADY_PAID, kept=True)
    return collected


def customer_bill_pay(*, order_id: int, period: int, idempotency_key: str) -> None:
    """The customer pays one bill now (orders' `customer_bill_pay` event, as `appletPayBill`
    does)."""
    order_bill_pay(
        order_id=order_id,
        period=period,
        actor=None,
        idempotency_key=idempotency_key,
        by_customer=True,
    )
