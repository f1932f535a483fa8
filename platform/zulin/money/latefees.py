"""Late fees: each day past due, the unpaid rent x the day's rate (an early tier up to
`tier_days` days overdue, then a later one), half-up to the cent, the bill's fees in all
never above its amount."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
HUNDRED = Decimal(100)


@dataclass(frozen=True)
class Tiers:
    """A shop's late-fee setting: daily rates in percent."""

    tier_days: int
    rate_early: Decimal
    rate_late: Decimal


@dataclass(frozen=True)
class FeeDay:
    day: date
    days_overdue: int
    rate: Decimal
    amount: Decimal


def daily_rate(days_overdue: int, tiers: Tiers) -> Decimal:
    """The rate of a day `days_overdue` days past due: the early one through `tier_days`."""
    if days_overdue <= tiers.tier_days:
        return tiers.rate_early
    return tiers.rate_late


def fee_of(base: Decimal, rate: Decimal) -> Decimal:
    """`rate` percent of `base`, half-up to the cent."""
    return (base * rate / HUNDRED).quantize(CENT, rounding=ROUND_HALF_UP)


def fee_days(
    *, due_date: date, last: date | None, today: date, base: Decimal, room: Decimal, tiers: Tiers
) -> list[FeeDay]:
    """The fees of the overdue days after `last` (the latest day already charged; None: none)
    up to `today`: `base` (the rent still owed) x each day's rate, their sum never above
    `room` (the bill's amount less the fees it already carries). A day whose fee rounds to
    nothing is not a row."""
    day = max(due_date, last or due_date) + timedelta(days=1)
    rows = []
    while day <= today and room > 0 and base > 0:
        days_overdue = (day - due_date).days
        rate = daily_rate(days_overdue, tiers)
        amount = min(fee_of(base, rate), room)
        if amount > 0:
            rows.append(FeeDay(day, days_overdue, rate, amount))
            room -= amount
        day += timedelta(days=1)
    return rows
