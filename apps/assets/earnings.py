"""What each device earned (issue 63, docs/assets.md "What each device earned"): reads only.

Money is never computed here: what a unit collected is read from the ledger's rows of the
orders that held it (`zulin.ledger.selectors.income_by_order_day`), found through its moves
(a `ship`, or a unit migrated out with a customer, opens a span on an order; the move that
takes it out of the customer's hands — received back, a corrected shipment, sold, written
off — closes it). An order that held more than one unit (an exchange, a corrected shipment)
has its money split between them by the days each was out on it, to the cent, so the sum
over the units is the ledger's total for those orders."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.db.models.expressions import RawSQL
from django.utils import timezone

from zulin.ledger.selectors import income_by_order_day

from .lives import DEFAULT_RESIDUAL_RATE, lives_by_sku, percent_text
from .models import Unit, UnitMovement, UnitStatus, WorkOrder

ZERO = Decimal("0.00")
CENT = Decimal("0.01")
HELD = frozenset({UnitStatus.OUT_WITH_CUSTOMER.value, UnitStatus.RETURNING.value})
# Final statuses: the unit left the shop on the day of the move into them.
GONE = frozenset({UnitStatus.SOLD.value, UnitStatus.SCRAPPED.value, UnitStatus.LOST.value})

# What the collected money is, by income account of the chart (a contra account counts
# against: refunds given back, the rent an early settlement forwent).
KIND_OF_ACCOUNT = {
    "rent_income": "rent",
    "addon_income": "rent",
    "early_settlement_discount": "rent",
    "sale_income": "buyout",
    "buyout_income": "buyout",
    "damage_income": "damage",
    "late_fee_income": "fees",
    "termination_fee_income": "fees",
    "shipping_fee_income": "fees",
    "refunds": "refunds",
}
KINDS = ("rent", "buyout", "damage", "fees", "refunds")

# Book value: straight line over the life the shop set for the category (`lives.py`; else the
# default of its kind of device: phones 24 months, laptops 36, 10 % residual), down to the
# residual share of the cost basis. A report figure, never a journal. A month is a twelfth
# of a 365-day year.
DAYS_A_MONTH = Decimal(365) / Decimal(12)


@dataclass(frozen=True)
class Span:
    """One stay of a unit with a customer on one order: China days, `end` None while out."""

    unit_id: int
    order_id: int
    start: date
    end: date | None

    def days(self, today: date) -> int:
        return max(((self.end or today) - self.start).days, 0)


@dataclass
class Earned:
    unit_id: int
    by_kind: dict[str, Decimal] = field(default_factory=lambda: dict.fromkeys(KINDS, ZERO))
    by_order: dict[int, Decimal] = field(default_factory=dict)
    by_day: dict[date, Decimal] = field(default_factory=lambda: defaultdict(lambda: ZERO))
    # The units out on each of its orders (itself among them), and whether it shares an
    # order's money with another unit while one of them is still out (its share then moves
    # by the day).
    order_units: dict[int, frozenset[int]] = field(default_factory=dict)
    shifting: bool = False

    @property
    def collected(self) -> Decimal:
        return sum(self.by_kind.values(), ZERO)


def among(ids: Sequence[int]) -> RawSQL:
    """`ids` for an `__in` filter as one array parameter (`IN (SELECT unnest(...))`): the
    report passes every unit in scope, and a list of 100,000 placeholders costs seconds to
    build and parse where one array costs milliseconds. The rows matched are the same."""
    return RawSQL("SELECT unnest(%s::bigint[])", (list(ids),))  # noqa: S611 (no text of ours)


def _day(moment: datetime) -> date:
    return timezone.localtime(moment).date()


def spans_of_moves(rows: Iterable[tuple[int, str, str, int | None, datetime]]) -> list[Span]:
    """The spans in moves `(unit_id, from_status, to_status, order_id, at)` read in order
    (by unit, then time)."""
    spans: list[Span] = []
    open_span: dict[int, tuple[int, date]] = {}
    for unit_id, from_status, to_status, order_id, at in rows:
        if to_status in HELD and from_status not in HELD and order_id is not None:
            open_span[unit_id] = (order_id, _day(at))
        elif from_status in HELD and to_status not in HELD and unit_id in open_span:
            held_order, start = open_span.pop(unit_id)
            spans.append(Span(unit_id, held_order, start, _day(at)))
    spans.extend(Span(u, o, start, None) for u, (o, start) in open_span.items())
    return sorted(spans, key=lambda s: (s.start, s.unit_id))


def lease_spans(*, unit_ids: Sequence[int] = (), order_ids: Sequence[int] = ()) -> list[Span]:
    """The spans of the units `unit_ids` (every order they were out on), or of every unit
    that was out on the orders `order_ids`, oldest first."""
    if order_ids:
        held_units = UnitMovement.objects.filter(order_id__in=among(order_ids)).values("unit_id")
        moves = UnitMovement.objects.filter(unit_id__in=held_units)
    else:
        moves = UnitMovement.objects.filter(unit_id__in=among(unit_ids))
    rows = moves.order_by("unit_id", "at", "id").values_list(
        "unit_id", "from_status", "to_status", "order_id", "at"
    )
    spans = spans_of_moves(rows)
    if order_ids:
        wanted = set(order_ids)
        spans = [s for s in spans if s.order_id in wanted]
    return spans


def split_cents(amount: Decimal, weights: Mapping[int, int]) -> dict[int, Decimal]:
    """`amount` split by `weights` to the cent, the shares summing to it exactly: each
    share rounded down, the cents left given to the largest remainders (the lower id first
    on a tie). No weight at all (every unit out for less than a day): equal shares."""
    keys = sorted(weights)
    if not keys:
        return {}
    total_weight = sum(weights.values())
    weight = dict(weights) if total_weight > 0 else dict.fromkeys(keys, 1)
    total_weight = sum(weight.values())
    cents = int((amount / CENT).to_integral_value())
    sign = -1 if cents < 0 else 1
    exact = {k: Decimal(abs(cents) * weight[k]) / Decimal(total_weight) for k in keys}
    shares = {k: int(exact[k]) for k in keys}
    left = abs(cents) - sum(shares.values())
    for k in sorted(keys, key=lambda k: (-(exact[k] - shares[k]), k))[:left]:
        shares[k] += 1
    return {k: Decimal(sign * shares[k]) * CENT for k in keys}


def earned_by_unit(
    unit_ids: Sequence[int], *, today: date | None = None, own: list[Span] | None = None
) -> dict[int, Earned]:
    """What each unit of `unit_ids` collected, by kind, by order and by day: each order's
    income rows in the ledger, split between the units it held by their days out on it.
    `own`: the units' spans when the caller read them already."""
    today = today or timezone.localdate()
    wanted = set(unit_ids)
    if own is None:
        own = lease_spans(unit_ids=list(unit_ids))
    order_ids = sorted({s.order_id for s in own})
    spans = lease_spans(order_ids=order_ids) if order_ids else []
    days: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for span in spans:
        days[span.order_id][span.unit_id] += span.days(today)
    earned = {unit_id: Earned(unit_id) for unit_id in unit_ids}
    still_out = {span.order_id for span in spans if span.end is None}
    for span in own:
        if span.unit_id in wanted:
            its = earned[span.unit_id]
            its.order_units[span.order_id] = frozenset(days[span.order_id])
            its.shifting |= span.order_id in still_out and len(days[span.order_id]) > 1
    rows = income_by_order_day(order_ids)
    by_order_kind: dict[tuple[int, str], Decimal] = defaultdict(lambda: ZERO)
    # Each order's income by day, read once per order below (not a scan of every order's).
    by_order_day: dict[int, dict[date, Decimal]] = defaultdict(lambda: defaultdict(lambda: ZERO))
    for row in rows:
        kind = KIND_OF_ACCOUNT.get(row["account"], "fees")
        by_order_kind[(row["order_id"], kind)] += row["amount"]
        by_order_day[row["order_id"]][row["moved_on"]] += row["amount"]
    for (order_id, kind), amount in by_order_kind.items():
        for unit_id, share in split_cents(amount, days[order_id]).items():
            if unit_id in wanted:
                earned[unit_id].by_kind[kind] += share
                earned[unit_id].by_order[order_id] = (
                    earned[unit_id].by_order.get(order_id, ZERO) + share
                )
    for order_id, per_unit in days.items():
        total_weight = sum(per_unit.values())
        for unit_id, weight in per_unit.items():
            if unit_id not in wanted:
                continue
            ratio = (
                Decimal(weight) / Decimal(total_weight)
                if total_weight
                else Decimal(1) / Decimal(len(per_unit))
            )
            for day, amount in by_order_day.get(order_id, {}).items():
                earned[unit_id].by_day[day] += amount * ratio
    return earned


