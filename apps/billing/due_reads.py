"""Bills by the day they fall due: the dashboard's rent due and overdue figures, and the days
the platform's index keeps per merchant (`projection.due_days_project`)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db.models import Count, Q, Sum
from django.db.models.functions import Coalesce

from .models import Bill, BillStatus
from .selectors import OWED_STATUSES, PRINCIPAL_LEFT

DUE_KINDS = ("lease", "buyout")


def _due_bills(*, order_ids: Any = None) -> Any:
    """Lease and buyout bills not cancelled (of `order_ids` only, a subquery, when given:
    a sub-shop's orders, as allocated now)."""
    bills = Bill.objects.filter(kind__in=DUE_KINDS).exclude(status=BillStatus.CANCELLED)
    return bills if order_ids is None else bills.filter(order_id__in=order_ids)


def rent_due_by_day(
    *, date_from: Any, date_to: Any, kind: str, order_ids: Any = None
) -> dict[Any, Decimal]:
    """The rent of the `kind` bills (lease or buyout) falling due each day of the range."""
    rows = (
        _due_bills(order_ids=order_ids)
        .filter(kind=kind, due_date__gte=date_from, due_date__lte=date_to)
        .values("due_date")
        .annotate(amount=Sum("rent"))
        .order_by()
    )
    return {row["due_date"]: row["amount"] for row in rows}


def due_totals(
    *, date_from: Any, date_to: Any, overdue_to: Any, order_ids: Any = None
) -> dict[str, Decimal]:
    """Of the bills due in the range, in one pass over the due-date index: the rent of the
    lease bills (`rent_due`) and of the buyout bills (`buyout_due`); and of the lease bills
    due up to `overdue_to`, what they came to (rent, add-ons and fees: `overdue_base`) and
    what of it is still unpaid (`overdue_amount`)."""
    lease, buyout = Q(kind="lease"), Q(kind="buyout")
    settled_by = lease & Q(due_date__lte=overdue_to)
    found = (
        _due_bills(order_ids=order_ids)
        .filter(due_date__gte=date_from, due_date__lte=date_to)
        .aggregate(
            rent_due=Sum("rent", filter=lease),
            buyout_due=Sum("rent", filter=buyout),
            overdue_base=Sum("amount", filter=settled_by),
            overdue_amount=Sum(PRINCIPAL_LEFT, filter=settled_by & Q(status__in=OWED_STATUSES)),
        )
    )
    return {key: value or Decimal("0.00") for key, value in found.items()}


def due_days_compute() -> list[dict[str, Any]]:
    """The active merchant's bills due per day and kind (every due date, past and future):
    what `projection.due_days_project` keeps in public."""
    return list(
        _due_bills()
        .values("due_date", "kind")
        .annotate(
            bills=Count("id"),
            rent_due=Sum("rent"),
            amount_due=Sum("amount"),
            outstanding=Coalesce(
                Sum(PRINCIPAL_LEFT, filter=Q(status__in=OWED_STATUSES)),
                Decimal("0.00"),
            ),
        )
        .order_by("due_date", "kind")
    )
