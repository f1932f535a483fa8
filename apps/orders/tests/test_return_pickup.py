"""A return collected at the customer's door (issue 65): the shop or the customer books a
slot, the courier is assigned, the pickup scan moves the unit to `returning` and — with the
shop's setting on — makes the scan's day (China time) the return's day, so the rent due
after it is cancelled at inspection (docs/money.md, "The return's day"). Money to the cent
with the setting on and off; real leases through the calls."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.orders.models import AfterSale, PickupBooking
from apps.orders.tests.test_ship_by_scan import _unit, tracked_offer
from apps.orders.tests.test_waybills import CUSTOMER, carrier_account, deliver_pushes
from apps.orders.tests.test_written_rules import _monthly_from
from tests.leases import bill_states, detail_of, in_lease, provider_settles
from zulin.core.errors import ErrorCode
from zulin.providers.express import sandbox_waybill_walk
from zulin.providers.models import SandboxWaybill
from zulin.providers.sandbox import sandbox_failure_add

CHINA = ZoneInfo("Asia/Shanghai")
APPLY = "/api/platform/applyAfterSale"
DEAL = "/api/platform/dealAfterSale"
QUOTE = "/api/backend/getReturnQuote"
SLOTS = "/api/merchant/returnPickupSlots"
BOOK = "/api/merchant/bookReturnPickup"
CANCEL = "/api/merchant/cancelReturnPickup"


def _tomorrow():
    return timezone.localdate() + timedelta(days=1)


def book(owner, order_id: int, key: str = "pickup-key-01"):
    slots = owner.get(SLOTS, {"order_id": order_id, "day": _tomorrow().isoformat()})
    assert slots.ok and len(slots.data) == 5, slots
    slot = slots.data[1]
    return owner.post(
        BOOK,
        {
            "order_id": order_id,
            "address": CUSTOMER,
            "starts_at": slot["starts_at"],
            "ends_at": slot["ends_at"],
            "idempotency_key": key,
        },
    )


def return_agreed(owner, order_id: int) -> None:
    started = owner.post(APPLY, {"order_id": order_id, "kind": "return", "reason": "不想租了"})
    assert started.ok, started


def courier_collects(merchant, waybill_no: str, at: datetime) -> None:
    """The carrier assigns a courier, who scans the parcel at `at`."""
    sandbox_waybill_walk(waybill_no, at=at)
    sandbox_waybill_walk(waybill_no, at=at)
    deliver_pushes(merchant)


def test_no_pickup_is_booked_before_a_return_is_agreed(demo, demo_owner, app, offer):
    carrier_account(demo_owner)
    order = in_lease(demo, demo_owner, app, offer)

    refused = demo_owner.get(SLOTS, {"order_id": order.id, "day": _tomorrow().isoformat()})

    assert refused.code == ErrorCode.CONFLICT


def test_the_pickup_is_booked_once_gets_its_courier_and_the_scan_moves_the_unit(
    demo, demo_owner, app
):
    carrier_account(demo_owner)
    offer, (unit,) = tracked_offer(demo, demo_owner, units=1)
    order = in_lease(demo, demo_owner, app, offer, serial=unit.imei1, key="pickup-01", seed=31)
    return_agreed(demo_owner, order.id)

    booked = book(demo_owner, order.id)
    again = book(demo_owner, order.id)

    assert booked.ok and booked.data["status"] == "requested", booked
    assert again.data["id"] == booked.data["id"]
    waybill = SandboxWaybill.objects.get()
    assert (waybill.sender["name"], waybill.receiver["name"]) == ("张三", "乐租仓库")
    sandbox_waybill_walk(waybill.waybill_no)
    deliver_pushes(demo)
    with tenant_context(demo):
        accepted = PickupBooking.objects.get()
    connection.set_schema_to_public()
    assert accepted.status == "accepted" and accepted.courier_name
    assert _unit(demo, unit.pk).status == "out_with_customer"

    sandbox_waybill_walk(waybill.waybill_no)
    deliver_pushes(demo)

    assert _unit(demo, unit.pk).status == "returning"
    timeline = demo_owner.get("/api/merchant/orderShipments", {"order_id": order.id}).data
    back = [s for s in timeline if s["direction"] == "return"][0]
    assert (back["status"], back["pickup"]["status"]) == ("picked_up", "picked_up")
    assert [e["code"] for e in back["events"]] == ["50"]


def test_the_shop_cancels_a_pickup_and_a_carriers_cancellation_is_an_exception(
    demo, demo_owner, app, offer
):
    carrier_account(demo_owner)
    order = in_lease(demo, demo_owner, app, offer)
    return_agreed(demo_owner, order.id)
    first = book(demo_owner, order.id)

    cancelled = demo_owner.post(CANCEL, {"pickup_id": first.data["id"]})

    assert cancelled.ok and cancelled.data["status"] == "cancelled_by_shop", cancelled
    second = book(demo_owner, order.id, key="pickup-key-02")
    assert second.ok and second.data["status"] == "requested", second
    waybill = SandboxWaybill.objects.get(status="accepted")
    sandbox_failure_add(
        service="express",
        operation="walk",
        reason="PICKUP_CANCELLED",
        subject=waybill.waybill_no,
        times=1,
    )
    sandbox_waybill_walk(waybill.waybill_no)
    deliver_pushes(demo)
    timeline = demo_owner.get("/api/merchant/orderShipments", {"order_id": order.id}).data
    assert [(s["status"], s["pickup"]["status"]) for s in timeline if s["pickup"]] == [
        ("cancelled", "cancelled_by_shop"),
        ("exception", "cancelled_by_carrier"),
    ]


def test_the_customer_books_the_pickup_through_the_applet(demo, demo_owner, app, offer):
    carrier_account(demo_owner)
    order = in_lease(demo, demo_owner, app, offer)
    return_agreed(demo_owner, order.id)
    slots = demo_owner.get(SLOTS, {"order_id": order.id, "day": _tomorrow().isoformat()})
    assert slots.ok, slots

    booked = app.post(
        "/api/applet/bookReturnPickup",
        {
            "order_no": order.no,
            "address": CUSTOMER,
            "starts_at": slots.data[0]["starts_at"],
            "ends_at": slots.data[0]["ends_at"],
            "idempotency_key": "applet-pickup-01",
        },
    )

    assert booked.ok and booked.data["booked_by"] == "customer", booked


@pytest.mark.parametrize(
    ("setting_on", "return_day_offset", "rent_cancelled", "bills_owed", "bill_2"),
    [
        # The pickup scan three days ago is the return's day: bill 2, due two days ago
        # (after it), is cancelled with bills 3 … 12.
        (True, -3, "4389.00", "0.00", "cancelled"),
        # Off: the shop's receipt today is the return's day; bill 2 stays owed (the
        # deposit pays it), bills 3 … 12 are cancelled.
        (False, 0, "3990.00", "399.00", "paid"),
    ],
)
def test_the_pickup_scans_day_is_the_returns_day_when_the_shop_says_so(
    demo, demo_owner, app, offer, setting_on, return_day_offset, rent_cancelled, bills_owed, bill_2
):
    carrier_account(demo_owner, return_day_from_pickup=setting_on)
    order = in_lease(demo, demo_owner, app, offer)  # grade B: 500.00 frozen, rent 399.00
    today = timezone.localdate()
    pickup_day = today - timedelta(days=3)
    return_agreed(demo_owner, order.id)
    booked = book(demo_owner, order.id)
    assert booked.ok, booked
    # 23:30 China time: still the pickup day in China, though UTC has moved on.
    scanned_at = datetime.combine(pickup_day, time(23, 30), CHINA)
    courier_collects(demo, SandboxWaybill.objects.get().waybill_no, scanned_at)
    _monthly_from(demo, order.id, 2, pickup_day + timedelta(days=1))

    received = demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "receive", "device_serial": "IMEI-1"}
    )

    return_day = today + timedelta(days=return_day_offset)
    assert received.ok, received
    assert received.data["received_on"] == return_day.isoformat()
    quote = demo_owner.get(QUOTE, {"order_id": order.id}).data
    assert (quote["return_date"], quote["rent_cancelled"], quote["bills_owed"]) == (
        return_day.isoformat(),
        rent_cancelled,
        bills_owed,
    )
    inspected = demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "inspect", "damage_amount": "0.00"}
    )
    assert inspected.ok, inspected
    provider_settles(demo)
    assert bill_states(demo_owner, order.id)[2] == bill_2
    assert detail_of(demo_owner, order.id)["after_sales"][0]["rent_cancelled"] == rent_cancelled
    with tenant_context(demo):
        business = AfterSale.objects.get(order_id=order.id, kind="return")
    connection.set_schema_to_public()
    assert business.picked_up_on == (pickup_day if setting_on else None)
