"""The platform's per merchant per day money totals: computed from the merchant's ledger
after payments, refunds, deposits, settlements and withdrawals, equal to it (checked against
the ledger's own balances), rebuilt when they drift, and read across merchants by the
platform only. Every day is Asia/Shanghai's: at 16:30 UTC it is already the next day for
the totals, the bills' due dates, what is overdue and the late fees."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.latefees import late_fees_accrue
from apps.billing.models import Bill, BillLateFee
from apps.billing.statements import statements_close
from apps.billing.tasks import orders_refresh_overdue
from apps.orders.models import Order
from tenants.finance.models import MerchantMoneyDay
from tenants.finance.money import money_days_check, money_days_compute, money_days_refresh
from tenants.finance.reconciliation import reconcile_day
from tenants.finance.tasks import finance_money_days_refresh
from tenants.merchants.models import SettlementTerms
from tests.leases import (
    DEMO,
    IntakeClient,
    detail_of,
    goods_on_shelf,
    in_lease,
    provider_settles,
)
from zulin.core.errors import ErrorCode
from zulin.ledger.selectors import account_balance
from zulin.ledger.services import ledger_reverse, post_event
from zulin.money.schedule import add_months

DAILY = "/api/platform/getMoneyDaily"
D = Decimal


def _refresh(merchant, day) -> MerchantMoneyDay:
    with tenant_context(merchant):
        money_days_refresh(date_from=day, date_to=day)
    connection.set_schema_to_public()
    return MerchantMoneyDay.objects.get(merchant=merchant, day=day)


def _base(merchant, day) -> dict:
    """What the base data already booked on the day (the demo shops' opening risk-balance
    transfer is one journal out of `bank`): the tests' figures come on top of it."""
    with tenant_context(merchant):
        figures = money_days_compute(date_from=day, date_to=day).get(day, {"journals": 0})
        bank = account_balance("bank")
    connection.set_schema_to_public()
    return {"journals": figures["journals"], "bank": bank}


@pytest.fixture
def base(demo) -> dict:
    return _base(demo, timezone.localdate())


@pytest.fixture
def quiet_days(monkeypatch) -> None:
    """Django's clock two days on, ticking: today and yesterday are then days the base data
    booked nothing on, whenever the run began (the base data is booked as the session starts,
    which may be the day before the test in China time)."""
    real = timezone.now
    monkeypatch.setattr(timezone, "now", lambda: real() + timedelta(days=2))


@pytest.fixture
def busy_day(demo, demo_owner, admin_client, base, django_capture_on_commit_callbacks):
    """One day of the demo shop: a lease (deposit 500.00 frozen, bill 1 of 399.00 paid at 5 %
    commission), 100.00 of it refunded, 100.00 of the deposit thawed, the day settled T+1,
    80.00 withdrawn and paid out."""
    SettlementTerms.objects.create(
        merchant=demo,
        commission_rate=D("5.00"),
        settlement_cycle="T+1",
        bank_name="招商银行",
        account_name="演示租赁",
        account_number="6225880000001234",
    )
    order = in_lease(demo, demo_owner, IntakeClient(demo, DEMO), goods_on_shelf(demo_owner))
    refund = demo_owner.post(
        "/api/finance/refundBillPayment",
        {
            "order_id": order.id,
            "period": 1,
            "amount": "100.00",
            "reason": "部分退款",
            "idempotency_key": "money-refund-1",
        },
    )
    assert refund.ok, refund
    provider_settles(demo)
    thawed = demo_owner.post(
        "/api/platform/depositThaw",
        {"order_id": order.id, "amount": "100.00", "idempotency_key": "money-thaw-1"},
    )
    assert thawed.ok, thawed
    with tenant_context(demo):
        statements_close(today=timezone.localdate() + timedelta(days=1))
    connection.set_schema_to_public()
    applied = demo_owner.post(
        "/api/finance/applyWithdraw", {"amount": "80.00", "idempotency_key": "money-wd-1"}
    )
    with django_capture_on_commit_callbacks(execute=True):  # the payout, once committed
        assert admin_client.post(
            "/api/platform/operateWithdrawal", {"id": applied.data["id"], "action": "approve"}
        ).ok
    provider_settles(demo)
    return order