def book_value(
    cost_basis: Decimal,
    *,
    months: int,
    days_owned: int,
    residual_rate: Decimal = DEFAULT_RESIDUAL_RATE,
) -> Decimal:
    """Straight line from the cost basis to its residual (`residual_rate` of it) over
    `months`."""
    residual = (cost_basis * residual_rate).quantize(CENT, ROUND_HALF_UP)
    used = min(Decimal(days_owned) / (DAYS_A_MONTH * months), Decimal(1))
    return (cost_basis - (cost_basis - residual) * used).quantize(CENT, ROUND_HALF_UP)


def _money(value: Decimal | None) -> str | None:
    return None if value is None else f"{value.quantize(CENT, ROUND_HALF_UP):.2f}"


def _percent(part: Decimal, whole: Decimal) -> str | None:
    if whole <= 0:
        return None
    return f"{(part * 100 / whole).quantize(Decimal('0.1'), ROUND_HALF_UP):.1f}"


@dataclass(frozen=True)
class Figures:
    """A unit's figures before they are worded: what the report sums and the page shows.
    `lease_days_closed` and `open_since` keep its days on lease apart from today: the closed
    spans' days, and the first day of the span still open (None: none)."""

    unit: Unit
    acquired: date
    left_on: date | None
    basis: Decimal
    repair_spend: Decimal
    earned: Earned
    lease_days_closed: int
    open_since: date | None
    paid_back_on: date | None
    stocked_at: datetime | None  # its last move into stock (None: never moved into it)

    def days_owned(self, today: date) -> int:
        return max(((self.left_on or today) - self.acquired).days, 0)

    def days_on_lease(self, today: date) -> int:
        days = self.lease_days_closed
        if self.open_since is not None:
            days += max(((self.left_on or today) - self.open_since).days, 0)
        return min(days, self.days_owned(today))


