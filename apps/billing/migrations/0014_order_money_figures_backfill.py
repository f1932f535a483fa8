"""Billing's money figures of each order, kept on the order's row from now on
(`apps/billing/order_figures.py`, issue 62 item 2): counted once here from the bills, their
payments, the early settlements and the deposit operations, as `order_money` counts them."""

from decimal import Decimal

from django.db import migrations
from django.db.models import Count, Min, Q, Sum

ZERO = Decimal("0.00")
OWED = ("unpaid", "paying", "written_off")
OPEN = ("unpaid", "written_off")


def backfill(apps, schema_editor):
    Order = apps.get_model("orders", "Order")
    Bill = apps.get_model("billing", "Bill")
    BillPayment = apps.get_model("billing", "BillPayment")
    EarlySettlement = apps.get_model("billing", "EarlySettlement")
    Op = apps.get_model("orders", "DepositOperation")
    for order in Order.objects.all().iterator():
        bills = Bill.objects.filter(order_id=order.pk)
        counted = bills.aggregate(
            paid=Count("pk", filter=Q(status="paid")),
            oldest=Min("due_date", filter=Q(status__in=OWED)),
            open=Count("pk", filter=Q(status__in=OPEN)),
            instalments=Count("pk", filter=Q(status__in=OPEN, period__gte=1)),
        )
        owed = ZERO
        for bill in bills.filter(status__in=OWED):
            line = (bill.amount - bill.paid_amount - bill.waived_amount - bill.discount) + (
                bill.late_fee - bill.late_fee_waived - bill.late_fee_paid
            )
            if line > 0:
                owed += line
        pending = Op.objects.filter(
            order_id=order.pk, kind__in=("thaw", "transfer"), status="processing"
        ).aggregate(s=Sum("amount", default=ZERO))["s"]
        order.money_owed = owed
        order.oldest_owed_due = counted["oldest"]
        order.money_paid = BillPayment.objects.filter(
            bill__order_id=order.pk, status="succeeded"
        ).aggregate(s=Sum("amount", default=ZERO))["s"]
        order.paid_periods = counted["paid"]
        order.bills_open = counted["open"] > 0
        order.instalments_open = counted["instalments"] > 0
        order.settling_early = EarlySettlement.objects.filter(
            order_id=order.pk, status="processing"
        ).exists()
        remaining = order.deposit_frozen - order.deposit_transferred - order.deposit_thawed
        order.deposit_free = remaining - pending
        order.save(
            update_fields=[
                "money_owed",
                "oldest_owed_due",
                "money_paid",
                "paid_periods",
                "bills_open",
                "instalments_open",
                "settling_early",
                "deposit_free",
            ]
        )


class Migration(migrations.Migration):
    # The backfill reads `DepositOperation` where it was declared then, in orders: it runs
    # before orders/0015 hands the model to billing (orders names no billing migration).
    run_before = [("orders", "0015_deposit_operation_to_billing")]

    dependencies = [
        ("billing", "0013_bill_overdue_noted_on"),
        ("orders", "0012_order_money_figures"),
    ]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
