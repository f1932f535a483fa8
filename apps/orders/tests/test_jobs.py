"""The per-merchant order jobs beat sends through the fan-out."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.tasks import orders_refresh_overdue
from apps.goods.models import Sku
from apps.orders import lease, outcomes
from apps.orders.models import Order, OrderSetting
from apps.orders.tasks import orders_cancel_unsigned, orders_deliver_shipped
from tests.leases import DEMO, IntakeClient, customer, goods_on_shelf, provider_settles
from zulin.audit.models import StatusChange
from zulin.core.clock import clock_at
from zulin.core.errors import ErrorCode
from zulin.providers.express import get_express_provider


def _placed_and_passed(demo, demo_owner, key="job-order-0001"):
    offer = goods_on_shelf(demo_owner)
    app = IntakeClient(demo, DEMO)
    body = {
        "idempotency_key": key,
        **customer("B"),
        "sku_id": offer.sku_id,
        "rent_plan_id": offer.rent_plan_id,
        "channel": "alipay",
    }
    order_no = app.post("/api/applet/placeOrder", body).data["order_no"]
    with tenant_context(demo):
        order_id = Order.objects.get(order_no=order_no).pk
    assert demo_owner.post("/api/backend/auditOrder", {"id": order_id, "passed": True}).ok
    return offer, order_id


def test_orders_left_unsigned_are_cancelled_with_stock_and_deposit_given_back(demo, demo_owner):
    offer, order_id = _placed_and_passed(demo, demo_owner)
    with tenant_context(demo):
        OrderSetting.objects.update_or_create(pk=1, defaults={"unpaid_cancel_minutes": 30})
        Order.objects.filter(pk=order_id).update(
            status_changed_at=timezone.now() - timedelta(minutes=31)
        )
        assert orders_cancel_unsigned()["cancelled"] == 1
    provider_settles(demo)

    with tenant_context(demo):
        order = Order.objects.get(pk=order_id)
        assert order.status == "cancelled" and order.stage == "regular"
        assert order.deposit_thawed == order.deposit_frozen
        assert Sku.objects.get(pk=offer.sku_id).stock == 5
        assert orders_cancel_unsigned()["cancelled"] == 0


def _shipped(demo, demo_owner, key: str, tracking_no: str) -> int:
    """A lease signed, bill 1 paid and shipped under `tracking_no`."""
    _, order_id = _placed_and_passed(demo, demo_owner, key)
    with tenant_context(demo):
        order = Order.objects.get(pk=order_id)
        order.contract_signed_at = order.first_bill_paid_at = timezone.now()
        order.save()
        outcomes.order_signing_check(order)
        lease.order_ship(
            actor=None,
            order_id=order_id,
            company_code="SF",  # type: ignore[arg-type]
            tracking_no=tracking_no,
            device_serial="IMEI-9",
        )
    return order_id


def test_a_lease_with_a_bill_past_due_moves_to_the_overdue_list(demo, demo_owner):
    order_id = _shipped(demo, demo_owner, "job-order-0001", "SF0000000001")
    with tenant_context(demo):
        # Delivered 70 days ago: bill 1 was due that day, not yet past due then.
        with clock_at(timezone.now() - timedelta(days=70)):
            lease.order_deliver(order_id=order_id, actor=None, delivered_at=timezone.now())
            assert Order.objects.get(pk=order_id).stage != "overdue"

        # No money moved since: the morning's job finds the due dates passed.
        assert orders_refresh_overdue()["changed"] == 1
        assert Order.objects.get(pk=order_id).stage == "overdue"
        assert orders_refresh_overdue()["changed"] == 0


def test_parcels_the_carrier_delivered_start_their_lease_and_old_ones_are_taken_as_received(
    demo, demo_owner
):
    arrived = _shipped(demo, demo_owner, "job-order-0002", "SF1000000002")
    on_the_way = _shipped(demo, demo_owner, "job-order-0003", "SF1000000003")
    # The carrier's tracking is down for this one, shipped ten days ago.
    untracked = _shipped(demo, demo_owner, "job-order-0004", "SF1000000000")
    with tenant_context(demo):
        Order.objects.filter(pk=untracked).update(shipped_at=timezone.now() - timedelta(days=10))
        carrier = get_express_provider()
        carrier.deliver_now(company_code="SF", tracking_no="SF1000000002")
        delivered_at = carrier.track(company_code="SF", tracking_no="SF1000000002").delivered_at

        assert orders_deliver_shipped() == {
            "schema": "m_demo",
            "delivered": 1,
            "assumed": 1,
            "waiting": 1,
        }
        first = Order.objects.get(pk=arrived)
        assert (first.status, first.delivered_at) == ("in_lease", delivered_at)
        assert first.lease_start == timezone.localdate(delivered_at)
        assert Order.objects.get(pk=on_the_way).status == "shipped"
        assert Order.objects.get(pk=untracked).status == "in_lease"
        assert StatusChange.objects.filter(
            target_id=str(untracked), action="deliver", reason="发货满7天自动确认收货"
        ).exists()
        # Run again: nothing more to do.
        assert orders_deliver_shipped()["delivered"] == 0


def test_tracking_answers_the_carriers_events_or_with_hide_error_no_notice(demo, demo_owner):
    tracked = _shipped(demo, demo_owner, "track-order-0001", "SF3000000001")
    untracked = _shipped(demo, demo_owner, "track-order-0002", "SF3000000000")

    [parcel] = demo_owner.get("/api/applet/orderExpress", {"order_id": tracked}).data
    assert parcel["tracking_no"] == "SF3000000001" and parcel["events"]
    assert parcel["tracking_failed"] is False
    failed = demo_owner.get("/api/applet/orderExpress", {"order_id": untracked})
    assert failed.code == ErrorCode.PROVIDER_FAILED
    quiet = demo_owner.get("/api/applet/orderExpress", {"order_id": untracked, "hide_error": True})
    assert quiet.ok, quiet
    [parcel] = quiet.data
    assert (parcel["tracking_no"], parcel["events"], parcel["tracking_failed"]) == (
        "SF3000000000",
        [],
        True,
    )


def test_an_order_the_job_cannot_cancel_does_not_stop_the_others(demo, demo_owner):
    offer, first = _placed_and_passed(demo, demo_owner, "job-order-0005")
    _, second = _placed_and_passed(demo, demo_owner, "job-order-0006")
    with tenant_context(demo):
        stale = timezone.now() - timedelta(minutes=31)
        Order.objects.filter(pk__in=[first, second]).update(status_changed_at=stale)
        # The first moved on in a way a cancel refuses (as if paid between read and cancel).
        Order.objects.filter(pk=first).update(status="awaiting_payment")

        assert orders_cancel_unsigned()["cancelled"] == 1
        assert Order.objects.get(pk=first).status == "awaiting_payment"
        assert Order.objects.get(pk=second).status == "cancelled"