def test_the_days_totals_equal_the_ledger_after_payments_refunds_and_withdrawals(
    demo, base, busy_day
):
    today = timezone.localdate()

    row = _refresh(demo, today)

    assert (row.received_rent, row.refunded, row.commission, row.commission_returned) == (
        D("399.00"),
        D("100.00"),
        D("19.95"),
        D("5.00"),
    )
    assert (row.deposits_frozen, row.deposits_released, row.deposits_taken) == (
        D("500.00"),
        D("100.00"),
        D("0.00"),
    )
    assert row.settled == D("399.00") - D("100.00") - D("19.95") + D("5.00")
    assert (row.withdrawals_applied, row.withdrawals_paid, row.withdrawals_returned) == (
        D("80.00"),
        D("80.00"),
        D("0.00"),
    )
    assert (row.payments, row.refunds) == (1, 1)
    with tenant_context(demo):
        # Every journal of the test is today's: the day equals the ledger's balances.
        assert row.received_rent == account_balance("rent_income")
        assert row.refunded == account_balance("refunds")
        assert row.commission - row.commission_returned == account_balance("commission_expense")
        assert row.deposits_frozen - row.deposits_released - row.deposits_taken == account_balance(
            "deposit_frozen"
        )
        assert row.settled - row.withdrawals_applied + row.withdrawals_returned == (
            account_balance("merchant_cash")
        )
        assert row.withdrawals_paid == account_balance("bank") - base["bank"]
        assert money_days_check(date_from=today, date_to=today) == []


def test_a_drifted_day_is_found_by_the_check_and_rebuilt(demo, busy_day):
    today = timezone.localdate()
    _refresh(demo, today)
    MerchantMoneyDay.objects.filter(merchant=demo, day=today).update(received_rent=D("1.00"))
    with tenant_context(demo):
        found = money_days_check(date_from=today, date_to=today)
    connection.set_schema_to_public()
    assert found == [f"{today} received_rent: 1.00 kept, 399.00 in ledger"]
    with pytest.raises(CommandError, match="1 figure"):
        call_command("money_days", "check", "--merchant", "demo", "--from", today.isoformat())

    call_command("money_days", "rebuild", "--merchant", "demo", "--from", today.isoformat())

    assert MerchantMoneyDay.objects.get(merchant=demo, day=today).received_rent == D("399.00")
    call_command("money_days", "check", "--merchant", "demo", "--from", today.isoformat())


def test_a_reversal_takes_back_and_a_receipt_of_another_kind_counts(demo, base):
    today = timezone.localdate()
    with tenant_context(demo):
        post_event("bill_payment", {"received": D(50), "rent": D(50)}, reference="pay:T-1")
        ledger_reverse(reference="pay:T-1:reversed", of_reference="pay:T-1")
        post_event(
            "offline_repayment", {"received": D(30), "late_fee": D(30)}, reference="offline:T-2"
        )
    connection.set_schema_to_public()

    row = _refresh(demo, today)

    assert (row.received_rent, row.payments, row.received_late_fee, row.journals) == (
        D("0.00"),
        0,
        D("30.00"),
        base["journals"] + 3,
    )


def test_the_job_refreshes_today_and_yesterday_and_drops_a_day_with_nothing(demo, quiet_days):
    today = timezone.localdate()
    MerchantMoneyDay.objects.create(
        merchant=demo,
        day=today - timedelta(days=1),
        received_rent=D(5),
        refreshed_at=timezone.now(),
    )
    with tenant_context(demo):
        post_event("bill_payment", {"received": D(12), "addon": D(12)}, reference="pay:T-3")
        result = finance_money_days_refresh()
    connection.set_schema_to_public()

    assert result == {"schema": "m_demo", "days": 1}
    assert list(
        MerchantMoneyDay.objects.filter(merchant=demo).values_list("day", "received_addon")
    ) == [(today, D("12.00"))]


def test_the_platform_reads_money_per_day_and_per_merchant(demo, acme, admin_client, demo_owner):
    today = timezone.localdate()
    for merchant, day, amount in (
        (demo, today, 100),
        (demo, today - timedelta(days=2), 40),
        (acme, today, 7),
    ):
        MerchantMoneyDay.objects.create(
            merchant=merchant,
            day=day,
            received_rent=D(amount),
            received_addon=D(1),
            payments=2,
            refreshed_at=timezone.now(),
        )
    span = {"date_from": (today - timedelta(days=6)).isoformat(), "date_to": today.isoformat()}

    every = admin_client.get(DAILY, span)
    of_acme = admin_client.get(DAILY, {**span, "merchant_id": acme.pk})

    assert every.ok, every
    assert [(d["day"], d["received"], d["payments"]) for d in every.data["days"]] == [
        ((today - timedelta(days=2)).isoformat(), "41.00", 2),
        (today.isoformat(), "109.00", 4),
    ]
    assert [(m["merchant_name"], m["received_rent"]) for m in every.data["merchants"]["list"]] == [
        ("演示租赁商城", "140.00"),
        ("Acme 数码租赁", "7.00"),
    ]
    assert (every.data["merchants"]["total"], every.data["total"]["received"]) == (2, "150.00")
    assert [d["received"] for d in of_acme.data["days"]] == ["8.00"]
    backwards = {"date_from": today.isoformat(), "date_to": (today - timedelta(days=1)).isoformat()}
    too_long = {
        "date_from": (today - timedelta(days=366)).isoformat(),
        "date_to": today.isoformat(),
    }
    assert admin_client.get(DAILY, backwards).code == ErrorCode.VALIDATION
    assert admin_client.get(DAILY, too_long).code == ErrorCode.VALIDATION
    assert demo_owner.get(DAILY, span).code == ErrorCode.WRONG_SIDE


