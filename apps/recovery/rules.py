"""The recovery rules as pure functions: aging in China days and the bucket of an age."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

BUCKETS = ("M1", "M2", "M3", "M3+")
# Default bounds (days past due, inclusive upper bounds of M1, M2, M3); a shop setting.
DEFAULT_BOUNDS = (30, 60, 90)
DEFAULT_REMINDERS_PER_DAY = 1
PRIORITY_MAX = 9
# The automatic reminder of each bucket, unless the shop picks its own template: the
# platform's overdue notice first, then a request to call the shop (no threat, no third
# party: what the law allows a creditor to say).
DEFAULT_BUCKET_TEMPLATES = {
    "M1": "bill_overdue",
    "M2": "bill_overdue",
    "M3": "service_contact",
    "M3+": "service_contact",
}


@dataclass(frozen=True)
class Bounds:
    m1: int
    m2: int
    m3: int

    def valid(self) -> bool:
        return 1 <= self.m1 < self.m2 < self.m3 <= 3650


def days_past_due(oldest_due: date | None, today: date) -> int:
    """Days since the oldest unpaid due date: a bill due on D is 1 day past due on D+1."""
    if oldest_due is None:
        return 0
    return max((today - oldest_due).days, 0)


def bucket_of(days: int, bounds: Bounds) -> str:
    """M1 1..m1, M2 m1+1..m2, M3 m2+1..m3, M3+ beyond m3 (0 days: not past due, M1)."""
    if days <= bounds.m1:
        return "M1"
    if days <= bounds.m2:
        return "M2"
    if days <= bounds.m3:
        return "M3"
    return "M3+"
