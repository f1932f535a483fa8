"""The platform's commission, and the platform's books mirroring each merchant's money.

Commission = the merchant's rate (a percent of its settlement terms in force when the
payment succeeds) x the rent, buyout, sale and add-on amounts the payment settles, rounded
half-up to the cent per payment. Late fees and the shipping fee carry none; deposits are
never income (a deposit taken to pay a bill is rent, and carries it like any payment). A
refund gives back commission on the commissionable part of what it returns (`commission_back`:
rent and add-ons first, to the cent, never more than was taken).

Each movement is posted twice in one transaction: in the merchant's books (commission as an
expense against what sits at the provider) and in the platform's (`platform_ledger`): money
received for the merchant is owed to it (`merchant_payable`, one sub-ledger per merchant),
less the commission the platform earns. Money repaid offline never reached the provider:
the platform's books receive nothing of it and earn its commission out of what they owe the
merchant, and the merchant's commission journal waits at the provider for the next
statement, which takes it from the withdrawable balance. Sub-ledgers per merchant keep the
platform's rows locked by one merchant's postings only.
"""

from __future__ import annotations

from decimal import Decimal

from tenants.merchants.selectors import terms_in_force
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.ledger.services import platform_ledger, post_event
from zulin.money import commission as money_rules
from zulin.money.commission import commission_of

from .models import Bill, BillPayment, BillRefund

ZERO = Decimal("0.00")
CENT = Decimal("0.01")


def _merchant_id() -> int:
    return int(tenant_connection.tenant.pk)


def commission_rate(at=None) -> Decimal:  # type: ignore[no-untyped-def]
    merchant_id = _merchant_id()
    terms = terms_in_force(merchant_id=merchant_id, at=at)
    return terms.commission_rate if terms else ZERO


def platform_receipt(
    *, reference: str, amount: Decimal, order_id: int, memo: str, actor: Session | None
) -> None:
    """The platform's books: money the provider received for the merchant, owed to it."""
    merchant_id = _merchant_id()
    with platform_ledger():
        post_event(
            "merchant_receipt",
            {"received": amount},
            reference=f"m{merchant_id}:{reference}",
            merchant_id=merchant_id,
            memo=memo,
            meta={"merchant_id": merchant_id, "order_id": order_id},
            actor=actor,
        )


def platform_payback(
    *, reference: str, amount: Decimal, order_id: int, memo: str, actor: Session | None
) -> None:
    """The platform's books: money given back to a customer out of what the merchant is
    owed."""
    merchant_id = _merchant_id()
    with platform_ledger():
        post_event(
            "merchant_refund",
            {"refunded": amount},
            reference=f"m{merchant_id}:{reference}",
            merchant_id=merchant_id,
            memo=memo,
            meta={"merchant_id": merchant_id, "order_id": order_id},
            actor=actor,
        )


def _commission_journals(
    *,
    reference: str,
    amount: Decimal,
    order_id: int,
    memo: str,
    bill_id: int | None,
    reverse: bool,
    actor: Session | None,
) -> None:
    merchant_id = _merchant_id()
    kind = "commission_reversal" if reverse else "commission"
    post_event(
        kind,
        {"commission": amount},
        reference=reference,
        memo=memo,
        order_id=order_id,
        bill_id=bill_id,
        actor=actor,
    )
    with platform_ledger():
        post_event(
            kind,
            {"commission": amount},
            reference=f"m{merchant_id}:{reference}",
            merchant_id=merchant_id,
            memo=memo,
            meta={"merchant_id": merchant_id, "order_id": order_id},
            actor=actor,
        )


def _bill_journals(
    *, reference: str, amount: Decimal, bill: Bill, reverse: bool, actor: Session | None
) -> None:
    _commission_journals(
        reference=reference,
        amount=amount,
        order_id=bill.order_id,
        memo=f"{bill.order_no} #{bill.period}",
        bill_id=bill.pk,
        reverse=reverse,
        actor=actor,
    )


