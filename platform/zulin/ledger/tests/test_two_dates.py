"""Two dates on every journal: the day money moved (`moved_on`) and the day it counts in
(`counted_on`), with late bookings of a closed day counted in the first open day."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from zulin.core.errors import ApplicationError
from zulin.ledger.models import Journal, LedgerClose
from zulin.ledger.services import (
    ledger_close_through,
    ledger_reverse,
    money_moved,
    platform_ledger,
)

from .lines import Line, ledger_post

D = Decimal


@pytest.fixture
def books(demo):
    """The demo's books, never closed (whatever a committed test closed, undone with the
    test's transaction)."""
    connection.set_tenant(demo)
    LedgerClose.objects.filter(pk=1).update(closed_through=None)
    with platform_ledger():
        LedgerClose.objects.filter(pk=1).update(closed_through=None)
    return demo


def pay(reference: str, **kwargs) -> Journal:
    return ledger_post(
        reference=reference,
        kind="bill_payment",
        lines=[Line("provider_clearing", debit=D("10.00")), Line("rent_income", credit=D("10.00"))],
        **kwargs,
    )


def test_a_journal_keeps_the_day_money_moved_beside_its_booking_time(books):
    today = timezone.localdate()

    now = pay("two-dates-1")
    earlier = pay("two-dates-2", moved_on=today - timedelta(days=3))

    assert (now.moved_on, now.counted_on) == (today, today)
    assert timezone.localtime(now.created_at).date() == today
    assert (earlier.moved_on, earlier.counted_on) == (today - timedelta(days=3),) * 2
    assert timezone.localtime(earlier.created_at).date() == today


def test_a_late_booking_of_a_closed_day_counts_today_and_keeps_its_day(books):
    today = timezone.localdate()
    assert ledger_close_through(today - timedelta(days=2), by="test") == today - timedelta(days=2)

    late = pay("two-dates-late", moved_on=today - timedelta(days=2))
    open_day = pay("two-dates-open", moved_on=today - timedelta(days=1))

    assert (late.moved_on, late.counted_on) == (today - timedelta(days=2), today)
    assert (open_day.moved_on, open_day.counted_on) == ((today - timedelta(days=1)),) * 2
    row = LedgerClose.objects.get(pk=1)
    assert (row.closed_through, row.closed_by) == (today - timedelta(days=2), "test")


def test_a_close_never_reaches_today_nor_goes_back(books):
    today = timezone.localdate()
    assert ledger_close_through(today + timedelta(days=5), by="test") == today - timedelta(days=1)
    assert ledger_close_through(today - timedelta(days=9), by="test") == today - timedelta(days=1)

    journal = pay("two-dates-today")

    assert journal.counted_on == today


def test_money_moved_dates_every_posting_inside_it_in_both_books(books, demo):
    moved = timezone.localtime() - timedelta(days=4)

    with money_moved(moved):
        merchant = pay("two-dates-ctx")
        with platform_ledger():
            platform = ledger_post(
                reference=f"m{demo.pk}:two-dates-ctx",
                kind="merchant_receipt",
                lines=[
                    Line("provider_clearing", debit=D("10.00"), sub_key=f"merchant:{demo.pk}"),
                    Line("merchant_payable", credit=D("10.00"), sub_key=f"merchant:{demo.pk}"),
                ],
            )
    after = pay("two-dates-after")

    assert merchant.moved_on == platform.moved_on == moved.date()
    assert after.moved_on == timezone.localdate()


def test_a_future_day_or_a_time_is_refused_and_writes_nothing(books):
    before = Journal.objects.count()
    tomorrow = timezone.localdate() + timedelta(days=1)

    for wrong in (tomorrow, datetime.now(), "2026-11-01"):
        with pytest.raises(ApplicationError) as refused:
            pay(f"two-dates-wrong-{wrong!s:.10}", moved_on=wrong)
        assert refused.value.code == 400 and "moved_on" in refused.value.data["fields"]

    assert Journal.objects.count() == before


def test_a_replay_with_another_day_answers_the_journal_written(books):
    today = timezone.localdate()
    first = pay("two-dates-replay", moved_on=today - timedelta(days=1))

    again = pay("two-dates-replay", moved_on=today)

    assert again.pk == first.pk and again.moved_on == today - timedelta(days=1)


def test_a_reversal_moves_the_money_back_the_day_it_is_made(books):
    today = timezone.localdate()
    pay("two-dates-wrong-amount", moved_on=today - timedelta(days=6))

    reversal = ledger_reverse(reference="two-dates-reversal", of_reference="two-dates-wrong-amount")

    assert (reversal.moved_on, reversal.counted_on) == (today, today)


def test_postgresql_refuses_a_journal_counted_before_its_money_moved(books):
    with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO ledger_journal (reference, kind, memo, payment_reference, meta,"
            " actor_name, created_at, moved_on, counted_on) VALUES ('two-dates-db',"
            " 'bill_payment', '', '', '{}', '', now(), current_date, current_date - 1)"
        )
