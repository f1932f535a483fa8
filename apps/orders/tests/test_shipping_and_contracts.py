"""Parcels and contracts of an order: express companies, tracking through the sandbox
carrier (its outage answered as PROVIDER_FAILED, never a 500), correcting a parcel on its
way, giving back the shipping fee, making the contract again before signing, and reading
the contract PDF through its short-lived link."""

from __future__ import annotations

import hashlib
from decimal import Decimal

from django.db import connection
from django_tenants.utils import tenant_context

from apps.billing.models import BillRefund
from apps.orders.models import Contract
from tests.leases import (
    DEMO,
    awaiting_shipment,
    books_balance,
    customer_signs,
    detail_of,
    in_lease,
    order_books,
    place,
    placed,
    provider_settles,
    shipped,
)
from zulin.audit.models import AuditEntry
from zulin.providers.econtract import sandbox_econtract_sign
from zulin.providers.express import SandboxExpressProvider
from zulin.providers.sandbox import sandbox_callbacks_deliver

TRACKING = "/api/applet/orderExpress"
ADMIN_TRACKING = "/api/platform/adminLookExpress"
UPDATE = "/api/merchant/updateExpress"
REFUND_FEE = "/api/merchant/refundSfAmount"
REFRESH = "/api/backend/refreshContract"
LOOK = "/api/applet/lookContract"


def test_express_companies_are_the_carriers_offered_on_both_sides(demo_owner, admin_client):
    shop = demo_owner.get("/api/applet/expressCompany")
    platform = admin_client.get("/api/applet/expressCompany")

    assert shop.ok and platform.data == shop.data
    codes = {row["code"]: row["name"] for row in shop.data}
    assert codes["SF"] == "顺丰速运" and {"JD", "EMS", "ZTO"} <= set(codes)


def test_tracking_shows_the_parcels_events_to_the_shop_and_the_platform(
    demo, demo_owner, admin_client, app, offer
):
    order = shipped(demo, demo_owner, app, offer, tracking_no="SF5550001111")
    just_sent = demo_owner.get(TRACKING, {"order_id": order.id}).data
    assert [(p["company_code"], p["tracking_no"], p["delivered"]) for p in just_sent] == [
        ("SF", "SF5550001111", False)
    ]
    assert [e["status"] for e in just_sent[0]["events"]] == ["collected"]

    SandboxExpressProvider("demo").deliver_now(company_code="SF", tracking_no="SF5550001111")
    shop = demo_owner.get(TRACKING, {"order_id": order.id}).data
    platform = admin_client.get(ADMIN_TRACKING, {"order_id": order.id, "merchant_id": demo.pk})

    assert [e["status"] for e in shop[0]["events"]] == [
        "collected",
        "in_transit",
        "arrived",
        "delivering",
        "delivered",
    ]
    assert shop[0]["delivered"] is True and shop[0]["delivered_at"]
    assert "顺丰速运" in shop[0]["events"][0]["description"]
    assert platform.ok and platform.data == shop
    assert admin_client.get(ADMIN_TRACKING, {"order_id": order.id}).code == 400  # merchant_id


def test_a_carrier_outage_answers_provider_failed(demo, demo_owner, admin_client, app, offer):
    order = shipped(demo, demo_owner, app, offer, tracking_no="SF9990000")

    shop = demo_owner.get(TRACKING, {"order_id": order.id})
    platform = admin_client.get(ADMIN_TRACKING, {"order_id": order.id, "merchant_id": demo.pk})
    hidden = demo_owner.get(TRACKING, {"order_id": order.id, "hide_error": True})

    assert (shop.status, shop.code) == (200, 1012)
    assert (platform.status, platform.code) == (200, 1012)
    # hide_error: the parcel without events, marked, so the screen shows no notice.
    assert hidden.ok and [(p["events"], p["tracking_failed"]) for p in hidden.data] == [([], True)]
    # The parcel itself is kept: the shop still sees it on the order.
    assert [s["tracking_no"] for s in detail_of(demo_owner, order.id)["shipments"]] == ["SF9990000"]


