"""The instalment schedule's shift at delivery (the schedule's own rules:
`platform/zulin/money/tests/test_schedule.py`)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django_tenants.utils import tenant_context

from apps.billing.models import Bill, BillStatus
from apps.billing.services import bills_shift
from zulin.money.schedule import instalments


def _dues(start: date, term: int) -> list[date]:
    plan = instalments(
        start=start, term=term, term_unit="month", rent=Decimal("100"), addon_amount=Decimal("0")
    )
    return [item.due_date for item in plan]


def test_delivery_moves_every_unpaid_bill_and_keeps_the_paid_ones(demo):
    with tenant_context(demo):
        for period, due in enumerate(_dues(date(2027, 1, 10), term=3), start=1):
            Bill.objects.create(
                order_id=987654,
                order_no="SHIFT0001",
                period=period,
                due_date=due,
                rent=Decimal("100.00"),
                amount=Decimal("100.00"),
                status=BillStatus.PAID if period == 1 else BillStatus.UNPAID,
                out_trade_no=f"SHIFT0001B{period:03d}",
            )

        moved = bills_shift(order_id=987654, start=date(2027, 1, 31), term=3, term_unit="month")

        assert moved == 2
        dues = dict(Bill.objects.filter(order_id=987654).values_list("period", "due_date"))
        # The paid bill keeps its date.
        assert dues == {1: date(2027, 1, 10), 2: date(2027, 2, 28), 3: date(2027, 3, 31)}
        assert bills_shift(order_id=987654, start=date(2027, 1, 31), term=3, term_unit="month") == 0
