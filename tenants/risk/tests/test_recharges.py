"""Recharges of the prepaid risk balance: by QR code (credited once, on the provider's signed
callback or queryPayResult), by transfer with a voucher the platform approves or rejects,
each balanced in both books; who sees which."""

from __future__ import annotations

import base64
import io
from decimal import Decimal

import segno
from django.db import connection
from django.test import Client
from django_tenants.utils import get_public_schema_name, schema_context, tenant_context

from tenants.accounts.tests.test_api_platform_staff import STAFF_PASSWORD, staff_make
from tests.fixtures import login
from zulin.core.errors import ErrorCode
from zulin.ledger.selectors import account_balance, ledger_check
from zulin.providers.models import SandboxCallback
from zulin.providers.payment import sandbox_payer_pay
from zulin.providers.sandbox import (
    sandbox_callback_replay,
    sandbox_callbacks_deliver,
    sandbox_failure_add,
)

QR = "/api/platform/getRiskRechargePayQrcode"
QUERY_PAY = "/api/platform/queryPayResult"
OFFLINE = "/api/merchant/merChart"
LIST = "/api/merchant/merChartList"
DETAIL = "/api/merchant/getChartDetail"
CHECK = "/api/merchant/checkChart"


def _books(merchant) -> dict[str, Decimal]:
    with tenant_context(merchant):
        found = {"prepaid": account_balance("risk_prepaid"), "bank": account_balance("bank")}
        assert account_balance("risk_prepaid", cached=True) == found["prepaid"]
        assert ledger_check() == []
    with schema_context(get_public_schema_name()):
        sub = f"merchant:{merchant.pk}"
        found["held"] = account_balance("risk_recharge_liability", sub_key=sub)
        found["at_provider"] = account_balance("provider_clearing", sub_key=sub)
        found["platform_bank"] = account_balance("bank", sub_key=sub)
        assert ledger_check() == []
    connection.set_schema_to_public()
    return found


def _voucher() -> str:
    picture = io.BytesIO()
    segno.make("转账回单 1000.00").save(picture, kind="png", scale=3)
    return base64.b64encode(picture.getvalue()).decode()


def _paid(merchant, recharge_no: str) -> None:
    """The payer scans the QR code and pays; the provider's callback arrives."""
    sandbox_payer_pay(merchant=merchant.slug, out_no=recharge_no)
    sandbox_callbacks_deliver(merchant=merchant.slug)
    connection.set_schema_to_public()


def _offline(client, amount: str = "1000.00", key: str = "recharge-key-0001"):
    answer = client.post(
        OFFLINE,
        {
            "amount": amount,
            "voucher_base64": _voucher(),
            "remark": "对公转账",
            "idempotency_key": key,
        },
    )
    assert answer.ok, answer
    return answer.data


def test_a_qr_recharge_is_credited_once_on_the_providers_callback(demo, demo_owner):
    before = _books(demo)
    body = {"amount": "300.00", "idempotency_key": "recharge-key-0101"}

    started = demo_owner.post(QR, body)

    assert started.ok, started
    recharge = started.data
    assert (recharge["status"], recharge["method"]) == ("paying", "qr")
    assert recharge["qr_code"].endswith(f"/sandbox/cashier/{recharge['provider_trade_no']}")
    assert recharge["qr_image"].startswith("data:image/svg+xml")
    assert demo_owner.post(QR, body).data["id"] == recharge["id"]
    assert (
        demo_owner.post(QR, {**body, "amount": "301.00"}).code == ErrorCode.IDEMPOTENCY_KEY_REUSED
    )
    assert _books(demo) == before  # nothing until the provider says it was paid
    waiting = demo_owner.get(QUERY_PAY, {"out_no": recharge["recharge_no"]}).data
    assert (waiting["kind"], waiting["status"]) == ("risk_recharge", "processing")

    _paid(demo, recharge["recharge_no"])

    credited = demo_owner.get(DETAIL, {"id": recharge["id"]}).data
    assert (credited["status"], credited["qr_image"]) == ("credited", "")
    after = _books(demo)
    assert after["prepaid"] == before["prepaid"] + 300
    assert after["bank"] == before["bank"] - 300
    assert after["held"] == before["held"] + 300
    assert after["at_provider"] == before["at_provider"] + 300
    # The provider sends it again, and the merchant asks again: nothing moves twice.
    sent = SandboxCallback.objects.filter(event_type="pay", merchant="demo").latest("id")
    assert sandbox_callback_replay(event_id=sent.event_id).delivered
    connection.set_schema_to_public()
    again = demo_owner.get(QUERY_PAY, {"out_no": recharge["recharge_no"]}).data
    assert (again["status"], again["amount"]) == ("succeeded", "300.00")
    assert _books(demo) == after
    bills = demo_owner.get("/api/v2/getRiskBillList", {"type": "recharge"}).data["list"]
    assert (bills[0]["recharge_no"], bills[0]["amount"]) == (recharge["recharge_no"], "300.00")
    timeline = [row["to_status"] for row in credited["timeline"]]
    assert timeline == ["credited", "paying"]  # newest first


