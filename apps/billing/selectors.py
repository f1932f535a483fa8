"""Reads of bills: an order's schedule with every payment attempt, and bill lists."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db.models import Prefetch, Q, Sum
from django.utils import timezone

from tenants.catalog.selectors import money

from .models import Bill, BillPayment, BillStatus

OPEN_STATUSES = (BillStatus.UNPAID, BillStatus.PAYING)


def bill_state(bill: Bill, today: Any = None) -> str:
    """What a person reads: paid, cancelled, paying, overdue (past due, unpaid) or due."""
    if bill.status in (BillStatus.PAID, BillStatus.CANCELLED, BillStatus.PAYING):
        return str(bill.status)
    return "overdue" if bill.due_date < (today or timezone.localdate()) else "unpaid"


def payment_row(payment: BillPayment) -> dict[str, Any]:
    return {
        "id": payment.pk,
        "method": payment.method,
        "amount": money(payment.amount),
        "out_trade_no": payment.out_trade_no,
        "provider_trade_no": payment.provider_trade_no,
        "status": payment.status,
        "failure_reason": payment.failure_reason,
        "created_at": payment.created_at,
        "finished_at": payment.finished_at,
    }


def bill_row(bill: Bill, today: Any = None) -> dict[str, Any]:
    return {
        "id": bill.pk,
        "order_id": bill.order_id,
        "order_no": bill.order_no,
        "period": bill.period,
        "due_date": bill.due_date,
        "rent": money(bill.rent),
        "addon_amount": money(bill.addon_amount),
        "amount": money(bill.amount),
        "paid_amount": money(bill.paid_amount),
        "status": bill.status,
        "state": bill_state(bill, today),
        "paid_at": bill.paid_at,
        "paid_by": bill.paid_by,
        "out_trade_no": bill.out_trade_no,
        "payments": [payment_row(p) for p in bill.payments.all()],
    }


def order_bills(order_id: int) -> list[dict[str, Any]]:
    bills = Bill.objects.filter(order_id=order_id).prefetch_related(
        Prefetch("payments", queryset=BillPayment.objects.order_by("id"))
    )
    today = timezone.localdate()
    return [bill_row(bill, today) for bill in bills.order_by("period")]


def order_bill_totals(order_id: int) -> dict[str, Decimal]:
    """What the order's bills ask, what was paid and what is still owed."""
    totals = Bill.objects.filter(order_id=order_id).aggregate(
        asked=Sum("amount", filter=~Q(status=BillStatus.CANCELLED)),
        paid_sum=Sum("paid_amount"),
        owed=Sum("amount", filter=Q(status__in=OPEN_STATUSES)),
    )
    zero = Decimal("0.00")
    return {
        "amount": totals["asked"] or zero,
        "paid": totals["paid_sum"] or zero,
        "owed": totals["owed"] or zero,
    }


def unpaid_bills(order_id: int) -> list[Bill]:
    return list(Bill.objects.filter(order_id=order_id, status=BillStatus.UNPAID).order_by("period"))


def earliest_overdue(order_id: int) -> Any:
    """The due date of the order's oldest unpaid bill past due, or None."""
    row = (
        Bill.objects.filter(
            order_id=order_id, status__in=OPEN_STATUSES, due_date__lt=timezone.localdate()
        )
        .order_by("due_date")
        .values_list("due_date", flat=True)
        .first()
    )
    return row


def paid_periods(order_id: int) -> int:
    return Bill.objects.filter(order_id=order_id, status=BillStatus.PAID).count()
