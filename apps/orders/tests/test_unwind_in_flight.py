"""An order that ends without a deal gives back what is in flight (issue 60, items 1 and 2;
docs/money.md, "Ending an order without a deal"): every move of the order machine into
cancelled, refused, refunded or closed, with a payment of the order in flight at the
provider, leaves no bill collectable, the customer's money back, the deposit thawed once
the payment settled and the books balanced."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.latefees import late_fees_accrue
from apps.billing.models import Bill, BillLateFee, BillPayment, BillRefund
from apps.billing.payments import payments_unwound_refund
from apps.billing.rent_run import payments_stale_close
from apps.orders import machine
from apps.orders.models import Order, OrderSetting
from apps.orders.tasks import orders_cancel_unsigned
from apps.recovery.models import RecoveryCase
from apps.recovery.services import cases_refresh
from tests.leases import (
    DETAIL,
    awaiting_shipment,
    books_balance,
    customer_signs,
    order_books,
    place,
    placed,
    provider_settles,
)
from zulin.providers.payment import sandbox_payer_pay, sandbox_payments_complete

INCOME = ("rent_income", "sale_income", "addon_income", "shipping_fee_income")
APPLY = "/api/applet/applyAfterSale"
DEAL = "/api/platform/dealAfterSale"
CLOSE = "/api/platform/closeOrders"


def _signed_with_cashier_open(demo, owner, app, offer, key: str, seed: int = 0):
    """A lease audited and signed; the customer opened bill 1's cashier (a customer payment
    `processing`), not paid yet."""
    order = placed(demo, place(app, offer, key=key, seed=seed))
    assert owner.post("/api/backend/auditOrder", {"id": order.id, "passed": True}).ok
    customer_signs(demo, order.id)
    provider_settles(demo)  # the deposit's freeze confirmed
    opened = app.post(
        "/api/applet/payBill", {"order_no": order.no, "period": 1, "idempotency_key": f"c-{key}"}
    )
    assert opened.ok, opened
    with tenant_context(demo):
        assert Order.objects.get(pk=order.id).status == "awaiting_signing"
        assert BillPayment.objects.get(bill__order_id=order.id).status == "processing"
    connection.set_schema_to_public()
    return order


def _job_cancels(demo, order_id: int) -> None:
    with tenant_context(demo):
        OrderSetting.objects.update_or_create(pk=1, defaults={"unpaid_cancel_minutes": 30})
        Order.objects.filter(pk=order_id).update(
            status_changed_at=timezone.now() - timedelta(minutes=31)
        )
        assert orders_cancel_unsigned()["cancelled"] == 1
    connection.set_schema_to_public()


def _nothing_kept(demo, order_id: int) -> None:
    """No bill collectable, every payment that took money given back in full, no income or
    commission kept, the deposit thawed, the books balanced."""
    with tenant_context(demo):
        order = Order.objects.get(pk=order_id)
        bills = list(Bill.objects.filter(order_id=order_id))
        # Cancelled, or paid before the order ended and given back below.
        assert {bill.status for bill in bills} <= {"cancelled", "paid"}, [b.status for b in bills]
        assert not BillPayment.objects.filter(bill__order_id=order_id, status="processing")
        for payment in BillPayment.objects.filter(bill__order_id=order_id, status="succeeded"):
            back = sum((r.amount for r in payment.refunds.filter(status="succeeded")), Decimal("0"))
            assert back == payment.amount, (payment.out_trade_no, payment.amount, back)
        assert order.deposit_thawed == order.deposit_frozen
        assert order.deposit_remaining == 0
    books = order_books(demo, order_id)
    kept = sum((books.get(account, Decimal("0")) for account in INCOME), Decimal("0"))
    assert kept - books.get("refunds", Decimal("0")) == 0, books
    assert books.get("commission_expense", Decimal("0")) == 0, books
    assert books.get("customer_refunds_payable", Decimal("0")) == 0, books
    assert books_balance(demo) == []


def test_a_cashier_paid_after_the_job_cancelled_the_order_is_refunded_not_booked(
    demo, demo_owner, app, offer
):
    order = _signed_with_cashier_open(demo, demo_owner, app, offer, "unwind-paid-1")
    # The customer pays at the provider; its word has not reached us when the job runs.
    sandbox_payer_pay(merchant=demo.slug, out_no=f"{order.no}B001")

    _job_cancels(demo, order.id)
    provider_settles(demo)

    assert demo_owner.get(DETAIL, {"id": order.id}).data["status"] == "cancelled"
    with tenant_context(demo):
        payment = BillPayment.objects.get(bill__order_id=order.id)
        assert (payment.status, payment.amount) == ("succeeded", Decimal("399.00"))
        assert list(
            BillRefund.objects.filter(order_id=order.id).values_list("amount", "status", "purpose")
        ) == [(Decimal("399.00"), "succeeded", "unwound")]
        assert Bill.objects.get(order_id=order.id, period=1).status == "cancelled"
    _nothing_kept(demo, order.id)
    assert order_books(demo, order.id).get("rent_income") is None


def test_a_cashier_left_open_at_the_cancel_is_closed_and_nothing_is_owed_after(
    demo, demo_owner, app, offer
):
    order = _signed_with_cashier_open(demo, demo_owner, app, offer, "unwind-never-1")

    _job_cancels(demo, order.id)
    # The customer tries to pay afterwards: the trade was closed, nothing is taken.
    late = sandbox_payer_pay(merchant=demo.slug, out_no=f"{order.no}B001")
    assert late.status == "failed"
    provider_settles(demo)

    later = timezone.localdate() + timedelta(days=10)
    with tenant_context(demo):
        BillPayment.objects.filter(bill__order_id=order.id).update(
            created_at=timezone.now() - timedelta(hours=3)
        )
        payments_stale_close()
        late_fees_accrue(today=later)
        cases_refresh(today=later)
        assert not BillLateFee.objects.filter(bill__order_id=order.id).exists()
        assert not RecoveryCase.objects.filter(order_id=order.id).exists()
        assert BillPayment.objects.get(bill__order_id=order.id).status == "failed"
    connection.set_schema_to_public()
    provider_settles(demo)
    _nothing_kept(demo, order.id)


def test_a_withhold_in_flight_at_the_platforms_close_that_succeeds_after_is_refunded(
    demo, demo_owner, admin_client, app, offer
):
    order = awaiting_shipment(demo, demo_owner, app, offer)
    withheld = demo_owner.post(
        "/api/v2/BillPayment",
        {"order_id": order.id, "period": 2, "idempotency_key": "unwind-withhold-2"},
    )
    assert withheld.ok and withheld.data["status"] == "processing", withheld
    # The provider takes the money; its callback has not come when the platform closes.
    sandbox_payments_complete(merchant=demo.slug)
    connection.set_schema_to_public()

    closed = admin_client.post(
        CLOSE, {"ids": [order.id], "merchant_id": demo.pk, "reason": "平台介入：关闭并退款"}
    )
    assert closed.ok, closed
    provider_settles(demo)

    with tenant_context(demo):
        two = Bill.objects.get(order_id=order.id, period=2)
        assert two.status == "cancelled"
        assert set(
            BillRefund.objects.filter(order_id=order.id).values_list("purpose", "status")
        ) == {("order", "succeeded"), ("unwound", "succeeded")}
    _nothing_kept(demo, order.id)


# --- every move into an ended non-deal, with a payment in flight -----------------------------

UNWINDING_MOVES = sorted(
    {
        (kind, m.action, source)
        for kind, table in (
            ("lease", machine.LEASE_MACHINE),
            ("purchase", machine.PURCHASE_MACHINE),
        )
        for m in table.moves
        if m.target in machine.UNWOUND
        for source in m.sources
    }
)
# Before the audit a lease has no bill yet: nothing of it can be in flight.
WITHOUT_BILLS = {machine.AWAITING_AUDIT}
# A paid purchase's one bill is paid: no payment of it can be in flight.
SETTLED = {("purchase", machine.PAID)}


def test_the_moves_into_an_ended_non_deal_are_the_ones_the_test_below_runs():
    actions = {(kind, action) for kind, action, _ in UNWINDING_MOVES}
    assert actions == {
        ("lease", "audit_refuse"),
        ("lease", "risk_refuse"),
        ("lease", "cancel"),
        ("lease", "refund"),
        ("lease", "close"),
        ("lease", "platform_close"),
        ("purchase", "cancel"),
        ("purchase", "refund"),
        ("purchase", "close"),
        ("purchase", "platform_close"),
    }


REACHABLE = {
    "lease": (machine.AWAITING_SIGNING, machine.AWAITING_SHIPMENT),
    "purchase": (machine.AWAITING_PAYMENT,),
}
IN_FLIGHT = [
    move
    for move in UNWINDING_MOVES
    if move[2] not in WITHOUT_BILLS
    and (move[0], move[2]) not in SETTLED
    # The states before a deal each kind passes through (a lease is never awaiting payment);
    # platform_close from a running lease (shipped, in lease) is the same unwind.
    and move[2] in REACHABLE[move[0]]
]


def _reach(demo, owner, app, offer, kind: str, source: str, key: str, seed: int):
    """An order of `kind` in `source` with a payment of it in flight whose money the
    provider already took (its word not yet with us); answers the order."""
    if kind == "purchase":
        order = placed(demo, place(app, offer, key=key, seed=seed, rent_plan_id=None))
        opened = app.post(
            # A key is one request's: the order's own is not the payment's.
            "/api/applet/payBill",
            {"order_no": order.no, "period": 1, "idempotency_key": f"p-{key}"},
        )
        assert opened.ok, opened
        sandbox_payer_pay(merchant=demo.slug, out_no=f"{order.no}B001")
    elif source == machine.AWAITING_SIGNING:
        order = _signed_with_cashier_open(demo, owner, app, offer, key, seed=seed)
        sandbox_payer_pay(merchant=demo.slug, out_no=f"{order.no}B001")
    else:
        order = awaiting_shipment(demo, owner, app, offer, key=key, seed=seed)
        withheld = owner.post(
            "/api/v2/BillPayment",
            {"order_id": order.id, "period": 2, "idempotency_key": f"p-{key}"},
        )
        assert withheld.ok and withheld.data["status"] == "processing", withheld
        sandbox_payments_complete(merchant=demo.slug)
    connection.set_schema_to_public()
    with tenant_context(demo):
        assert Order.objects.get(pk=order.id).status == source
        assert BillPayment.objects.filter(bill__order_id=order.id, status="processing").exists()
    connection.set_schema_to_public()
    return order


@pytest.mark.parametrize(("kind", "action", "source"), IN_FLIGHT)
def test_every_move_into_an_ended_non_deal_gives_back_what_is_in_flight(
    demo, demo_owner, admin_client, app, offer, kind, action, source
):
    seed = IN_FLIGHT.index((kind, action, source)) + 40
    order = _reach(demo, demo_owner, app, offer, kind, source, f"uw-{kind}-{action}", seed)

    if action == "cancel":
        with tenant_context(demo):
            from apps.orders.services import order_cancel

            order_cancel(order_id=order.id, reason="客户取消")
        connection.set_schema_to_public()
    elif action == "close":
        assert demo_owner.post(CLOSE, {"ids": [order.id], "reason": "商家关闭"}).ok
    elif action == "platform_close":
        body = {"ids": [order.id], "merchant_id": demo.pk, "reason": "平台关闭"}
        assert admin_client.post(CLOSE, body).ok
    elif action == "refund":
        assert app.post(APPLY, {"order_no": order.no, "kind": "refund", "reason": "不要了"}).ok
        decided = demo_owner.post(DEAL, {"order_id": order.id, "decision": "approve"})
        assert decided.ok, decided
    provider_settles(demo)

    with tenant_context(demo):
        assert Order.objects.get(pk=order.id).status in machine.UNWOUND
    connection.set_schema_to_public()
    _nothing_kept(demo, order.id)


def test_money_given_back_once_is_not_given_back_again(demo, demo_owner, app, offer):
    """The unwind and a late confirmation may both ask for what an unwound order's payment
    owes back: asked again once all of it is back, nothing more is refunded, not even 0.00."""
    order = _signed_with_cashier_open(demo, demo_owner, app, offer, "unwind-paid-twice")
    sandbox_payer_pay(merchant=demo.slug, out_no=f"{order.no}B001")
    _job_cancels(demo, order.id)
    provider_settles(demo)

    with tenant_context(demo):
        payment = BillPayment.objects.get(bill__order_id=order.id)
        payments_unwound_refund([payment], actor=None)
        assert list(
            BillRefund.objects.filter(order_id=order.id).values_list("amount", "status", "purpose")
        ) == [(Decimal("399.00"), "succeeded", "unwound")]
    _nothing_kept(demo, order.id)
