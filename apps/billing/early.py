"""Early settlement: every bill left of a lease paid at once, per the buyout rule.

The quote, on day D (`quote_make`):
- every instalment owed and due by D (a written-off one included: a write-off forgives
  nothing): its rent, add-ons and fee in full, and its late fee still owed (accrued, less
  waived and paid);
- every instalment due after D: its rent less the shop's early-buyout discount
  (`early_buyout_discount_rate` of the order settings, a share of the remaining rent; the
  same discount a buyout gets), and its add-ons in full; no late fee;
- the discount = the remaining rent x the rate, rounded half-up to the cent once, then shared
  over those bills in proportion to their rent (each half-up, the last one takes what is
  left, so the shares add up to the discount);
- for a lease that transfers ownership, the plan's buyout price (a buyout bill, period 0):
  settling early is buying out, allowed from the shop's `buyout_from_period` as a buyout is.

The settle call names the quote's total: a quote that changed since (a late fee accrued
overnight, a bill fell due and lost its discount) is refused (QUOTE_CHANGED) with the new
one. Through the provider it is one withhold under the settlement's own trade number; every
bill it pays is held `paying` meanwhile (the night's auto-debit, late fees and waivers leave
them alone) and counts only when the provider confirms. A failure gives the bills back as
they were; another attempt is another settlement. Offline it is a receipt with a voucher
(`offline.py`), counted at once.

On success each bill is paid by a payment of its own (`early` or `offline`) of what it
settled: `paid_amount` = its amount less its `discount`. One journal books it: money in
(`provider_clearing`, or `bank` offline) and the discount (`early_settlement_discount`, a
contra account of rent) against rent, add-on, fee, late-fee and buyout income in full, so
income nets to what came in. Commission is on what was received of rent, buyout and add-ons
after the discount, per bill payment (`commission.settlement_settled`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from django.utils import timezone

from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.money.quotes import discount_of, discount_shares
from zulin.providers.interfaces import PaymentResult, PaymentStatus, ProviderError
from zulin.providers.operations import operation_id_next, operation_sync

from . import settle
from .models import Bill, BillPayment, BillStatus, EarlySettlement, OfflineReceipt
from .offline import OfflineDetails, offline_details_check, receipt_record
from .payments import (
    payment_provider,
    payments_unwound_receive,
    payments_unwound_refund,
    provider_failed,
    provider_raise,
)
from .selectors import order_unwound, owed_of

ZERO = Decimal("0.00")
CENT = Decimal("0.01")
# The settlement journal's memo is "<order no> 提前结清" (the finance lists read it back).
MEMO_SUFFIX = " 提前结清"


@dataclass(frozen=True)
class QuoteLine:
    bill_id: int
    period: int
    due_date: date
    due: bool  # due by the quote's day: asked in full with its late fee
    rent: Decimal
    addon: Decimal
    fee: Decimal
    late_fee: Decimal
    discount: Decimal

    @property
    def amount(self) -> Decimal:
        return self.rent + self.addon + self.fee + self.late_fee - self.discount

    def as_json(self) -> dict[str, Any]:
        return {
            "bill_id": self.bill_id,
            "period": self.period,
            "due_date": self.due_date.isoformat(),
            "due": self.due,
            **{
                name: str(getattr(self, name))
                for name in ("rent", "addon", "fee", "late_fee", "discount")
            },
        }

    @classmethod
    def of_json(cls, row: dict[str, Any]) -> QuoteLine:
        return cls(
            bill_id=int(row["bill_id"]),
            period=int(row["period"]),
            due_date=date.fromisoformat(row["due_date"]),
            due=bool(row["due"]),
            **{
                name: Decimal(row[name])
                for name in ("rent", "addon", "fee", "late_fee", "discount")
            },
        )


@dataclass(frozen=True)
class Quote:
    as_of: date
    lines: tuple[QuoteLine, ...]
    discount_rate: Decimal
    buyout: Decimal  # the plan's buyout price when ownership transfers, else 0

    def _sum(self, name: str, *, due: bool | None = None) -> Decimal:
        return sum(
            (getattr(line, name) for line in self.lines if due is None or line.due == due), ZERO
        )

    @property
    def due_amount(self) -> Decimal:
        """Rent, add-ons and fees of the bills due by the quote's day."""
        return sum((self._sum(name, due=True) for name in ("rent", "addon", "fee")), ZERO)

    @property
    def late_fee(self) -> Decimal:
        return self._sum("late_fee")

    @property
    def future_rent(self) -> Decimal:
        return self._sum("rent", due=False)

    @property
    def future_addon(self) -> Decimal:
        return self._sum("addon", due=False) + self._sum("fee", due=False)

    @property
    def discount(self) -> Decimal:
        return self._sum("discount")

    @property
    def total(self) -> Decimal:
        return sum((line.amount for line in self.lines), ZERO) + self.buyout


