"""Collecting bills and giving money back, with the payment provider and the ledger.

A bill is charged at most once. Its trade number (`Bill.out_trade_no`) is what every attempt
sends while the provider has not said a final "failed": a retried call, a double click or two
clerks at once all reach the same trade at the provider, which never charges one trade twice.
Only after the provider reports the trade failed (insufficient balance …) does the bill take
its next number (`…-2`), so at most one trade per bill is ever live. Claiming the bill and
recording what came go through the one settling path (`settle.py`): no other way of paying
reaches a bill while its attempt is in flight.

Money counts when the provider confirms: a `processing` answer waits for the signed callback
(or `payment_sync`, which re-queries), and the confirmation posts the ledger journal whose
reference is the trade number, so a replayed callback finds the journal and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import NoReturn

from django.db import transaction
from django.utils import timezone

from zulin.audit.services import audit_record
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.ledger.services import money_moved, post_event
from zulin.providers.interfaces import PaymentResult, PaymentStatus, ProviderError
from zulin.providers.interfaces import provider_failed as failed_answer
from zulin.providers.operations import operation_id_next, operation_sync
from zulin.providers.payment import get_payment_provider

from . import commission, settle
from .models import Bill, BillPayment, BillRefund, BillStatus
from .selectors import order_unwound

ZERO = Decimal("0.00")


def payment_provider():  # type: ignore[no-untyped-def]
    return get_payment_provider(merchant=tenant_connection.tenant.slug)


def provider_failed(error: ProviderError) -> ApplicationError:
    return failed_answer(error, "支付服务处理失败", "The payment provider failed")


def provider_raise(operation: object, error: ProviderError) -> NoReturn:
    """A provider error while confirming an operation (`operation_sync`'s `failed`): the
    call answers PROVIDER_FAILED."""
    raise provider_failed(error) from error


@dataclass(frozen=True)
class Collected:
    """What a settled attempt did: the bill, and whether this call made it paid."""

    bill: Bill
    payment: BillPayment
    newly_paid: bool


def _posting(payment: BillPayment) -> settle.Posting:
    bill = payment.bill
    return settle.Posting(
        reference=f"pay:{payment.out_trade_no}",
        kind="bill_payment",
        memo=f"{bill.order_no} #{bill.period}",
        commission_reference=f"commission:{payment.out_trade_no}",
        platform_receipt=True,
    )


def _apply(payment: BillPayment, result: PaymentResult, actor: Session | None) -> Collected:
    """Records what the provider says of a withhold or a customer's payment (the bill row is
    locked by the caller) through the settling path: what came is allocated (`settle.py`),
    a failure releases the bill. Idempotent: a settled attempt answers as it stands."""
    bill = payment.bill
    if payment.status != BillPayment.Status.PROCESSING:
        return Collected(bill, payment, False)
    if result.status == PaymentStatus.PROCESSING:
        # The provider's number is kept from the first answer: the screen shows it, and the
        # customer's QR payment is looked up by it.
        if result.trade_no and payment.provider_reference != result.trade_no:
            payment.provider_reference = result.trade_no
            payment.save(update_fields=["provider_reference"])
        return Collected(bill, payment, False)
    finished = result.finished_at or timezone.now()
    if result.status == PaymentStatus.SUCCEEDED and order_unwound(bill.order_id):
        return _unwound_receive(payment, result, actor)
    if result.status == PaymentStatus.SUCCEEDED:
        settled = settle.payments_settle(
            [payment],
            received=result.amount,
            posting=_posting(payment),
            actor=actor,
            trade_no=result.trade_no,
            finished_at=finished,
        )
        return Collected(payment.bill, payment, bool(settled.newly_paid))
    settle.payments_release(
        [payment], reason=result.reason, trade_no=result.trade_no, finished_at=finished
    )
    return Collected(payment.bill, payment, False)


def _unwound_receive(
    payment: BillPayment, result: PaymentResult, actor: Session | None
) -> Collected:
    """Money came for a bill trade of an order that ended without a deal (a trade the close
    did not reach in time, or paid before it was asked): received, owed back and refunded
    (`payments_unwound_receive`)."""
    payments_unwound_receive(
        [payment],
        received=result.amount,
        reference=f"pay:{payment.out_trade_no}",
        kind="bill_payment",
        actor=actor,
        trade_no=result.trade_no,
        finished_at=result.finished_at,
    )
    payments_unwound_refund([payment], actor=actor)
    return Collected(payment.bill, payment, False)


def payments_unwound_receive(
    payments: list[BillPayment],
    *,
    received: Decimal,
    reference: str,
    kind: str,
    actor: Session | None,
    trade_no: str = "",
    finished_at: datetime | None = None,
    released: Decimal = ZERO,
    receipt: bool = True,
) -> None:
    """Money came for the claimed `payments` (one trade: a bill's withhold or customer
    payment, an early settlement, a deposit transfer) of an order that ended without a deal:
    it is never the bills' — no bill paid, no rent income, no commission. Each payment is
    recorded with its share of what came (in the order claimed, the last taking the rest),
    their bills stay cancelled, and the whole is booked received and owed back to the
    customer (its rule's `received` and `excess`, with `released`: a transfer's deposit leaving
    the freeze), mirrored as a receipt in the platform's books
    unless the caller mirrors it (`receipt`). The caller gives it back (docs/money.md,
    "Ending an order without a deal")."""
    if not payments:
        return
    finished = finished_at or timezone.now()
    bill = payments[0].bill
    left = received
    for n, payment in enumerate(payments):
        asked = payment.asked_amount or payment.amount
        share = left if n == len(payments) - 1 else min(asked, left)
        left -= share
        payment.status = BillPayment.Status.SUCCEEDED
        payment.amount = share
        payment.late_fee_amount = payment.commission_base = payment.commission = ZERO
        payment.discount = ZERO
        payment.amount_mismatch = share != asked
        payment.provider_reference = trade_no or payment.provider_reference
        payment.finished_at = finished
        payment.save()
        if payment.bill.status in (BillStatus.PAYING, BillStatus.UNPAID, BillStatus.WRITTEN_OFF):
            settle.bill_unwound_cancel(payment.bill)
    memo = f"{bill.order_no} 订单未成交，到账退回"
    with money_moved(finished):
        post_event(
            kind,
            {
                "received": received,
                "excess": received,
                **({"released": released} if released else {}),
            },
            reference=reference,
            memo=memo,
            order_id=bill.order_id,
            bill_id=bill.pk if len(payments) == 1 else None,
            actor=actor,
        )
        if receipt:
            commission.platform_receipt(
                reference=reference,
                amount=received,
                order_id=bill.order_id,
                memo=memo,
                actor=actor,
            )
    audit_record(
        actor=actor,
        action="bill.received_after_unwind",
        target_type="order",
        target_id=bill.order_id,
        after={
            "periods": [payment.bill.period for payment in payments],
            "amount": str(received),
            "method": payments[0].method,
            "reference": reference,
        },
        reason="订单已结束未成交，到账款退回用户",
    )


def payments_unwound_refund(payments: list[BillPayment], *, actor: Session | None) -> None:
    """Gives back, through the refund path (purpose `unwound`), what `payments_unwound_receive`
    booked owed back of each bill trade or early settlement payment."""
    for payment in payments:
        left = refundable(payment, BillRefund.Purpose.UNWOUND)
        if left > 0:
            payment_refund(
                payment=payment,
                amount=left,
                purpose=BillRefund.Purpose.UNWOUND,
                reason="订单已结束未成交，到账款退回",
                actor=actor,
            )


def bill_collect(
    *,
    bill_id: int,
    method: str,
    actor: Session | None,
    idempotency_key: str = "",
    agreement_no: str = "",
    payer: str = "",
    goods: str = "",
    auth_no: str = "",
    auth_complete: bool = False,
) -> Collected:
    """Charges one bill now: by the customer's withhold agreement (`withhold`) or by the
    customer paying (`customer`), or — a deposit-free lease — against its Zhima
    authorisation `auth_no` (`auth`, `credit_pay.py`; `auth_complete`: the payment completes
    the authorisation), asking what the bill owes (its late fee, then its rent).
    What the customer pays names the shop and the `goods` to the provider's cashier.
    The same idempotency key answers the same attempt; a paid bill answers
    BILL_ALREADY_PAID; a bill whose own attempt is still processing is re-queried first;
    a bill another settlement holds (a deposit transfer, an early settlement) answers
    PAYMENT_IN_PROGRESS (`settle.py`)."""
    with transaction.atomic():
        bill = Bill.objects.select_for_update().get(pk=bill_id)
        if idempotency_key:
            earlier = BillPayment.objects.filter(idempotency_key=idempotency_key).first()
            if earlier is not None:
                return Collected(bill, earlier, False)
        live = bill.payments.filter(
            status=BillPayment.Status.PROCESSING, method__in=settle.BILL_TRADES
        ).first()
        if live is not None and bill.status == BillStatus.PAYING:
            live.bill = bill
            collected = _apply(live, _query(live.out_trade_no), actor)
            if collected.payment.status == BillPayment.Status.PROCESSING:
                raise ApplicationError(ErrorCode.PAYMENT_IN_PROGRESS)
            if collected.newly_paid:
                return collected
            bill = collected.bill
        [payment] = settle.bills_claim(
            [settle.Ask(bill)],
            method=method,
            out_no=bill.out_trade_no,
            actor=actor,
            idempotency_key=idempotency_key,
        )
        if auth_complete:
            payment.auth_complete = True
            payment.save(update_fields=["auth_complete"])
        provider = payment_provider()
        subject = f"{bill.order_no} 第{bill.period}期"
        if method == BillPayment.Method.CUSTOMER:
            # The payer's cashier page shows it: whom they pay and for what.
            shop = getattr(tenant_connection.tenant, "name", "")
            subject = " · ".join(part for part in (shop, goods, subject) if part)[:128]
        try:
            if method == BillPayment.Method.WITHHOLD:
                result = provider.withhold(
                    out_no=payment.out_trade_no,
                    agreement_no=agreement_no,
                    amount=payment.amount,
                    subject=subject,
                )
            elif method == BillPayment.Method.AUTH:
                result = provider.auth_pay(
                    out_no=payment.out_trade_no,
                    auth_no=auth_no,
                    amount=payment.amount,
                    subject=subject,
                    complete=auth_complete,
                )
            else:
                result = provider.pay(
                    out_no=payment.out_trade_no, payer=payer, amount=payment.amount, subject=subject
                )
        except ProviderError as error:
            # Nothing was recorded at the provider: the attempt is rolled back with the call.
            raise provider_failed(error) from error
        return _apply(payment, result, actor)


def _query(out_no: str) -> PaymentResult:
    try:
        return payment_provider().query(out_no=out_no)
    except ProviderError as error:
        raise provider_failed(error) from error


def payment_sync(
    *, out_no: str, actor: Session | None = None, close_if_processing: bool = False
) -> Collected | None:
    """Re-queries the provider about one of our bill trades and records the outcome (the
    callback handler and `queryPayResult` use this). None when no attempt has that number.

    `close_if_processing` (a payment left processing too long): when the provider still has
    no outcome, the trade is closed there so it can never succeed later, and the attempt
    counts failed (its bill takes the next trade number); one that succeeded meanwhile is
    recorded as paid."""

    def locked() -> BillPayment | None:
        found = (
            BillPayment.objects.filter(out_trade_no=out_no, method__in=settle.BILL_TRADES)
            .order_by("-id")
            .first()
        )
        if found is None:
            return None
        bill = Bill.objects.select_for_update().get(pk=found.bill_id)  # the bill, then its trade
        payment = BillPayment.objects.select_for_update().get(pk=found.pk)
        payment.bill = bill
        return payment

    def ask(payment: BillPayment) -> PaymentResult:
        result = payment_provider().query(out_no=out_no)
        if close_if_processing and result.status == PaymentStatus.PROCESSING:
            result = payment_provider().close(out_no=out_no)
        return result

    def apply(payment: BillPayment, result: PaymentResult) -> Collected:
        return _apply(payment, result, actor)

    synced = operation_sync(locked, ask=ask, apply=apply, pending=apply, failed=provider_raise)
    if synced is None:
        return None
    return synced.applied or Collected(synced.row.bill, synced.row, False)


# --- refunds --------------------------------------------------------------------------------


def refundable(payment: BillPayment, purpose: str) -> Decimal:
    """What of a succeeded payment can still be given back for `purpose` (refunds being
    processed count as given)."""
    if payment.status != BillPayment.Status.SUCCEEDED or payment.method in (
        BillPayment.Method.DEPOSIT,
        BillPayment.Method.OFFLINE,  # never at the provider: given back offline, if at all
    ):
        return ZERO
    taken = sum((r.amount for r in payment.refunds.exclude(status=BillRefund.Status.FAILED)), ZERO)
    if purpose == BillRefund.Purpose.SHIPPING_FEE:
        return min(shipping_fee_left(payment.bill), payment.amount - taken)
    return payment.amount - taken


REFUND_ROLE: dict[str, str] = {
    BillRefund.Purpose.SHIPPING_FEE: "shipping_fee",
    # Booked owed back when it came (`_unwound_receive`): the refund settles that.
    BillRefund.Purpose.UNWOUND: "owed_back",
}


def shipping_fee_left(bill: Bill) -> Decimal:
    """What of the bill's shipping fee is not given back yet, over all its payments (a fee
    paid in two payments may be refunded from both; refunds processing count as given)."""
    given = BillRefund.objects.filter(
        payment__bill=bill, purpose=BillRefund.Purpose.SHIPPING_FEE
    ).exclude(status=BillRefund.Status.FAILED)
    return bill.fee_amount - sum((r.amount for r in given), ZERO)


def refund_amounts(purpose: str, amount: Decimal) -> dict[str, Decimal]:
    """A refund's amount by the role its purpose gives it in the rule (`refund`,
    `deposit_refund`): given back against its shipping fee income, against what is owed back,
    or a refund."""
    return {REFUND_ROLE.get(purpose, "refunded"): amount}


def _refund_apply(refund: BillRefund, result: PaymentResult, actor: Session | None) -> BillRefund:
    if refund.status != BillRefund.Status.PROCESSING or result.status == PaymentStatus.PROCESSING:
        return refund
    refund.provider_reference = result.trade_no or refund.provider_reference
    refund.finished_at = result.finished_at or timezone.now()
    if result.status == PaymentStatus.FAILED:
        refund.status, refund.failure_reason = BillRefund.Status.FAILED, result.reason[:300]
        refund.save()
        return refund
    refund.status = BillRefund.Status.SUCCEEDED
    refund.save()
    with money_moved(refund.finished_at):
        post_event(
            "refund",
            refund_amounts(refund.purpose, refund.amount),
            reference=f"refund:{refund.out_no}",
            memo=refund.reason,
            order_id=refund.order_id,
            bill_id=refund.payment.bill_id,
            actor=actor,
        )
        commission.refund_settled(refund, actor=actor)
    audit_record(
        actor=actor,
        action="bill.refunded",
        target_type="order",
        target_id=refund.order_id,
        after={"amount": str(refund.amount), "purpose": refund.purpose},
        reason=refund.reason,
    )
    return refund


def payment_refund(
    *,
    payment: BillPayment,
    amount: Decimal,
    purpose: str,
    reason: str,
    actor: Session | None,
    idempotency_key: str = "",
) -> BillRefund:
    """Gives back `amount` of a succeeded payment (the caller holds the order's lock). Never
    more than is left to give back; the same idempotency key answers the same refund."""
    if idempotency_key:
        earlier = BillRefund.objects.filter(idempotency_key=idempotency_key).first()
        if earlier is not None:
            return earlier
    if amount <= 0 or amount > refundable(payment, purpose):
        raise ApplicationError(ErrorCode.REFUND_EXCEEDS_PAID)
    # The refund's own id, never a count: an early settlement's one trade paid several bills,
    # each a payment that may be refunded, and a refund may fail.
    refund_id = operation_id_next(BillRefund)
    refund = BillRefund.objects.create(
        id=refund_id,
        payment=payment,
        order_id=payment.bill.order_id,
        purpose=purpose,
        amount=amount,
        out_no=f"{payment.out_trade_no}R{refund_id}",
        reason=reason[:300],
        idempotency_key=idempotency_key,
        actor_account_id=actor.account.pk if actor else None,
    )
    try:
        result = payment_provider().refund(
            out_no=refund.out_no,
            original_out_no=payment.out_trade_no,
            amount=amount,
            reason=reason[:100],
        )
    except ProviderError as error:
        raise provider_failed(error) from error
    return _refund_apply(refund, result, actor)


def refund_sync(*, out_no: str, actor: Session | None = None) -> BillRefund | None:
    """Re-queries the provider about one of our refunds and records the outcome."""
    synced = operation_sync(
        BillRefund.objects.select_for_update().filter(out_no=out_no).first,
        ask=lambda refund: payment_provider().query(out_no=out_no),
        apply=lambda refund, result: _refund_apply(refund, result, actor),
        failed=provider_raise,
    )
    return None if synced is None else synced.row


def order_payments_refund(*, order_id: int, reason: str, actor: Session | None) -> list[BillRefund]:
    """Gives back everything still refundable of an order's payments (an order refunded
    before shipment, or closed): one refund per payment."""
    refunds = []
    payments = BillPayment.objects.filter(
        bill__order_id=order_id, status=BillPayment.Status.SUCCEEDED
    ).exclude(method=BillPayment.Method.DEPOSIT)
    for payment in payments.select_related("bill").order_by("id"):
        left = refundable(payment, BillRefund.Purpose.ORDER)
        if left > 0:
            refunds.append(
                payment_refund(
                    payment=payment,
                    amount=left,
                    purpose=BillRefund.Purpose.ORDER,
                    reason=reason,
                    actor=actor,
                )
            )
    return refunds


def payment_pay_link(out_no: str) -> str:
    """What the payer opens (or scans as a QR code) to pay our trade `out_no` now: the
    provider's cashier for a customer's payment still waiting; empty otherwise."""
    return _query(out_no).qr_code
