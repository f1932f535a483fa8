"""The one settling path: every way money settles what an order owes goes through here.

A customer's payment, a withhold (the shop's or the night's auto-debit), a deposit transfer,
an offline repayment, an early settlement and a buyout (an early settlement that also pays
the plan's buyout price) each do two things here, and nothing else marks a bill paid:

1. **claim** the bills they mean to pay (`bills_claim`): each claimed bill gets a payment
   `processing` and the status `paying`, so no other way of paying can reach it meanwhile;
2. **settle** what came (`payments_settle`), or **release** the claim when nothing came
   (`payments_release`).

Locks: the order row, then its bills in period order, then the ledger accounts — the order
every writer of an order takes (`order_bills_lock`).

A claim is refused, writing nothing:
- a paid bill (BILL_ALREADY_PAID), a cancelled one (CONFLICT); a bill written off
  (apps.recovery) is still owed and may be claimed: what it pays is recovered after
  write-off (`recovered_after_write_off`), income when it arrives like any payment, and a
  short result leaves it `written_off`;
- a bill with a settlement in flight by ANY method (PAYMENT_IN_PROGRESS): a withhold or the
  customer's payment waiting for the provider, a deposit transfer, an early settlement's
  withhold. The database holds it too: at most one payment `processing` per bill (a partial
  unique index), so two methods can never both be in flight on one bill;
- an instalment while an older one is still owed (`selectors.order_owed`: a written-off one
  included, never jumped over) and not claimed with it (OLDER_BILL_FIRST, naming the
  period); the buyout bill (period 0) only with every instalment still owed.

Allocation (`split`), one order for every method: the claimed bills oldest first (the
buyout bill last); per bill its late fee still owed first, then its principal in the order
rent (or sale or buyout price), add-ons, shipping fee. An early settlement's discount comes
off the rent and holds only when everything asked arrived.

What the provider reports is what is recorded, whatever was asked. A short result pays what
it covers in that order and leaves the rest owed (the bill back to `unpaid`, its next trade
number); a long one pays every claimed bill and books the excess as owed back to the
customer (`customer_refunds_payable`). Either way the payment keeps the asked amount
(`asked_amount`), is flagged `amount_mismatch` for reconciliation, and the audit trail says
so. Money is income when it arrives (cash basis): one journal per settlement, what came
debited to where it sits (`provider_clearing`, or the merchant's own `bank` offline),
credited to late fee, rent (sale, buyout), add-on and shipping-fee income, less any
discount (`early_settlement_discount`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.utils import timezone

from apps.orders.scope import order_lock
from zulin.audit.services import audit_record
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.ledger.services import money_moved, post_event
from zulin.money import allocation
from zulin.money.allocation import Split

from . import commission, latefees
from .models import CHARGE_KINDS, Bill, BillPayment, BillStatus
from .outbox import bill_event
from .selectors import OWED_STATUSES, bill_owed, order_unwound

ZERO = Decimal("0.00")
Method = BillPayment.Method
# Methods whose trade is the bill's own trade number: a failure moves the bill to the next.
BILL_TRADES = (Method.WITHHOLD, Method.CUSTOMER, Method.AUTH)
# What a bill's principal is, as the posting rule names it (`rules.ALLOCATED`): rent unless
# the bill is a sale, a buyout price or a charge.
INCOME_OF_KIND = {
    "purchase": "sale",
    "buyout": "buyout",
    "damage": "damage",
    "termination": "termination_fee",
}


# --- locks and what a bill owes ------------------------------------------------------------


def order_bills_lock(order_id: int) -> list[Bill]:
    """Locks the order row, then every bill of the order in period order; answers the
    bills. The order's lock is the one every writer of an order takes first (the caller
    usually holds it already: taking it again in the same transaction changes nothing)."""
    order_lock(order_id)
    return list(Bill.objects.select_for_update().filter(order_id=order_id).order_by("period"))


def allocation_order(bill: Bill) -> tuple[int, int]:
    """The order money is allocated in (`zulin.money.allocation.collection_key`)."""
    return allocation.collection_key(bill.period)


def principal_parts(bill: Bill, *, discount: Decimal = ZERO) -> tuple[Decimal, Decimal, Decimal]:
    """What the bill's rent, add-ons and fee still ask, after `discount` (off the rent) and
    after what earlier payments paid and waivers forgave (rent first, then add-ons, then
    fee)."""
    return allocation.principal_parts(
        rent=bill.rent,
        addon=bill.addon_amount,
        fee=bill.fee_amount,
        paid=bill.paid_amount + bill.waived_amount,
        discount=discount,
    )


def owed(bill: Bill, *, discount: Decimal = ZERO) -> Decimal:
    """What settles the bill now: its late fee still owed and its principal still owed
    (after `discount`); nothing for a bill that owes nothing (`selectors.bill_owed`: open or
    written off bills owe, a written-off one being recovered after write-off)."""
    if bill_owed(bill) is None:
        return ZERO
    return bill.late_fee_owed + sum(principal_parts(bill, discount=discount), ZERO)


def principal_owed(bill: Bill) -> Decimal:
    """What the bill's rent, add-ons and fee still ask, without its late fee (`owed` less
    the late fee): the base a return's cancelled rent and its termination fee are taken on."""
    if bill_owed(bill) is None:
        return ZERO
    return sum(principal_parts(bill), ZERO)


