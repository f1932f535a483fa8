"""A customer's deletion request (PIPL Art. 47): where something holds the data (here an
open lease) the request is answered with what holds it and the customer is restricted;
where nothing does (a lease ended and settled more than 3 years ago) the customer is
anonymised in every table that named them, the books keep no personal field, the shop's
systems are told (`customer.redact`, the opaque id only), a second run changes nothing, and
the suppression list keeps the intake from bringing the customer back."""

from __future__ import annotations

import json
from datetime import timedelta
from decimal import Decimal
from io import BytesIO

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context
from openpyxl import load_workbook
from standardwebhooks import Webhook

from apps.orders.models import Customer, Order, Shipment, Suppression
from apps.privacy.models import PrivacyRequest, Restriction
from apps.webhooks.services import relay_run
from tenants.orders.models import OrderIndex
from tests.leases import customer, in_lease, place
from tests.webhook_receiver import receiver
from zulin.audit.models import AuditEntry
from zulin.ledger.models import Entry, Journal
from zulin.outbox.models import OutboxEvent

CREATE = "/api/backend/createPrivacyRequest"
DETAIL = "/api/backend/getPrivacyRequest"
ERASE = "/api/backend/erasePrivacyData"
RESTRICT = "/api/backend/restrictPrivacyData"
PHONE = "13700000167"
RECEIVER = {
    "name": "张三",
    "mobile": PHONE,
    "province": "浙江省",
    "city": "杭州市",
    "district": "西湖区",
    "detail": "文三路 90 号 7 幢 701",
}


def _request(owner, id_number: str) -> dict:
    answer = owner.post(
        CREATE,
        {
            "kind": "delete",
            "requester_name": "张三",
            "requester_phone": PHONE,
            "lookup_by": "id_number",
            "lookup": id_number,
            "channel": "phone",
            "verification": "id_document",
        },
    )
    assert answer.ok, answer
    return answer.data


def _lease(demo, owner, app, offer, seed: int):
    order = in_lease(demo, owner, app, offer, key=f"erase-{seed:04d}", phone=PHONE, seed=seed)
    return order, customer(seed=seed, phone=PHONE)["id_number"]


def _export_rows(owner, capture) -> list[tuple]:
    with capture(execute=True):
        created = owner.post("/api/platform/exportCreate", {"kind": "lease_orders", "filters": {}})
    assert created.ok, created
    status = owner.get("/api/platform/exportStatus", {"id": created.data["id"]})
    assert status.data["status"] == "done", status
    response = owner.client.get(status.data["download_url"], HTTP_HOST=owner.host)
    sheet = load_workbook(BytesIO(b"".join(response.streaming_content))).active
    return list(sheet.iter_rows(values_only=True))


def test_a_deletion_held_by_an_open_lease_is_answered_with_the_hold_and_restricts(
    celery_eager, django_capture_on_commit_callbacks, demo, demo_owner, app, offer
):
    order, id_number = _lease(demo, demo_owner, app, offer, seed=71)
    other = in_lease(demo, demo_owner, app, offer, key="erase-0075", phone="13700000175", seed=75)
    request = _request(demo_owner, id_number)
    holds = request["deletion"]["holds"]
    assert [h["code"] for h in holds] == ["open_order"]
    assert holds[0]["until"] is None and request["deletion"]["erasable"] is False

    by_hand = demo_owner.post(
        "/api/backend/answerPrivacyRequest",
        {"id": request["id"], "result": "completed", "outcome": "已删除"},
    )
    assert by_hand.code == 400 and "result" in str(by_hand.data), by_hand  # not marked done
    refused = demo_owner.post(ERASE, {"id": request["id"]})
    assert refused.code == 409 and refused.data["holds"] == ["open_order"], refused
    assert "有未结束的订单" in refused.msg

    answered = demo_owner.post(RESTRICT, {"id": request["id"]})
    assert answered.ok, answered
    assert answered.data["status"] == "completed"
    assert "已限制处理" in answered.data["outcome"] and "有未结束的订单" in answered.data["outcome"]
    assert answered.data["deletion"]["restriction"]["status"] == "restricted"
    assert demo_owner.post(RESTRICT, {"id": request["id"]}).code == 409  # answered once
    with tenant_context(demo):
        kept = Customer.objects.get(orders__pk=order.id)
        assert (kept.name, kept.phone, kept.erased_at) == ("张三", PHONE, None)
        assert kept.restricted  # kept, hidden: storage and security only
        index = OrderIndex.objects.get(merchant_id=demo.pk, order_id=order.id)
        assert (index.customer_name, index.customer_phone) == ("***", "***")
        restriction = Restriction.objects.get(customer_id=kept.pk)
        assert restriction.holds == [{"code": "open_order", "until": None}]
        assert restriction.until is None
        assert not Suppression.objects.filter(customer_id=kept.pk).exists()
        assert not OutboxEvent.objects.filter(type="customer.redact").exists()

    # Restricted: hidden whole in the order list (the share link's orders and the customer
    # list read the same rows), left out of the export; another customer is shown as before.
    listed = {
        row["id"]: (row["customer_name"], row["customer_phone"])
        for row in demo_owner.get("/api/platform/backendOrderList", {}).data["list"]
    }
    assert listed[order.id] == ("***", "***")
    assert listed[other.id] == ("张*", "137****0175")
    exported = [row[0] for row in _export_rows(demo_owner, django_capture_on_commit_callbacks)]
    assert other.no in exported and order.no not in exported


