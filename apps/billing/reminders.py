"""Reminder SMS of bills: before the due date and once overdue, each at most once.

The reminder row is committed before the message goes out (`reminder_begin`), so a run
killed after sending can never send it again; a run killed before sending leaves the row
`sending` and the reminder is not sent (at most once, as promised to customers)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from .models import Bill, BillReminder, BillStatus

# No reminder reaches a customer between 21:00 and 08:00 China time (TIME_ZONE): the morning
# run sends them, and a run at another hour sends nothing.
QUIET_FROM_HOUR, QUIET_UNTIL_HOUR = 21, 8


def quiet_hours(now: datetime | None = None) -> bool:
    """Whether `now` (default: the clock) is inside China's quiet hours, 21:00 to 08:00."""
    hour = timezone.localtime(now or timezone.now()).hour
    return hour >= QUIET_FROM_HOUR or hour < QUIET_UNTIL_HOUR


def reminders_sent_count(order_ids: Any, *, since: datetime) -> int:
    """Reminder SMS of these orders' bills sent (or being sent) since `since`: what a
    customer got today counts against recovery's daily cap."""
    return BillReminder.objects.filter(
        bill__order_id__in=order_ids,
        created_at__gte=since,
        status__in=[BillReminder.Status.SENDING, BillReminder.Status.SENT],
    ).count()


def bills_to_remind(*, today: date, days_before: int) -> list[dict[str, Any]]:
    """Unpaid bills owing a reminder: due in `days_before` days or sooner and not yet
    reminded of that (kind due_soon; none when `days_before` is 0), or overdue and not yet
    reminded of that (kind overdue). Oldest due first."""
    wanted: list[dict[str, Any]] = []
    unpaid = Bill.objects.filter(status=BillStatus.UNPAID, period__gte=1)
    kinds = [(BillReminder.Kind.OVERDUE, unpaid.filter(due_date__lt=today))]
    if days_before > 0:
        soon = unpaid.filter(due_date__gte=today, due_date__lte=today + timedelta(days=days_before))
        kinds.append((BillReminder.Kind.DUE_SOON, soon.exclude(period=1)))
    for kind, bills in kinds:
        reminded = BillReminder.objects.filter(bill=OuterRef("pk"), kind=kind)
        rows = (
            bills.filter(~Exists(reminded))
            .order_by("due_date", "id")
            .values("id", "order_id", "order_no", "period", "amount", "due_date")
        )
        wanted += [{**row, "kind": kind.value} for row in rows]
    return wanted


def reminder_begin(*, bill_id: int, kind: str) -> BillReminder | None:
    """Claims the bill's reminder of `kind` (committed at once); None when it was already
    claimed, by this run or an earlier one."""
    try:
        with transaction.atomic():
            return BillReminder.objects.create(bill_id=bill_id, kind=kind)
    except IntegrityError:
        return None


def reminder_finish(reminder: BillReminder, *, reference: str = "", error: str = "") -> None:
    reminder.status = BillReminder.Status.FAILED if error else BillReminder.Status.SENT
    reminder.provider_reference = reference[:64]
    reminder.failure_reason = error[:300]
    reminder.sent_at = timezone.now()
    reminder.save(update_fields=["status", "provider_reference", "failure_reason", "sent_at"])
