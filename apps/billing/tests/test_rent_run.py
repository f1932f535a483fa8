"""The night's rent run (`apps/billing/rent_run.py`): late fees, waivers, the auto-debit,
stale payments, reminders, `getOverdueMoney`, and which merchants the money jobs run for."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.test import override_settings
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.latefees import late_fees_accrue
from apps.billing.models import Bill, BillLateFee, BillPayment, BillReminder
from apps.billing.rent_run import (
    bill_reminders_send,
    bills_debit_due,
    payments_stale_close,
    rent_run_night,
)
from tenants.merchants.models import Merchant, MerchantStatus
from tenants.merchants.tasks import merchants_for_jobs
from tenants.orders.models import OrderIndex
from tests.events import events_of
from tests.leases import books_balance, detail_of, in_lease, provider_settles
from zulin.core.errors import ErrorCode
from zulin.ledger.models import Journal
from zulin.providers.models import SandboxPaymentRecord, SandboxSmsMessage
from zulin.providers.payment import sandbox_payments_complete
from zulin.providers.sandbox import sandbox_failure_add

CENT = Decimal("0.01")


def _overdue(merchant: Merchant, order_id: int, period: int, days: int) -> Bill:
    """Bill `period` of the order made due `days` days ago (and the later ones after it)."""
    today = timezone.localdate()
    with tenant_context(merchant):
        bills = Bill.objects.filter(order_id=order_id, period__gte=period).order_by("period")
        for offset, bill in enumerate(bills):
            bill.due_date = today - timedelta(days=days) + timedelta(days=30 * offset)
            bill.save(update_fields=["due_date"])
        found = Bill.objects.get(order_id=order_id, period=period)
    connection.set_schema_to_public()
    return found


def _bill(merchant: Merchant, order_id: int, period: int) -> Bill:
    with tenant_context(merchant):
        found = Bill.objects.get(order_id=order_id, period=period)
    connection.set_schema_to_public()
    return found


def _rates(owner, early: str, late: str) -> None:
    saved = owner.post(
        "/api/finance/saveFinanceSetting",
        {"late_fee_rate_early": early, "late_fee_rate_late": late, "reminder_days_before": 3},
    )
    assert saved.ok, saved
    assert saved.data["own"] == [
        "late_fee_rate_early",
        "late_fee_rate_late",
        "reminder_days_before",
    ]


def _fee(base: Decimal, percent: str) -> Decimal:
    from decimal import ROUND_HALF_UP

    return (base * Decimal(percent) / 100).quantize(CENT, rounding=ROUND_HALF_UP)


def test_late_fees_accrue_per_day_at_two_rates_once_per_day_and_never_above_the_bill(
    demo, demo_owner, app, offer
):
    today = timezone.localdate()
    order = in_lease(demo, demo_owner, app, offer)
    _rates(demo_owner, "0.5000", "1.0000")
    bill = _overdue(demo, order.id, 2, days=20)

    with tenant_context(demo):
        first = late_fees_accrue(today=today)
        again = late_fees_accrue(today=today)
        days = list(BillLateFee.objects.filter(bill=bill).order_by("day"))
    expected = 15 * _fee(bill.amount, "0.5") + 5 * _fee(bill.amount, "1.0")

    assert first == {"bills": 1, "added": str(expected)}
    assert again == {"bills": 0, "added": "0.00"}  # a re-run adds no day twice
    assert [d.days_overdue for d in days] == list(range(1, 21))
    assert days[0].day == bill.due_date + timedelta(days=1) and days[-1].day == today
    assert {d.rate for d in days[:15]} == {Decimal("0.5")}
    assert {d.rate for d in days[15:]} == {Decimal("1.0")}
    assert _bill(demo, order.id, 2).late_fee == expected

    # A night missed is caught up; at 5 % a day the total stops at the bill's amount.
    _rates(demo_owner, "5.0000", "5.0000")
    with tenant_context(demo):
        late_fees_accrue(today=today + timedelta(days=60))
    capped = _bill(demo, order.id, 2)
    assert capped.late_fee == capped.amount
    with tenant_context(demo):
        overdue = list(Bill.objects.filter(order_id=order.id, status="unpaid", due_date__lt=today))
        accrued = sum((b.late_fee for b in Bill.objects.filter(order_id=order.id)), Decimal(0))
    answer = demo_owner.get("/api/platform/getOverdueMoney", {"order_id": order.id}).data
    assert [b.period for b in overdue] == [2]  # bill 3 is not past due today
    assert Decimal(answer["overdue_rent"]) == capped.amount
    assert Decimal(answer["late_fee"]) == accrued
    assert Decimal(answer["total"]) == capped.amount + accrued
    # The bill went overdue once, at its first late day, whatever the nights after added.
    overdue_events = events_of(demo, "bill.overdue", bill.pk)
    assert [(e["period"], e["status"], e["order_id"]) for e in overdue_events] == [
        (2, "unpaid", order.id)
    ]
    assert Decimal(overdue_events[0]["late_fee"]) == expected


def test_finance_settings_follow_the_platform_until_the_shop_sets_its_own(demo_owner):
    fresh = demo_owner.get("/api/finance/getFinanceSetting").data
    assert fresh["own"] == [] and fresh["updated_at"] is None
    assert fresh["late_fee_rate_early"] == fresh["platform_defaults"]["late_fee_rate_early"]
    assert fresh["late_fee_tier_days"] == 15

    too_high = demo_owner.post("/api/finance/saveFinanceSetting", {"late_fee_rate_early": "6"})
    assert too_high.code == ErrorCode.VALIDATION

    saved = demo_owner.post("/api/finance/saveFinanceSetting", {"late_fee_rate_late": "0.2"})
    assert saved.data["own"] == ["late_fee_rate_late"]
    assert saved.data["late_fee_rate_late"] == "0.2000"
    assert saved.data["late_fee_rate_early"] == fresh["late_fee_rate_early"]
    back = demo_owner.post("/api/finance/saveFinanceSetting", {"late_fee_rate_late": None})
    assert back.data["own"] == [] and back.data["updated_at"] is not None


def test_the_auto_debit_takes_the_late_fee_first_then_the_rent_and_books_both(
    demo, demo_owner, app, offer
):
    today = timezone.localdate()
    order = in_lease(demo, demo_owner, app, offer)
    _rates(demo_owner, "1.0000", "1.0000")
    bill = _overdue(demo, order.id, 2, days=3)
    late_fee = 3 * _fee(bill.amount, "1.0")

    with tenant_context(demo):
        result = rent_run_night(today=today)
    assert result["late_fees"]["added"] == str(late_fee)
    assert result["debit"]["charged"] == 1
    provider_settles(demo)

    paid = _bill(demo, order.id, 2)
    assert (paid.status, paid.late_fee_paid, paid.late_fee_owed) == ("paid", late_fee, 0)
    with tenant_context(demo):
        payment = BillPayment.objects.get(bill=paid, status="succeeded")
        journal = Journal.objects.get(reference=f"pay:{payment.out_trade_no}")
        lines = {e.account.code: e.amount for e in journal.entries.select_related("account")}
    assert payment.amount == bill.amount + late_fee and payment.late_fee_amount == late_fee
    assert lines["late_fee_income"] == late_fee
    assert lines["rent_income"] + lines.get("addon_income", 0) == bill.amount
    assert books_balance(demo) == []
    owed = demo_owner.get("/api/platform/getOverdueMoney", {"order_id": order.id}).data
    assert (owed["total"], owed["late_fee_paid"], owed["overdue_bills"]) == (
        "0.00",
        str(late_fee),
        0,
    )


def test_a_waiver_forgoes_late_fee_with_a_reason_never_more_than_owed(demo, demo_owner, app, offer):
    today = timezone.localdate()
    order = in_lease(demo, demo_owner, app, offer)
    _rates(demo_owner, "1.0000", "1.0000")
    bill = _overdue(demo, order.id, 2, days=4)
    with tenant_context(demo):
        late_fees_accrue(today=today)
    owed = _bill(demo, order.id, 2).late_fee
    assert owed == 4 * _fee(bill.amount, "1.0")
    body = {
        "order_id": order.id,
        "period": 2,
        "reason": "客户住院，减免",
        "idempotency_key": "waive-0001",
    }

    too_much = demo_owner.post("/api/finance/waiveLateFee", {**body, "amount": str(owed + CENT)})
    assert too_much.code == ErrorCode.WAIVER_EXCEEDS_LATE_FEE
    part = demo_owner.post("/api/finance/waiveLateFee", {**body, "amount": str(CENT)})
    assert part.ok and part.data["late_fee_owed"] == str(owed - CENT), part
    replay = demo_owner.post("/api/finance/waiveLateFee", {**body, "amount": str(CENT)})
    assert replay.data["late_fee_waived"] == "0.01"  # the same key: the same waiver
    rest = demo_owner.post("/api/finance/waiveLateFee", {**body, "idempotency_key": "waive-0002"})
    assert rest.data["late_fee_owed"] == "0.00" and rest.data["late_fee_waived"] == str(owed)
    nothing_left = demo_owner.post(
        "/api/finance/waiveLateFee", {**body, "idempotency_key": "waive-0003"}
    )
    assert nothing_left.code == ErrorCode.WAIVER_EXCEEDS_LATE_FEE
    # While a payment of the bill is in flight, its late fee is not waived under it.
    with tenant_context(demo):
        Bill.objects.filter(pk=bill.pk).update(status="paying")
    connection.set_schema_to_public()
    in_flight = demo_owner.post(
        "/api/finance/waiveLateFee", {**body, "idempotency_key": "waive-0004"}
    )
    assert in_flight.code == ErrorCode.PAYMENT_IN_PROGRESS
    timeline = detail_of(demo_owner, order.id)["timeline"]
    assert sum(1 for event in timeline if event["action"] == "bill.late_fee_waived") == 2

    owed_now = demo_owner.get("/api/platform/getOverdueMoney", {"order_id": order.id}).data
    assert (owed_now["late_fee_waived"], owed_now["late_fee_owed"]) == (str(owed), "0.00")
    assert owed_now["total"] == str(bill.amount)  # the rent itself is still owed


def test_a_rerun_of_the_night_makes_nothing_new_and_an_after_sale_freezes_the_debit(
    demo, demo_owner, app, offer
):
    today = timezone.localdate()
    order = in_lease(demo, demo_owner, app, offer)
    _overdue(demo, order.id, 2, days=1)
    with tenant_context(demo):
        first = bills_debit_due(today=today)
        payments = BillPayment.objects.count()
        again = bills_debit_due(today=today)
        assert BillPayment.objects.count() == payments
    records = SandboxPaymentRecord.objects.filter(merchant="demo", operation="withhold").count()
    assert (first["charged"], records) == (1, 1)
    assert (again["due"], again["charged"]) == (0, 0)  # the bill is being paid
    provider_settles(demo)
    assert _bill(demo, order.id, 2).status == "paid"

    # Bill 3 falls due, but a return is open: no withhold meanwhile.
    _overdue(demo, order.id, 3, days=0)
    opened = demo_owner.post(
        "/api/platform/applyAfterSale",
        {"order_id": order.id, "kind": "return", "reason": "不想租了"},
    )
    assert opened.ok, opened
    with tenant_context(demo):
        frozen = bills_debit_due(today=today)
    assert (frozen["charged"], frozen["skipped"]) == (0, 1)


def test_a_failed_withhold_is_retried_the_next_night_with_the_next_trade_number(
    demo, demo_owner, app, offer
):
    today = timezone.localdate()
    order = in_lease(demo, demo_owner, app, offer)
    _overdue(demo, order.id, 2, days=0)
    sandbox_failure_add(
        service="payment", operation="withhold", merchant="demo", reason="INSUFFICIENT_BALANCE"
    )
    with tenant_context(demo):
        bills_debit_due(today=today)
    provider_settles(demo)
    failed = _bill(demo, order.id, 2)
    assert failed.status == "unpaid" and failed.out_trade_no.endswith("-2")

    with tenant_context(demo):
        bills_debit_due(today=today + timedelta(days=1))
    provider_settles(demo)
    with tenant_context(demo):
        attempts = list(
            BillPayment.objects.filter(bill__order_id=order.id, bill__period=2)
            .order_by("id")
            .values_list("status", "out_trade_no")
        )
    assert [status for status, _ in attempts] == ["failed", "succeeded"]
    assert attempts[1][1] == failed.out_trade_no
    assert books_balance(demo) == []


def test_a_payment_left_processing_is_closed_at_the_provider_and_never_succeeds_later(
    demo, demo_owner, app, offer
):
    today = timezone.localdate()
    order = in_lease(demo, demo_owner, app, offer)
    _overdue(demo, order.id, 2, days=0)
    with tenant_context(demo):
        bills_debit_due(today=today)
        BillPayment.objects.filter(bill__order_id=order.id, status="processing").update(
            created_at=timezone.now() - timedelta(hours=2)
        )
        assert payments_stale_close() == {"stale": 1, "settled": 1}
    sandbox_payments_complete(merchant="demo")  # the provider would have settled it now
    connection.set_schema_to_public()

    with tenant_context(demo):
        attempt = BillPayment.objects.get(bill__order_id=order.id, bill__period=2)
        bill = Bill.objects.get(order_id=order.id, period=2)
    record = SandboxPaymentRecord.objects.get(merchant="demo", out_no=attempt.out_trade_no)
    assert (attempt.status, attempt.failure_reason) == ("failed", "TRADE_CLOSED")
    assert record.status == "failed"  # closed: the late settlement did not charge it
    assert bill.status == "unpaid" and bill.out_trade_no != attempt.out_trade_no


def test_a_stale_payment_the_provider_did_take_is_recorded_paid(demo, demo_owner, app, offer):
    today = timezone.localdate()
    order = in_lease(demo, demo_owner, app, offer)
    _overdue(demo, order.id, 2, days=0)
    sandbox_failure_add(
        service="payment", operation="withhold", merchant="demo", reason="CALLBACK_LOST"
    )
    with tenant_context(demo):
        bills_debit_due(today=today)
    provider_settles(demo)  # settled at the provider, but the callback never came
    assert _bill(demo, order.id, 2).status == "paying"
    with tenant_context(demo):
        BillPayment.objects.filter(status="processing").update(
            created_at=timezone.now() - timedelta(hours=2)
        )
        payments_stale_close()
    assert _bill(demo, order.id, 2).status == "paid"
    assert books_balance(demo) == []


def test_reminders_go_once_before_the_due_date_and_once_overdue(demo, demo_owner, app, offer):
    today = timezone.localdate()
    order = in_lease(demo, demo_owner, app, offer)
    _overdue(demo, order.id, 2, days=-2)  # due in two days
    with tenant_context(demo):
        soon = bill_reminders_send(today=today)
        again = bill_reminders_send(today=today)
    assert (soon["sent"], again["sent"]) == (1, 0)
    late = _overdue(demo, order.id, 2, days=1)
    with tenant_context(demo):
        overdue = bill_reminders_send(today=today)
        bill_reminders_send(today=today)
        kinds = sorted(BillReminder.objects.filter(bill=late).values_list("kind", "status"))
    assert overdue["sent"] == 1
    assert kinds == [("due_soon", "sent"), ("overdue", "sent")]
    texts = list(
        SandboxSmsMessage.objects.filter(template__startswith="bill_").values_list(
            "text", flat=True
        )
    )
    assert len(texts) == 2 and all(order.no in text for text in texts)


@override_settings(
    FINANCE_DEFAULTS={
        "late_fee_rate_early": Decimal("0.05"),
        "late_fee_rate_late": Decimal("0.1"),
        "late_fee_tier_days": 15,
        "reminder_days_before": 0,
    }
)
def test_no_reminder_before_the_due_date_when_the_shop_wants_none(demo, demo_owner, app, offer):
    today = timezone.localdate()
    order = in_lease(demo, demo_owner, app, offer)
    _overdue(demo, order.id, 2, days=-1)
    with tenant_context(demo):
        assert bill_reminders_send(today=today)["wanted"] == 0


@pytest.mark.parametrize(
    ("status", "running_lease", "money_job", "included"),
    [
        (MerchantStatus.ACTIVE, False, False, True),
        (MerchantStatus.FROZEN, True, False, False),
        (MerchantStatus.FROZEN, False, True, True),
        (MerchantStatus.CLOSED, True, True, True),
        (MerchantStatus.CLOSED, False, True, False),
    ],
)
def test_money_jobs_run_for_frozen_merchants_and_closed_ones_still_leasing(
    acme, status, running_lease, money_job, included
):
    Merchant.objects.filter(pk=acme.pk).update(status=status)
    OrderIndex.objects.filter(merchant=acme).delete()
    if running_lease:
        now = timezone.now()
        OrderIndex.objects.create(
            merchant=acme,
            order_id=1,
            order_no="Z1",
            kind="lease",
            status="in_lease",
            stage="dealing",
            customer_name="张*",
            customer_phone="139****5678",
            customer_phone_hash="x",
            goods_id=1,
            goods_title="x",
            created_at=now,
            updated_at=now,
        )
    chosen = merchants_for_jobs(money=money_job).filter(pk=acme.pk).exists()
    assert chosen is included


def test_a_batch_whose_bills_were_paid_since_the_night_listed_them_counts_none(
    demo, demo_owner, app, offer
):
    """The night lists the overdue bills, then locks them a batch at a time: a batch whose
    bills were all paid in between adds nothing and counts no bill."""
    from apps.billing.latefees import _accrue_locked, finance_setting

    order = in_lease(demo, demo_owner, app, offer)
    with tenant_context(demo):
        paid = Bill.objects.get(order_id=order.id, period=1)  # paid at signing
        assert paid.status == "paid"
        result = _accrue_locked(
            [paid.pk], today=timezone.localdate() + timedelta(days=40), setting=finance_setting()
        )
    connection.set_schema_to_public()

    assert result == (Decimal("0.00"), 0)


def test_the_rent_runs_old_task_name_runs_the_same_rent_run(demo, demo_owner, app, offer):
    """`orders.collect_due`, the rent run's name until issue 42, stays registered for one
    release: a message queued under it, or a beat still sending it, runs the rent run (and
    on the same queue)."""
    from django.conf import settings

    from zulin.celery import app as celery_app

    celery_app.loader.import_default_modules()
    old, new = celery_app.tasks["orders.collect_due"], celery_app.tasks["orders.rent_run"]
    routes = settings.CELERY_TASK_ROUTES
    assert routes["orders.collect_due"] == routes["orders.rent_run"] == {"queue": "nightly"}
    assert "orders.collect_due" not in settings.NIGHTLY_TASKS  # beat sends the new name

    order = in_lease(demo, demo_owner, app, offer)
    _overdue(demo, order.id, 2, days=1)
    with tenant_context(demo):
        by_old_name = old()
        by_new_name = new()
    assert by_old_name["schema"] == by_new_name["schema"] == "m_demo"
    assert set(by_old_name) == set(by_new_name)
    assert by_old_name["debit"]["charged"] == 1  # the old name did the night's work
    assert (by_new_name["debit"]["due"], by_new_name["debit"]["charged"]) == (0, 0)
    provider_settles(demo)
    assert _bill(demo, order.id, 2).status == "paid"


@pytest.mark.parametrize("rate", ["0.0000", "0.5000"])
def test_a_bill_goes_overdue_once_on_its_first_night_past_due_whatever_its_late_fee(
    demo, demo_owner, app, offer, rate
):
    # Given a shop charging `rate` % a day (0: no late fee at all) and bill 2 due yesterday
    today = timezone.localdate()
    order = in_lease(demo, demo_owner, app, offer)
    _rates(demo_owner, rate, rate)
    bill = _overdue(demo, order.id, 2, days=1)

    # When the night runs, is replayed, and the next night runs
    with tenant_context(demo):
        late_fees_accrue(today=today)
        late_fees_accrue(today=today)
        late_fees_accrue(today=today + timedelta(days=1))
    connection.set_schema_to_public()

    # Then the bill went overdue exactly once, on its first day past due
    overdue_events = events_of(demo, "bill.overdue", bill.pk)
    assert [(e["period"], e["status"]) for e in overdue_events] == [(2, "unpaid")]
    assert Decimal(overdue_events[0]["late_fee"]) == _fee(bill.rent_owed, rate)
    assert _bill(demo, order.id, 2).overdue_noted_on == today
    assert events_of(demo, "bill.overdue", _bill(demo, order.id, 3).pk) == []
