"""A lease from intake to return: the state table, the bills, the deposit and the ledger."""

from __future__ import annotations

from decimal import Decimal

from django_tenants.utils import tenant_context

from apps.billing.models import Bill
from apps.goods.models import Sku
from apps.orders.contracts import lease_instalments
from apps.orders.models import Order
from tests.leases import DEMO, place, provider_settles
from zulin.ledger.selectors import account_balance, ledger_check
from zulin.providers.econtract import sandbox_econtract_sign
from zulin.providers.sandbox import sandbox_callbacks_deliver


def in_demo(demo, fn):
    with tenant_context(demo):
        return fn()


def test_intake_retried_with_the_same_key_is_one_order_and_one_reservation(demo, app, offer):
    first = place(app, offer)
    again = place(app, offer)

    assert first.ok, first
    assert again.data["order_no"] == first.data["order_no"]
    assert in_demo(demo, lambda: Order.objects.count()) == 1
    assert in_demo(demo, lambda: Sku.objects.get(pk=offer.sku_id).stock) == 4


def test_intake_waives_the_deposit_by_risk_grade_and_freezes_the_rest(demo, app, offer):
    answer = place(app, offer, grade="B")

    order = in_demo(demo, lambda: Order.objects.get(order_no=answer.data["order_no"]))
    assert order.status == "awaiting_audit" and order.stage == "regular"
    assert order.risk_grade == "B"
    assert order.deposit_waived == Decimal("500.00")
    assert order.deposit_state == "frozen" and order.deposit_frozen == Decimal("500.00")
    assert in_demo(demo, lambda: account_balance("deposit_held")) >= Decimal("500.00")


def test_an_unsigned_request_is_refused_and_places_nothing(demo, app, offer, client):
    answer = client.post(
        "/api/applet/placeOrder", {}, content_type="application/json", HTTP_HOST=DEMO
    ).json()

    assert answer["code"] == 1308
    assert in_demo(demo, lambda: Order.objects.count()) == 0


def test_audit_pass_makes_the_schedule_and_the_contract(demo, demo_owner, app, offer):
    order_no = place(app, offer).data["order_no"]
    order_id = in_demo(demo, lambda: Order.objects.get(order_no=order_no).pk)

    answer = demo_owner.post("/api/backend/auditOrder", {"id": order_id, "passed": True})

    assert answer.ok, answer
    assert answer.data["status"] == "awaiting_signing"
    bills = in_demo(demo, lambda: list(Bill.objects.filter(order_id=order_id).order_by("period")))
    assert [b.period for b in bills] == list(range(1, 13))
    assert all(b.amount == Decimal("399.00") for b in bills)
    # The contract prints, from the order's own terms, exactly the bills billing made.
    printed = in_demo(demo, lambda: lease_instalments(Order.objects.get(pk=order_id)))
    assert [(i.period, i.due_on, i.amount) for i in printed] == [
        (b.period, b.due_date, b.amount) for b in bills
    ]
    detail = demo_owner.get("/api/merchant/orderInfo", {"id": order_id}).data
    assert detail["contract"]["status"] == "signing"
    assert "close" in detail["actions"] and "audit" not in detail["actions"]


def test_a_second_audit_of_the_same_order_is_a_conflict(demo, demo_owner, app, offer):
    order_no = place(app, offer).data["order_no"]
    order_id = in_demo(demo, lambda: Order.objects.get(order_no=order_no).pk)
    assert demo_owner.post("/api/backend/auditOrder", {"id": order_id, "passed": True}).ok

    again = demo_owner.post(
        "/api/backend/auditOrder", {"id": order_id, "passed": False, "reason": "x"}
    )

    assert again.code == 409
    assert again.data == {"from": "awaiting_signing", "to": "refused"}


