"""The customers' bills as the finance screen lists and exports them (`getFinanceBillList`
and its export): every bill of the shop's orders with its state today, soonest due first."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from typing import Any

from django.db.models import (
    F,
    OuterRef,
    Q,
    Subquery,
)
from django.utils import timezone

from tenants.catalog.selectors import money
from zulin.core.pagination import page_of

from .models import Bill, BillPayment, BillStatus

BILL_STATES = ("due", "overdue", "paying", "paid", "failed", "cancelled")


def customer_bills(
    *,
    state: str | None,
    due_from: date | None,
    due_to: date | None,
    order_no: str = "",
    page: int,
    page_size: int,
) -> dict[str, Any]:
    """`getFinanceBillList`: instalment bills across orders, soonest due first: due (not
    yet past due), overdue (past due, unpaid), paying, paid, failed (unpaid, its latest
    attempt failed), cancelled."""
    today = timezone.localdate()
    bills = _bills(state=state, due_from=due_from, due_to=due_to, order_no=order_no, today=today)
    return page_of(
        _bill_values(bills, state),
        page=page,
        page_size=page_size,
        row=_bill_row(today),
        counted=bills,
    )


def customer_bill_count(
    *, state: str | None, due_from: date | None, due_to: date | None, order_no: str = ""
) -> int:
    """How many bills `customer_bills` lists for these filters (every page)."""
    today = timezone.localdate()
    return _bills(
        state=state, due_from=due_from, due_to=due_to, order_no=order_no, today=today
    ).count()


def customer_bill_chunks(
    *,
    state: str | None,
    due_from: date | None,
    due_to: date | None,
    order_no: str = "",
    chunk_size: int = 1000,
) -> Iterator[list[dict[str, Any]]]:
    """Every bill `customer_bills` lists for these filters, in its order, one chunk at a
    time, each read after the last one's (due date, id): no OFFSET grows, memory stays flat."""
    today = timezone.localdate()
    bills = _bills(state=state, due_from=due_from, due_to=due_to, order_no=order_no, today=today)
    soonest_first = _soonest_first(state)
    row = _bill_row(today)
    after: tuple[date, int] | None = None
    while True:
        chunk_query = bills
        if after is not None:
            due, bill_id = after
            chunk_query = (
                bills.filter(Q(due_date__gt=due) | Q(due_date=due, id__gt=bill_id))
                if soonest_first
                else bills.filter(Q(due_date__lt=due) | Q(due_date=due, id__lt=bill_id))
            )
        chunk = list(_bill_values(chunk_query, state)[:chunk_size])
        if not chunk:
            return
        yield [row(item) for item in chunk]
        after = (chunk[-1]["due_date"], chunk[-1]["id"])


def _soonest_first(state: str | None) -> bool:
    """Bills still to collect read soonest due first; settled ones latest first."""
    return state in (None, "due", "overdue", "failed")


def _bills(
    *, state: str | None, due_from: date | None, due_to: date | None, order_no: str, today: date
) -> Any:  # a Bill queryset annotated with its latest attempt
    latest = BillPayment.objects.filter(bill=OuterRef("pk")).order_by("-id")
    bills = Bill.objects.annotate(
        last_attempt=Subquery(latest.values("status")[:1]),
        last_failure=Subquery(latest.values("failure_reason")[:1]),
    )
    if due_from:
        bills = bills.filter(due_date__gte=due_from)
    if due_to:
        bills = bills.filter(due_date__lte=due_to)
    if order_no:
        bills = bills.filter(order_no=order_no.strip().upper())
    unpaid = Q(status=BillStatus.UNPAID)
    # A bill whose latest withhold failed is listed as failed, not among due or overdue.
    not_failed = Q(last_attempt__isnull=True) | ~Q(last_attempt="failed")
    filters = {
        "due": unpaid & Q(due_date__gte=today) & not_failed,
        "overdue": unpaid & Q(due_date__lt=today) & not_failed,
        "paying": Q(status=BillStatus.PAYING),
        "paid": Q(status=BillStatus.PAID),
        "failed": unpaid & Q(last_attempt="failed"),
        "cancelled": Q(status=BillStatus.CANCELLED),
    }
    if state:
        bills = bills.filter(filters[state])
    return bills


def _bill_values(bills: Any, state: str | None) -> Any:
    order = ("due_date", "id") if _soonest_first(state) else ("-due_date", "-id")
    return bills.order_by(*order).values(
        "id",
        "order_id",
        "order_no",
        "kind",
        "period",
        "due_date",
        "amount",
        "paid_amount",
        "status",
        "paid_at",
        "paid_by",
        "late_fee",
        "last_attempt",
        "last_failure",
        owed_late_fee=F("late_fee") - F("late_fee_waived") - F("late_fee_paid"),
    )


def _bill_row(today: date) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def row(item: dict[str, Any]) -> dict[str, Any]:
        state_now = item["status"]
        if state_now == BillStatus.UNPAID:
            state_now = "overdue" if item["due_date"] < today else "due"
            if item["last_attempt"] == "failed":
                state_now = "failed"
        return {
            **{key: item[key] for key in ("id", "order_id", "order_no", "kind", "period")},
            "due_date": item["due_date"],
            "amount": money(item["amount"]),
            "paid_amount": money(item["paid_amount"]),
            "late_fee": money(item["late_fee"]),
            "late_fee_owed": money(item["owed_late_fee"]),
            "status": item["status"],
            "state": state_now,
            "paid_at": item["paid_at"],
            "paid_by": item["paid_by"],
            "last_failure": item["last_failure"] or "",
        }

    return row