def test_a_parcel_on_its_way_is_corrected_and_tracked_under_its_new_number(
    demo, demo_owner, app, offer
):
    order = shipped(demo, demo_owner, app, offer)
    unknown = demo_owner.post(
        UPDATE,
        {"order_id": order.id, "company_code": "XX", "tracking_no": "XX12345678"},
    )
    assert unknown.code == 400

    corrected = demo_owner.post(
        UPDATE,
        {
            "order_id": order.id,
            "company_code": "JD",
            "tracking_no": "JD0012345678",
            "device_serial": "IMEI-2",
        },
    )

    assert corrected.ok, corrected
    assert (corrected.data["company_code"], corrected.data["tracking_no"]) == (
        "JD",
        "JD0012345678",
    )
    after = detail_of(demo_owner, order.id)
    assert [(s["company_code"], s["tracking_no"]) for s in after["shipments"]] == [
        ("JD", "JD0012345678")
    ]
    assert after["device_serial"] == "IMEI-2"
    tracked = demo_owner.get(TRACKING, {"order_id": order.id}).data
    assert [(p["company_code"], p["tracking_no"]) for p in tracked] == [("JD", "JD0012345678")]
    assert "京东物流" in tracked[0]["events"][0]["description"]


def test_a_delivered_parcel_is_not_corrected(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)

    late = demo_owner.post(
        UPDATE, {"order_id": order.id, "company_code": "JD", "tracking_no": "JD0012345678"}
    )

    assert late.code == 409
    assert [s["tracking_no"] for s in detail_of(demo_owner, order.id)["shipments"]] == [
        "SF1234567890"
    ]


def test_the_shipping_fee_is_given_back_never_beyond_what_was_paid(demo, demo_owner, app, offer):
    order = awaiting_shipment(demo, demo_owner, app, offer, shipping_fee="20.00")
    assert detail_of(demo_owner, order.id)["bills"][0]["amount"] == "419.00"
    assert (
        demo_owner.post(
            REFUND_FEE, {"order_id": order.id, "amount": "20.01", "idempotency_key": "fee-0001"}
        ).code
        == 1310
    )

    part = demo_owner.post(
        REFUND_FEE, {"order_id": order.id, "amount": "15.00", "idempotency_key": "fee-0002"}
    )

    assert (part.data["amount"], part.data["status"], part.data["purpose"]) == (
        "15.00",
        "processing",
        "shipping_fee",
    )
    assert detail_of(demo_owner, order.id)["shipping_fee_refunded"] == "0.00"
    provider_settles(demo)
    assert detail_of(demo_owner, order.id)["shipping_fee_refunded"] == "15.00"
    rest = demo_owner.post(REFUND_FEE, {"order_id": order.id, "idempotency_key": "fee-0003"})
    assert rest.data["amount"] == "5.00", rest
    provider_settles(demo)
    after = detail_of(demo_owner, order.id)
    assert after["shipping_fee_refunded"] == "20.00"
    assert "refund_shipping_fee" not in after["actions"]
    assert (
        demo_owner.post(
            REFUND_FEE, {"order_id": order.id, "amount": "0.01", "idempotency_key": "fee-0004"}
        ).code
        == 1310
    )
    # The rent of bill 1 stays paid: only the fee went back.
    assert after["bills"][0]["status"] == "paid"
    assert order_books(demo, order.id).get("shipping_fee_income", Decimal("0")) == 0
    assert order_books(demo, order.id)["rent_income"] == Decimal("399.00")
    assert books_balance(demo) == []


def test_a_shipping_fee_refund_asked_again_under_its_key_answers_the_same_refund(
    demo, demo_owner, app, offer
):
    """A retried request (the same key, the same body) gives nothing back twice: it answers
    the refund the first made, also when it asked for all that was left (no amount)."""
    order = awaiting_shipment(demo, demo_owner, app, offer, shipping_fee="20.00")
    part = {"order_id": order.id, "amount": "15.00", "idempotency_key": "fee-again-1"}
    first = demo_owner.post(REFUND_FEE, part)
    again = demo_owner.post(REFUND_FEE, part)
    assert again.ok, again
    assert again.data == first.data
    provider_settles(demo)
    rest = {"order_id": order.id, "idempotency_key": "fee-again-2"}
    first_rest = demo_owner.post(REFUND_FEE, rest)
    assert first_rest.data["amount"] == "5.00", first_rest
    provider_settles(demo)
    again_rest = demo_owner.post(REFUND_FEE, rest)
    assert again_rest.ok, again_rest
    assert again_rest.data["id"] == first_rest.data["id"]
    assert detail_of(demo_owner, order.id)["shipping_fee_refunded"] == "20.00"
    with tenant_context(demo):
        assert BillRefund.objects.filter(payment__bill__order_id=order.id).count() == 2
    connection.set_schema_to_public()


