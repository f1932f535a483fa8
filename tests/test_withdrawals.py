"""Withdrawals: applied and frozen by the shop, approved by one or two platform finance
accounts, paid out through the provider's callback, rejected, cancelled or failed with the
amount given back; every step balanced in both books."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.test import override_settings
from django.utils import timezone
from django_tenants.utils import get_public_schema_name, schema_context, tenant_context

from apps.billing.settlement import statements_close
from apps.orders.tests.support import DEMO, IntakeClient, goods_on_shelf, in_lease
from tenants.accounts.tests.test_api_platform_staff import STAFF_PASSWORD, staff_make
from tenants.merchants.models import SettlementTerms
from tests.fixtures import login
from zulin.core.errors import ErrorCode
from zulin.ledger.selectors import account_balance, ledger_check
from zulin.providers.models import SandboxCallback
from zulin.providers.payment import sandbox_payments_complete
from zulin.providers.sandbox import (
    sandbox_callback_replay,
    sandbox_callbacks_deliver,
    sandbox_failure_add,
)

APPLY = "/api/finance/applyWithdraw"
OPERATE = "/api/platform/operateWithdrawal"
DETAIL = "/api/finance/getWithdrawDetail"


@pytest.fixture
def cash(demo, demo_owner) -> Decimal:
    """The demo shop with money withdrawable: a lease's first bill, settled T+1."""
    SettlementTerms.objects.create(
        merchant=demo,
        commission_rate=Decimal("5.00"),
        settlement_cycle="T+1",
        bank_name="招商银行",
        account_name="演示租赁",
        account_number="6225880000001234",
    )
    in_lease(demo, demo_owner, IntakeClient(demo, DEMO), goods_on_shelf(demo_owner))
    with tenant_context(demo):
        statements_close(today=timezone.localdate() + timedelta(days=1))
        balance = account_balance("merchant_cash")
    connection.set_schema_to_public()
    assert balance > 0
    return balance


def _books(merchant) -> dict[str, Decimal]:
    with tenant_context(merchant):
        found = {
            code: account_balance(code)
            for code in ("merchant_cash", "withdrawals_in_transit", "bank")
        }
        assert ledger_check() == []
    with schema_context(get_public_schema_name()):
        found["payable"] = account_balance("merchant_payable", sub_key=f"merchant:{merchant.pk}")
        assert ledger_check() == []
    connection.set_schema_to_public()
    return found


def _settle(merchant) -> None:
    sandbox_payments_complete(merchant=merchant.slug)
    sandbox_callbacks_deliver(merchant=merchant.slug)
    connection.set_schema_to_public()


def test_applying_freezes_never_more_than_withdrawable_and_the_key_answers_once(
    demo, demo_owner, cash
):
    too_much = demo_owner.post(
        APPLY, {"amount": str(cash + Decimal("0.01")), "idempotency_key": "wd-key-0001"}
    )
    assert too_much.code == ErrorCode.WITHDRAWAL_EXCEEDS_BALANCE
    body = {"amount": "100.00", "idempotency_key": "wd-key-0002"}
    applied = demo_owner.post(APPLY, body)
    assert applied.ok, applied
    assert (applied.data["status"], applied.data["account_number"][-4:]) == ("pending", "1234")
    assert "6225880000001234" not in str(applied.data)
    again = demo_owner.post(APPLY, body)
    assert again.data["id"] == applied.data["id"]
    other_amount = demo_owner.post(APPLY, {**body, "amount": "50.00"})
    assert other_amount.code == ErrorCode.IDEMPOTENCY_KEY_REUSED
    books = _books(demo)
    assert (books["merchant_cash"], books["withdrawals_in_transit"]) == (
        cash - 100,
        Decimal("100.00"),
    )

    counts = demo_owner.get("/api/v2/getWithdrawalCount").data
    assert {s["value"]: s["count"] for s in counts["statuses"]}["pending"] == 1
    assert Decimal(counts["withdrawable"]) == cash - 100
    assert demo_owner.get("/api/finance/withdrawList").data["total"] == 1

    cancelled = demo_owner.post("/api/finance/cancelWithdraw", {"id": applied.data["id"]})
    assert cancelled.data["status"] == "cancelled"
    assert demo_owner.post("/api/finance/cancelWithdraw", {"id": applied.data["id"]}).code == 409
    assert _books(demo)["merchant_cash"] == cash
    timeline = demo_owner.get(DETAIL, {"id": applied.data["id"]}).data["timeline"]
    assert [row["to_status"] for row in timeline][-2:] in (
        ["pending", "cancelled"],
        ["cancelled", "pending"],
    )


