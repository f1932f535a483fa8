"""Written money rules of orders that a one-line change could break unnoticed (issue 39),
each held by a test through the calls a shop and its customer use: what an ended order owes
counts its late fees, the deposit's order at a return, a renewal agreed late, the return's
day in China time, and a deposit operation's idempotency key used for another order. Each
rule's targeted mutant is in infra/mutants.toml (ids `rule-…`)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.latefees import late_fees_accrue
from apps.billing.models import Bill, DepositOperation
from apps.orders.models import AfterSale, Order
from tests.leases import (
    books_balance,
    deposit_of,
    detail_of,
    goods_on_shelf,
    in_lease,
    provider_settles,
)
from zulin.money.schedule import add_months, lease_end

from .test_owed_after_lease import APPLY, DEAL, LIST, QUOTE, _returned, _terms

OVERDUE = "/api/platform/getOverdueMoney"


def _dues(merchant, order_id: int, dues: dict[int, object]) -> None:
    """Bills of the order due on the days given (by period)."""
    with tenant_context(merchant):
        for period, due in dues.items():
            Bill.objects.filter(order_id=order_id, period=period).update(due_date=due)
    connection.set_schema_to_public()


def _monthly_from(merchant, order_id: int, period: int, first_due) -> None:
    """Bill `period` due `first_due`, each later instalment a month after it."""
    with tenant_context(merchant):
        later = Bill.objects.filter(order_id=order_id, period__gte=period, kind="lease")
        dues = {bill.period: add_months(first_due, bill.period - period) for bill in later}
    connection.set_schema_to_public()
    _dues(merchant, order_id, dues)


def _bills(owner, order_id: int) -> dict[int, dict]:
    return {bill["period"]: bill for bill in detail_of(owner, order_id)["bills"]}


# --- 2. what an ended order owes counts its late fees --------------------------------------


def test_an_ended_orders_owed_amount_counts_its_late_fees_still_owed(demo, demo_owner, app, offer):
    saved = demo_owner.post(
        "/api/finance/saveFinanceSetting",
        {"late_fee_rate_early": "1.0000", "late_fee_rate_late": "1.0000"},
    )
    assert saved.ok, saved
    order = in_lease(demo, demo_owner, app, offer, grade="A")  # grade A: no deposit frozen
    today = timezone.localdate()
    # Bill 2 20 days past due (bill 3 … after the return's day: cancelled by it).
    _monthly_from(demo, order.id, 2, today - timedelta(days=20))
    with tenant_context(demo):
        late_fees_accrue(today=today)
    connection.set_schema_to_public()
    assert _bills(demo_owner, order.id)[2]["late_fee"] == "79.80"  # 20 days x 3.99

    _returned(demo_owner, order.id)

    detail = detail_of(demo_owner, order.id)
    bill = _bills(demo_owner, order.id)[2]
    assert (bill["status"], bill["late_fee_owed"]) == ("unpaid", "79.80")
    # 399.00 rent and its 79.80 late fee: the order ended owing both.
    assert (detail["status"], detail["stage"], detail["owed_amount"]) == (
        "completed",
        "owing",
        "478.80",
    )
    listed = demo_owner.get(LIST, {"stage": "owing"}).data
    assert [(row["id"], row["owed_amount"]) for row in listed["list"]] == [(order.id, "478.80")]
    owed = demo_owner.get(OVERDUE, {"order_id": order.id}).data
    assert owed["total"] == detail["owed_amount"]


# --- 3. the deposit at a return: past-due rent, then the fee, then the damage --------------


def test_at_a_return_the_deposit_pays_past_due_rent_then_the_fee_then_the_damage(
    demo, demo_owner, app, offer
):
    _terms(demo_owner, min_term=6, mode="fixed", value="50.00")
    order = in_lease(demo, demo_owner, app, offer)  # grade B: 500.00 frozen
    today = timezone.localdate()
    # Bill 2 10 days past due; bill 3 … fall due after the return (cancelled by it).
    _monthly_from(demo, order.id, 2, today - timedelta(days=10))

    quote = demo_owner.get(QUOTE, {"order_id": order.id, "damage_amount": "200.00"})

    assert quote.ok, quote
    q = quote.data
    assert (q["termination_fee"], q["damage_amount"], q["deposit_available"]) == (
        "50.00",
        "200.00",
        "500.00",
    )
    # 500.00 of deposit: bill 2's 399.00 whole, the fee's 50.00 whole, 51.00 of the damage.
    assert [
        (line["kind"], line["amount"], line["from_deposit"], line["left_owed"])
        for line in q["lines"]
    ] == [
        ("lease", "399.00", "399.00", "0.00"),
        ("termination", "50.00", "50.00", "0.00"),
        ("damage", "200.00", "51.00", "149.00"),
    ]
    assert (q["deposit_applied"], q["deposit_thawed"], q["owed_after_deposit"]) == (
        "500.00",
        "0.00",
        "149.00",
    )

    _returned(demo_owner, order.id, damage="200.00")
    provider_settles(demo)

    bills = _bills(demo_owner, order.id)
    assert (bills[2]["status"], bills[2]["paid_amount"]) == ("paid", "399.00")
    assert (bills[13]["kind"], bills[13]["status"], bills[13]["paid_amount"]) == (
        "termination",
        "paid",
        "50.00",
    )
    assert (bills[14]["kind"], bills[14]["status"], bills[14]["paid_amount"]) == (
        "damage",
        "unpaid",
        "51.00",
    )
    detail = detail_of(demo_owner, order.id)
    assert (detail["stage"], detail["owed_amount"]) == ("owing", "149.00")
    assert deposit_of(demo_owner, order.id)["transferred"] == "500.00"
    assert books_balance(demo) == []


# --- 4. a renewal agreed after the lease ran out -------------------------------------------


def test_a_renewal_agreed_after_the_lease_ran_out_is_due_the_day_it_is_agreed(
    demo, demo_owner, app
):
    day_plan = {
        "sku_index": 0,
        "term": 30,
        "term_unit": "day",
        "rent": "10.00",
        "deposit": "0",
        "buyout_price": "0",
        "ownership_transfer": False,
    }
    offer = goods_on_shelf(demo_owner, rent_list=[day_plan, {**day_plan, "sku_index": 1}])
    order = in_lease(demo, demo_owner, app, offer)
    today = timezone.localdate()
    start = today - timedelta(days=40)
    with tenant_context(demo):
        # The 30-day lease ended 11 days ago: the day after it was 10 days ago.
        Order.objects.filter(pk=order.id).update(
            lease_start=start, lease_end=lease_end(start=start, term=30, term_unit="day")
        )
    connection.set_schema_to_public()

    opened = demo_owner.post(
        APPLY, {"order_id": order.id, "kind": "renewal", "reason": "续租", "extra_term": 7}
    )
    assert opened.ok, opened
    approved = demo_owner.post(DEAL, {"order_id": order.id, "decision": "approve"})
    assert approved.ok, approved

    renewal = _bills(demo_owner, order.id)[2]
    assert (renewal["amount"], renewal["due_date"]) == ("70.00", today.isoformat())
    assert renewal["state"] == "unpaid"  # due today, not born overdue
    # The night charges no late fee for a day before the renewal existed.
    with tenant_context(demo):
        accrued = late_fees_accrue(today=today)
    connection.set_schema_to_public()
    assert accrued == {"bills": 0, "added": "0.00"}
    owed = demo_owner.get(OVERDUE, {"order_id": order.id}).data
    assert (owed["overdue_bills"], owed["late_fee"], owed["total"]) == (0, "0.00", "0.00")


# --- 8. the return's day is China's --------------------------------------------------------


@pytest.fixture
def utc_evening(monkeypatch) -> Iterator[datetime]:
    """Django's clock (`timezone.now`, and `localdate` through it) set to the latest 23:30
    UTC before now — 07:30 of the next day in Asia/Shanghai — and ticking on from there."""
    real = timezone.now
    began = real()
    start = began.astimezone(UTC).replace(hour=23, minute=30, second=0, microsecond=0)
    if start > began:
        start -= timedelta(days=1)
    monkeypatch.setattr(timezone, "now", lambda: start + (real() - began))
    yield start


def test_the_returns_day_is_the_china_day_the_goods_came_back(
    demo, demo_owner, app, offer, utc_evening
):
    china_day = utc_evening.date() + timedelta(days=1)
    assert timezone.localdate() == china_day
    order = in_lease(demo, demo_owner, app, offer)  # grade B: 500.00 frozen
    # Bill 2 falls due today in China (UTC still calls it the day before); 3 … a month apart.
    _monthly_from(demo, order.id, 2, china_day)
    # The shop starts the return for the customer: approved at once (no self-approval).
    assert demo_owner.post(APPLY, {"order_id": order.id, "kind": "return", "reason": "不想租了"}).ok

    received = demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "receive", "device_serial": "IMEI-1"}
    )

    assert received.ok, received
    assert received.data["received_on"] == china_day.isoformat()
    # The return dialog quotes that day: bill 2, due on it, stays owed.
    quote = demo_owner.get(QUOTE, {"order_id": order.id}).data
    assert (quote["return_date"], quote["bills_owed"], quote["rent_cancelled"]) == (
        china_day.isoformat(),
        "399.00",
        "3990.00",
    )
    inspected = demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "inspect", "damage_amount": "0.00"}
    )
    assert inspected.ok, inspected
    provider_settles(demo)

    detail = detail_of(demo_owner, order.id)
    bills = {bill["period"]: bill for bill in detail["bills"]}
    assert detail["after_sales"][0]["received_on"] == china_day.isoformat()
    assert detail["after_sales"][0]["rent_cancelled"] == "3990.00"  # bills 3 … 12
    assert (bills[2]["status"], bills[2]["paid_by"]) == ("paid", "deposit")
    assert all(bills[period]["status"] == "cancelled" for period in range(3, 13))
    assert deposit_of(demo_owner, order.id)["transferred"] == "399.00"


def test_a_return_quoted_days_after_the_goods_came_back_is_quoted_on_the_day_they_came(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    today = timezone.localdate()
    assert demo_owner.post(APPLY, {"order_id": order.id, "kind": "return", "reason": "不想租了"}).ok
    received = demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "receive", "device_serial": "IMEI-1"}
    )
    assert received.ok, received
    # The goods came back three days ago and wait for inspection; bill 2 fell due since.
    came_back = today - timedelta(days=3)
    with tenant_context(demo):
        AfterSale.objects.filter(order_id=order.id, kind="return").update(received_on=came_back)
    connection.set_schema_to_public()
    _monthly_from(demo, order.id, 2, today - timedelta(days=1))

    quote = demo_owner.get(QUOTE, {"order_id": order.id}).data

    # Quoted on the day they came back: bill 2, due after it, is cancelled, not owed.
    assert (quote["return_date"], quote["bills_owed"], quote["rent_cancelled"]) == (
        came_back.isoformat(),
        "0.00",
        "4389.00",
    )


def test_a_renewal_of_a_lease_that_began_earlier_falls_on_the_leases_day_of_the_month(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    today = timezone.localdate()
    start = today - timedelta(days=45)
    with tenant_context(demo):
        Order.objects.filter(pk=order.id).update(
            lease_start=start, lease_end=lease_end(start=start, term=12, term_unit="month")
        )
    connection.set_schema_to_public()
    _monthly_from(demo, order.id, 1, start)

    opened = demo_owner.post(
        APPLY, {"order_id": order.id, "kind": "renewal", "reason": "续租", "extra_term": 2}
    )
    assert opened.ok, opened
    assert demo_owner.post(DEAL, {"order_id": order.id, "decision": "approve"}).ok

    bills = _bills(demo_owner, order.id)
    # Months 13 and 14 of the lease that began 45 days ago, not of today.
    assert (bills[13]["due_date"], bills[14]["due_date"]) == (
        add_months(start, 12).isoformat(),
        add_months(start, 13).isoformat(),
    )
    detail = detail_of(demo_owner, order.id)
    assert detail["lease_end"] == lease_end(start=start, term=14, term_unit="month").isoformat()


# --- 10. a deposit operation's idempotency key used for another order ----------------------


def test_a_deposit_key_used_again_for_another_order_is_refused(demo, demo_owner, app, offer):
    first = in_lease(demo, demo_owner, app, offer)  # grade B: 500.00 frozen each
    other = in_lease(
        demo, demo_owner, app, offer, key="order-key-0002", seed=1, phone="13912340002"
    )
    thawed = demo_owner.post(
        "/api/platform/depositThaw",
        {"order_id": first.id, "amount": "100.00", "idempotency_key": "rule-deposit-key"},
    )
    assert thawed.ok, thawed
    provider_settles(demo)
    before = deposit_of(demo_owner, other.id)

    calls = {
        "/api/platform/depositThaw": {"amount": "100.00"},
        "/api/platform/depositTransferPay": {"purpose": "bills"},
        "/api/platform/refundDeposit": {"amount": "100.00"},
    }
    answers = {
        path: demo_owner.post(
            path, {"order_id": other.id, "idempotency_key": "rule-deposit-key", **extra}
        )
        for path, extra in calls.items()
    }
    # The same key on its own order answers the same thaw.
    again = demo_owner.post(
        "/api/platform/depositThaw",
        {"order_id": first.id, "amount": "100.00", "idempotency_key": "rule-deposit-key"},
    )
    provider_settles(demo)

    assert {path: answer.code for path, answer in answers.items()} == dict.fromkeys(calls, 1101)
    assert again.ok and again.data["id"] == thawed.data["id"], again
    assert deposit_of(demo_owner, other.id) == before
    assert before["remaining"] == "500.00"
    with tenant_context(demo):
        asked = DepositOperation.objects.filter(order_id=other.id).exclude(kind="freeze").count()
    connection.set_schema_to_public()
    assert asked == 0  # nothing reached the provider for the other order
    assert _bills(demo_owner, other.id)[2]["status"] == "unpaid"
