"""The instalment schedule (`zulin.money.schedule`): due days, the lease's end, amounts."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from zulin.money.schedule import add_months, instalments, lease_end


def _dues(start: date, term: int = 4) -> list[date]:
    plan = instalments(
        start=start, term=term, term_unit="month", rent=Decimal("100"), addon_amount=Decimal("0")
    )
    return [item.due_date for item in plan]


@pytest.mark.parametrize(
    "start, expected",
    [
        # The start's day each month, clamped to the month's end, never drifting.
        (
            date(2027, 1, 31),
            [date(2027, 1, 31), date(2027, 2, 28), date(2027, 3, 31), date(2027, 4, 30)],
        ),
        (
            date(2028, 1, 31),
            [date(2028, 1, 31), date(2028, 2, 29), date(2028, 3, 31), date(2028, 4, 30)],
        ),
        (
            date(2026, 11, 30),
            [date(2026, 11, 30), date(2026, 12, 30), date(2027, 1, 30), date(2027, 2, 28)],
        ),
        (
            date(2026, 12, 15),
            [date(2026, 12, 15), date(2027, 1, 15), date(2027, 2, 15), date(2027, 3, 15)],
        ),
    ],
)
def test_month_bills_fall_on_the_start_day_clamped_to_the_months_end(start, expected):
    assert _dues(start) == expected


def test_the_lease_ends_the_day_before_the_next_period_would_start():
    assert lease_end(start=date(2027, 1, 31), term=1, term_unit="month") == date(2027, 2, 27)
    assert lease_end(start=date(2027, 1, 15), term=12, term_unit="month") == date(2028, 1, 14)
    assert lease_end(start=date(2027, 1, 15), term=30, term_unit="day") == date(2027, 2, 13)
    assert add_months(date(2027, 3, 31), -1) == date(2027, 2, 28)


def test_a_day_plan_is_one_bill_and_add_ons_go_on_bill_one():
    [only] = instalments(
        start=date(2027, 5, 1),
        term=30,
        term_unit="day",
        rent=Decimal("9.90"),
        addon_amount=Decimal("19.00"),
    )
    assert (only.period, only.due_date, only.rent, only.amount) == (
        1,
        date(2027, 5, 1),
        Decimal("297.00"),
        Decimal("316.00"),
    )
    months = instalments(
        start=date(2027, 5, 1),
        term=3,
        term_unit="month",
        rent=Decimal("399"),
        addon_amount=Decimal("19.9"),
    )
    assert [m.amount for m in months] == [Decimal("418.90"), Decimal("399.00"), Decimal("399.00")]
    assert [m.period for m in months] == [1, 2, 3]
    assert all(m.rent.as_tuple().exponent == -2 for m in months)