def split(bill: Bill, amount: Decimal, *, discount: Decimal = ZERO) -> Split:
    """How `amount` pays `bill`: its late fee owed first, then rent, add-ons and fee still
    owed (after `discount`), never more than the bill owes (the caller keeps the rest)."""
    return allocation.split(
        amount,
        late_fee_owed=bill.late_fee_owed,
        parts=principal_parts(bill, discount=discount),
    )


# --- claiming ------------------------------------------------------------------------------


def _refuse_unclaimable(bill: Bill) -> None:
    if bill.status == BillStatus.PAID:
        raise ApplicationError(ErrorCode.BILL_ALREADY_PAID)
    if bill.status == BillStatus.CANCELLED:
        raise ApplicationError(ErrorCode.CONFLICT, data={"from": "cancelled", "to": "paid"})
    in_flight = bill.status == BillStatus.PAYING or (
        BillPayment.objects.filter(bill=bill, status=BillPayment.Status.PROCESSING).exists()
    )
    if in_flight:
        raise ApplicationError(ErrorCode.PAYMENT_IN_PROGRESS)


def oldest_first(bills: Sequence[Bill], *, out_no: str = "") -> None:
    """Refuses (OLDER_BILL_FIRST, naming the period) a claim that leaves an instalment owed
    that is older than one it pays, or pays the buyout bill while an instalment is owed
    (bills the same settlement, `out_no`, already claimed go with it)."""
    order_id = bills[0].order_id
    claimed = {bill.pk for bill in bills}
    periods = [bill.period for bill in bills if bill.period >= 1]
    newest = max(periods) if periods else None
    if any(bill.period == 0 for bill in bills):
        newest = None  # the buyout bill: every instalment still owed goes with it
    older = Bill.objects.filter(order_id=order_id, period__gte=1, status__in=OWED_STATUSES).exclude(
        pk__in=claimed
    )
    if out_no:
        older = older.exclude(
            payments__out_trade_no=out_no, payments__status=BillPayment.Status.PROCESSING
        )
    if newest is not None:
        older = older.filter(period__lt=newest)
    first = older.order_by("period").values_list("period", flat=True).first()
    if first is not None:
        raise ApplicationError(ErrorCode.OLDER_BILL_FIRST, data={"period": first})


def claim_check(bills: Sequence[Bill], *, out_no: str = "") -> None:
    """Refuses a claim of `bills` as `bills_claim` would, writing nothing (a caller that
    must check before it records anything else, such as an offline receipt's voucher)."""
    if not bills:
        raise ApplicationError(ErrorCode.NOTHING_TO_SETTLE)
    for bill in bills:
        _refuse_unclaimable(bill)
    oldest_first(bills, out_no=out_no)


