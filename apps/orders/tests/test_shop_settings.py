"""The shop's contract template and order settings: read, saved with an audit entry,
validated, and used by what comes after."""

from __future__ import annotations

from decimal import Decimal
from io import BytesIO

from django_tenants.utils import tenant_context
from pypdf import PdfReader

from apps.orders.models import Order
from apps.subshops.tests.factories import sign_in, staff_make
from tests.leases import IntakeClient, place
from zulin.audit.models import AuditEntry

CLAUSE = {"title": "租赁物保险", "body": "承租方应妥善保管租赁物，丢失须按买断价赔偿。"}


def test_a_saved_contract_template_is_used_by_the_next_contract(
    demo, demo_owner, app, offer, client
):
    template = demo_owner.get("/api/backend/getContractTemplate").data
    assert template["lessor_name"] and len(template["clauses"]) >= 3
    body = {
        "lessor_name": "演示租赁有限公司",
        "lessor_contact": "王经理",
        "lessor_phone": "057188886666",
        "lessor_address": "杭州市西湖区文三路1号",
        "clauses": [*template["clauses"], CLAUSE],
    }
    saved = demo_owner.post("/api/backend/saveContractTemplate", body)
    assert saved.ok, saved
    assert saved.data["clauses"][-1] == CLAUSE
    assert (
        demo_owner.get("/api/backend/getContractTemplate").data["lessor_name"] == "演示租赁有限公司"
    )

    order_no = place(app, offer, key="template-0001").data["order_no"]
    with tenant_context(demo):
        order_id = Order.objects.get(order_no=order_no).pk
    assert demo_owner.post("/api/backend/auditOrder", {"id": order_id, "passed": True}).ok
    link = demo_owner.post(
        "/api/applet/lookContract", {"order_id": order_id, "reason": "核对合同条款"}
    ).data["url"]
    pdf = PdfReader(
        BytesIO(b"".join(client.get(link, HTTP_HOST="demo.localhost").streaming_content))
    )
    text = "".join(page.extract_text() for page in pdf.pages)
    assert "演示租赁有限公司" in text and "租赁物保险" in text

    with tenant_context(demo):
        entry = AuditEntry.objects.get(action="contract.template_update")
        assert (
            entry.after["clauses"][-1] == CLAUSE
            and entry.before["lessor_name"] != "演示租赁有限公司"
        )


def test_a_template_without_clauses_or_with_an_empty_one_is_refused(demo_owner):
    base = {"lessor_name": "演示租赁有限公司", "clauses": []}
    assert demo_owner.post("/api/backend/saveContractTemplate", base).code == 400
    blank = {**base, "clauses": [{"title": "空", "body": " "}]}
    assert demo_owner.post("/api/backend/saveContractTemplate", blank).code == 400
    assert demo_owner.get("/api/backend/getContractTemplate").data["clauses"]


def test_order_settings_are_saved_audited_and_need_order_manage(demo, demo_owner):
    defaults = demo_owner.get("/api/backend/getOrderSetting").data
    assert (defaults["unpaid_cancel_minutes"], defaults["auto_receive_days"]) == (30, 7)
    assert defaults["early_buyout_discount_rate"] == "0.0000"

    body = {
        "unpaid_cancel_minutes": 45,
        "auto_receive_days": 10,
        "early_buyout_discount_rate": "0.1500",
        "buyout_from_period": 3,
    }
    saved = demo_owner.post("/api/backend/saveOrderSetting", body)

    assert saved.ok, saved
    assert saved.data["early_buyout_discount_rate"] == "0.1500"
    assert demo_owner.get("/api/backend/getOrderSetting").data["auto_receive_days"] == 10
    too_much = demo_owner.post(
        "/api/backend/saveOrderSetting", {**body, "early_buyout_discount_rate": "1.5"}
    )
    assert too_much.code == 400
    with tenant_context(demo):
        entry = AuditEntry.objects.get(action="order.settings_update")
        assert (entry.before["auto_receive_days"], entry.after["auto_receive_days"]) == (7, 10)
        assert Decimal(entry.after["early_buyout_discount_rate"]) == Decimal("0.15")
    staff_make(demo_owner, "audrey", ["auditor"])
    auditor = sign_in("demo.localhost", "audrey")
    assert auditor.post("/api/backend/saveOrderSetting", body).code == 403


def test_the_owner_makes_an_application_key_the_app_signs_with_and_can_turn_it_off(
    demo, demo_owner, offer
):
    made = demo_owner.post(
        "/api/backend/createIntakeKey", {"name": "支付宝小程序", "channel": "alipay"}
    )
    assert made.ok, made
    app_id, secret = made.data["app_id"], made.data["secret"]
    assert len(secret) >= 32 and made.data["is_active"] is True
    listed = demo_owner.get("/api/backend/getIntakeKeys").data
    assert [k["app_id"] for k in listed][0] == app_id
    assert all("secret" not in k for k in listed)

    app = IntakeClient.with_key(app_id, secret, "demo.localhost")
    assert place(app, offer, key="own-key-0001").ok
    off = demo_owner.post("/api/backend/setIntakeKeyStatus", {"app_id": app_id, "active": False})
    assert off.ok and off.data["is_active"] is False
    refused = place(app, offer, key="own-key-0002")
    assert refused.code == 1308
    with tenant_context(demo):
        assert not Order.objects.filter(idempotency_key="own-key-0002").exists()
        actions = list(AuditEntry.objects.filter(target_id=app_id).values_list("action", flat=True))
        assert sorted(actions) == ["intake.key_create", "intake.key_status"]
    # Only a role holding intake.manage (the owner's) may see or make keys.
    staff_make(demo_owner, "audrey", ["auditor"])
    auditor = sign_in("demo.localhost", "audrey")
    assert auditor.get("/api/backend/getIntakeKeys").code == 403
    assert auditor.post("/api/backend/createIntakeKey", {"name": "x"}).code == 403