def quote_make(
    *, bills: list[Bill], today: date, discount_rate: Decimal, buyout: Decimal = ZERO
) -> Quote:
    """The quote of what an order's instalments and charges still owe on `today` (module
    docstring; `selectors.order_owed`: a written-off bill is owed in full, due), each after
    what earlier payments paid (`settle.principal_parts`)."""
    open_bills = sorted(
        (line.bill for line in owed_of(bills).lines if line.bill.period >= 1),
        key=lambda b: b.period,
    )
    owed = {bill.pk: settle.principal_parts(bill) for bill in open_bills}
    future = [b for b in open_bills if b.due_date > today]
    future_rent = sum((owed[b.pk][0] for b in future), ZERO)
    discount = discount_of(future_rent, discount_rate)
    shares = dict(
        zip(
            (bill.pk for bill in future),
            discount_shares(discount, [owed[bill.pk][0] for bill in future]),
            strict=True,
        )
    )
    lines = tuple(
        QuoteLine(
            bill_id=bill.pk,
            period=bill.period,
            due_date=bill.due_date,
            due=bill.due_date <= today,
            rent=owed[bill.pk][0],
            addon=owed[bill.pk][1],
            fee=owed[bill.pk][2],
            late_fee=bill.late_fee_owed if bill.due_date <= today else ZERO,
            discount=shares.get(bill.pk, ZERO),
        )
        for bill in open_bills
    )
    return Quote(as_of=today, lines=lines, discount_rate=discount_rate, buyout=buyout)


def quote_answer(quote: Quote) -> dict[str, Any]:
    """The quote as the screen shows it (amounts as strings with two places)."""
    return {
        "as_of": quote.as_of,
        "bills": [
            {
                "period": line.period,
                "due_date": line.due_date,
                "due": line.due,
                "rent": str(line.rent),
                "addon_amount": str(line.addon + line.fee),
                "late_fee": str(line.late_fee),
                "discount": str(line.discount),
                "amount": str(line.amount),
            }
            for line in quote.lines
        ],
        "due_amount": str(quote.due_amount),
        "late_fee": str(quote.late_fee),
        "future_rent": str(quote.future_rent),
        "future_addon": str(quote.future_addon),
        "discount_rate": f"{quote.discount_rate:.4f}",
        "discount": str(quote.discount),
        "buyout_price": str(quote.buyout),
        "ownership_transfer": quote.buyout > 0,
        "total": str(quote.total),
    }


def order_open_bills(order_id: int) -> list[Bill]:
    """The order's bills, locked (the caller holds the order's lock first)."""
    return list(Bill.objects.select_for_update().filter(order_id=order_id).order_by("period"))


def settlement_in_flight(order_id: int) -> EarlySettlement | None:
    return EarlySettlement.objects.filter(
        order_id=order_id, status=EarlySettlement.Status.PROCESSING
    ).first()


def settlement_for_key(idempotency_key: str) -> EarlySettlement | None:
    return EarlySettlement.objects.filter(idempotency_key=idempotency_key).first()


