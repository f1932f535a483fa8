"""The day a journal counts in (`zulin.money.days`)."""

from __future__ import annotations

from datetime import date

from zulin.money.days import counted_on


def test_the_counted_day_is_the_day_money_moved_unless_that_day_is_closed():
    today = date(2026, 11, 25)
    assert counted_on(date(2026, 11, 20), None, today) == date(2026, 11, 20)
    assert counted_on(date(2026, 11, 20), date(2026, 11, 19), today) == date(2026, 11, 20)
    assert counted_on(date(2026, 11, 20), date(2026, 11, 20), today) == today
    assert counted_on(date(2026, 11, 2), date(2026, 11, 24), today) == today
    # Books closed ahead of the calendar (a test's clock): the day after the close.
    assert counted_on(date(2026, 11, 20), date(2026, 11, 26), today) == date(2026, 11, 27)