def test_no_shipping_fee_paid_nothing_to_give_back(demo, demo_owner, app, offer):
    order = awaiting_shipment(demo, demo_owner, app, offer)

    refused = demo_owner.post(REFUND_FEE, {"order_id": order.id, "idempotency_key": "fee-0005"})

    assert refused.code == 1310
    assert detail_of(demo_owner, order.id)["shipping_fee_refunded"] == "0.00"


def _contract(owner, order_id) -> dict:
    return detail_of(owner, order_id)["contract"]


def test_the_contract_is_made_again_before_signing_and_the_old_one_is_void(
    demo, demo_owner, app, offer
):
    order = placed(demo, place(app, offer))
    assert demo_owner.post("/api/backend/auditOrder", {"id": order.id, "passed": True}).ok
    first = _contract(demo_owner, order.id)
    with tenant_context(demo):
        first_reference = Contract.objects.get(pk=first["id"]).provider_reference

    again = demo_owner.post(REFRESH, {"order_id": order.id})

    assert again.ok, again
    assert (again.data["version"], again.data["status"]) == (2, "signing")
    assert again.data["contract_no"] != first["contract_no"]
    assert again.data["sha256"] != first["sha256"]
    with tenant_context(demo):
        assert Contract.objects.get(pk=first["id"]).status == "void"
        # The void version signed late changes nothing.
        sandbox_econtract_sign(first_reference)
    sandbox_callbacks_deliver(merchant="demo")
    assert detail_of(demo_owner, order.id)["contract_signed_at"] is None
    assert _contract(demo_owner, order.id)["status"] == "signing"


def test_a_signed_contract_is_not_made_again(demo, demo_owner, app, offer):
    order = placed(demo, place(app, offer))
    assert demo_owner.post("/api/backend/auditOrder", {"id": order.id, "passed": True}).ok
    customer_signs(demo, order.id)
    signed = _contract(demo_owner, order.id)
    assert signed["status"] == "signed"

    refused = demo_owner.post(REFRESH, {"order_id": order.id})

    assert refused.code == 1311
    assert _contract(demo_owner, order.id) == signed


def test_a_signed_contract_is_not_made_again_once_the_order_moved_on(demo, demo_owner, app, offer):
    order = awaiting_shipment(demo, demo_owner, app, offer)
    signed = _contract(demo_owner, order.id)

    refused = demo_owner.post(REFRESH, {"order_id": order.id})

    assert refused.code == 1311
    assert _contract(demo_owner, order.id) == signed


def test_the_contract_link_downloads_the_current_pdf_on_the_shops_host(
    demo, demo_owner, app, offer, client
):
    order = placed(demo, place(app, offer))
    why = {"order_id": order.id, "reason": "客户来电核对合同"}
    assert demo_owner.post(LOOK, why).code == 404  # no contract yet
    assert demo_owner.post("/api/backend/auditOrder", {"id": order.id, "passed": True}).ok
    assert demo_owner.post(REFRESH, {"order_id": order.id}).ok
    # The PDF shows the lessee's ID number as signed: no link without a reason, nothing logged.
    for bare in ({"order_id": order.id}, {"order_id": order.id, "reason": " x "}):
        refused = demo_owner.post(LOOK, bare)
        assert refused.code == 400 and "reason" in refused.data["fields"], refused
    with tenant_context(demo):
        assert not AuditEntry.objects.filter(action="order.contract_view").exists()

    link = demo_owner.post(LOOK, why)

    assert link.ok, link
    with tenant_context(demo):  # a reveal in the owner's log: who, when, why; no number
        (looked,) = AuditEntry.objects.filter(action="order.contract_view")
        assert (looked.target_id, looked.reason) == (str(order.id), "客户来电核对合同")
    log = demo_owner.get("/api/backend/getRevealLog", {"action": "order.contract_view"})
    assert log.ok and log.data["total"] == 1, log
    current = _contract(demo_owner, order.id)
    assert (link.data["contract_no"], link.data["sha256"]) == (
        current["contract_no"],
        current["sha256"],
    )
    response = client.get(link.data["url"], HTTP_HOST=DEMO)
    body = b"".join(response.streaming_content) if response.streaming else response.content
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert body.startswith(b"%PDF")
    assert hashlib.sha256(body).hexdigest() == link.data["sha256"]
    elsewhere = client.get(link.data["url"], HTTP_HOST="acme.localhost")
    assert elsewhere.json()["code"] == 1803  # another shop's host