def test_a_lost_callback_is_made_good_by_querying_the_payment(demo, demo_owner):
    before = _books(demo)
    sandbox_failure_add(service="payment", operation="pay", merchant="demo", reason="CALLBACK_LOST")
    recharge = demo_owner.post(QR, {"amount": "50.00", "idempotency_key": "recharge-key-0201"}).data
    _paid(demo, recharge["recharge_no"])
    assert demo_owner.get(DETAIL, {"id": recharge["id"]}).data["status"] == "paying"

    found = demo_owner.get(QUERY_PAY, {"out_no": recharge["recharge_no"]}).data

    assert found["status"] == "succeeded"
    assert _books(demo)["prepaid"] == before["prepaid"] + 50


def test_a_failed_qr_payment_credits_nothing(demo, demo_owner):
    before = _books(demo)
    sandbox_failure_add(
        service="payment", operation="pay", merchant="demo", reason="INSUFFICIENT_BALANCE"
    )
    recharge = demo_owner.post(QR, {"amount": "80.00", "idempotency_key": "recharge-key-0301"}).data
    _paid(demo, recharge["recharge_no"])
    failed = demo_owner.get(DETAIL, {"id": recharge["id"]}).data
    assert (failed["status"], failed["failure_reason"]) == ("failed", "INSUFFICIENT_BALANCE")
    assert _books(demo) == before


def test_an_approved_transfer_is_credited_once(demo, demo_owner, admin_client):
    before = _books(demo)
    recharge = _offline(demo_owner)
    assert (recharge["status"], recharge["has_voucher"]) == ("pending", True)
    assert _books(demo) == before

    # The platform sees it among every merchant's, and the voucher the merchant sent.
    pending = admin_client.get(LIST, {"status": "pending"}).data
    assert recharge["id"] in {row["id"] for row in pending["list"]}
    assert {row["merchant_name"] for row in pending["list"]} >= {"演示租赁商城"}
    voucher = admin_client.get(DETAIL, {"id": recharge["id"]}).data["voucher_url"]
    picture = Client().get(voucher, HTTP_HOST="admin.localhost")
    assert picture.status_code == 200 and picture["Content-Type"] == "image/png"
    own = demo_owner.get(DETAIL, {"id": recharge["id"]}).data["voucher_url"]
    assert Client().get(own, HTTP_HOST="demo.localhost").status_code == 200

    decision = {"id": recharge["id"], "action": "approve", "idempotency_key": "check-key-0001"}
    approved = admin_client.post(CHECK, decision)

    assert approved.ok, approved
    assert (approved.data["status"], approved.data["reviewer"]) == ("credited", "平台管理员")
    after = _books(demo)
    assert after["prepaid"] == before["prepaid"] + 1000
    assert after["held"] == before["held"] + 1000
    assert after["platform_bank"] == before["platform_bank"] + 1000
    # The same decision sent again (GET, as the contract lists it) answers it; another conflicts.
    assert admin_client.get(CHECK, decision).data["status"] == "credited"
    other = admin_client.post(CHECK, {**decision, "idempotency_key": "check-key-0002"})
    assert other.code == ErrorCode.CONFLICT
    assert _books(demo) == after
    listed = demo_owner.get(LIST, {"method": "offline"}).data
    assert {s["value"]: s["count"] for s in listed["statuses"]}["credited"] >= 1


