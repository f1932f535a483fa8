"""Django's clock moved to a moment of the past, for the demo's history only.

Every service reads the time through `django.utils.timezone.now` (and `localdate`,
`localtime` and the `auto_now` fields read it too); PostgreSQL is never asked for the time.
So the demo can tell a shop's last 90 days through the same services and nightly runs the
calls use, each event on its own day: inside `clock_at(moment)` the clock reads `moment`
plus the real time passed since it was entered, so events keep their order within a step.

The clock is the process's: it is for a single-threaded loader (`load_demo`, a test), never
for a served process. A moment in the future is refused: history does not run ahead."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime

from django.utils import timezone

_real_now: Callable[[], datetime] = timezone.now


def real_now() -> datetime:
    """The time outside any `clock_at`."""
    return _real_now()


@contextmanager
def clock_at(moment: datetime) -> Iterator[None]:
    if timezone.is_naive(moment):
        raise ValueError("a moment of history carries its time zone")
    started = _real_now()
    if moment > started:
        raise ValueError(f"history does not run ahead: {moment.isoformat()} is in the future")
    outer = timezone.now

    def now() -> datetime:
        return moment + (_real_now() - started)

    timezone.now = now
    try:
        yield
    finally:
        timezone.now = outer
