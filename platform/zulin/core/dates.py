"""Calendar days in the site's time zone (TIME_ZONE), as list filters and jobs read them."""

from __future__ import annotations

from datetime import date, datetime, time

from django.utils import timezone


def day_start(day: date) -> datetime:
    """The first instant of `day` in the current time zone: `created_at >= day_start(d)`
    is "on or after d", `< day_start(d + 1 day)` "on or before d"."""
    return timezone.make_aware(datetime.combine(day, time.min))