def test_a_rejected_transfer_credits_nothing_and_the_merchant_sees_why(
    demo, demo_owner, admin_client
):
    before = _books(demo)
    recharge = _offline(demo_owner, "200.00", "recharge-key-0401")
    silent = admin_client.post(
        CHECK, {"id": recharge["id"], "action": "reject", "idempotency_key": "check-key-0101"}
    )
    assert silent.code == ErrorCode.VALIDATION and "reason" in silent.data["fields"]
    reasons = admin_client.get(DETAIL, {"id": recharge["id"]}).data["reject_reasons"]

    rejected = admin_client.post(
        CHECK,
        {
            "id": recharge["id"],
            "action": "reject",
            "reason": reasons[0]["label"],
            "idempotency_key": "check-key-0102",
        },
    )

    assert rejected.data["status"] == "rejected"
    seen = demo_owner.get(DETAIL, {"id": recharge["id"]}).data
    assert (seen["status"], seen["reject_reason"]) == ("rejected", reasons[0]["label"])
    approve = {"id": recharge["id"], "action": "approve", "idempotency_key": "check-key-0103"}
    assert admin_client.post(CHECK, approve).code == ErrorCode.CONFLICT
    assert _books(demo) == before


def test_a_qr_recharge_is_not_approved_by_hand(demo, demo_owner, admin_client):
    recharge = demo_owner.post(QR, {"amount": "20.00", "idempotency_key": "recharge-key-0501"}).data
    approve = {"id": recharge["id"], "action": "approve", "idempotency_key": "check-key-0201"}
    assert admin_client.post(CHECK, approve).code == ErrorCode.CONFLICT


def test_bad_amounts_and_vouchers_are_refused(demo, demo_owner):
    made_before = demo_owner.get(LIST).data["total"]
    body = {"amount": "100.00", "voucher_base64": _voucher(), "idempotency_key": "recharge-k-601"}
    small = demo_owner.post(OFFLINE, {**body, "amount": "9.99"})
    assert small.code == 400 and "amount" in small.data["fields"]
    text = base64.b64encode(b"not a picture at all").decode()
    not_picture = demo_owner.post(OFFLINE, {**body, "voucher_base64": text})
    assert not_picture.code == 400 and "voucher_base64" in not_picture.data["fields"]
    garbage = demo_owner.post(OFFLINE, {**body, "voucher_base64": "%%%"})
    assert garbage.code == 400
    big = demo_owner.post(QR, {"amount": "100000.01", "idempotency_key": "recharge-k-602"})
    assert big.code == 400
    assert demo_owner.get(LIST).data["total"] == made_before


def test_each_side_sees_what_it_may(demo, demo_owner, acme_owner, admin_client):
    mine = _offline(demo_owner, "100.00", "recharge-key-0701")
    theirs = _offline(acme_owner, "100.00", "recharge-key-0701")  # keys are per merchant

    # Another merchant: neither in its list nor by id, and it cannot audit.
    assert mine["id"] not in {row["id"] for row in acme_owner.get(LIST).data["list"]}
    assert acme_owner.get(DETAIL, {"id": mine["id"]}).code == ErrorCode.NOT_FOUND
    decision = {"id": mine["id"], "action": "approve", "idempotency_key": "check-key-0301"}
    assert acme_owner.post(CHECK, decision).code == ErrorCode.WRONG_SIDE
    # The merchant filter on the platform narrows to one merchant.
    only_acme = admin_client.get(LIST, {"merchant_id": theirs["merchant_id"]}).data["list"]
    assert {row["merchant_id"] for row in only_acme} == {theirs["merchant_id"]}
    # A store account without risk.recharge (an auditor) reads no recharge; neither does a
    # platform account without recharge.audit.
    demo_owner.post(
        "/api/backend/createStaff",
        {
            "username": "rc_auditor",
            "password": "Staff@2026x",
            "name": "审核",
            "phone": "13712345678",
            "role_codes": ["auditor"],
        },
    )
    auditor = login("demo.localhost", "rc_auditor", "Staff@2026x")
    assert auditor.get(LIST).code == ErrorCode.FORBIDDEN
    assert auditor.get(DETAIL, {"id": mine["id"]}).code == ErrorCode.FORBIDDEN
    assert auditor.post(QR, {"amount": "20.00", "idempotency_key": "recharge-k-703"}).code == 403
    staff_make(admin_client, "rc_operator", ["platform_operator"])
    operator = login("admin.localhost", "rc_operator", STAFF_PASSWORD)
    assert operator.get(LIST).code == ErrorCode.FORBIDDEN
    assert operator.get(DETAIL, {"id": mine["id"]}).code == ErrorCode.FORBIDDEN
    assert operator.post(CHECK, decision).code == ErrorCode.FORBIDDEN
