"""The finance lists: a merchant's income and expense lines and their totals, the
platform's lines across merchants, and the customers' bills across orders."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.models import Bill, BillPayment
from apps.billing.rent_run import bills_debit_due
from apps.billing.reports import line_detail
from apps.billing.statements import statements_close
from apps.orders.models import Order
from apps.subshops.tests.factories import ACCOUNT_PASSWORD, staff_make
from tenants.merchants.models import SettlementTerms
from tests.fixtures import login
from tests.leases import in_lease, provider_settles
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
        bills_debit_due()
    provider_settles(demo)
    failed = demo_owner.get("/api/finance/getFinanceBillList", {**query, "state": "failed"}).data
    assert [(r["period"], r["last_failure"]) for r in failed["list"]] == [
        (2, "INSUFFICIENT_BALANCE")
    ]
    assert 2 not in states(state="overdue")  # listed as failed, once
    staff_make(demo_owner, "bob", ["salesman"])
    salesman = login("demo.localhost", "bob", ACCOUNT_PASSWORD)
    assert salesman.get("/api/finance/getFinanceBillList").code == ErrorCode.FORBIDDEN


# --- the lines' words for money: a withdrawal given back, a buyout, what an amount includes --


def _lines(owner, **query) -> dict:
    answer = owner.get("/api/v2/getBillList", {"page_size": 50, **query})
    assert answer.ok, answer
    return answer.data


def _counts(owner, **query) -> dict[str, int]:
    rows = owner.get("/api/platform/getTransactionTypeCount", query).data
    return {row["value"]: row["count"] for row in rows}


def test_a_withdrawal_given_back_is_one_line_netting_to_zero_counted_once(
    demo, demo_owner, app, offer, admin_client
):
    _terms(demo)
    in_lease(demo, demo_owner, app, offer)
    with tenant_context(demo):
        statements_close(today=timezone.localdate() + timedelta(days=1))
    connection.set_schema_to_public()
    apply = "/api/finance/applyWithdraw"
    kept = demo_owner.post(apply, {"amount": "30.00", "idempotency_key": "lines-wd-0001"}).data
    cancelled = demo_owner.post(apply, {"amount": "100.00", "idempotency_key": "lines-wd-0002"})
    assert demo_owner.post("/api/finance/cancelWithdraw", {"id": cancelled.data["id"]}).ok
    rejected = demo_owner.post(apply, {"amount": "20.00", "idempotency_key": "lines-wd-0003"})
    assert admin_client.post(
        "/api/platform/operateWithdrawal",
        {"id": rejected.data["id"], "action": "reject", "reason": "结算账户信息有误"},
    ).ok

    lines = _lines(demo_owner, type="withdrawal")

    by_no = {row["memo"]: row for row in lines["list"]}
    assert lines["total"] == len(lines["list"]) == 3  # each withdrawal once, given back or not
    assert _counts(demo_owner)["withdrawal"] == 3
    gone = by_no[cancelled.data["withdrawal_no"]]
    assert (gone["amount"], gone["returned"], gone["type"]) == ("0.00", "100.00", "withdrawal")
    assert (gone["type_name"], gone["type_name_en"]) == ("提现（已取消）", "Withdrawal (cancelled)")
    assert line_detail(gone, "zh") == "申请 ¥100.00，已退回可提现余额"
    refused = by_no[rejected.data["withdrawal_no"]]
    assert (refused["amount"], refused["type_name_en"]) == ("0.00", "Withdrawal (rejected)")
    open_one = by_no[kept["withdrawal_no"]]
    assert (open_one["amount"], open_one["returned"], open_one["type_name"]) == (
        "-30.00",
        None,
        "提现",
    )
    # Every line of the shop: the journals that gave money back are no lines of their own,
    # and a page at a time lists the same lines as the total says.
    every = _lines(demo_owner)
    assert every["total"] == len(every["list"])
    assert "withdrawal_back" not in {row["kind"] for row in every["list"]}
    pages = [_lines(demo_owner, type="withdrawal", page_size=2, page=n) for n in (1, 2)]
    assert [page["total"] for page in pages] == [3, 3]
    assert [row["id"] for page in pages for row in page["list"]] == [
        row["id"] for row in lines["list"]
    ]


def _buyout_settings(owner) -> None:
    saved = owner.post(
        "/api/backend/saveOrderSetting",
        {
            "unpaid_cancel_minutes": 30,
            "auto_receive_days": 7,
            "early_buyout_discount_rate": "0",
            "buyout_from_period": 1,
        },
    )
    assert saved.ok, saved


def test_a_buyout_reads_as_the_buyout_and_an_early_settlement_without_one_as_itself(
    demo, demo_owner, app, offer
):
    _terms(demo)
    _buyout_settings(demo_owner)
    bought = in_lease(demo, demo_owner, app, offer)
    applied = app.post(
        "/api/applet/applyAfterSale", {"order_no": bought.no, "kind": "buyout", "reason": "买下"}
    )
    assert applied.ok, applied
    approved = demo_owner.post(
        "/api/platform/dealAfterSale",
        {"order_id": bought.id, "decision": "approve", "idempotency_key": "lines-buyout-01"},
    )
    assert approved.ok, approved
    provider_settles(demo)
    settled = in_lease(
        demo, demo_owner, app, offer, key="order-key-0002", seed=1, tracking_no="SF1234567891"
    )
    with tenant_context(demo):
        Order.objects.filter(pk=settled.id).update(ownership_transfer=False)
    connection.set_schema_to_public()
    total = demo_owner.get("/api/finance/getEarlySettlementQuote", {"order_id": settled.id})
    early = demo_owner.post(
        "/api/finance/settleEarly",
        {
            "order_id": settled.id,
            "total": total.data["total"],
            "method": "provider",
            "idempotency_key": "lines-early-01",
        },
    )
    assert early.ok, early
    provider_settles(demo)

    buyout = next(
        row for row in _lines(demo_owner, order_no=bought.no)["list"] if row["type"] == "early"
    )
    assert (buyout["type_name"], buyout["type_name_en"]) == ("买断款", "Buyout payment")
    assert buyout["memo_en"] == f"{bought.no} early settlement"
    # The buyout price is part of what the settlement took: the line says how much.
    assert buyout["includes"] == [{"part": "buyout", "amount": "1.00"}]
    assert Decimal(buyout["amount"]) == Decimal(approved.data["amount"])
    plain = next(
        row for row in _lines(demo_owner, order_no=settled.no)["list"] if row["type"] == "early"
    )
    assert (plain["type_name"], plain["type_name_en"]) == ("提前结清", "Early settlement")
    assert plain["includes"] == []
    assert Decimal(plain["amount"]) == Decimal(total.data["total"])


def test_a_line_says_the_shipping_fee_and_add_ons_its_amount_includes(demo, demo_owner, app, offer):
    addon = demo_owner.post(
        "/api/platform/addGoodsGain",
        {"name": "碎屏保障", "gain_type": "damage_cover", "price": "30.00"},
    )
    assert addon.ok, addon
    order = in_lease(
        demo, demo_owner, app, offer, addon_ids=[addon.data["id"]], shipping_fee="10.00"
    )
    with tenant_context(demo):
        first = Bill.objects.get(order_id=order.id, period=1)
    connection.set_schema_to_public()
    assert (first.fee_amount, first.addon_amount) == (Decimal("10.00"), Decimal("30.00"))

    lines = _lines(demo_owner, order_no=order.no)["list"]

    paid = next(row for row in lines if row["type"] == "payment")
    assert Decimal(paid["amount"]) == first.amount
    assert paid["includes"] == [
        {"part": "shipping", "amount": "10.00"},
        {"part": "addons", "amount": "30.00"},
    ]
    assert (paid["type_name"], paid["memo"]) == ("租金收款", f"{order.no} #1")
    assert line_detail(paid, "zh") == "含运费 ¥10.00、增值服务 ¥30.00"
    assert line_detail(paid, "en") == "incl. shipping ¥10.00, add-ons ¥30.00"
    commission = next(row for row in lines if row["type"] == "commission")
    assert commission["includes"] == [] and commission["returned"] is None