def settlement_quote(settlement: EarlySettlement) -> Quote:
    """The quote a settlement was made from (what it asks while in flight)."""
    return Quote(
        as_of=settlement.quoted_on,
        lines=tuple(QuoteLine.of_json(row) for row in settlement.lines),
        discount_rate=settlement.discount_rate,
        buyout=settlement.buyout_amount,
    )


@dataclass(frozen=True)
class Outcome:
    """What an attempt came to: whether this call settled the lease (its order then moves),
    and the last bill this call made paid (a short result pays some bills only)."""

    settlement: EarlySettlement
    newly_settled: bool
    last_bill: Bill | None = None


def settlement_begin(
    *,
    order_id: int,
    order_no: str,
    quote: Quote,
    idempotency_key: str,
    actor: Session | None,
    agreement_no: str = "",
    auth_no: str = "",
    offline: OfflineDetails | None = None,
) -> Outcome:
    """Settles the quote's bills: through the provider by the customer's withhold agreement
    — or, a deposit-free lease's buyout, against its Zhima authorisation `auth_no`,
    completing it (`credit_pay.buyout_auth_no`) — or offline with a receipt. The caller
    holds the order's lock, checked the order may settle, refused a replayed key and
    compared the quote's total with the one asked."""
    if not quote.lines:
        raise ApplicationError(ErrorCode.NOTHING_TO_SETTLE)
    if offline is not None:
        offline_details_check(offline)
    settlement_id = operation_id_next(EarlySettlement)
    settlement = EarlySettlement(
        id=settlement_id,
        settlement_no=f"{order_no}ES{settlement_id}",
        order_id=order_id,
        order_no=order_no,
        method=EarlySettlement.Method.OFFLINE if offline else EarlySettlement.Method.PROVIDER,
        total=quote.total,
        discount=quote.discount,
        discount_rate=quote.discount_rate,
        late_fee=quote.late_fee,
        buyout_amount=quote.buyout,
        lines=[line.as_json() for line in quote.lines],
        quoted_on=quote.as_of,
        idempotency_key=idempotency_key,
        actor_account_id=actor.account.pk if actor else None,
    )
    bills = {bill.pk: bill for bill in settle.order_bills_lock(order_id)}
    asks = [
        settle.Ask(bills[line.bill_id], amount=line.amount, discount=line.discount)
        for line in quote.lines
    ]
    settle.claim_check([ask.bill for ask in asks])
    if offline is not None:
        settlement.offline_receipt = receipt_record(
            order_id=order_id,
            order_no=order_no,
            purpose=OfflineReceipt.Purpose.EARLY_SETTLEMENT,
            amount=quote.total,
            details=offline,
            idempotency_key=idempotency_key,
            actor=actor,
        )
    settlement.save(force_insert=True)
    settle.bills_claim(
        asks,
        method=BillPayment.Method.OFFLINE if offline else BillPayment.Method.EARLY,
        out_no=_out_no(settlement),
        actor=actor,
        early_settlement=settlement,
        offline_receipt=settlement.offline_receipt,
    )
    if offline is not None:
        return _settle(settlement, received=quote.total, trade_no="", actor=actor)
    try:
        if auth_no:
            # Its payments complete the authorisation: once it succeeds the provider has
            # released the rest (`deposits.deposit_auth_completed` records that thaw).
            BillPayment.objects.filter(out_trade_no=settlement.settlement_no).update(
                auth_complete=True
            )
            result = payment_provider().auth_pay(
                out_no=settlement.settlement_no,
                auth_no=auth_no,
                amount=settlement.total,
                subject=f"{order_no} 提前结清",
                complete=True,
            )
        else:
            result = payment_provider().withhold(
                out_no=settlement.settlement_no,
                agreement_no=agreement_no,
                amount=settlement.total,
                subject=f"{order_no} 提前结清",
            )
    except ProviderError as error:
        # Nothing was recorded at the provider: the attempt is rolled back with the call.
        raise provider_failed(error) from error
    return settlement_apply(settlement, result, actor)


