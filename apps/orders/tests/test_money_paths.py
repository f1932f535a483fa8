"""Money around an order beyond the happy lease: callbacks that come again, and the
platform's close with refund."""

from __future__ import annotations

from decimal import Decimal

from django_tenants.utils import tenant_context

from apps.billing.models import Bill, BillPayment, BillRefund, DepositOperation
from apps.goods.models import Sku
from apps.orders.models import Order
from tests.leases import awaiting_shipment, in_lease, provider_settles
from zulin.audit.models import AuditEntry
from zulin.core.errors import ErrorCode
from zulin.ledger.models import Journal
from zulin.ledger.selectors import ledger_check
from zulin.providers.models import SandboxCallback
from zulin.providers.payment import sandbox_payer_pay
from zulin.providers.sandbox import sandbox_callback_replay

DETAIL = "/api/merchant/orderInfo"


def _books(demo, order_id):
    with tenant_context(demo):
        return (
            list(Journal.objects.order_by("id").values_list("reference", flat=True)),
            list(
                Bill.objects.filter(order_id=order_id)
                .order_by("period")
                .values_list("period", "status", "paid_amount")
            ),
            list(DepositOperation.objects.filter(order_id=order_id).values_list("kind", "status")),
            Order.objects.get(pk=order_id).status,
        )


def test_every_callback_delivered_again_changes_nothing(demo, demo_owner, app, offer):
    order_id = awaiting_shipment(demo, demo_owner, app, offer).id
    before = _books(demo, order_id)
    delivered = list(
        SandboxCallback.objects.filter(merchant="demo", status="delivered").values_list(
            "event_id", "event_type"
        )
    )
    assert {"econtract.signed", "pay"} <= {event_type for _, event_type in delivered}

    for event_id, _ in delivered:
        assert sandbox_callback_replay(event_id=event_id).delivered

    assert _books(demo, order_id) == before
    with tenant_context(demo):
        assert ledger_check() == []


def test_the_platform_closes_a_paid_order_with_a_refund_on_its_timeline(
    demo, demo_owner, admin_client, app, offer
):
    order_id = awaiting_shipment(demo, demo_owner, app, offer).id
    with tenant_context(demo):
        stock_before = Sku.objects.get(pk=offer.sku_id).stock
        bill_one = Bill.objects.get(order_id=order_id, period=1)

    missing_reason = admin_client.post(
        "/api/platform/closeOrders", {"ids": [order_id], "merchant_id": demo.pk, "reason": ""}
    )
    assert missing_reason.code != 200
    closed = admin_client.post(
        "/api/platform/closeOrders",
        {"ids": [order_id], "merchant_id": demo.pk, "reason": "平台介入：客户投诉未发货"},
    )
    assert closed.ok, closed
    provider_settles(demo)

    detail = demo_owner.get(DETAIL, {"id": order_id}).data
    assert detail["status"] == "closed" and detail["stage"] == "finished"
    assert detail["close_reason"] == "平台介入：客户投诉未发货"
    latest = [t for t in detail["timeline"] if t["kind"] == "status"][0]  # newest first
    assert (latest["action"], latest["from_status"], latest["to_status"]) == (
        "platform_close",
        "awaiting_shipment",
        "closed",
    )
    assert latest["reason"] == "平台介入：客户投诉未发货" and latest["actor"]
    # The customer's money back, the deposit released, the goods back on the shelf.
    with tenant_context(demo):
        refunds = BillRefund.objects.filter(payment__bill=bill_one)
        assert list(refunds.values_list("amount", "status")) == [(bill_one.amount, "succeeded")]
        assert Sku.objects.get(pk=offer.sku_id).stock == stock_before + 1
        assert ledger_check() == []
    assert detail["deposit_detail"]["remaining"] == "0.00"
    deposit = detail["deposit_detail"]
    assert Decimal(deposit["thawed"]) == Decimal(deposit["frozen"]) > 0
    # A closed order takes no second close.
    again = admin_client.post(
        "/api/platform/closeOrders",
        {"ids": [order_id], "merchant_id": demo.pk, "reason": "再次关闭"},
    )
    assert again.code == 409


def test_the_shop_opens_a_refund_for_the_customer_and_the_platform_reads_the_contract(
    demo, demo_owner, admin_client, app, offer, client
):
    order_id = awaiting_shipment(demo, demo_owner, app, offer).id

    opened = demo_owner.post(
        "/api/platform/applyAfterSale",
        {"order_id": order_id, "kind": "refund", "reason": "客户来电：不想要了"},
    )

    assert opened.ok, opened
    assert (opened.data["kind"], opened.data["status"]) == ("refund", "open")
    second = demo_owner.post(
        "/api/platform/applyAfterSale", {"order_id": order_id, "kind": "return"}
    )
    assert second.code == 1302
    assert demo_owner.get(DETAIL, {"id": order_id}).data["stage"] == "after_sale"
    approved = demo_owner.post(
        "/api/platform/dealAfterSale",
        {"order_id": order_id, "decision": "approve", "idempotency_key": "refund-approve-1"},
    )
    assert approved.ok, approved
    provider_settles(demo)
    assert demo_owner.get(DETAIL, {"id": order_id}).data["status"] == "refunded"

    # The platform reads the signed contract on the admin host.
    needs_merchant = admin_client.post(
        "/api/applet/lookContract", {"order_id": order_id, "reason": "核对退款争议"}
    )
    assert needs_merchant.code == 400
    link = admin_client.post(
        "/api/applet/lookContract",
        {"order_id": order_id, "merchant_id": demo.pk, "reason": "核对退款争议"},
    )
    assert link.ok, link
    with tenant_context(demo):  # the platform's look is in the shop owner's reveal log
        looked = AuditEntry.objects.get(action="order.contract_view", target_id=str(order_id))
        assert looked.reason == "核对退款争议"
    response = client.get(link.data["url"], HTTP_HOST="admin.localhost")
    assert response.status_code == 200
    assert b"".join(response.streaming_content).startswith(b"%PDF")


def test_a_key_finding_the_customers_payment_already_paid_answers_already_paid_every_time(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    # The customer pays bill 2 by QR code and the payer pays; no one here has heard of it yet.
    own = {"order_no": order.no, "period": 2, "idempotency_key": "qr-bill-0002"}
    assert app.post("/api/applet/payBill", own).ok
    sandbox_payer_pay(merchant=demo.slug, out_no=f"{order.no}B002")
    shop = {"order_id": order.id, "period": 2, "idempotency_key": "shop-bill-0002"}

    first = demo_owner.post("/api/v2/BillPayment", shop)
    again = demo_owner.post("/api/v2/BillPayment", shop)

    # The payment found is recorded; the shop's key made none and answers alike each time.
    assert (first.code, again.code) == (ErrorCode.BILL_ALREADY_PAID, ErrorCode.BILL_ALREADY_PAID)
    with tenant_context(demo):
        bill = Bill.objects.get(order_id=order.id, period=2)
        attempts = list(
            BillPayment.objects.filter(bill=bill).values_list("idempotency_key", "status")
        )
    assert (bill.status, bill.paid_amount) == ("paid", bill.amount)
    assert attempts == [("qr-bill-0002", "succeeded")]
    assert app.post("/api/applet/payBill", own).ok  # the customer's key: its own payment
    provider_settles(demo)  # the provider's callback arrives late: nothing twice
    with tenant_context(demo):
        assert Journal.objects.filter(bill_id=bill.pk, kind="bill_payment").count() == 1
        assert ledger_check() == []
