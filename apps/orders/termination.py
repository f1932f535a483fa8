"""Early return by rule, and what a return leaves owed (docs/money.md, "Early return").

**The terms.** A rent plan may set a minimum term (periods) and an early-termination fee —
a share of the rent a return cancels (`rate`), a fixed amount (`fixed`) or none; a plan
that sets none takes the shop's defaults (order settings). The terms are copied onto the
order when it is placed (`terms_for_offer`) and printed in its contract (`contract_note`);
later changes of the plan or the settings never reach a placed order.

**The return's day** is the day the goods come back to the shop (`receive`, China time).
Settling a return (`return_quote`, applied at inspection by `after_sale._settle_return`):
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
- what the deposit did not cover stays owed as open charges (`apps/billing/charges.py`):
  the order ends `completed` in the list stage `owing` until it is paid or waived.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.utils import timezone

from apps.billing import settle
from apps.billing.models import CHARGE_KINDS, Bill, BillKind, BillStatus
from apps.billing.selectors import order_owed
from apps.goods.rules import early_fee_text
from tenants.catalog.selectors import money
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.money import quotes
from zulin.money.allocation import take_in_order
from zulin.money.schedule import add_months

from . import deposits, machine
from .models import AfterSale, Order, OrderKind, OrderSetting
from .scope import order_in_scope

ZERO = Decimal("0.00")
CENT = Decimal("0.01")
FEE_MODES = ("none", "rate", "fixed")
FEE_MODE_TEXT = {"none": "不收取", "rate": "按剩余租金比例", "fixed": "固定金额"}


@dataclass(frozen=True)
class Terms:
    min_term: int
    fee_mode: str
    fee_value: Decimal


def terms_resolve(
    *,
    setting: OrderSetting,
    min_term: int | None,
    fee_mode: str,
    fee_value: Decimal | None,
) -> Terms:
    """A plan's terms, its unset parts taken from the shop's settings."""
    if min_term is None:
        min_term = setting.early_return_min_term
    if not fee_mode:
        fee_mode, fee_value = setting.early_return_fee_mode, setting.early_return_fee_value
    if fee_mode == "none":
        fee_value = ZERO
    return Terms(min_term=min_term, fee_mode=fee_mode, fee_value=fee_value or ZERO)


def order_terms(order: Order) -> Terms:
    return Terms(order.min_term, order.early_fee_mode, order.early_fee_value)


def min_term_end(order: Order) -> date | None:
    """The first day a return owes no early-termination fee (None: no minimum term)."""
    if order.min_term <= 0:
        return None
    start = order.lease_start
    if start is None:
        return None
    if order.term_unit == "day":
        return start + timedelta(days=order.min_term)
    return add_months(start, order.min_term)


def termination_fee(terms: Terms, rent_cancelled: Decimal) -> Decimal:
    """The fee of a return before the minimum term that cancels `rent_cancelled`
    (`zulin.money.quotes.termination_fee`)."""
    return quotes.termination_fee(
        mode=terms.fee_mode, value=terms.fee_value, rent_cancelled=rent_cancelled
    )


def contract_note(order: Order) -> str:
    """The early-return clause printed under the lease plan of the order's contract."""
    unit = "天" if order.term_unit == "day" else "个月"
    head = (
        "提前退租：归还日为出租人收到归还商品之日；归还日后到期的租金不再收取，"
        "归还日及之前到期的租金、逾期违约金及损坏赔偿仍应支付，押金先行抵扣。"
    )
    if order.min_term <= 0 or order.early_fee_mode == "none":
        return head + "本合同不设最短租期违约金。"
    if order.early_fee_mode == "rate":
        share = (order.early_fee_value * 100).quantize(Decimal("0.01")).normalize()
        fee = f"归还日后到期租金的{share:f}%"
    else:
        fee = f"{order.early_fee_value.quantize(CENT)}元"
    return (
        head
        + f"最短租期为{order.min_term}{unit}；在最短租期届满前退租的，承租人应支付提前退租违约金"
        + f"{fee}，且不超过归还日后到期的租金总额。"
    )


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
            .values_list("received_on", flat=True)
            .first()
        )
        return_date = received or timezone.localdate()
    return return_quote(order, return_day=return_date, damage=damage).answer(order)
