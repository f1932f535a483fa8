"""The shipment's and the pickup's state machines walked: every move each status allows
lands where docs/logistics.md says, every other one is refused (CONFLICT naming from and
to) and changes nothing, each move leaves its history row."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.orders.models import Customer, Order, PickupBooking, Shipment
from apps.orders.waybills import PICKUP_MACHINE, SHIPMENT_MACHINE
from zulin.audit.models import StatusChange
from zulin.audit.state import transition_locked
from zulin.core.errors import ApplicationError, ErrorCode

SHIPMENT_MOVES = {
    ("created", "accept"): "label_ready",
    ("created", "refuse"): "failed",
    ("label_ready", "cancel"): "cancelled",
    ("label_ready", "pick_up"): "picked_up",
    ("label_ready", "transit"): "in_transit",
    ("picked_up", "transit"): "in_transit",
    ("label_ready", "deliver"): "delivered",
    ("picked_up", "deliver"): "delivered",
    ("in_transit", "deliver"): "delivered",
    ("exception", "deliver"): "delivered",
    ("label_ready", "exception"): "exception",
    ("picked_up", "exception"): "exception",
    ("in_transit", "exception"): "exception",
}
SHIPMENT_STATUSES = [value for value, _ in Shipment.Status.choices]
SHIPMENT_ACTIONS = sorted({action for _, action in SHIPMENT_MOVES})

PICKUP_MOVES = {
    ("requested", "accept"): "accepted",
    ("requested", "pick_up"): "picked_up",
    ("accepted", "pick_up"): "picked_up",
    ("requested", "cancel"): "cancelled_by_shop",
    ("accepted", "cancel"): "cancelled_by_shop",
    ("requested", "carrier_cancel"): "cancelled_by_carrier",
    ("accepted", "carrier_cancel"): "cancelled_by_carrier",
    ("requested", "fail"): "failed",
}
PICKUP_STATUSES = [value for value, _ in PickupBooking.Status.choices]
PICKUP_ACTIONS = sorted({action for _, action in PICKUP_MOVES})


@pytest.fixture
def shipment(demo):
    with tenant_context(demo):
        customer = Customer.objects.create(
            name="张三", phone="13700000000", id_number="x", id_number_hash="machine-walk"
        )
        order = Order.objects.create(
            order_no="ZLMACHINE0001",
            kind="lease",
            status="shipped",
            status_changed_at=timezone.now(),
            stage="dealing",
            customer=customer,
            goods_id=1,
            sku_id=1,
            goods_title="iPhone",
            idempotency_key="machine-walk",
        )
        yield Shipment.objects.create(
            order=order, direction="out", company_code="SF", out_no="ZLW-machine-1"
        )


@pytest.mark.parametrize("status", SHIPMENT_STATUSES)
@pytest.mark.parametrize("action", SHIPMENT_ACTIONS)
def test_every_shipment_move_and_refusal(demo, shipment, status, action):
    with tenant_context(demo):
        Shipment.objects.filter(pk=shipment.pk).update(status=status)
        row = Shipment.objects.select_for_update().get(pk=shipment.pk)
        expected = SHIPMENT_MOVES.get((status, action))
        if expected is None:
            with pytest.raises(ApplicationError) as refused:
                transition_locked(SHIPMENT_MACHINE, row=row, action=action, actor=None)
            assert refused.value.code == ErrorCode.CONFLICT
            assert refused.value.data["from"] == status
            assert Shipment.objects.get(pk=row.pk).status == status
            return
        transition_locked(SHIPMENT_MACHINE, row=row, action=action, actor=None)
        assert Shipment.objects.get(pk=row.pk).status == expected
        history = StatusChange.objects.get(target_type="shipment", target_id=str(row.pk))
        assert (history.from_status, history.to_status) == (status, expected)


@pytest.mark.parametrize("status", PICKUP_STATUSES)
@pytest.mark.parametrize("action", PICKUP_ACTIONS)
def test_every_pickup_move_and_refusal(demo, shipment, status, action):
    with tenant_context(demo):
        now = timezone.now()
        booking = PickupBooking.objects.create(
            shipment=shipment, status=status, starts_at=now, ends_at=now + timedelta(hours=2)
        )
        row = PickupBooking.objects.select_for_update().get(pk=booking.pk)
        expected = PICKUP_MOVES.get((status, action))
        if expected is None:
            with pytest.raises(ApplicationError) as refused:
                transition_locked(PICKUP_MACHINE, row=row, action=action, actor=None)
            assert refused.value.code == ErrorCode.CONFLICT
            assert PickupBooking.objects.get(pk=row.pk).status == status
            return
        transition_locked(PICKUP_MACHINE, row=row, action=action, actor=None)
        assert PickupBooking.objects.get(pk=row.pk).status == expected


def test_the_tables_name_every_move_the_machines_allow():
    allowed = {(source, m.action): m.target for m in SHIPMENT_MACHINE.moves for source in m.sources}
    assert allowed == SHIPMENT_MOVES
    allowed = {(source, m.action): m.target for m in PICKUP_MACHINE.moves for source in m.sources}
    assert allowed == PICKUP_MOVES
