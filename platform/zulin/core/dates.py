"""Calendar days in the site's time zone (TIME_ZONE), as list filters and jobs read them."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any, TypeVar

from django.db.models import QuerySet
from django.utils import timezone

_Rows = TypeVar("_Rows", bound=QuerySet[Any])


def day_start(day: date) -> datetime:
    """The first instant of `day` in the current time zone: `created_at >= day_start(d)`
    is "on or after d", `< day_start(d + 1 day)` "on or before d"."""
    return timezone.make_aware(datetime.combine(day, time.min))


def on_days(
    rows: _Rows, date_from: date | None, date_to: date | None, *, field: str = "created_at"
) -> _Rows:
    """`rows` whose `field` (a moment) falls on `date_from` to `date_to`, both days included;
    a missing end leaves that side open, and so do the calendar's first and last days (every
    moment is on or after 0001-01-01 and on or before 9999-12-31: neither has a bound in UTC)."""
    if date_from and date_from > date.min:
        rows = rows.filter(**{f"{field}__gte": day_start(date_from)})
    if date_to and date_to < date.max:
        rows = rows.filter(**{f"{field}__lt": day_start(date_to + timedelta(days=1))})
    return rows