@dataclass(frozen=True)
class Ask:
    """One bill of a claim and what is asked of it (`amount`, the `discount` it gets if all
    asked arrives). `amount` None: what the bill owes now."""

    bill: Bill
    amount: Decimal | None = None
    discount: Decimal = ZERO


def bills_claim(
    asks: Sequence[Ask],
    *,
    method: str,
    out_no: str,
    actor: Session | None,
    idempotency_key: str = "",
    early_settlement: Any = None,
    offline_receipt: Any = None,
) -> list[BillPayment]:
    """Claims the bills (locked by the caller through `order_bills_lock`, or one bill
    locked after its order) for one settlement under `out_no`: a payment `processing` per
    bill, asking what each owes. Refused as the module docstring says; nothing written
    then."""
    ordered = sorted(asks, key=lambda ask: allocation_order(ask.bill))
    claim_check([ask.bill for ask in ordered], out_no=out_no)
    claimed = []
    for ask in ordered:
        bill = ask.bill
        amount = owed(bill, discount=ask.discount) if ask.amount is None else ask.amount
        claimed.append(
            BillPayment.objects.create(
                bill=bill,
                method=method,
                amount=amount,
                asked_amount=amount,
                discount=ask.discount,
                late_fee_amount=bill.late_fee_owed,
                out_trade_no=out_no,
                idempotency_key=idempotency_key if len(ordered) == 1 else "",
                actor_account_id=actor.account.pk if actor else None,
                early_settlement=early_settlement,
                offline_receipt=offline_receipt,
            )
        )
        bill.status = BillStatus.PAYING
        bill.save(update_fields=["status", "updated_at"])
    return claimed


# --- settling and releasing ----------------------------------------------------------------


@dataclass(frozen=True)
class Posting:
    """How a settlement is booked: the journal's reference and kind (its rule says where the
    money sits: `provider_clearing`, or `bank` for an offline repayment, which never reached
    the provider), and what else names it. `platform_receipt`: the platform's books receive
    it here (a deposit transfer is received by the deposit's own mirror, an offline
    repayment never reaches the provider)."""

    reference: str
    kind: str
    memo: str
    commission_reference: str
    platform_receipt: bool
    payment_reference: str = ""
    meta: dict[str, Any] = field(default_factory=dict)
    # What leaves the deposit's freeze in the same journal (a deposit transfer's `released`).
    released: Decimal = Decimal("0.00")
    audit_action: str = "bill.paid"
    audit_extra: dict[str, Any] = field(default_factory=dict)
    audit_reason: str = ""
    # The day the money moved when it is not the settlement's finish (an offline receipt's).
    moved_on: date | None = None


@dataclass(frozen=True)
class Settled:
    """What a settlement did: the bills it made paid (oldest first), what came beyond what
    was asked (owed back to the customer)."""

    newly_paid: list[Bill]
    excess: Decimal

    @property
    def last_paid(self) -> Bill | None:
        return self.newly_paid[-1] if self.newly_paid else None


def _next_trade_no(bill: Bill) -> str:
    """The bill's trade number after its current one (`B002`, `B002-2`, `B002-3` …): the
    bill's locked row carries its own sequence, never a count of its payments."""
    base, _, attempt = bill.out_trade_no.partition("-")
    return f"{base}-{int(attempt or 1) + 1}"


def _journal_amounts(
    splits: Iterable[tuple[Bill, Split, Decimal]],
    posting: Posting,
    *,
    received: Decimal,
    excess: Decimal,
) -> dict[str, Decimal]:
    """The settlement's amounts by the roles of its posting rule: what came, what leaves a
    deposit's freeze, the discount, what it paid of late fee, rent (sale, buyout price, a
    charge), add-ons and shipping fee, and the excess owed back."""
    amounts = {"received": received, "excess": excess}
    if posting.released:  # a deposit transfer's own role
        amounts["released"] = posting.released
    discount = ZERO
    for bill, part, bill_discount in splits:
        income = INCOME_OF_KIND.get(bill.kind, "rent")
        for role, amount in (
            ("late_fee", part.late_fee),
            (income, part.rent + bill_discount),
            ("addon", part.addon),
            ("shipping_fee", part.fee),
        ):
            amounts[role] = amounts.get(role, ZERO) + amount
        discount += bill_discount
    amounts["discount"] = discount
    return amounts


