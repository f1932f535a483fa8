"""Keys the services make themselves are claimed as a request's are (issue 60, item 3): the
night's collection `auto:<bill>:<date>`."""

from __future__ import annotations

from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.models import Bill, BillPayment
from apps.billing.rent_run import bills_debit_due
from tests.leases import in_lease
from zulin.idempotency.models import IdempotencyKey


def test_the_nights_own_key_is_claimed_with_its_bill_and_day(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)
    today = timezone.localdate()
    with tenant_context(demo):
        bill = Bill.objects.get(order_id=order.id, period=2)
        bill.due_date = today
        bill.save(update_fields=["due_date"])
        first = bills_debit_due(today=today)
        again = bills_debit_due(today=today)  # a re-run of the night answers its attempt
        claimed = IdempotencyKey.objects.get(key=f"auto:{bill.pk}:{today.isoformat()}")
        payments = BillPayment.objects.filter(bill=bill).count()
    assert first["charged"] == 1 and payments == 1, (first, again)
    assert claimed.operation == "internal:bills_debit_due"
