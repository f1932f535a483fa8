"""What a return settles (docs/money.md, "Early return"): the rules of an order's
early-return terms (`apps/orders/termination.py`) applied to its bills and deposit.

**The return's day** is the day the goods come back to the shop (`receive`, China time).
Settling a return (`return_quote`, applied at inspection by `return_settle`):
- unpaid instalments due on or before that day stay owed;
- unpaid instalments due after it are cancelled: the customer no longer has the goods;
- returned before the minimum term's end (the lease start plus `min_term` periods), the
  customer owes the early-termination fee: `rate` x the rent cancelled (half-up to the
  cent), or the fixed amount — never more than the rent cancelled, so the fee is never
  worse for the customer than keeping the lease to its end (a court may cut liquidated
  damages above the loss, Civil Code art. 585);
- damage found at inspection is owed in full, whatever the deposit;
- the frozen deposit pays what is owed oldest first — past-due instalments, then the fee,
  then the damage — the last item in part if need be; the rest of the deposit is thawed;
- what the deposit did not cover stays owed as open charges (`charges.py`): the order
  ends `completed` in the list stage `owing` until it is paid or waived.

A renewal agreed in the after-sale business adds its bills here too (`bills_renew`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.utils import timezone

from apps.goods.rules import early_fee_text
from apps.orders import machine
from apps.orders.models import AfterSale, Order, OrderKind
from apps.orders.reads import Terms, min_term_end, order_terms, termination_fee
from apps.orders.scope import order_in_scope
from tenants.catalog.selectors import money
from zulin.audit.services import audit_record
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.money.allocation import take_in_order
from zulin.money.schedule import add_months, lease_end

from . import charges, deposits, latefees, payments, settle
from .models import CHARGE_KINDS, Bill, BillKind, BillStatus
from .selectors import order_owed, order_trades_in_flight

ZERO = Decimal("0.00")
CENT = Decimal("0.01")


@dataclass
class Line:
    """One thing owed at settlement and what the deposit pays of it."""

    kind: str
    amount: Decimal
    period: int | None = None
    due_date: date | None = None
    from_deposit: Decimal = ZERO

    @property
    def left_owed(self) -> Decimal:
        return self.amount - self.from_deposit

    def answer(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "period": self.period,
            "due_date": self.due_date,
            "amount": money(self.amount),
            "from_deposit": money(self.from_deposit),
            "left_owed": money(self.left_owed),
        }


@dataclass
class Quote:
    return_day: date
    terms: Terms
    min_term_end: date | None
    before_min_term: bool
    cancelled: list[Bill]
    rent_cancelled: Decimal
    fee: Decimal
    damage: Decimal
    deposit_available: Decimal
    lines: list[Line] = field(default_factory=list)

    @property
    def total_owed(self) -> Decimal:
        return sum((line.amount for line in self.lines), ZERO)

    @property
    def deposit_applied(self) -> Decimal:
        return sum((line.from_deposit for line in self.lines), ZERO)

    @property
    def owed_after_deposit(self) -> Decimal:
        return self.total_owed - self.deposit_applied

    def answer(self, order: Order) -> dict[str, Any]:
        bills = [line for line in self.lines if line.kind == BillKind.LEASE]
        charges = [
            line for line in self.lines if line.kind in CHARGE_KINDS and line.period is not None
        ]
        return {
            "order_id": order.pk,
            "return_date": self.return_day,
            "lease_start": order.lease_start,
            "lease_end": order.lease_end,
            "min_term": self.terms.min_term,
            "min_term_end": self.min_term_end,
            "before_min_term": self.before_min_term,
            "fee_mode": self.terms.fee_mode,
            "fee_value": early_fee_text(self.terms.fee_mode, self.terms.fee_value),
            "bills_owed": money(sum((line.amount for line in bills), ZERO)),
            "bills_owed_count": len(bills),
            "rent_cancelled": money(self.rent_cancelled),
            "bills_cancelled_count": len(self.cancelled),
            "termination_fee": money(self.fee),
            "damage_amount": money(self.damage),
            "charges_owed": money(sum((line.amount for line in charges), ZERO)),
            "total_owed": money(self.total_owed),
            "deposit_available": money(self.deposit_available),
            "deposit_applied": money(self.deposit_applied),
            "deposit_thawed": money(self.deposit_available - self.deposit_applied),
            "owed_after_deposit": money(self.owed_after_deposit),
            "lines": [line.answer() for line in self.lines],
        }


def return_quote(
    order: Order, *, return_day: date, damage: Decimal, bills: Sequence[Bill] | None = None
) -> Quote:
    """What settling a return on `return_day` with `damage` comes to (the module's rules),
    without changing anything."""
    # What the order owes (`order_owed`: written-off bills included, a write-off forgives
    # nothing), oldest first.
    owing = order_owed(order.pk, bills=bills).lines
    cancelled = [
        line.bill
        for line in owing
        if line.bill.kind == BillKind.LEASE
        and line.bill.status == BillStatus.UNPAID
        and line.bill.due_date > return_day
    ]
    # The rent (with add-ons and fee) those bills still ask: a late fee the nights added on
    # one while the goods awaited inspection is forgone with it, and is no base of the fee.
    rent_cancelled = sum((settle.principal_owed(bill) for bill in cancelled), ZERO)
    terms = order_terms(order)
    end = min_term_end(order)
    before = end is not None and return_day < end
    fee = termination_fee(terms, rent_cancelled) if before else ZERO
    lines = [
        Line(line.bill.kind, line.total, line.bill.period, line.bill.due_date)
        for line in owing
        if line.bill not in cancelled
    ]
    if fee > 0:
        lines.append(Line(BillKind.TERMINATION.value, fee, None, return_day))
    if damage > 0:
        lines.append(Line(BillKind.DAMAGE.value, damage.quantize(CENT)))
    available = deposits.deposit_available(order)
    for line, taken in zip(
        lines, take_in_order(available, [line.amount for line in lines]), strict=True
    ):
        line.from_deposit = taken
    return Quote(
        return_day=return_day,
        terms=terms,
        min_term_end=end,
        before_min_term=before,
        cancelled=cancelled,
        rent_cancelled=rent_cancelled,
        fee=fee,
        damage=damage.quantize(CENT),
        deposit_available=available,
        lines=lines,
    )


# A return may be quoted while the lease runs and until the goods are inspected.
QUOTED_FROM = frozenset({machine.IN_LEASE, machine.RETURNING, machine.INSPECTING})


def order_return_quote(
    *, actor: Session | None, order_id: int, return_date: date | None, damage: Decimal
) -> dict[str, Any]:
    """`getReturnQuote`: what the customer will owe if the goods come back on `return_date`
    (default: the day they came back, else today) with `damage` — shown before anyone
    confirms a return or an inspection (the caller's scope applies)."""
    order = order_in_scope(actor, order_id)
    if order.kind != OrderKind.LEASE or order.status not in QUOTED_FROM:
        raise ApplicationError(ErrorCode.CONFLICT, data={"from": order.status, "to": "returned"})
    if return_date is None:
        received = (
            AfterSale.objects.filter(
                order=order,
                kind=AfterSale.Kind.RETURN,
                status__in=[AfterSale.Status.OPEN, AfterSale.Status.APPROVED],
            )
            .values_list("received_on", "picked_up_on")
            .first()
        )
        received_on, picked_up_on = received or (None, None)
        return_date = received_on or picked_up_on or timezone.localdate()
    return return_quote(order, return_day=return_date, damage=damage).answer(order)


def _payments_in_flight_end(order: Order, *, actor: Session | None) -> None:
    """Before a return settles, every payment of the order's bills still in flight gets its
    outcome: the provider is asked, and a withhold or customer payment it has no outcome
    for yet is closed there (it can never succeed later; its bill is owed again, for the
    deposit to take); a deposit transfer is asked. One still without an outcome (a transfer
    or an early settlement the provider holds) refuses the settlement
    (PAYMENT_IN_PROGRESS), to be tried again: the deposit is never thawed past it."""
    for out_no, method in order_trades_in_flight(order.pk):
        if method in settle.BILL_TRADES:
            payments.payment_sync(out_no=out_no, actor=actor, close_if_processing=True)
        elif method == "deposit":
            deposits.deposit_sync(out_no=out_no, actor=actor)
    if order_trades_in_flight(order.pk):
        raise ApplicationError(ErrorCode.PAYMENT_IN_PROGRESS)


def return_settle(
    order: Order, *, return_day: date, damage: Decimal, actor: Session | None
) -> Quote:
    """Settles a return at inspection (the order row locked by the caller): payments in
    flight given their outcome first, rent due after the return's day cancelled, the
    early-termination fee and the damage charged, the deposit taken oldest first for what
    is owed (a written-off bill included) and the rest thawed once nothing it could pay
    comes first (`deposits.deposit_owes_first`)."""
    _payments_in_flight_end(order, actor=actor)
    # What those outcomes moved (a deposit transfer confirmed, a bill paid) is read again.
    order.refresh_from_db()
    bills = settle.order_bills_lock(order.pk)
    quote = return_quote(order, return_day=return_day, damage=damage, bills=bills)
    for bill in quote.cancelled:
        if bill.late_fee_owed > 0:
            # Late fee the nights added while the goods waited for inspection, on rent due
            # after they came back: never owed, as that rent; forgone with a waiver row.
            latefees.late_fee_waive(
                actor=None, bill=bill, amount=None, reason="归还日后到期的租金不再收取"
            )
        bill.status = BillStatus.CANCELLED
        bill.save(update_fields=["status", "updated_at"])
    if quote.cancelled:
        audit_record(
            actor=actor,
            action="bill.cancelled_by_return",
            target_type="order",
            target_id=order.pk,
            after={
                "return_date": return_day.isoformat(),
                "periods": [bill.period for bill in quote.cancelled],
                "rent": str(quote.rent_cancelled),
            },
            reason="归还日后到期的租金不再收取",
        )
    today = timezone.localdate()
    for kind, amount, due in (
        (BillKind.TERMINATION, quote.fee, return_day),
        (BillKind.DAMAGE, quote.damage, today),
    ):
        if amount > 0:
            charges.charge_add(
                order_id=order.pk,
                order_no=order.order_no,
                sub_shop_id=order.sub_shop_id,
                kind=kind,
                amount=amount,
                due=due,
            )
    if quote.deposit_applied > 0:
        # Refused or failed, nothing is swallowed: the deposit stays frozen for the debt.
        deposits.deposit_transfer(order, actor=actor, purpose="bills", partial=True)
    deposits.deposit_thaw(order, actor=actor)  # kept while anything comes first
    return quote


def bills_renew(order: Order, *, extra: int, term_before: int, end_before: date | None) -> None:
    """A renewal's bills: `extra` more periods at the same rent after the lease as it stood
    (`term_before`, ending `end_before`): a month plan's bills due on the lease's day of
    each month from the day after that lease end, a day plan's one bill (the extra days'
    rent) due that day — never before today (a renewal agreed after the lease ran out is
    not born overdue). The order's term grew already in orders (`after_sale`)."""
    last = Bill.objects.filter(order_id=order.pk, period__gte=1).order_by("-period").first()
    start = order.lease_start or timezone.localdate()
    current_end = end_before or lease_end(start=start, term=term_before, term_unit=order.term_unit)
    first_new = (last.period if last else 0) + 1
    today = timezone.localdate()
    if order.term_unit == "month":
        plan = [
            (period, add_months(start, term_before + period - first_new), order.rent)
            for period in range(first_new, first_new + extra)
        ]
    else:
        plan = [(first_new, current_end + timedelta(days=1), order.rent * extra)]
    Bill.objects.bulk_create(
        Bill(
            order_id=order.pk,
            order_no=order.order_no,
            sub_shop_id=order.sub_shop_id,
            period=period,
            due_date=max(due, today),
            rent=rent.quantize(CENT),
            amount=rent.quantize(CENT),
            out_trade_no=f"{order.order_no}B{period:03d}",
        )
        for period, due, rent in plan
    )