def payments_settle(
    payments: Sequence[BillPayment],
    *,
    received: Decimal,
    posting: Posting,
    actor: Session | None,
    trade_no: str = "",
    finished_at: datetime | None = None,
    asked: Decimal | None = None,
) -> Settled:
    """Records that `received` came for the claimed `payments` (one settlement, their bills
    locked): allocated oldest first, each bill its late fee then its principal; a bill
    whose whole debt is covered is paid, any other goes back to `unpaid` with the rest
    owed. Posts one journal of what came and the commission of what it paid. `asked`: what
    the settlement asked in all, when more than its payments ask (an early settlement's
    buyout price, claimed only once all of it came). Idempotent: payments no longer
    processing are left as they are."""
    live = sorted(
        (p for p in payments if p.status == BillPayment.Status.PROCESSING),
        key=lambda p: allocation_order(p.bill),
    )
    if not live:
        return Settled([], ZERO)
    now = finished_at or timezone.now()
    if asked is None:
        asked = sum((p.asked_amount or p.amount for p in live), ZERO)
    whole = received >= asked
    differs = received != asked
    left = received
    splits: list[tuple[Bill, Split, Decimal]] = []
    newly_paid: list[Bill] = []
    for payment in live:
        bill = payment.bill
        discount = payment.discount if whole else ZERO
        part = split(bill, left, discount=discount)
        left -= part.total
        settles = part.total == owed(bill, discount=discount)
        payment.amount, payment.late_fee_amount = part.total, part.late_fee
        # A charge (damage, early-termination fee) carries no commission.
        payment.commission_base = ZERO if bill.kind in CHARGE_KINDS else part.commissionable
        payment.discount = discount
        payment.amount_mismatch = differs
        payment.provider_reference = trade_no or payment.provider_reference
        payment.finished_at = now
        if part.total > 0:
            payment.status = BillPayment.Status.SUCCEEDED
        else:
            payment.status = BillPayment.Status.FAILED
            payment.failure_reason = (
                "到账金额不足，未分配到本期 (short: nothing left for this bill)"
            )
        payment.save()
        bill.late_fee_paid += part.late_fee
        bill.paid_amount += part.principal
        if bill.written_off_at is not None:
            bill.recovered_after_write_off += part.total
        if settles:
            bill.status, bill.discount = BillStatus.PAID, discount
            bill.paid_at, bill.paid_by = now, payment.method
            newly_paid.append(bill)
        else:
            bill.status = _unsettled_status(bill)
            if payment.method in BILL_TRADES:
                bill.out_trade_no = _next_trade_no(bill)
        bill.save()
        if part.total > 0:
            splits.append((bill, part, discount))
    excess = left
    order_id = live[0].bill.order_id
    # The journal, the platform's mirror and the commission: the day the money moved.
    with money_moved(posting.moved_on or now):
        if received > 0:
            post_event(
                posting.kind,
                _journal_amounts(splits, posting, received=received, excess=excess),
                reference=posting.reference,
                memo=posting.memo,
                order_id=order_id,
                bill_id=live[0].bill.pk if len(live) == 1 else None,
                payment_reference=posting.payment_reference,
                # What was asked, when the provider took another amount (reconciliation says).
                meta={**posting.meta, "asked": str(asked)} if differs else (posting.meta or None),
                actor=actor,
            )
            if posting.platform_receipt:
                commission.platform_receipt(
                    reference=posting.reference,
                    amount=received,
                    order_id=order_id,
                    memo=posting.memo,
                    actor=actor,
                )
        commission.payments_commission(
            [p for p in live if p.status == BillPayment.Status.SUCCEEDED],
            reference=posting.commission_reference,
            order_id=order_id,
            memo=posting.memo,
            actor=actor,
        )
    for payment in live:
        if payment.status != BillPayment.Status.SUCCEEDED:
            continue
        bill = payment.bill
        audit_record(
            actor=actor,
            action=posting.audit_action if bill.status == BillStatus.PAID else "bill.part_paid",
            target_type="order",
            target_id=bill.order_id,
            after={
                "period": bill.period,
                "amount": str(payment.amount),
                "method": payment.method,
                **posting.audit_extra,
            },
            reason=posting.audit_reason,
        )
        if bill.written_off_at is not None:
            audit_record(
                actor=actor,
                action="bill.recovered_after_write_off",
                target_type="order",
                target_id=bill.order_id,
                after={
                    "period": bill.period,
                    "amount": str(payment.amount),
                    "recovered": str(bill.recovered_after_write_off),
                    "written_off": str(bill.written_off_amount),
                },
            )
    if differs:
        audit_record(
            actor=actor,
            action="bill.amount_differs",
            target_type="order",
            target_id=order_id,
            after={
                "out_no": live[0].out_trade_no,
                "asked": str(asked),
                "received": str(received),
                "owed_back": str(excess),
            },
            reason="到账金额与请求金额不符，待对账",
        )
    for bill in newly_paid:
        bill_event(bill, "bill.paid")
    return Settled(newly_paid, excess)


