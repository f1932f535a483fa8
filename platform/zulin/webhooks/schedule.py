"""When a failed delivery is tried again: immediately, then 5 s, 5 min, 30 min, 2 h, 5 h,
10 h and 10 h later (about 27.6 hours in all), each with ±20 % jitter, kept on the delivery's
row and swept by a periodic task (never a long Celery countdown, which the Redis broker
sends again after its visibility timeout). A 429 or 503 with `Retry-After` waits at least
that long."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from email.utils import parsedate_to_datetime

# Seconds before attempt n + 1, after attempt n (1-based) failed; attempt 1 is immediate.
RETRY_DELAYS = (5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600)
ATTEMPTS_MAX = len(RETRY_DELAYS) + 1
JITTER = 0.20
# A Retry-After longer than this is read as this (a receiver cannot park an event for ever).
RETRY_AFTER_MAX = 10 * 3600


def retry_delay(attempts_made: int, *, rng: random.Random | None = None) -> float | None:
    """Seconds until the next attempt after `attempts_made` failed ones (None: no attempt
    is left, the delivery has failed)."""
    if attempts_made < 1 or attempts_made >= ATTEMPTS_MAX:
        return None
    base = RETRY_DELAYS[attempts_made - 1]
    spread = (rng or random).uniform(-JITTER, JITTER)
    return base * (1 + spread)


def retry_after_seconds(value: str | None, *, now: datetime) -> float | None:
    """A `Retry-After` header's wait (delta seconds or an HTTP date), capped; None when it
    is absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(min(int(value), RETRY_AFTER_MAX))
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        return None
    return max(0.0, min((when - now).total_seconds(), float(RETRY_AFTER_MAX)))


def next_attempt_at(
    attempts_made: int, *, now: datetime, retry_after: float | None = None
) -> datetime | None:
    """When to try again after `attempts_made` failed attempts (None: failed for good)."""
    delay = retry_delay(attempts_made)
    if delay is None:
        return None
    if retry_after is not None:
        delay = max(delay, retry_after)
    return now + timedelta(seconds=delay)