def test_a_lease_runs_from_signing_to_return_with_damage_settled_from_the_deposit(
    demo, demo_owner, app, offer
):
    order_no = place(app, offer).data["order_no"]
    order_id = in_demo(demo, lambda: Order.objects.get(order_no=order_no).pk)
    assert demo_owner.post("/api/backend/auditOrder", {"id": order_id, "passed": True}).ok
    # The customer signs and pays bill 1.
    reference = in_demo(
        demo, lambda: Order.objects.get(pk=order_id).contracts.first().provider_reference
    )
    in_demo(demo, lambda: sandbox_econtract_sign(reference))
    sandbox_callbacks_deliver(merchant="demo")
    paid = app.post(
        "/api/applet/payBill",
        {"order_no": order_no, "period": 1, "idempotency_key": "pay-bill-0001"},
    )
    assert paid.ok, paid
    provider_settles(demo, customer_pays=f"{order_no}B001")
    assert (
        demo_owner.get("/api/merchant/orderInfo", {"id": order_id}).data["status"]
        == "awaiting_shipment"
    )
    # Shipped, delivered: in lease.
    shipped = demo_owner.post(
        "/api/merchant/addExpress",
        {
            "order_id": order_id,
            "company_code": "SF",
            "tracking_no": "SF1234567890",
            "device_serial": "IMEI-1",
        },
    )
    assert shipped.ok, shipped
    assert (
        app.post("/api/applet/confirmReceipt", {"order_no": order_no}).data["status"] == "in_lease"
    )
    # Bill 2 by withhold.
    charged = demo_owner.post(
        "/api/v2/BillPayment",
        {"order_id": order_id, "period": 2, "idempotency_key": "withhold-0002"},
    )
    assert charged.ok, charged
    provider_settles(demo)
    replay = demo_owner.post(
        "/api/v2/BillPayment",
        {"order_id": order_id, "period": 2, "idempotency_key": "withhold-0003"},
    )
    assert replay.code == 1304
    # Return with damage 200.00 against the 500.00 frozen.
    assert app.post("/api/applet/applyAfterSale", {"order_no": order_no, "kind": "return"}).ok
    assert demo_owner.post(
        "/api/platform/dealAfterSale", {"order_id": order_id, "decision": "approve"}
    ).ok
    wrong = demo_owner.post(
        "/api/platform/dealAfterSale",
        {"order_id": order_id, "decision": "receive", "device_serial": "IMEI-2"},
    )
    assert wrong.code == 1307
    assert demo_owner.post(
        "/api/platform/dealAfterSale",
        {"order_id": order_id, "decision": "receive", "device_serial": "IMEI-1"},
    ).ok
    inspected = demo_owner.post(
        "/api/platform/dealAfterSale",
        {"order_id": order_id, "decision": "inspect", "damage_amount": "200.00"},
    )
    assert inspected.ok, inspected
    provider_settles(demo)

    detail = demo_owner.get("/api/merchant/orderInfo", {"id": order_id}).data
    assert detail["status"] == "completed" and detail["stage"] == "finished"
    assert detail["deposit_detail"]["transferred"] == "200.00"
    assert detail["deposit_detail"]["thawed"] == "300.00"
    assert detail["deposit_detail"]["remaining"] == "0.00"
    # The damage is a charge of its own (numbered after the instalments), paid by the deposit.
    paid = [(b["period"], b["kind"], b["amount"]) for b in detail["bills"] if b["status"] == "paid"]
    assert paid[:2] == [(1, "lease", paid[0][2]), (2, "lease", paid[1][2])]
    assert paid[2][1:] == ("damage", "200.00") and len(paid) == 3
    assert in_demo(demo, ledger_check) == []
    assert in_demo(demo, lambda: account_balance("damage_income")) >= Decimal("200.00")


def test_another_merchant_cannot_see_or_act_on_the_order(demo, acme_owner, app, offer):
    order_no = place(app, offer).data["order_no"]
    order_id = in_demo(demo, lambda: Order.objects.get(order_no=order_no).pk)

    assert acme_owner.get("/api/merchant/orderInfo", {"id": order_id}).code == 404
    assert acme_owner.post("/api/backend/auditOrder", {"id": order_id, "passed": True}).code == 404
    assert acme_owner.get("/api/platform/backendOrderList").data["total"] == 0


def test_the_platform_lists_every_merchants_orders(demo, admin_client, app, offer):
    order_no = place(app, offer).data["order_no"]

    rows = admin_client.get("/api/platform/backendOrderList", {"order_no": order_no}).data["list"]

    assert [r["order_no"] for r in rows] == [order_no]
    assert rows[0]["merchant_name"] and "*" in rows[0]["customer_phone"]
