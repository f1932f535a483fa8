"""Late fees (`zulin.money.latefees`): tiers, rounding, the cap, the days charged."""

from __future__ import annotations

from datetime import date
from decimal import Decimal as D

from zulin.money.latefees import FeeDay, Tiers, daily_rate, fee_days, fee_of

TIERS = Tiers(tier_days=3, rate_early=D("0.05"), rate_late=D("0.10"))


def test_the_early_rate_runs_through_the_tier_days_then_the_late_one():
    assert [daily_rate(days, TIERS) for days in (1, 2, 3, 4, 30)] == [
        D("0.05"),
        D("0.05"),
        D("0.05"),
        D("0.10"),
        D("0.10"),
    ]
    assert daily_rate(0, TIERS) == D("0.05")


def test_a_fee_is_a_percent_of_the_base_rounded_half_up_to_the_cent():
    assert fee_of(D("399.00"), D("0.05")) == D("0.20")  # 0.1995
    assert fee_of(D("100.00"), D("0.005")) == D("0.01")  # 0.005 exactly: half up
    assert fee_of(D("100.00"), D("0.004")) == D("0.00")  # 0.004
    assert fee_of(D("1000.00"), D("1.5")) == D("15.00")
    assert fee_of(D("0.00"), D("5")) == D("0.00")


def test_each_overdue_day_after_the_due_day_is_charged_once_at_its_tier():
    rows = fee_days(
        due_date=date(2026, 11, 1),
        last=None,
        today=date(2026, 11, 6),
        base=D("1000.00"),
        room=D("1000.00"),
        tiers=TIERS,
    )

    assert rows == [
        FeeDay(date(2026, 11, 2), 1, D("0.05"), D("0.50")),
        FeeDay(date(2026, 11, 3), 2, D("0.05"), D("0.50")),
        FeeDay(date(2026, 11, 4), 3, D("0.05"), D("0.50")),
        FeeDay(date(2026, 11, 5), 4, D("0.10"), D("1.00")),
        FeeDay(date(2026, 11, 6), 5, D("0.10"), D("1.00")),
    ]


def test_the_days_already_charged_are_not_charged_again():
    rows = fee_days(
        due_date=date(2026, 11, 1),
        last=date(2026, 11, 4),
        today=date(2026, 11, 6),
        base=D("1000.00"),
        room=D("1000.00"),
        tiers=TIERS,
    )

    assert [(row.day, row.days_overdue) for row in rows] == [
        (date(2026, 11, 5), 4),
        (date(2026, 11, 6), 5),
    ]


def test_nothing_on_the_due_day_itself_nor_before_it():
    def on(today: date) -> list[FeeDay]:
        return fee_days(
            due_date=date(2026, 11, 1),
            last=None,
            today=today,
            base=D("100.00"),
            room=D("100.00"),
            tiers=TIERS,
        )

    assert on(date(2026, 11, 1)) == []
    assert on(date(2026, 10, 20)) == []
    assert len(on(date(2026, 11, 2))) == 1


def test_the_fees_never_pass_the_room_left_the_last_day_taking_only_what_is_left():
    rows = fee_days(
        due_date=date(2026, 11, 1),
        last=None,
        today=date(2026, 11, 30),
        base=D("100.00"),
        room=D("0.25"),
        tiers=Tiers(tier_days=30, rate_early=D("0.10"), rate_late=D("0.10")),
    )

    assert [row.amount for row in rows] == [D("0.10"), D("0.10"), D("0.05")]
    assert sum(row.amount for row in rows) == D("0.25")


def test_no_fee_without_rent_owed_or_room_and_a_day_rounding_to_nothing_is_no_row():
    def fees(base: str, room: str, rate: str = "0.05") -> list[FeeDay]:
        return fee_days(
            due_date=date(2026, 11, 1),
            last=None,
            today=date(2026, 11, 3),
            base=D(base),
            room=D(room),
            tiers=Tiers(tier_days=3, rate_early=D(rate), rate_late=D(rate)),
        )

    assert fees("0.00", "100.00") == []
    assert fees("100.00", "0.00") == []
    assert fees("1.00", "100.00") == []  # 0.0005 a day rounds to 0.00
    assert [row.amount for row in fees("10.00", "100.00")] == [D("0.01"), D("0.01")]
    assert [row.amount for row in fees("1.00", "100.00", "1.00")] == [D("0.01"), D("0.01")]