def test_a_reconciled_day_whose_final_totals_differ_from_the_ledger_is_a_difference(
    demo, quiet_days
):
    yesterday = timezone.localdate() - timedelta(days=1)
    MerchantMoneyDay.objects.create(
        merchant=demo, day=yesterday, received_rent=D("5.00"), refreshed_at=timezone.now()
    )

    with tenant_context(demo):
        run = reconcile_day(day=yesterday)
    connection.set_schema_to_public()

    (found,) = run.mismatches.all()
    assert (run.status, found.kind) == ("mismatched", "totals_differ")
    assert found.detail == f"{yesterday} received_rent: 5.00 kept, 0.00 in ledger"
    assert not MerchantMoneyDay.objects.filter(merchant=demo, day=yesterday).exists()


def test_an_open_day_is_only_refreshed_by_its_reconciliation(demo, base):
    today = timezone.localdate()
    MerchantMoneyDay.objects.create(
        merchant=demo, day=today, received_rent=D("5.00"), refreshed_at=timezone.now()
    )

    with tenant_context(demo):
        run = reconcile_day(day=today)
    connection.set_schema_to_public()

    assert (run.status, run.mismatch_count) == ("balanced", 0)
    # The row now holds the ledger's figures: no rent, only the base data's journals (none
    # at all, and so no row, when the base data booked nothing today).
    assert [
        (row.received_rent, row.journals)
        for row in MerchantMoneyDay.objects.filter(merchant=demo, day=today)
    ] == ([(D("0.00"), base["journals"])] if base["journals"] else [])


@pytest.fixture
def china_half_past_midnight(monkeypatch) -> Iterator[datetime]:
    """Django's clock (`timezone.now`, and `localdate` through it) set to the latest 16:30
    UTC before now, 00:30 of the next day in Asia/Shanghai, and ticking on from there."""
    real = timezone.now
    began = real()
    start = began.astimezone(UTC).replace(hour=16, minute=30, second=0, microsecond=0)
    if start > began:
        start -= timedelta(days=1)
    monkeypatch.setattr(timezone, "now", lambda: start + (real() - began))
    yield start


def test_at_half_past_midnight_in_china_bills_and_late_fees_take_chinas_day(
    demo, demo_owner, china_half_past_midnight
):
    utc_day = china_half_past_midnight.date()
    china_day = utc_day + timedelta(days=1)
    assert timezone.localdate() == china_day

    # Audited (the schedule made), paid, shipped and received at this instant.
    order = in_lease(demo, demo_owner, IntakeClient(demo, DEMO), goods_on_shelf(demo_owner))

    with tenant_context(demo):
        lease_start = Order.objects.get(pk=order.id).lease_start
        dues = dict(Bill.objects.filter(order_id=order.id).values_list("period", "due_date"))
    # Bill 1, paid before delivery, keeps the schedule's date; the rest follow the delivery.
    assert (lease_start, dues[1], dues[2]) == (china_day, china_day, add_months(china_day, 1))
    assert _refresh(demo, china_day).received_rent == D("399.00")

    # Bill 2 due on the day UTC still calls today: in China that day is over.
    with tenant_context(demo):
        Bill.objects.filter(order_id=order.id, period=2).update(due_date=utc_day)
        accrued = late_fees_accrue()
        fees = list(
            BillLateFee.objects.filter(bill__order_id=order.id).values_list(
                "bill__period", "day", "days_overdue", "amount"
            )
        )
        orders_refresh_overdue()
    connection.set_schema_to_public()

    assert accrued["bills"] == 1
    assert [fee[:3] for fee in fees] == [(2, china_day, 1)] and fees[0][3] > 0
    detail = detail_of(demo_owner, order.id)
    bills = {bill["period"]: bill for bill in detail["bills"]}
    assert (bills[2]["state"], bills[3]["state"]) == ("overdue", "unpaid")
    assert Decimal(bills[2]["late_fee"]) == fees[0][3]
    assert detail["overdue_since"] == utc_day.isoformat()
