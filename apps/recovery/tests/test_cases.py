"""Recovery cases follow the debt: opened by the nightly run for an order past due, aged
in China days into the shop's buckets, closed when nothing past due is owed (here by a
payment through the one settling path); the counts equal the lists."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.latefees import late_fees_accrue
from apps.billing.models import Bill
from apps.billing.tasks import orders_refresh_overdue
from apps.orders.models import Order
from apps.recovery import rules
from tests.leases import provider_settles

from .support import CASE, CASES, COUNT, case_of, night, overdue_lease, past_due


@pytest.mark.parametrize(
    ("days", "bucket"),
    [(1, "M1"), (30, "M1"), (31, "M2"), (60, "M2"), (61, "M3"), (90, "M3"), (91, "M3+")],
)
def test_the_buckets_end_at_their_bounds(days, bucket):
    assert rules.bucket_of(days, rules.Bounds(*rules.DEFAULT_BOUNDS)) == bucket


def test_days_past_due_count_china_days_from_the_oldest_unpaid_due_date():
    today = timezone.localdate()
    assert rules.days_past_due(today - timedelta(days=31), today) == 31
    assert rules.days_past_due(today, today) == 0
    assert rules.days_past_due(None, today) == 0


def test_a_case_opens_with_the_debt_and_closes_when_the_customer_pays(demo, demo_owner, app, offer):
    order = overdue_lease(demo, demo_owner, app, offer, days=31, n=1)
    assert night(demo)["cases"]["opened"] == 1
    page = demo_owner.get(CASES, {"state": "open"})
    assert page.ok, page
    [row] = page.data["list"]
    assert (row["order_no"], row["bucket"], row["days_past_due"]) == (order.no, "M2", 31)
    assert row["customer_name"].endswith("*") and "*" in row["customer_phone"]
    assert row["total_owed"] == row["rent_owed"] != "0.00"
    # Run again: nothing new (one open case per order).
    assert night(demo)["cases"] == {"opened": 0, "refreshed": 0, "closed": 0}

    # The customer pays bill 2 in the app: the settling path, then the case follows.
    paid = app.post(
        "/api/applet/payBill",
        {"order_no": order.no, "period": 2, "idempotency_key": f"pay-{order.no}-2"},
    )
    assert paid.ok, paid
    provider_settles(demo, customer_pays=f"{order.no}B002")
    case = case_of(demo, order.id)
    assert (case.state, case.closed_on) == ("closed", timezone.localdate())
    detail = demo_owner.get(CASE, {"case_id": case.pk}).data
    assert [h["action"] for h in detail["history"]] == ["close", "create"]  # newest first

    # A later debt opens a new case; the closed one stays the order's history.
    past_due(demo, order.id, days=3, period=3)
    assert night(demo)["cases"]["opened"] == 1
    newer = case_of(demo, order.id)
    assert newer.pk != case.pk and newer.bucket == "M1" and newer.days_past_due == 3
    assert [c["id"] for c in demo_owner.get(CASE, {"case_id": newer.pk}).data["other_cases"]] == [
        case.pk
    ]


def test_paying_the_overdue_bill_takes_a_running_lease_off_the_overdue_list_at_once(
    demo, demo_owner, app, offer
):
    order = overdue_lease(demo, demo_owner, app, offer, days=12, n=6)
    with tenant_context(demo):
        orders_refresh_overdue()
        assert Order.objects.get(pk=order.id).stage == "overdue"
    connection.set_schema_to_public()

    paid = app.post(
        "/api/applet/payBill",
        {"order_no": order.no, "period": 2, "idempotency_key": f"pay-{order.no}-2"},
    )
    assert paid.ok, paid
    provider_settles(demo, customer_pays=f"{order.no}B002")

    # No night needed: the payment itself takes the lease off the overdue list.
    with tenant_context(demo):
        after = Order.objects.get(pk=order.id)
        assert (after.stage, after.overdue_since, after.status) == ("dealing", None, "in_lease")
    connection.set_schema_to_public()


def test_the_shops_bounds_move_a_case_between_buckets(demo, demo_owner, app, offer):
    order = overdue_lease(demo, demo_owner, app, offer, days=45, n=2)
    night(demo)
    assert case_of(demo, order.id).bucket == "M2"
    saved = demo_owner.post(
        "/api/backend/saveRecoverySetting",
        {"m1_max_days": 45, "m2_max_days": 60, "m3_max_days": 90, "reminders_per_day": 1},
    )
    assert saved.ok, saved
    night(demo)
    assert case_of(demo, order.id).bucket == "M1"
    refused = demo_owner.post(
        "/api/backend/saveRecoverySetting",
        {"m1_max_days": 60, "m2_max_days": 60, "m3_max_days": 90},
    )
    assert refused.code == 400, refused


def test_each_count_is_its_lists_total(demo, demo_owner, app, offer):
    for n, days in enumerate((5, 40, 70, 100, 120), start=3):
        overdue_lease(demo, demo_owner, app, offer, days=days, n=n)
    night(demo)
    counts = demo_owner.get(COUNT, {"state": "open"}).data
    assert [b["count"] for b in counts["buckets"]] == [1, 1, 1, 2]
    for bucket in counts["buckets"]:
        page = demo_owner.get(CASES, {"state": "open", "bucket": bucket["bucket"]}).data
        assert page["total"] == bucket["count"]
        owed = sum((__import__("decimal").Decimal(r["total_owed"]) for r in page["list"]), 0)
        assert f"{owed:.2f}" == bucket["total_owed"]
    for state in counts["states"]:
        page = demo_owner.get(CASES, {"state": state["state"]}).data
        assert page["total"] == state["count"]
    assert counts["all"]["count"] == demo_owner.get(CASES, {"state": "open"}).data["total"] == 5
    # Sorted by the next action due, then priority: every case is due today.
    rows = demo_owner.get(CASES, {}).data["list"]
    assert {r["next_action_on"] for r in rows} == {timezone.localdate().isoformat()}


def test_the_open_cases_reconcile_with_the_order_lists_they_are_in(demo, demo_owner, app, offer):
    """Recovery counts every open case; the workbench's and the order list's "overdue" count
    running leases only. The count per order list says where the rest are, and adds up."""
    running = overdue_lease(demo, demo_owner, app, offer, days=20, n=61)
    ended = overdue_lease(demo, demo_owner, app, offer, days=40, n=62)
    # The second lease comes back with damage above its deposit, still owing bill 2 and the
    # damage left: it ends, owing (the 完结欠款 list).
    for path, payload in (
        (
            "/api/platform/applyAfterSale",
            {"order_id": ended.id, "kind": "return", "reason": "退租"},
        ),
        (
            "/api/platform/dealAfterSale",
            {"order_id": ended.id, "decision": "receive", "device_serial": "IMEI-R62"},
        ),
        (
            "/api/platform/dealAfterSale",
            {"order_id": ended.id, "decision": "inspect", "damage_amount": "900.00"},
        ),
    ):
        answer = demo_owner.post(path, payload)
        assert answer.ok, (path, answer)
    provider_settles(demo)
    # The damage left falls past due; the night refreshes the orders, then recovery.
    with tenant_context(demo):
        Bill.objects.filter(order_id=ended.id, kind="damage").update(
            due_date=timezone.localdate() - timedelta(days=10)
        )
        orders_refresh_overdue()
    connection.set_schema_to_public()
    night(demo)

    counts = demo_owner.get(COUNT, {"state": "open"}).data
    stages = {row["stage"]: row["count"] for row in counts["order_stages"]}
    orders = demo_owner.get("/api/platform/orderNumberCount").data

    assert stages == {"overdue": 1, "owing": 1}
    assert sum(stages.values()) == counts["all"]["count"] == 2
    # The order lists hold the same orders: "overdue" only the running lease.
    assert stages["overdue"] == orders["overdue"]
    assert stages["owing"] == orders["owing"]
    listed = demo_owner.get("/api/platform/backendOrderList", {"stage": "owing"}).data["list"]
    assert [row["id"] for row in listed] == [ended.id]
    assert case_of(demo, running.id).state == case_of(demo, ended.id).state == "open"


def test_a_case_owes_its_rent_and_its_late_fee_as_the_order_says(demo, demo_owner, app, offer):
    order = overdue_lease(demo, demo_owner, app, offer, days=20, n=63)
    with tenant_context(demo):
        late_fees_accrue()
    connection.set_schema_to_public()
    night(demo)

    [row] = demo_owner.get(CASES, {"state": "open"}).data["list"]
    owed = demo_owner.get("/api/platform/getOverdueMoney", {"order_id": order.id}).data

    assert Decimal(row["late_fee_owed"]) > 0
    assert (row["rent_owed"], row["late_fee_owed"]) == (owed["overdue_rent"], owed["late_fee_owed"])
    assert Decimal(row["total_owed"]) == Decimal(row["rent_owed"]) + Decimal(row["late_fee_owed"])
    assert row["total_owed"] == owed["total"]