def _ended_long_ago(demo, order_id: int) -> None:
    """The lease ended, settled, four years ago (a compressed clock); its parcel had gone to
    the customer's address."""
    with tenant_context(demo):
        long_ago = timezone.now() - timedelta(days=4 * 366)
        Order.objects.filter(pk=order_id).update(
            status="completed",
            stage="finished",
            finished_at=long_ago,
            status_changed_at=long_ago,
            owed_amount=Decimal("0.00"),
        )
        Shipment.objects.filter(order_id=order_id).update(receiver=RECEIVER)


def test_a_deletion_nothing_holds_erases_the_customer_everywhere_once(demo, demo_owner, app, offer):
    order, id_number = _lease(demo, demo_owner, app, offer, seed=72)
    _ended_long_ago(demo, order.id)
    request = _request(demo_owner, id_number.lower())
    assert request["deletion"]["holds"] == [] and request["deletion"]["erasable"]
    assert demo_owner.post(RESTRICT, {"id": request["id"]}).code == 409  # nothing to hold

    with receiver() as (url, script):
        hooked = demo_owner.post(
            "/api/backend/createWebhookEndpoint", {"url": url, "event_types": ["customer.redact"]}
        )
        assert hooked.ok, hooked
        erased = demo_owner.post(ERASE, {"id": request["id"]})
        assert erased.ok, erased
        with tenant_context(demo):
            relay_run()
        connection.set_schema_to_public()
        # The shop's systems are told to delete their copies: the customer's opaque id only.
        ((headers, body),) = script.seen
        told = Webhook(hooked.data["secret"]).verify(body, headers)
        assert told["type"] == "customer.redact"
        assert list(told["data"]) == ["customer_id"], told
        assert str(told["data"]["customer_id"]) == str(told["object"]["id"])
        assert told["object"]["type"] == "customer"
    assert erased.data["status"] == "completed"
    assert erased.data["deletion"]["restriction"]["status"] == "erased"
    with tenant_context(demo):
        person = Customer.objects.get(orders__pk=order.id)
        assert (person.name, person.phone, person.id_number) == ("张*", "", "")
        assert person.erased_at is not None and len(person.phone_hash) == 64
        assert Shipment.objects.get(order_id=order.id).receiver == {
            "province": "浙江省",
            "city": "杭州市",
        }
        index = OrderIndex.objects.get(merchant_id=demo.pk, order_id=order.id)
        assert (index.customer_name, index.customer_phone) == ("张*", "")
        assert sorted(Suppression.objects.values_list("kind", flat=True)) == [
            "id_number",
            "phone",
        ]
        event = OutboxEvent.objects.get(type="customer.redact")
        assert event.data == {"customer_id": person.pk}
        assert (
            AuditEntry.objects.filter(action="customer.erase", target_id=str(person.pk)).count()
            == 1
        )
        # The books keep the order's money with no personal field reachable from them.
        journals = Journal.objects.filter(order_id=order.id)
        assert journals.exists()
        books = json.dumps(
            [list(journals.values()), list(Entry.objects.filter(journal__in=journals).values())],
            default=str,
            ensure_ascii=False,
        )
        for personal in ("张三", PHONE, id_number, id_number.lower(), "文三路"):
            assert personal not in books
        # Nor from anything of the shop's that names the customer by id.
        customer_rows = json.dumps(
            list(Customer.objects.filter(pk=person.pk).values()), default=str, ensure_ascii=False
        )
        assert PHONE not in customer_rows and id_number not in customer_rows
        changed_at = person.updated_at

    # A second request by the same ID number finds the erased customer: nothing changes.
    again = _request(demo_owner, id_number)
    second = demo_owner.post(ERASE, {"id": again["id"]})
    assert second.ok, second
    assert "此前已删除" in second.data["outcome"]
    with tenant_context(demo):
        assert Customer.objects.get(pk=person.pk).updated_at == changed_at
        assert OutboxEvent.objects.filter(type="customer.redact").count() == 1
        assert Suppression.objects.count() == 2
        assert not PrivacyRequest.objects.exclude(lookup_phone="").exists()


def test_the_suppression_list_keeps_the_intake_from_bringing_an_erased_customer_back(
    demo, demo_owner, app, offer
):
    order, id_number = _lease(demo, demo_owner, app, offer, seed=73)
    _ended_long_ago(demo, order.id)
    request = _request(demo_owner, id_number)
    assert demo_owner.post(ERASE, {"id": request["id"]}).ok
    with tenant_context(demo):
        orders_before = Order.objects.count()

    back = place(app, offer, key="erase-back-0001", phone="13800000073", seed=73)
    assert back.code == 1666, back
    assert "删除" in back.msg
    with tenant_context(demo):
        assert Order.objects.count() == orders_before
        person = Customer.objects.get(pk=Customer.objects.get(orders__pk=order.id).pk)
        assert (person.name, person.phone) == ("张*", "")  # not brought back

    # The phone alone does not refuse another person: a number is reassigned by its carrier.
    other = place(app, offer, key="erase-other-0001", phone=PHONE, seed=74)
    assert other.ok, other
