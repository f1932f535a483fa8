"""Reminder SMS of bills: before the due date and once overdue, each at most once.

The reminder row is committed before the message goes out (`reminder_begin`), so a run
killed after sending can never send it again; a run killed before sending leaves the row
`sending` and the reminder is not sent (at most once, as promised to customers)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from .models import Bill, BillReminder, BillStatus


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