def test_one_approval_pays_out_on_the_providers_callback_once(demo, demo_owner, cash, admin_client):
    applied = demo_owner.post(APPLY, {"amount": "80.00", "idempotency_key": "wd-key-0101"}).data
    before = _books(demo)
    approved = admin_client.post(OPERATE, {"id": applied["id"], "action": "approve"})
    assert approved.ok and approved.data["status"] == "paying", approved
    _settle(demo)
    paid = admin_client.get(DETAIL, {"id": applied["id"]}).data
    assert paid["status"] == "paid" and paid["provider_trade_no"]
    after = _books(demo)
    assert after["withdrawals_in_transit"] == 0 and after["bank"] == before["bank"] + 80
    assert after["payable"] == before["payable"] - 80
    # The provider sends the callback again: nothing moves twice.
    sent = SandboxCallback.objects.filter(event_type="payout", merchant="demo").latest("id")
    assert sandbox_callback_replay(event_id=sent.event_id).delivered
    connection.set_schema_to_public()
    assert _books(demo) == after
    store = demo_owner.get("/api/v2/getBillList", {"type": "withdrawal"}).data["list"]
    assert [row["amount"] for row in store] == ["-80.00"]
    platform = admin_client.get(
        "/api/platform/getFinanceRecord", {"type": "withdrawal", "merchant_id": demo.pk}
    ).data["list"]
    assert [row["amount"] for row in platform] == ["-80.00"]


@override_settings(WITHDRAWAL_TWO_PERSON_ABOVE=Decimal("50.00"))
def test_above_the_threshold_two_different_platform_accounts_must_approve(
    demo, demo_owner, cash, admin_client
):
    staff_make(admin_client, "fin2", ["platform_finance"])
    second = login("admin.localhost", "fin2", STAFF_PASSWORD)
    applied = demo_owner.post(APPLY, {"amount": "60.00", "idempotency_key": "wd-key-0201"}).data
    assert applied["needs_two"] and applied["approvals_needed"] == 2

    first = admin_client.post(OPERATE, {"id": applied["id"], "action": "approve"}).data
    assert (first["status"], first["approvals_needed"]) == ("reviewing", 1)
    same = admin_client.post(OPERATE, {"id": applied["id"], "action": "approve"})
    assert same.code == ErrorCode.WITHDRAWAL_SAME_APPROVER
    # A finance account picks the merchant in the platform's lists.
    shops = second.get("/api/platform/getShopSelections")
    assert shops.ok and demo.pk in {shop["id"] for shop in shops.data}, shops
    done = second.post(OPERATE, {"id": applied["id"], "action": "approve"}).data
    assert done["status"] == "paying"
    assert [a["name"] for a in done["approvals"]] == [
        first["approvals"][0]["name"],
        done["approvals"][1]["name"],
    ]
    assert len({a["account_id"] for a in done["approvals"]}) == 2
    _settle(demo)
    assert admin_client.get(DETAIL, {"id": applied["id"]}).data["status"] == "paid"
    # A store account can neither approve nor see the platform's list.
    assert demo_owner.post(OPERATE, {"id": applied["id"], "action": "approve"}).code == 1002


def test_a_rejection_needs_a_reason_and_gives_the_amount_back(demo, demo_owner, cash, admin_client):
    applied = demo_owner.post(APPLY, {"amount": "30.00", "idempotency_key": "wd-key-0301"}).data
    init = admin_client.get("/api/finance/initDetailForReject", {"id": applied["id"]}).data
    assert init["withdrawal"]["id"] == applied["id"] and init["reasons"]
    silent = admin_client.post(OPERATE, {"id": applied["id"], "action": "reject"})
    assert silent.code == ErrorCode.VALIDATION
    rejected = admin_client.post(
        OPERATE, {"id": applied["id"], "action": "reject", "reason": "结算账户信息有误"}
    ).data
    assert (rejected["status"], rejected["reject_reason"]) == ("rejected", "结算账户信息有误")
    assert _books(demo)["merchant_cash"] == cash
    again = admin_client.post(OPERATE, {"id": applied["id"], "action": "approve"})
    assert again.code == 409


def test_a_failed_payout_gives_the_amount_back(demo, demo_owner, cash, admin_client):
    sandbox_failure_add(
        service="payment", operation="payout", merchant="demo", reason="BANK_REJECTED"
    )
    applied = demo_owner.post(APPLY, {"amount": "40.00", "idempotency_key": "wd-key-0401"}).data
    admin_client.post(OPERATE, {"id": applied["id"], "action": "approve"})
    _settle(demo)
    failed = demo_owner.get(DETAIL, {"id": applied["id"]}).data
    assert (failed["status"], failed["failure_reason"]) == ("failed", "BANK_REJECTED")
    books = _books(demo)
    assert (books["merchant_cash"], books["withdrawals_in_transit"]) == (cash, 0)


def test_another_merchant_neither_sees_nor_cancels_a_withdrawal(demo, demo_owner, cash, acme_owner):
    applied = demo_owner.post(APPLY, {"amount": "10.00", "idempotency_key": "wd-key-0501"}).data
    assert acme_owner.get(DETAIL, {"id": applied["id"]}).code == ErrorCode.NOT_FOUND
    assert acme_owner.post("/api/finance/cancelWithdraw", {"id": applied["id"]}).code == 404
    assert acme_owner.get("/api/finance/withdrawList").data["total"] == 0
