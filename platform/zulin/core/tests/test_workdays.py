"""China's working days: holidays skipped, make-up weekend days (调休上班) worked."""

from datetime import date

from zulin.core.workdays import add_working_days, is_working_day, working_days_between


def test_holidays_are_off_and_make_up_weekend_days_are_worked():
    assert not is_working_day(date(2026, 10, 1))  # 国庆节, a Thursday
    assert not is_working_day(date(2026, 2, 16))  # 春节, a Monday
    assert is_working_day(date(2026, 10, 10))  # a Saturday worked for 国庆节
    assert is_working_day(date(2026, 2, 14))  # a Saturday worked for 春节
    assert not is_working_day(date(2026, 11, 28))  # an ordinary Saturday
    assert is_working_day(date(2026, 11, 27))  # an ordinary Friday


def test_fifteen_working_days_across_the_national_day_holiday():
    # Received Wednesday 30 September 2026: 1–7 October off, Saturday 10 October worked.
    assert add_working_days(date(2026, 9, 30), 15) == date(2026, 10, 27)
    # Without the calendar it would be 21 October: six days earlier.
    assert add_working_days(date(2026, 11, 27), 1) == date(2026, 11, 30)  # Friday → Monday
    assert add_working_days(date(2026, 2, 13), 1) == date(2026, 2, 14)  # the make-up Saturday


def test_working_days_between_counts_forward_and_back():
    assert working_days_between(date(2026, 9, 30), date(2026, 10, 27)) == 15
    assert working_days_between(date(2026, 10, 27), date(2026, 10, 27)) == 0
    assert working_days_between(date(2026, 10, 27), date(2026, 9, 30)) == -15