def _out_no(settlement: EarlySettlement) -> str:
    """The number its bill payments carry: the receipt's offline, else the settlement's."""
    receipt = settlement.offline_receipt
    return receipt.receipt_no if receipt else settlement.settlement_no


def settlement_apply(
    settlement: EarlySettlement, result: PaymentResult, actor: Session | None
) -> Outcome:
    """Records what the provider says of a settlement (the order is locked by the caller).
    Idempotent: a settled attempt answers as it stands."""
    if settlement.status != EarlySettlement.Status.PROCESSING:
        return Outcome(settlement, False)
    if result.status == PaymentStatus.PROCESSING:
        if result.trade_no and settlement.provider_reference != result.trade_no:
            settlement.provider_reference = result.trade_no
            settlement.save(update_fields=["provider_reference"])
        return Outcome(settlement, False)
    if result.status == PaymentStatus.SUCCEEDED:
        settlement.finished_at = result.finished_at or timezone.now()
        if order_unwound(settlement.order_id):
            return _unwound_settle(settlement, result, actor)
        return _settle(settlement, received=result.amount, trade_no=result.trade_no, actor=actor)
    settlement.status = EarlySettlement.Status.FAILED
    settlement.provider_reference = result.trade_no or settlement.provider_reference
    settlement.failure_reason = result.reason[:300]
    settlement.finished_at = result.finished_at or timezone.now()
    settlement.save()
    # The bills are owed as before: the night's auto-debit and late fees see them again.
    settle.payments_release(
        settle.claimed_by(_out_no(settlement)),
        reason=result.reason,
        trade_no=result.trade_no,
        finished_at=settlement.finished_at,
    )
    return Outcome(settlement, False)


def _unwound_settle(
    settlement: EarlySettlement, result: PaymentResult, actor: Session | None
) -> Outcome:
    """The withhold of a settlement the order's end did not reach in time took the money
    after the order ended without a deal: no bill paid, no buyout, the order not moved;
    the money is booked owed back and refunded, payment by payment
    (`payments.payments_unwound_receive`)."""
    claimed = settle.claimed_by(_out_no(settlement))
    payments_unwound_receive(
        claimed,
        received=result.amount,
        reference=f"early:{settlement.settlement_no}",
        kind="early_settlement",
        actor=actor,
        trade_no=result.trade_no,
        finished_at=settlement.finished_at,
    )
    settlement.status = EarlySettlement.Status.SUCCEEDED
    settlement.received = result.amount
    settlement.provider_reference = result.trade_no or settlement.provider_reference
    settlement.save()
    payments_unwound_refund(claimed, actor=actor)
    return Outcome(settlement, False)


def _buyout_bill(settlement: EarlySettlement, like: Bill) -> Bill:
    """The buyout bill (period 0) at the plan's buyout price, made or brought up to date."""
    amount = settlement.buyout_amount
    bill = Bill.objects.select_for_update().filter(order_id=settlement.order_id, period=0).first()
    if bill is None:
        return Bill.objects.create(
            order_id=settlement.order_id,
            order_no=settlement.order_no,
            sub_shop_id=like.sub_shop_id,
            kind="buyout",
            period=0,
            due_date=timezone.localdate(),
            rent=amount,
            amount=amount,
            out_trade_no=f"{settlement.order_no}BUY",
        )
    if bill.status == BillStatus.PAID:
        raise ApplicationError(ErrorCode.BILL_ALREADY_PAID)
    bill.rent = bill.amount = amount
    bill.addon_amount = bill.fee_amount = ZERO
    bill.status = BillStatus.UNPAID
    bill.save()
    return bill


