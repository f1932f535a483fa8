"""Writes of bills: the schedule made at signing, moved by delivery, and collecting a bill."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from django.db import transaction

from zulin.money.schedule import instalments

from .models import Bill, BillStatus

OPEN_BILL = (BillStatus.UNPAID, BillStatus.PAYING)


def bills_create(
    *,
    order_id: int,
    order_no: str,
    sub_shop_id: int | None,
    start: date,
    term: int,
    term_unit: str,
    rent: Decimal,
    addon_amount: Decimal,
    fee_amount: Decimal = Decimal("0.00"),
    kind: str = "lease",
) -> list[Bill]:
    """The order's bills (once per order: a retry answers the bills already made). A lease's
    schedule (`schedule.instalments`), or a purchase's one bill (`term` 1, `rent` the price);
    the shipping fee goes on bill 1."""
    existing = list(Bill.objects.filter(order_id=order_id).order_by("period"))
    if existing:
        return existing
    rows = [
        Bill(
            order_id=order_id,
            order_no=order_no,
            sub_shop_id=sub_shop_id,
            period=item.period,
            due_date=item.due_date,
            kind=kind,
            rent=item.rent,
            addon_amount=item.addon_amount,
            fee_amount=fee_amount if item.period == 1 else Decimal("0.00"),
            amount=item.amount + (fee_amount if item.period == 1 else Decimal("0.00")),
            out_trade_no=f"{order_no}B{item.period:03d}",
        )
        for item in instalments(
            start=start,
            term=term if kind == "lease" else 1,
            term_unit=term_unit if kind == "lease" else "day",
            rent=rent,
            addon_amount=addon_amount,
        )
    ]
    with transaction.atomic():
        return Bill.objects.bulk_create(rows)


def bills_shift(*, order_id: int, start: date, term: int, term_unit: str) -> int:
    """Moves every bill not yet paid to the schedule of a new lease start (delivery moved
    it); paid bills keep their dates. Answers how many moved."""
    plan = {
        item.period: item.due_date
        for item in instalments(
            start=start,
            term=term,
            term_unit=term_unit,
            rent=Decimal("0"),
            addon_amount=Decimal("0"),
        )
    }
    moved = 0
    with transaction.atomic():
        for bill in Bill.objects.select_for_update().filter(
            order_id=order_id, status=BillStatus.UNPAID
        ):
            due = plan.get(bill.period)
            if due is not None and due != bill.due_date:
                bill.due_date = due
                bill.save(update_fields=["due_date", "updated_at"])
                moved += 1
    return moved
