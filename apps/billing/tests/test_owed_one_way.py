"""What an order owes is asked one way (`apps.billing.selectors.order_owed`): for every status
a bill can have, every path's view of the order's debt agrees with the selector — the
settling path (what settles a bill, oldest first), the return quote, the early-settlement
quote, the order's owed amount, `getOverdueMoney`, the customer's page, the order's totals
and its overdue day. The demo's lease: bill 1 paid, bill 2 (399.00) put 10 days past due in
each status, bills 3… due later."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing import charges, early, returns, settle
from apps.billing import selectors as billing
from apps.billing.models import Bill, BillPayment, BillStatus
from apps.orders.models import Order
from tests.leases import in_lease
from zulin.core.errors import ApplicationError, ErrorCode

ZERO = Decimal("0.00")


def _bill_2_as(bill: Bill, status: str) -> None:
    """Bill 2 in `status`, its other fields as that status leaves them."""
    now = timezone.now()
    bill.status = status
    if status == BillStatus.PAID:
        bill.paid_amount, bill.paid_at, bill.paid_by = bill.amount, now, "withhold"
    elif status == BillStatus.CANCELLED:
        bill.waived_amount, bill.waived_at = bill.amount, now
    elif status == BillStatus.WRITTEN_OFF:
        bill.written_off_amount, bill.written_off_at = bill.amount, now
    elif status == BillStatus.PAYING:
        BillPayment.objects.create(
            bill=bill,
            method="withhold",
            amount=bill.amount,
            asked_amount=bill.amount,
            out_trade_no=bill.out_trade_no,
        )
    bill.save()


@pytest.mark.parametrize("status", [choice.value for choice in BillStatus])
def test_every_path_sees_what_the_selector_says_is_owed(demo, demo_owner, app, offer, status):
    order = in_lease(demo, demo_owner, app, offer)
    today = timezone.localdate()
    with tenant_context(demo):
        bill_2 = Bill.objects.get(order_id=order.id, period=2)
        bill_2.due_date = today - timedelta(days=10)
        _bill_2_as(bill_2, status)
        row = Order.objects.get(pk=order.id)
        bills = list(Bill.objects.filter(order_id=order.id).order_by("period"))
        owing = billing.order_owed(order.id)
        owes_2 = status in (BillStatus.UNPAID, BillStatus.PAYING, BillStatus.WRITTEN_OFF)

        # The selector itself: bill 2 owed exactly in the statuses that owe.
        assert (billing.bill_owed(bill_2) is not None) == owes_2
        assert [line.bill.period for line in owing.lines][:1] == ([2] if owes_2 else [3])
        assert owing.written_off == (bill_2.amount if status == BillStatus.WRITTEN_OFF else ZERO)
        past_due = sum((line.total for line in owing.past_due(today)), ZERO)
        assert past_due == (bill_2.amount if owes_2 else ZERO)

        # The settling path: what settles each bill, and oldest first.
        for bill in bills:
            line = billing.bill_owed(bill)
            assert settle.owed(bill) == (line.total if line else ZERO), bill.period
        bill_3 = next(bill for bill in bills if bill.period == 3)
        if owes_2:
            with pytest.raises(ApplicationError) as refused:
                settle.oldest_first([bill_3])
            assert refused.value.code == ErrorCode.OLDER_BILL_FIRST
        else:
            settle.oldest_first([bill_3])

        # The order's owed amount, its overdue figures, the customer's page, its totals.
        assert charges.open_owed(order.id) == owing.total
        overdue = billing.order_overdue_money(order.id, today)
        assert overdue["total"] == past_due
        assert billing.owed_by_order([order.id])[order.id]["owed"] == owing.total
        assert billing.owed_by_order([order.id])[order.id]["overdue"] == past_due
        totals = billing.order_bill_totals(order.id)
        assert (totals["owed"], totals["late_fee_owed"]) == (owing.principal, owing.late_fee)
        assert (totals["owed_total"], totals["past_due"]) == (owing.total, past_due)
        assert billing.earliest_overdue(order.id) == (bill_2.due_date if owes_2 else None)

        # A return today: the lines owed are the selector's lines due by today.
        quote = returns.return_quote(row, return_day=today, damage=ZERO, bills=bills)
        assert [(line.period, line.amount) for line in quote.lines] == [
            (line.bill.period, line.total) for line in owing.due(today)
        ]
        # The early-settlement quote: the bills due are the selector's, in full.
        early_quote = early.quote_make(bills=bills, today=today, discount_rate=ZERO)
        assert [(line.period, line.amount) for line in early_quote.lines if line.due] == [
            (line.bill.period, line.total) for line in owing.due(today)
        ]
        assert early_quote.total == owing.total
    connection.set_schema_to_public()


def test_a_late_fee_partly_waived_and_partly_paid_is_owed_the_same_by_every_path(
    demo, demo_owner, app, offer
):
    """Bill 2, 10 days past due, with 30.00 late fee of which 10.00 waived and 5.00 paid:
    15.00 of late fee is owed beside its rent, by the selector, the customer's page (what
    each order owes) and the overdue figures alike."""
    order = in_lease(demo, demo_owner, app, offer)
    today = timezone.localdate()
    with tenant_context(demo):
        Bill.objects.filter(order_id=order.id, period=2).update(
            due_date=today - timedelta(days=10),
            late_fee=Decimal("30.00"),
            late_fee_waived=Decimal("10.00"),
            late_fee_paid=Decimal("5.00"),
        )
        bill_2 = Bill.objects.get(order_id=order.id, period=2)
        owing = billing.order_owed(order.id)
        assert owing.late_fee == Decimal("15.00")
        past_due = bill_2.amount + Decimal("15.00")
        assert billing.owed_by_order([order.id])[order.id] == {
            "owed": owing.total,
            "overdue": past_due,
        }
        assert billing.order_overdue_money(order.id, today)["total"] == past_due
        assert charges.open_owed(order.id) == owing.total
    connection.set_schema_to_public()