def payments_release(
    payments: Sequence[BillPayment],
    *,
    reason: str,
    trade_no: str = "",
    finished_at: datetime | None = None,
) -> None:
    """Nothing came for the claimed `payments` (the provider said failed, or closed the
    trade): the bills are owed as before; a bill's own trade moves to its next number, so a
    retry never meets the failed trade. A bill of an order that ended without a deal is
    owed no more: it is cancelled, never collectable again."""
    for payment in payments:
        if payment.status != BillPayment.Status.PROCESSING:
            continue
        payment.status = BillPayment.Status.FAILED
        payment.failure_reason = reason[:300]
        payment.provider_reference = trade_no or payment.provider_reference
        payment.finished_at = finished_at or timezone.now()
        payment.save()
        bill = payment.bill
        if bill.status == BillStatus.PAYING:
            unwound = order_unwound(bill.order_id)
            bill.status = BillStatus.CANCELLED if unwound else _unsettled_status(bill)
            if payment.method in BILL_TRADES:
                bill.out_trade_no = _next_trade_no(bill)
            bill.save(update_fields=["status", "out_trade_no", "updated_at"])
            if unwound:
                bill_unwound_cancel(bill)


def bill_unwound_cancel(bill: Bill) -> None:
    """A bill of an order that ended without a deal is owed no more: cancelled, and the late
    fee the nights added to it while it was a deal forgone with a waiver row (no late fee
    vanishes). The caller holds the bill's lock."""
    if bill.status != BillStatus.CANCELLED:
        bill.status = BillStatus.CANCELLED
        bill.save(update_fields=["status", "updated_at"])
    if bill.late_fee_owed > 0:
        latefees.late_fee_waive(
            actor=None, bill=bill, amount=None, reason="订单已结束未成交，滞纳金不再收取"
        )


def _unsettled_status(bill: Bill) -> str:
    """Where a bill goes back when a payment left it owing: `unpaid`, or `written_off` for
    a bill the shop wrote off (still closed in its collection)."""
    return BillStatus.WRITTEN_OFF if bill.written_off_at is not None else BillStatus.UNPAID


def claimed_by(out_no: str) -> list[BillPayment]:
    """The payments a settlement under `out_no` claimed, their bills locked."""
    payments = list(
        BillPayment.objects.filter(out_trade_no=out_no, status=BillPayment.Status.PROCESSING)
        .select_related("bill")
        .order_by("bill__period")
    )
    locked = {
        bill.pk: bill
        for bill in Bill.objects.select_for_update().filter(
            pk__in=[payment.bill_id for payment in payments]
        )
    }
    for payment in payments:
        payment.bill = locked[payment.bill_id]
    return payments
