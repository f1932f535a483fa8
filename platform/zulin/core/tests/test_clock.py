"""The demo's history clock (`zulin.core.clock.clock_at`): what the services read as now,
inside and after it. No database."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from zulin.core.clock import clock_at, real_now


def _china(*args: int) -> datetime:
    return timezone.make_aware(datetime(*args))


def test_inside_the_clock_now_today_and_local_time_are_the_moments_own():
    moment = _china(2026, 3, 1, 23, 30)  # 15:30 UTC: China's day, not UTC's
    with clock_at(moment):
        now = timezone.now()
        assert timedelta(0) <= now - moment < timedelta(seconds=5)
        assert timezone.localdate().isoformat() == "2026-03-01"
        assert timezone.localtime().hour == 23
    assert abs(timezone.now() - real_now()) < timedelta(seconds=5)


def test_the_clock_runs_on_from_its_moment_so_steps_keep_their_order():
    with clock_at(_china(2026, 3, 1, 9)):
        first = timezone.now()
        second = timezone.now()
    assert first <= second


def test_clocks_nest_and_each_gives_back_the_one_outside_it_even_on_an_error():
    with clock_at(_china(2026, 1, 1, 8)):
        with pytest.raises(RuntimeError), clock_at(_china(2026, 2, 1, 8)):
            assert timezone.localdate().month == 2
            raise RuntimeError("a step failed")
        assert timezone.localdate().month == 1
    assert abs(timezone.now() - real_now()) < timedelta(seconds=5)


def test_a_moment_in_the_future_or_without_its_zone_is_refused():
    with (
        pytest.raises(ValueError, match="does not run ahead"),
        clock_at(real_now() + timedelta(minutes=5)),
    ):
        pass
    with pytest.raises(ValueError, match="time zone"), clock_at(datetime(2026, 1, 1)):
        pass
    assert abs(timezone.now() - datetime.now(tz=UTC)) < timedelta(seconds=5)
