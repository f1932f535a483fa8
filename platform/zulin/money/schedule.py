"""The instalment schedule: when each bill of a lease falls due and what it asks.

A month plan has `term` bills due on the lease start's day of each month, clamped to the
month's end and always counted from the start (a lease from 31 January is due 31 January,
28/29 February, then 31 March — never drifting to the 28th). A day plan is one bill for the
whole term. Add-on services are charged on bill 1."""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

CENT = Decimal("0.01")


@dataclass(frozen=True)
class Instalment:
    period: int
    due_date: date
    rent: Decimal
    addon_amount: Decimal

    @property
    def amount(self) -> Decimal:
        return self.rent + self.addon_amount


def add_months(start: date, months: int) -> date:
    """`start` moved by whole months, its day clamped to the target month's last day."""
    month_index = start.month - 1 + months
    year, month = start.year + month_index // 12, month_index % 12 + 1
    return date(year, month, min(start.day, calendar.monthrange(year, month)[1]))


def instalments(
    *, start: date, term: int, term_unit: str, rent: Decimal, addon_amount: Decimal
) -> list[Instalment]:
    """Bill 1 is due on the start day (paid at signing)."""
    rent = rent.quantize(CENT)
    addon_amount = addon_amount.quantize(CENT)
    if term_unit == "day":
        return [Instalment(1, start, (rent * term).quantize(CENT), addon_amount)]
    return [
        Instalment(
            period,
            add_months(start, period - 1),
            rent,
            addon_amount if period == 1 else Decimal("0.00"),
        )
        for period in range(1, term + 1)
    ]


def lease_end(*, start: date, term: int, term_unit: str) -> date:
    """The last day of the lease: the day before the next period would start."""
    if term_unit == "day":
        return date.fromordinal(start.toordinal() + term - 1)
    return date.fromordinal(add_months(start, term).toordinal() - 1)
