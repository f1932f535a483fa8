"""Which day a journal's figures count in (`Journal.counted_on`)."""

from __future__ import annotations

from datetime import date, timedelta


def counted_on(moved_on: date, closed_through: date | None, today: date) -> date:
    """The day money moved, unless that day is closed (a late booking), then the first open
    day — today, or the day after the last closed one when the books were closed ahead of
    the calendar."""
    if closed_through is None or moved_on > closed_through:
        return moved_on
    return max(today, closed_through + timedelta(days=1))
