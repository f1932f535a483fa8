"""The recovery report counts money that came while a case was open, or at any time after
its write-off — never money that came after the case closed (docs/recovery.md, "The
recovery report"). A payment belongs to the order's latest case opened by its day; its day
is the day the provider confirmed it."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.models import Bill, BillPayment
from tests.leases import provider_settles

from .support import case_of, night, overdue_lease

WITHHOLD = "/api/v2/BillPayment"
WRITE_OFF = "/api/backend/writeOffDebt"
REPORT = "/api/backend/getRecoveryReport"


def _withhold(merchant, owner, order_id: int, period: int, key: str) -> BillPayment:
    charged = owner.post(WITHHOLD, {"order_id": order_id, "period": period, "idempotency_key": key})
    assert charged.ok, charged
    provider_settles(merchant)
    with tenant_context(merchant):
        payment = BillPayment.objects.get(
            bill__order_id=order_id, bill__period=period, status="succeeded"
        )
    connection.set_schema_to_public()
    return payment


def _confirmed_the_next_day(merchant, payment: BillPayment) -> None:
    """The provider's confirmation of `payment` came a day later than the withhold."""
    with tenant_context(merchant):
        BillPayment.objects.filter(pk=payment.pk).update(
            finished_at=payment.finished_at + timedelta(days=1)
        )
    connection.set_schema_to_public()


def test_the_report_counts_money_while_a_case_is_open_or_after_its_write_off_not_after_close(
    demo, demo_owner, app, offer
):
    today = timezone.localdate()
    # Order A: bill 2 40 days past due, bill 3 due today (not yet past due).
    closing = overdue_lease(demo, demo_owner, app, offer, days=40, n=71)
    with tenant_context(demo):
        Bill.objects.filter(order_id=closing.id, period=3).update(due_date=today)
    connection.set_schema_to_public()
    # Order B: bill 2 200 days past due, written off today.
    written = overdue_lease(demo, demo_owner, app, offer, days=200, n=72)
    night(demo)
    written_case = case_of(demo, written.id)
    done = demo_owner.post(
        WRITE_OFF,
        {
            "case_id": written_case.pk,
            "reason": "失联逾期超半年，核销",
            "idempotency_key": "report-window-wo",
        },
    )
    assert done.ok, done

    # A's bill 2 is paid while its case is open: the case closes the same day.
    open_paid = _withhold(demo, demo_owner, closing.id, 2, "report-window-a2")
    assert case_of(demo, closing.id).closed_on == today
    # A's bill 3 and B's written-off bill 2 are paid; the provider confirms both tomorrow:
    # bill 3 is then past due, but A's case closed the day before (no night opened another).
    after_close = _withhold(demo, demo_owner, closing.id, 3, "report-window-a3")
    after_write_off = _withhold(demo, demo_owner, written.id, 2, "report-window-b2")
    for payment in (after_close, after_write_off):
        _confirmed_the_next_day(demo, payment)

    tomorrow = today + timedelta(days=1)
    answer = demo_owner.get(
        REPORT, {"date_from": today.isoformat(), "date_to": tomorrow.isoformat()}
    )
    assert answer.ok, answer
    totals = answer.data["totals"]

    # Counted: A's bill 2 (the case open, on the day it closed) and B's bill 2 (after the
    # write-off, the day after it). Not counted: A's bill 3, after A's case closed.
    assert Decimal(totals["recovered"]) == open_paid.amount + after_write_off.amount
    assert Decimal(totals["recovered_after_write_off"]) == after_write_off.amount
    assert (totals["cases"], totals["closed"], totals["written_off"]) == (2, 1, 1)
    assert totals["owed"] == "0.00" and totals["recovery_rate"] == "100.00"
