"""Statements, daily money totals and reconciliation cut by the day money moved: an offline
receipt paid days ago counts on its day while that day is open, and today (the next
statement) once the day was closed by its reconciliation."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.models import Statement, StatementLine
from apps.billing.statements import statements_close
from tenants.finance.money import money_days_compute
from tenants.finance.reconciliation import _booked_on
from tests.leases import in_lease
from zulin.ledger.models import Journal, LedgerClose
from zulin.ledger.services import ledger_close_through, post_event

from .support import RECORD, body, overdue_with_late_fee, terms


@pytest.fixture(autouse=True)
def open_books(demo):
    """The demo's books not yet closed (a committed test may have closed them; undone with
    this test's transaction)."""
    with tenant_context(demo):
        LedgerClose.objects.filter(pk=1).update(closed_through=None)
    connection.set_schema_to_public()


def _repaid_offline(demo, demo_owner, app, offer, *, paid_on, key: str) -> tuple[int, str]:
    order = in_lease(demo, demo_owner, app, offer)
    bill = overdue_with_late_fee(demo, order.id)
    owed = bill.late_fee_owed + bill.rent_owed
    answer = demo_owner.post(RECORD, body(order.id, 2, owed, key, paid_on=paid_on.isoformat()))
    assert answer.ok, answer
    return order.id, answer.data["offline_receipt"]["receipt_no"]


def test_an_offline_receipt_of_an_open_day_counts_on_the_day_it_was_paid(
    demo, demo_owner, app, offer
):
    today = timezone.localdate()
    paid_on = today - timedelta(days=3)
    terms(demo, "5.00")
    order_id, receipt_no = _repaid_offline(
        demo, demo_owner, app, offer, paid_on=paid_on, key="moved-open"
    )

    with tenant_context(demo):
        repaid = Journal.objects.get(reference=f"offline:{receipt_no}")
        commission = Journal.objects.get(reference=f"commission:{receipt_no}")
        days = money_days_compute(date_from=paid_on, date_to=today)
        taken = commission.entries.get(account__code="commission_expense").amount
    connection.set_schema_to_public()

    assert (repaid.moved_on, repaid.counted_on) == (paid_on, paid_on)
    assert (commission.moved_on, commission.counted_on) == (paid_on, paid_on)
    assert timezone.localtime(repaid.created_at).date() == today
    # The rent it paid is the paid day's figure, not today's (which has the lease's own).
    assert days[paid_on]["received_late_fee"] > 0
    assert days[paid_on]["commission"] == taken
    assert days.get(today, {}).get("received_late_fee", 0) == 0


def test_a_late_receipt_of_a_closed_day_counts_today_and_goes_to_the_next_statement(
    demo, demo_owner, app, offer
):
    today = timezone.localdate()
    paid_on = today - timedelta(days=3)
    terms(demo, "5.00")
    with tenant_context(demo):
        # The nights before: statements closed and the days reconciled through yesterday.
        statements_close(today=today)
        ledger_close_through(today - timedelta(days=1), by="reconciliation")
        closed = set(Statement.objects.values_list("pk", flat=True))
    connection.set_schema_to_public()

    order_id, receipt_no = _repaid_offline(
        demo, demo_owner, app, offer, paid_on=paid_on, key="moved-late"
    )

    with tenant_context(demo):
        repaid = Journal.objects.get(reference=f"offline:{receipt_no}")
        commission = Journal.objects.get(reference=f"commission:{receipt_no}")
        days = money_days_compute(date_from=paid_on, date_to=today)
        statements_close(today=today + timedelta(days=1))
        line = StatementLine.objects.select_related("statement").get(journal_id=commission.pk)
    connection.set_schema_to_public()

    assert (repaid.moved_on, repaid.counted_on) == (paid_on, today)
    assert paid_on not in days or days[paid_on]["received_late_fee"] == 0
    assert days[today]["received_late_fee"] > 0
    # Its commission is taken by today's statement, never by one already closed.
    assert line.statement_id not in closed
    assert line.statement.period_end == today


def test_reconciliation_reads_a_day_by_when_money_moved_not_when_it_was_booked(demo):
    today = timezone.localdate()
    yesterday = today - timedelta(days=1)
    with tenant_context(demo):
        # A payment the provider finished yesterday, its callback booked today.
        post_event(
            "bill_payment",
            {"received": Decimal("12.34"), "rent": Decimal("12.34")},
            reference="pay:LATE-CALLBACK-1",
            order_id=1,  # on the order's sub-ledger
            moved_on=yesterday,
        )
        booked_yesterday, booked_today = _booked_on(yesterday), _booked_on(today)
    connection.set_schema_to_public()

    assert "LATE-CALLBACK-1" in booked_yesterday
    assert "LATE-CALLBACK-1" not in booked_today