def _settle(
    settlement: EarlySettlement, *, received: Decimal, trade_no: str, actor: Session | None
) -> Outcome:
    """What came for the settlement, through the settling path (`settle.py`): every bill
    it claimed paid (each less its discount) and, when ownership transfers, the buyout bill;
    booked in one journal, commission taken. A short result pays the oldest bills first with
    no discount and no buyout, leaves the rest owed and the lease running (SHORT)."""
    offline = settlement.method == EarlySettlement.Method.OFFLINE
    out_no = _out_no(settlement)
    claimed = settle.claimed_by(out_no)
    whole = received >= settlement.total
    if whole and settlement.buyout_amount > 0 and claimed:
        buyout_bill = _buyout_bill(settlement, claimed[0].bill)
        bought = settle.bills_claim(
            [settle.Ask(buyout_bill, amount=settlement.buyout_amount)],
            method=claimed[0].method,
            out_no=out_no,
            actor=None,
            early_settlement=settlement,
            offline_receipt=settlement.offline_receipt,
        )
        for payment in bought:  # part of the payment that completed the authorisation
            payment.auth_complete = claimed[0].auth_complete
            payment.save(update_fields=["auth_complete"])
        claimed += bought
    memo = f"{settlement.order_no}{MEMO_SUFFIX}"
    reference = f"early:{settlement.settlement_no}"
    settled = settle.payments_settle(
        claimed,
        received=received,
        posting=settle.Posting(
            reference=reference,
            kind="offline_repayment" if offline else "early_settlement",
            memo=memo,
            commission_reference=f"commission:{reference}",
            platform_receipt=not offline,
            payment_reference=out_no,
            meta={"discount": str(settlement.discount if whole else ZERO), "bills": len(claimed)},
        ),
        actor=actor,
        trade_no=trade_no,
        finished_at=settlement.finished_at or timezone.now(),
        asked=settlement.total,
    )
    complete = whole and len(settled.newly_paid) == len(claimed)
    settlement.status = (
        EarlySettlement.Status.SUCCEEDED if complete else EarlySettlement.Status.SHORT
    )
    settlement.received = received
    settlement.provider_reference = trade_no or settlement.provider_reference
    settlement.finished_at = settlement.finished_at or timezone.now()
    settlement.save()
    return Outcome(settlement, complete, settled.last_paid)


def settlement_sync(
    *, out_no: str, actor: Session | None = None, close_if_processing: bool = False
) -> Outcome | None:
    """Re-queries the provider about a settlement's withhold and records the outcome (the
    callback, `queryPayResult` and the night's stale-payment step come here through the
    order; the order is locked by the caller). `close_if_processing` closes a trade still
    without an outcome, so it can never succeed later."""

    def ask(settlement: EarlySettlement) -> PaymentResult:
        result = payment_provider().query(out_no=out_no)
        if close_if_processing and result.status == PaymentStatus.PROCESSING:
            result = payment_provider().close(out_no=out_no)
        return result

    def apply(settlement: EarlySettlement, result: PaymentResult) -> Outcome:
        return settlement_apply(settlement, result, actor)

    synced = operation_sync(
        EarlySettlement.objects.select_for_update().filter(settlement_no=out_no).first,
        ask=ask,
        apply=apply,
        pending=apply,
        failed=provider_raise,
    )
    if synced is None:
        return None
    return synced.applied or Outcome(synced.row, False)


def stale_settlement_numbers(*, older_than: Any) -> list[str]:
    return list(
        EarlySettlement.objects.filter(
            status=EarlySettlement.Status.PROCESSING, created_at__lt=older_than
        )
        .order_by("id")
        .values_list("settlement_no", flat=True)
    )


def settlement_answer(settlement: EarlySettlement) -> dict[str, Any]:
    receipt = settlement.offline_receipt
    return {
        "id": settlement.pk,
        "settlement_no": settlement.settlement_no,
        "order_id": settlement.order_id,
        "method": settlement.method,
        "status": settlement.status,
        "total": str(settlement.total),
        "received": None if settlement.received is None else str(settlement.received),
        "discount": str(settlement.discount),
        "late_fee": str(settlement.late_fee),
        "buyout_price": str(settlement.buyout_amount),
        "bills": len(settlement.lines),
        "failure_reason": settlement.failure_reason,
        "receipt_no": receipt.receipt_no if receipt else "",
        "created_at": settlement.created_at,
        "finished_at": settlement.finished_at,
    }