@dataclass(frozen=True)
class Read:
    """A unit's history its page read already (every move, in order; every work order):
    its figures are worked out from them instead of read again."""

    moves: Sequence[UnitMovement]
    work_orders: Sequence[WorkOrder]


MoveRow = tuple[int, str, str, int | None, datetime]


def _from_moves(
    rows: Sequence[MoveRow],
) -> tuple[list[Span], dict[int, date], dict[int, datetime]]:
    """From moves `(unit_id, from_status, to_status, order_id, at)` in order (by unit, then
    time): the spans, the day each unit left the shop (its last move into sold, scrapped or
    lost) and its last move into stock."""
    gone: dict[int, date] = {}
    stocked: dict[int, datetime] = {}
    for unit_id, _from_status, to_status, _order_id, at in rows:
        if to_status in GONE:
            gone[unit_id] = _day(at)
        elif to_status == UnitStatus.IN_STOCK:
            stocked[unit_id] = at
    return spans_of_moves(rows), gone, stocked


def _work_costs(work_orders: Iterable[WorkOrder]) -> tuple[dict, dict]:
    capitalised: dict[int, Decimal] = defaultdict(lambda: ZERO)
    repairs: dict[int, Decimal] = defaultdict(lambda: ZERO)
    for w in work_orders:
        if w.status == WorkOrder.Status.DONE:
            repairs[w.unit_id] += w.parts_cost + w.labour_cost
            if w.capitalise:
                capitalised[w.unit_id] += w.parts_cost + w.labour_cost
    return capitalised, repairs


