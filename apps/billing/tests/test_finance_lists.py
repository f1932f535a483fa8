"""The finance lists: a merchant's income and expense lines and their totals, the
platform's lines across merchants, and the customers' bills across orders."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.models import Bill, BillPayment
from apps.billing.settlement import statements_close
from apps.orders.collection import bills_collect_due
from apps.orders.tests.support import in_lease, provider_settles
from apps.subshops.tests.factories import ACCOUNT_PASSWORD, staff_make
from tenants.merchants.models import SettlementTerms
from tests.fixtures import login
from zulin.core.errors import ErrorCode
from zulin.providers.sandbox import sandbox_failure_add


def _terms(merchant, rate: str = "5.00") -> None:
    SettlementTerms.objects.create(
        merchant=merchant,
        commission_rate=Decimal(rate),
        settlement_cycle="T+1",
        bank_name="招商银行",
        account_name="演示",
        account_number="6225880000000001",
    )


def test_the_shop_sees_its_lines_typed_counted_and_totalled(demo, demo_owner, app, offer):
    today = timezone.localdate()
    _terms(demo)
    order = in_lease(demo, demo_owner, app, offer)
    with tenant_context(demo):
        payment = BillPayment.objects.get(bill__order_id=order.id, status="succeeded")
        statements_close(today=today + timedelta(days=1))
    connection.set_schema_to_public()

    lines = demo_owner.get("/api/v2/getBillList", {"order_no": order.no}).data
    by_type = {row["type"]: row for row in lines["list"]}
    assert Decimal(by_type["payment"]["amount"]) == payment.amount
    assert Decimal(by_type["commission"]["amount"]) == -payment.commission
    assert by_type["payment"]["type_name"] == "租金收款"
    assert lines["total"] == len(lines["list"]) == 2  # the settlement names no order
    settled = demo_owner.get("/api/v2/getBillList", {"type": "settlement"}).data["list"]
    assert Decimal(settled[0]["amount"]) == payment.amount - payment.commission

    only = demo_owner.get("/api/v2/getBillList", {"type": "commission"}).data["list"]
    assert {row["type"] for row in only} == {"commission"}
    counts = {
        row["value"]: row["count"]
        for row in demo_owner.get(
            "/api/platform/getTransactionTypeCount", {"order_no": order.no}
        ).data
    }
    assert (counts["payment"], counts["commission"], counts["refund"]) == (1, 1, 0)
    types = demo_owner.get("/api/platform/getTransactionType").data
    assert [t["value"] for t in types][:3] == ["payment", "deposit", "refund"]

    totals = demo_owner.get("/api/finance/getMarkCollect", {"date_from": today.isoformat()}).data
    assert Decimal(totals["withdrawable"]) >= payment.amount - payment.commission
    assert Decimal(totals["commission"]) >= payment.commission
    nothing = demo_owner.get(
        "/api/finance/getMarkCollect", {"date_from": (today + timedelta(days=5)).isoformat()}
    ).data
    assert (nothing["received"], nothing["commission"]) == ("0.00", "0.00")


def test_the_platform_sees_every_merchants_lines_and_filters_by_merchant(
    demo, demo_owner, acme, app, offer, admin_client
):
    _terms(demo, "2.00")
    in_lease(demo, demo_owner, app, offer)
    lines = admin_client.get("/api/platform/getFinanceRecord", {"merchant_id": demo.pk}).data
    kinds = {row["type"] for row in lines["list"]}
    assert {"receipt", "commission"} <= kinds
    assert {row["merchant_name"] for row in lines["list"]} == {demo.name}
    assert (
        admin_client.get("/api/platform/getFinanceRecord", {"merchant_id": acme.pk}).data["list"]
        == []
    )
    types = [t["value"] for t in admin_client.get("/api/platform/getTransactionType").data]
    assert types == ["receipt", "refund", "commission", "withdrawal"]
    # The store's list is not the platform's, and the platform's is not the store's.
    assert demo_owner.get("/api/platform/getFinanceRecord").code == ErrorCode.WRONG_SIDE
    assert admin_client.get("/api/v2/getBillList").code == ErrorCode.WRONG_SIDE


def test_the_bill_list_shows_due_overdue_failed_and_paid_bills(demo, demo_owner, app, offer):
    today = timezone.localdate()
    order = in_lease(demo, demo_owner, app, offer)
    with tenant_context(demo):
        Bill.objects.filter(order_id=order.id, period=2).update(due_date=today - timedelta(days=2))
        Bill.objects.filter(order_id=order.id, period=3).update(due_date=today + timedelta(days=3))
    connection.set_schema_to_public()
    query = {"order_no": order.no}

    def states(**extra):
        rows = demo_owner.get("/api/finance/getFinanceBillList", {**query, **extra}).data["list"]
        return {row["period"]: row["state"] for row in rows}

    assert states(state="overdue") == {2: "overdue"}
    assert 3 in states(state="due") and 1 in states(state="paid")
    sandbox_failure_add(
        service="payment", operation="withhold", merchant="demo", reason="INSUFFICIENT_BALANCE"
    )
    with tenant_context(demo):
        bills_collect_due()
    provider_settles(demo)
    failed = demo_owner.get("/api/finance/getFinanceBillList", {**query, "state": "failed"}).data
    assert [(r["period"], r["last_failure"]) for r in failed["list"]] == [
        (2, "INSUFFICIENT_BALANCE")
    ]
    assert 2 not in states(state="overdue")  # listed as failed, once
    staff_make(demo_owner, "bob", ["salesman"])
    salesman = login("demo.localhost", "bob", ACCOUNT_PASSWORD)
    assert salesman.get("/api/finance/getFinanceBillList").code == ErrorCode.FORBIDDEN
