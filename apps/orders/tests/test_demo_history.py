"""The demo's history (`apps.orders.demo_history.history_run`) at any hour of the real day:
the nights it runs are whole and in the past, the stories' steps run in time order, and a
load started in the middle of a night (01:10–02:00 China time, when the refresh is past and
the rent run or recovery's night is not) runs none of it. No database: the night's jobs are
recorded."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

import pytest
from django.utils import timezone

from apps.orders import demo_history
from zulin.core import clock

# One night's jobs in the beat's order, the provider's answers among them.
NIGHT = ["orders.refresh_overdue", "orders.rent_run", "settle", "recovery.night"]


def _china(day: date, at: time) -> datetime:
    return timezone.make_aware(datetime.combine(day, at))


@pytest.fixture
def night_log(monkeypatch):
    """The night's jobs and the provider's answers recorded with the moment the clock read."""
    log: list[tuple[str, datetime]] = []
    monkeypatch.setattr(demo_history, "night_job", lambda name: log.append((name, timezone.now())))
    monkeypatch.setattr(
        demo_history, "provider_settle", lambda slug: log.append(("settle", timezone.now()))
    )
    return log


def _real_clock_at(monkeypatch, moment: datetime) -> None:
    """The machine's clock reads `moment` (and runs on from it)."""
    real = clock._real_now
    entered = real()
    monkeypatch.setattr(clock, "_real_now", lambda: moment + (real() - entered))


def _story(start: datetime, log: list[tuple[str, datetime]]):
    yield start
    log.append(("placed", timezone.now()))
    yield timezone.now() + timedelta(days=1)
    log.append(("shipped", timezone.now()))


@pytest.mark.parametrize(
    "hour, minute, last_night",
    [
        (0, 50, 27),  # before the night: today's has not begun
        (1, 10, 27),  # the refresh's minute: the night is not whole
        (1, 20, 27),  # between the refresh and the rent run (CI once ran here)
        (1, 34, 27),  # the rent run is past, the provider's answers are not
        (1, 50, 27),  # the provider has answered, recovery's night has not run
        (2, 1, 28),  # the whole night is past
        (23, 59, 28),
    ],
)
def test_a_load_at_any_hour_runs_only_the_nights_wholly_past(
    monkeypatch, night_log, hour, minute, last_night
):
    day = date(2026, 11, 28)
    _real_clock_at(monkeypatch, _china(day, time(hour, minute)))

    ran = demo_history.history_run(
        [_story(_china(date(2026, 11, 25), time(15)), night_log)], slug="demo", nights=True
    )

    nights = [when for name, when in night_log if name == "orders.rent_run"]
    assert ran == len(nights) == last_night - 24  # from the first story's day on
    assert [timezone.localdate(when).day for when in nights] == list(range(25, last_night + 1))
    # Each night ran whole, in its order, and every moment the clock read was in the past.
    names = [name for name, _ in night_log if name not in ("placed", "shipped")]
    assert names == NIGHT * ran
    assert all(when <= clock.real_now() for _, when in night_log)
    # The story's steps fell between the nights at their own moments.
    order = [(name, timezone.localtime(when).date()) for name, when in night_log]
    assert order.index(("placed", date(2026, 11, 25))) < order.index(
        ("orders.refresh_overdue", date(2026, 11, 26))
    )
    assert order.index(("shipped", date(2026, 11, 26))) > order.index(
        ("recovery.night", date(2026, 11, 26))
    )


def test_a_step_wanted_after_the_load_runs_at_the_load_and_no_night_runs_ahead(
    monkeypatch, night_log
):
    start = _china(date(2026, 11, 28), time(1, 20))
    _real_clock_at(monkeypatch, start)

    ran = demo_history.history_run(
        [_story(start - timedelta(hours=2), night_log)], slug="demo", nights=True
    )

    assert ran == 1  # the night the story began on, never the one under way
    assert [timezone.localdate(when).day for name, when in night_log if name == "settle"] == [27]
    shipped = [when for name, when in night_log if name == "shipped"]
    assert len(shipped) == 1 and shipped[0] - start < timedelta(seconds=5)
