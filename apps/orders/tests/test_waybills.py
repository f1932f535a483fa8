"""Shipping through the carrier (issue 65, docs/logistics.md): a waybill from the order and
its label, one waybill whatever the retries, the carrier's pushes moving the shipment (once,
and only the merchant's own), cancelling before pickup; real leases through the calls."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.disputes.parts import PackSubject
from apps.disputes.sources import shipping_files
from apps.orders.models import Shipment, ShipmentEvent
from tests.leases import awaiting_shipment, detail_of
from zulin.core.errors import ErrorCode
from zulin.providers.callbacks import callback_receive, callback_sign
from zulin.providers.express import sandbox_waybill_walk
from zulin.providers.models import SandboxCallback, SandboxWaybill
from zulin.providers.sandbox import (
    sandbox_callback_replay,
    sandbox_callbacks_deliver,
    sandbox_failure_add,
)

CREATE = "/api/merchant/createWaybill"
CANCEL = "/api/merchant/cancelWaybill"
LABELS = "/api/merchant/printWaybillLabels"
SHIPMENTS = "/api/merchant/orderShipments"
SETTING = "/api/merchant/saveCarrierSetting"
WAREHOUSE = {
    "name": "乐租仓库",
    "mobile": "13900000000",
    "province": "浙江省",
    "city": "杭州市",
    "district": "西湖区",
    "detail": "文三路 90 号",
}
CUSTOMER = {
    "name": "张三",
    "mobile": "13700000000",
    "province": "广东省",
    "city": "深圳市",
    "district": "南山区",
    "detail": "科技园 1 栋 101",
}


def carrier_account(owner, *, return_day_from_pickup: bool = False) -> None:
    saved = owner.post(
        SETTING,
        {
            "carrier_monthly_account": "7551234567",
            "return_day_from_pickup": return_day_from_pickup,
            "sender_address": WAREHOUSE,
        },
    )
    assert saved.ok, saved


def ship(owner, order_id: int, key: str = "ship-key-0001", serial: str = "IMEI-1"):
    return owner.post(
        CREATE,
        {
            "order_id": order_id,
            "company_code": "SF",
            "service": "standard",
            "device_serial": serial,
            "receiver": CUSTOMER,
            "weight_kg": "1.40",
            "idempotency_key": key,
        },
    )


def deliver_pushes(merchant) -> None:
    sandbox_callbacks_deliver(merchant=merchant.slug)
    connection.set_schema_to_public()


def shipment_of(merchant, order_id: int) -> Shipment:
    with tenant_context(merchant):
        return Shipment.objects.filter(order_id=order_id).order_by("-id").get()


WORKBENCH = "/api/v2/getWorkbenchData"


@pytest.fixture
def ready(demo, demo_owner, app, offer):
    carrier_account(demo_owner)
    return awaiting_shipment(demo, demo_owner, app, offer)


def test_the_order_ships_with_the_carriers_waybill_and_its_label_prints(demo, demo_owner, ready):
    shipped = ship(demo_owner, ready.id)

    assert shipped.ok, shipped
    waybill = SandboxWaybill.objects.get()
    assert shipped.data["status"] == "label_ready"
    assert shipped.data["tracking_no"] == waybill.waybill_no
    assert (waybill.order_no, waybill.unit_serial, waybill.monthly_account) == (
        ready.no,
        "IMEI-1",
        "7551234567",
    )
    detail = detail_of(demo_owner, ready.id)
    assert detail["status"] == "shipped"
    assert [s["tracking_no"] for s in detail["shipments"]] == [waybill.waybill_no]
    labels = demo_owner.post(LABELS, {"shipment_ids": [shipped.data["id"]]})
    assert labels.ok, labels
    assert (labels.data["count"], labels.data["waybill_nos"]) == (1, [waybill.waybill_no])
    assert labels.data["url"]


def test_a_retry_after_the_carrier_did_not_answer_makes_one_waybill(demo, demo_owner, ready):
    sandbox_failure_add(service="express", operation="create", reason="ANSWER_LOST", times=1)

    lost = ship(demo_owner, ready.id)

    assert lost.ok and lost.data["status"] == "created", lost
    assert shipment_of(demo, ready.id).last_error.startswith("SYSTEM_ERROR")
    assert detail_of(demo_owner, ready.id)["status"] == "awaiting_shipment"
    again = ship(demo_owner, ready.id)
    assert again.ok, again
    assert SandboxWaybill.objects.count() == 1
    with tenant_context(demo):
        assert Shipment.objects.filter(order_id=ready.id).count() == 1
    assert again.data["tracking_no"] == SandboxWaybill.objects.get().waybill_no
    assert detail_of(demo_owner, ready.id)["status"] == "shipped"


def test_a_refused_waybill_fails_the_attempt_and_a_new_one_ships(demo, demo_owner, ready):
    sandbox_failure_add(service="express", operation="create", reason="WAYBILL_REFUSED", times=1)

    refused = ship(demo_owner, ready.id)

    assert refused.ok and refused.data["status"] == "failed", refused
    assert detail_of(demo_owner, ready.id)["status"] == "awaiting_shipment"
    failed = shipment_of(demo, ready.id)
    assert (failed.status, failed.failure_reason[:15]) == ("failed", "WAYBILL_REFUSED")
    assert ship(demo_owner, ready.id, key="ship-key-0002").ok
    assert detail_of(demo_owner, ready.id)["shipments"][0]["tracking_no"]


def test_without_a_carrier_account_the_shop_types_the_number_by_hand(demo, demo_owner, app, offer):
    order = awaiting_shipment(demo, demo_owner, app, offer)

    refused = ship(demo_owner, order.id)
    typed = demo_owner.post(
        "/api/merchant/addExpress",
        {
            "order_id": order.id,
            "company_code": "SF",
            "tracking_no": "SF1234567890",
            "device_serial": "IMEI-1",
        },
    )

    assert refused.code == ErrorCode.CONFLICT
    assert refused.data["setting"] == "carrier_monthly_account"
    assert typed.ok, typed
    assert shipment_of(demo, order.id).status == "manual"


def test_the_carriers_pushes_move_the_shipment_once_and_delivery_starts_the_lease(
    demo, demo_owner, ready
):
    shipped = ship(demo_owner, ready.id)
    number = shipped.data["tracking_no"]

    sandbox_waybill_walk(number)
    deliver_pushes(demo)
    picked = shipment_of(demo, ready.id)
    first_push = SandboxCallback.objects.order_by("id").first()
    replayed = sandbox_callback_replay(event_id=first_push.event_id)
    connection.set_schema_to_public()

    assert (picked.status, picked.freight) == ("picked_up", 29)
    assert replayed.delivered and replayed.answer == "duplicate"
    with tenant_context(demo):
        assert ShipmentEvent.objects.filter(shipment=picked).count() == 1
    sandbox_waybill_walk(number)
    sandbox_waybill_walk(number)
    deliver_pushes(demo)
    delivered = shipment_of(demo, ready.id)
    assert delivered.status == "delivered"
    timeline = demo_owner.get(SHIPMENTS, {"order_id": ready.id}).data[0]
    assert [e["code"] for e in timeline["events"]] == ["50", "30", "80"]
    assert detail_of(demo_owner, ready.id)["status"] == "in_lease"


def test_a_push_for_another_merchants_waybill_changes_nothing(demo, acme, demo_owner, ready):
    shipped = ship(demo_owner, ready.id)
    sandbox_waybill_walk(shipped.data["tracking_no"])
    body = json.dumps(
        {
            "event_id": "evt_forged_1",
            "event_type": "waybill.route",
            "provider": "express",
            "merchant": "acme",
            "created_at": "2026-11-29T10:00:00+08:00",
            "data": {"out_no": shipped.data["out_no"], "waybill_no": shipped.data["tracking_no"]},
        }
    ).encode()

    outcome = callback_receive(
        provider="express",
        merchant_slug="acme",
        body=body,
        signature=callback_sign("express", body),
    )
    connection.set_schema_to_public()

    assert outcome.status == "handled"
    assert shipment_of(demo, ready.id).status == "label_ready"
    with tenant_context(acme):
        assert not Shipment.objects.exists()


def test_a_waybill_is_cancelled_before_pickup_and_not_after(demo, demo_owner, ready):
    shipped = ship(demo_owner, ready.id)

    cancelled = demo_owner.post(CANCEL, {"shipment_id": shipped.data["id"]})

    assert cancelled.ok and cancelled.data["status"] == "cancelled", cancelled
    assert SandboxWaybill.objects.get().status == "cancelled"
    again = demo_owner.post(CANCEL, {"shipment_id": shipped.data["id"]})
    assert again.ok and again.data["status"] == "cancelled"
    labels = demo_owner.post(LABELS, {"shipment_ids": [shipped.data["id"]]})
    assert labels.code == ErrorCode.CONFLICT


def test_a_picked_up_waybill_is_not_cancelled(demo, demo_owner, ready):
    shipped = ship(demo_owner, ready.id)
    sandbox_waybill_walk(shipped.data["tracking_no"])
    deliver_pushes(demo)

    refused = demo_owner.post(CANCEL, {"shipment_id": shipped.data["id"]})

    assert refused.code == ErrorCode.CONFLICT
    assert (refused.data["from"], refused.data["to"]) == ("picked_up", "cancelled")


def test_another_shops_order_is_not_shipped_from_here(acme_owner, ready):
    carrier_account(acme_owner)

    answer = ship(acme_owner, ready.id)

    assert answer.code == ErrorCode.NOT_FOUND
    assert not SandboxWaybill.objects.exists()


def test_the_evidence_pack_keeps_the_carriers_events(demo, demo_owner, ready):
    shipped = ship(demo_owner, ready.id)
    sandbox_waybill_walk(shipped.data["tracking_no"])
    deliver_pushes(demo)

    with tenant_context(demo):
        (part,) = shipping_files(PackSubject(order_id=ready.id, order_no=ready.no))
    connection.set_schema_to_public()

    record = json.loads(part.content)
    (carrier,) = record["carrier_shipments"]
    assert (carrier["tracking_no"], carrier["status"]) == (shipped.data["tracking_no"], "picked_up")
    assert [event["code"] for event in carrier["events"]] == ["50"]


def test_a_parcel_without_a_carrier_event_for_two_days_is_listed_stuck(demo, demo_owner, ready):
    shipped = ship(demo_owner, ready.id)
    listed = "/api/merchant/shipmentList"
    assert demo_owner.get(listed, {"attention": "stuck"}).data["total"] == 0

    with tenant_context(demo):
        Shipment.objects.filter(pk=shipped.data["id"]).update(
            shipped_at=timezone.now() - timedelta(hours=49)
        )
    connection.set_schema_to_public()

    stuck = demo_owner.get(listed, {"attention": "stuck"}).data
    assert [row["id"] for row in stuck["list"]] == [shipped.data["id"]]
    assert demo_owner.get(listed, {"attention": "exception"}).data["total"] == 0
    # The workbench's to-dos count what their tiles open (`/shipments?attention=…`).
    todos = {t["key"]: t["count"] for t in demo_owner.get(WORKBENCH).data["todos"]}
    assert (todos["shipments_stuck"], todos["shipments_exception"]) == (1, 0)


def test_the_workbench_counts_shipments_needing_someone_as_their_list_does(demo, demo_owner, ready):
    todos = {t["key"]: t["count"] for t in demo_owner.get(WORKBENCH).data["todos"]}
    assert (todos["shipments_stuck"], todos["shipments_exception"]) == (0, 0)
    shipped = ship(demo_owner, ready.id)
    with tenant_context(demo):
        Shipment.objects.filter(pk=shipped.data["id"]).update(status=Shipment.Status.EXCEPTION)
    connection.set_schema_to_public()
    listed = demo_owner.get("/api/merchant/shipmentList", {"attention": "exception"}).data
    todos = {t["key"]: t["count"] for t in demo_owner.get(WORKBENCH).data["todos"]}
    assert todos["shipments_exception"] == listed["total"] == 1
    assert todos["shipments_stuck"] == 0