def payments_commission(
    payments: list[BillPayment],
    *,
    reference: str,
    order_id: int,
    memo: str,
    actor: Session | None,
) -> Decimal:
    """The commission of succeeded payments of one settlement (their bills locked): each
    carries the rate in force x what it paid of rent (sale, buyout price) and add-ons
    (`commission_base`, set by the settling path), to the cent; their sum is taken in
    one journal in each book. Answers the commission."""
    rate = commission_rate()
    total = ZERO
    for payment in payments:
        payment.commission_rate = rate
        payment.commission = commission_of(payment.commission_base, rate)
        payment.save(update_fields=["commission_rate", "commission"])
        total += payment.commission
    if total > 0:
        _commission_journals(
            reference=reference,
            amount=total,
            order_id=order_id,
            memo=memo,
            bill_id=payments[0].bill_id if len(payments) == 1 else None,
            reverse=False,
            actor=actor,
        )
    return total


def commission_back(payment: BillPayment, refund: BillRefund) -> Decimal:
    """What of a payment's commission a refund gives back: the refund is money of the
    commissionable part first (rent and add-ons the payment paid, `commission_base`), its
    late fee and fees after; the commission comes back in proportion to the commissionable
    money refunded so far, to the cent, never more than was taken."""
    earlier = payment.refunds.filter(
        status=BillRefund.Status.SUCCEEDED, purpose=BillRefund.Purpose.ORDER
    ).exclude(pk=refund.pk)
    return money_rules.commission_back(
        commission=payment.commission,
        base=payment.commission_base,
        refunded_before=sum((r.amount for r in earlier), ZERO),
        refund=refund.amount,
        given_back=sum((r.commission_reversed for r in earlier), ZERO),
    )


def transfer_refund_commission(
    *,
    transfer_no: str,
    refund_no: str,
    amount: Decimal,
    refunded_before: Decimal,
    given_back: Decimal,
    order_id: int,
    memo: str,
    actor: Session | None,
) -> Decimal:
    """A refund of `amount` of money a deposit transfer (`transfer_no`) took to pay bills
    succeeded: the commission of the rent it returns comes back exactly as for a refund of a
    withheld payment (`commission_back`, over the transfer's bill payments taken together),
    `refunded_before` and `given_back` being what earlier refunds of it returned. Posted in
    both books; answers what came back."""
    payments = BillPayment.objects.filter(
        out_trade_no=transfer_no,
        method=BillPayment.Method.DEPOSIT,
        status=BillPayment.Status.SUCCEEDED,
    )
    back = money_rules.commission_back(
        commission=sum((p.commission for p in payments), ZERO),
        base=sum((p.commission_base for p in payments), ZERO),
        refunded_before=refunded_before,
        refund=amount,
        given_back=given_back,
    )
    if back > 0:
        _commission_journals(
            reference=f"commission-back:{refund_no}",
            amount=back,
            order_id=order_id,
            memo=memo,
            bill_id=None,
            reverse=True,
            actor=actor,
        )
    return back


def refund_settled(refund: BillRefund, *, actor: Session | None) -> None:
    """A refund of a bill payment succeeded: the platform's books give it back and the
    payment's commission comes back on the commissionable part refunded (`commission_back`;
    none for a shipping-fee refund)."""
    payment = refund.payment
    bill = payment.bill
    platform_payback(
        reference=f"refund:{refund.out_no}",
        amount=refund.amount,
        order_id=refund.order_id,
        memo=refund.reason,
        actor=actor,
    )
    if payment.commission <= 0 or refund.purpose == BillRefund.Purpose.SHIPPING_FEE:
        return
    reversed_now = commission_back(payment, refund)
    if reversed_now <= 0:
        return
    refund.commission_reversed = reversed_now
    refund.save(update_fields=["commission_reversed"])
    _bill_journals(
        reference=f"commission-back:{refund.out_no}",
        amount=reversed_now,
        bill=bill,
        reverse=True,
        actor=actor,
    )
