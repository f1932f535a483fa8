"""China's working-day calendar: Monday to Friday, less the public holidays, plus the
weekend days worked in their place (调休上班), as the State Council's General Office
publishes them each year (国务院办公厅关于 20xx 年部分节假日安排的通知).

A year not in the table counts Monday to Friday only (`known_year` says so): the table is
extended each year when the notice is out (docs/privacy.md, "Working days")."""

from __future__ import annotations

from datetime import date, timedelta


def _days(*spans: tuple[str, str]) -> frozenset[date]:
    out: set[date] = set()
    for first, last in spans:
        day, end = date.fromisoformat(first), date.fromisoformat(last)
        while day <= end:
            out.add(day)
            day += timedelta(days=1)
    return frozenset(out)


# 国办发明电〔2024〕12号 (2025) and the notice of November 2025 (2026).
HOLIDAYS: dict[int, frozenset[date]] = {
    2025: _days(
        ("2025-01-01", "2025-01-01"),  # 元旦
        ("2025-01-28", "2025-02-04"),  # 春节
        ("2025-04-04", "2025-04-06"),  # 清明节
        ("2025-05-01", "2025-05-05"),  # 劳动节
        ("2025-05-31", "2025-06-02"),  # 端午节
        ("2025-10-01", "2025-10-08"),  # 国庆节、中秋节
    ),
    2026: _days(
        ("2026-01-01", "2026-01-03"),  # 元旦
        ("2026-02-15", "2026-02-23"),  # 春节
        ("2026-04-04", "2026-04-06"),  # 清明节
        ("2026-05-01", "2026-05-05"),  # 劳动节
        ("2026-06-19", "2026-06-21"),  # 端午节
        ("2026-09-25", "2026-09-27"),  # 中秋节
        ("2026-10-01", "2026-10-07"),  # 国庆节
    ),
}
# Weekend days worked in place of a holiday (调休上班).
MAKE_UP_DAYS: dict[int, frozenset[date]] = {
    2025: frozenset(
        date.fromisoformat(d)
        for d in ("2025-01-26", "2025-02-08", "2025-04-27", "2025-09-28", "2025-10-11")
    ),
    2026: frozenset(
        date.fromisoformat(d)
        for d in (
            "2026-01-04",
            "2026-02-14",
            "2026-02-28",
            "2026-05-09",
            "2026-09-20",
            "2026-10-10",
        )
    ),
}


def known_year(year: int) -> bool:
    """Whether the table holds the year's holidays (else weekends only are counted)."""
    return year in HOLIDAYS


def is_working_day(day: date) -> bool:
    if day in MAKE_UP_DAYS.get(day.year, ()):
        return True
    if day in HOLIDAYS.get(day.year, ()):
        return False
    return day.weekday() < 5


def add_working_days(start: date, days: int) -> date:
    """The `days`-th working day after `start` (`start` itself not counted, whatever it is):
    a request received on a Friday with 1 working day is due the next working Monday."""
    if days < 0:
        raise ValueError("days counts forward")
    day, left = start, days
    while left:
        day += timedelta(days=1)
        if is_working_day(day):
            left -= 1
    return day


def working_days_between(start: date, end: date) -> int:
    """The working days after `start` up to and including `end`; negative (the working days
    after `end` up to and including `start`) when `end` is before `start`."""
    if end < start:
        return -working_days_between(end, start)
    count, day = 0, start
    while day < end:
        day += timedelta(days=1)
        count += is_working_day(day)
    return count