def units_figures(
    units: Sequence[Unit], *, today: date | None = None, read: Read | None = None
) -> dict[int, Figures]:
    """Each unit's figures from its history: its moves, work orders and the ledger's rows of
    the orders that held it (`read`: one unit's history its page read already)."""
    today = today or timezone.localdate()
    unit_ids = [u.pk for u in units]
    if read is not None and len(units) == 1:
        moves: Sequence[MoveRow] = [
            (unit_ids[0], m.from_status, m.to_status, m.order_id, m.at)
            for m in sorted(read.moves, key=lambda m: (m.at, m.pk))
        ]
        capitalised, repairs = _work_costs(read.work_orders)
    else:
        moves = list(
            UnitMovement.objects.filter(unit_id__in=among(unit_ids))
            .order_by("unit_id", "at", "id")
            .values_list("unit_id", "from_status", "to_status", "order_id", "at")
        )
        capitalised, repairs = _work_costs(
            WorkOrder.objects.filter(
                unit_id__in=among(unit_ids), status=WorkOrder.Status.DONE
            ).only("unit_id", "status", "parts_cost", "labour_cost", "capitalise")
        )
    own, gone, stocked = _from_moves(moves)
    earned = earned_by_unit(unit_ids, today=today, own=own)
    closed: dict[int, int] = defaultdict(int)
    open_since: dict[int, date] = {}
    for span in own:
        if span.end is None:
            open_since[span.unit_id] = span.start
        else:
            closed[span.unit_id] += span.days(today)
    answers: dict[int, Figures] = {}
    for unit in units:
        basis = (unit.cost or ZERO) + capitalised.get(unit.pk, ZERO)
        got = earned[unit.pk]
        paid_back_on: date | None = None
        if basis > 0:
            running = ZERO
            for day in sorted(got.by_day):
                running += got.by_day[day]
                if running >= basis:
                    paid_back_on = day
                    break
        answers[unit.pk] = Figures(
            unit=unit,
            acquired=_day(unit.acquired_at),
            left_on=gone.get(unit.pk),
            basis=basis,
            repair_spend=repairs.get(unit.pk, ZERO),
            earned=got,
            lease_days_closed=closed.get(unit.pk, 0),
            open_since=open_since.get(unit.pk),
            paid_back_on=paid_back_on,
            stocked_at=stocked.get(unit.pk),
        )
    return answers


def units_earnings(
    units: Sequence[Unit],
    *,
    today: date | None = None,
    read: Read | None = None,
    categories: Mapping[int, tuple[int | None, str]] | None = None,
) -> dict[int, dict]:
    """Each unit's earnings figures (the unit's page, the report): cost basis, collected by
    kind, days owned and on lease, utilisation, payback and the day it paid back, book value
    and, once it left the shop, its disposal gain or loss. `read` and `categories`: what a
    unit's page read already (its history, its SKU's category)."""
    today = today or timezone.localdate()
    figures = units_figures(units, today=today, read=read)
    lives = lives_by_sku({unit.sku_id for unit in units}, categories=categories)
    answers: dict[int, dict[str, Any]] = {}
    for unit in units:
        life = lives[unit.sku_id]
        its = figures[unit.pk]
        days_owned = its.days_owned(today)
        basis = its.basis
        got = its.earned
        collected = got.collected
        paid_back_on = its.paid_back_on
        book = book_value(
            basis, months=life.months, days_owned=days_owned, residual_rate=life.residual_rate
        )
        # Left the shop: what it brought then (what was recovered from scrap, a sale's
        # recorded value, else the sale or buyout money the ledger holds) less its book value.
        disposal: Decimal | None = None
        if unit.status in GONE:
            proceeds = unit.disposal_value
            if proceeds is None:
                proceeds = got.by_kind["buyout"] if unit.status == UnitStatus.SOLD else ZERO
            disposal = proceeds - book
        lease_days = its.days_on_lease(today)
        answers[unit.pk] = {
            "cost_basis": _money(basis),
            "collected": _money(collected),
            "collected_by_kind": {kind: _money(got.by_kind[kind]) for kind in KINDS},
            "collected_by_order": [
                {"order_id": order_id, "amount": _money(amount)}
                for order_id, amount in sorted(got.by_order.items())
            ],
            "repair_spend": _money(its.repair_spend),
            "days_owned": days_owned,
            "days_on_lease": lease_days,
            "utilisation": _percent(Decimal(lease_days), Decimal(days_owned)),
            "payback": _percent(collected, basis),
            "paid_back_on": paid_back_on,
            "days_to_pay_back": (paid_back_on - its.acquired).days if paid_back_on else None,
            "life_months": life.months,
            "residual_rate": percent_text(life.residual_rate),
            "book_value": _money(book),
            "left_on": its.left_on,
            "disposal_gain": _money(disposal),
        }
    return answers


def unit_earnings(
    unit: Unit,
    *,
    read: Read | None = None,
    categories: Mapping[int, tuple[int | None, str]] | None = None,
) -> dict[str, Any]:
    return units_earnings([unit], read=read, categories=categories)[unit.pk]
