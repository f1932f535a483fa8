"""Webhooks as a merchant's receiver sees them (docs/webhooks.md): an event for every
committed change and none for a rolled-back one, signed deliveries verified with the
Standard Webhooks package on the raw body, the retry schedule, 410 and 429, redelivery, a
roll with both signatures, and a worker killed mid-send delivering at least once."""

from __future__ import annotations

import time
from datetime import timedelta

import orjson
import pytest
from django.db import connection, transaction
from django.test import override_settings
from django.utils import timezone
from django_tenants.utils import tenant_context
from standardwebhooks import Webhook

from apps.orders.models import Order
from apps.webhooks import selectors, services
from apps.webhooks.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint
from tenants.merchants.models import WebhookDue
from tests.leases import place, placed
from tests.webhook_receiver import receiver
from zulin.outbox.models import OutboxEvent
from zulin.providers.models import SandboxSmsMessage

Status = WebhookDelivery.Status


def _due_now() -> None:
    """The compressed clock: every pending delivery is due now."""
    WebhookDelivery.objects.filter(status=Status.PENDING).update(
        next_attempt_at=timezone.now() - timedelta(seconds=1)
    )


def test_a_placed_order_is_delivered_signed_and_verifiable_on_its_raw_body(demo, app, offer):
    with receiver((204, {}, 0)) as (url, script):
        with tenant_context(demo):
            endpoint = services.endpoint_create(url=url, event_types=["order.created"])
        order = placed(demo, place(app, offer, key="hook-0001"))
        with tenant_context(demo):
            result = services.relay_run()
            event = OutboxEvent.objects.get(type="order.created", object_id=str(order.id))
            delivery = WebhookDelivery.objects.get(event=event)
        connection.set_schema_to_public()
    assert result["delivered"] == 1 and delivery.status == Status.DELIVERED
    ((headers, body),) = script.seen
    payload = Webhook(endpoint.secret).verify(body, headers)
    assert headers["webhook-id"] == event.event_id == payload["id"]
    assert payload["type"] == "order.created" and payload["merchant_id"] == demo.pk
    assert payload["timestamp"].endswith("+08:00")
    assert payload["data"]["order_no"] == order.no and payload["object"]["version"] == 1
    assert payload["sequence"] == event.pk
    # Only the type it asked for: the order's other events were not sent to it.
    assert len(script.seen) == 1


def test_a_rolled_back_change_writes_no_event_and_a_committed_one_always_does(demo, app, offer):
    order = placed(demo, place(app, offer, key="hook-0002"))
    with tenant_context(demo):
        before = OutboxEvent.objects.count()
        row = Order.objects.get(pk=order.id)
        with pytest.raises(RuntimeError), transaction.atomic():
            from apps.orders.moves import order_move

            order_move(row, action="close", actor=None, reason="试一下")
            assert OutboxEvent.objects.count() == before + 1
            raise RuntimeError("the change is rolled back")
        assert OutboxEvent.objects.count() == before
    connection.set_schema_to_public()


def test_an_event_written_outside_a_transaction_is_refused(demo, monkeypatch):
    """An event written on its own could outlive a rolled-back change: refused."""
    from django.db import connections

    from zulin.outbox.services import event_emit

    with tenant_context(demo):
        monkeypatch.setattr(connections["default"], "in_atomic_block", False)
        with pytest.raises(RuntimeError, match="inside the transaction"):
            event_emit("ping", merchant_id=demo.pk, object_type="x", object_id=1, data={})
        monkeypatch.undo()
        assert not OutboxEvent.objects.filter(object_type="x").exists()
    connection.set_schema_to_public()


def test_a_failing_receiver_is_retried_on_the_schedule_then_failed_and_redelivered(
    demo, app, offer
):
    with receiver((500, {}, 0), (503, {"retry-after": "120"}, 0)) as (url, script):
        script.otherwise = (500, {}, 0)
        with tenant_context(demo):
            endpoint = services.endpoint_create(url=url, event_types=["order.created"])
        placed(demo, place(app, offer, key="hook-0003"))
        with tenant_context(demo):
            started = timezone.now()
            services.relay_run()
            delivery = WebhookDelivery.objects.get(endpoint=endpoint)
            # First failure: the next attempt about 5 seconds later (±20 %).
            wait = (delivery.next_attempt_at - started).total_seconds()
            assert delivery.status == Status.PENDING and 3.5 <= wait <= 6.5
            assert WebhookDue.objects.get(merchant=demo).due_at == delivery.next_attempt_at
            _due_now()
            services.relay_run()
            delivery.refresh_from_db()
            # 503 with Retry-After 120: at least two minutes (the schedule said 5 min ±20 %).
            assert (delivery.next_attempt_at - timezone.now()).total_seconds() >= 119
            for _ in range(10):
                _due_now()
                services.relay_run()
            delivery.refresh_from_db()
            assert delivery.status == Status.FAILED and delivery.attempts == 8
            assert delivery.next_attempt_at is None
            assert WebhookAttempt.objects.filter(delivery=delivery).count() == 8
            assert not WebhookDue.objects.filter(merchant=demo).exists()
            # The receiver is fixed: everything failed since the start is sent again.
            script.otherwise = (200, {}, 0)
            assert services.redeliver(endpoint_id=endpoint.pk, failed_since=started) == 1
            services.relay_run()
            delivery.refresh_from_db()
            [row] = selectors.delivery_page(
                endpoint_id=endpoint.pk, status="", page=1, page_size=10
            )["list"]
        connection.set_schema_to_public()
    assert delivery.status == Status.DELIVERED
    assert len(script.seen) == 9
    # The screen numbers the attempts across the redelivery: 1–8 failed, the 9th delivered.
    assert row["attempts"] == 9
    assert [t["number"] for t in row["tries"]] == list(range(1, 10))
    assert [t["status_code"] for t in row["tries"]][-2:] == [500, 200]
    assert len({headers["webhook-id"] for headers, _ in script.seen}) == 1


def test_a_410_disables_the_endpoint_and_a_roll_signs_with_both_secrets(demo, app, offer):
    with receiver((410, {}, 0)) as (url, script):
        with tenant_context(demo):
            gone = services.endpoint_create(url=url, event_types=[])
            services.ping_send(gone)
            services.relay_run()
            gone.refresh_from_db()
            assert not gone.enabled and "410" in gone.disabled_reason
            live = services.endpoint_create(url=url, event_types=[])
            old = live.secret
            new = services.endpoint_secret_roll(live.pk).secret
            script.otherwise = (200, {}, 0)
            services.ping_send(live)
            services.relay_run()
        connection.set_schema_to_public()
    headers, body = script.seen[-1]
    assert headers["webhook-signature"].count("v1,") == 2
    assert Webhook(old).verify(body, headers)["type"] == "ping"
    assert Webhook(new).verify(body, headers)["type"] == "ping"


def test_an_endpoint_failing_for_five_days_is_disabled_and_its_owner_told(
    demo, django_capture_on_commit_callbacks
):
    demo.contact_phone = "13900001234"
    demo.save(update_fields=["contact_phone"])
    with receiver() as (url, script):
        script.otherwise = (500, {}, 0)
        with tenant_context(demo):
            endpoint = services.endpoint_create(url=url, event_types=[])
            WebhookEndpoint.objects.filter(pk=endpoint.pk).update(
                failing_since=timezone.now() - timedelta(days=5, minutes=1)
            )
            services.ping_send(endpoint)
            with django_capture_on_commit_callbacks(execute=True):
                services.relay_run()
            endpoint.refresh_from_db()
            from zulin.audit.models import AuditEntry

            told = AuditEntry.objects.filter(
                action="webhook.endpoint_disabled", target_id=str(endpoint.pk)
            ).exists()
        connection.set_schema_to_public()
    assert not endpoint.enabled and "5 days" in endpoint.disabled_reason and told
    texts = SandboxSmsMessage.objects.filter(phone="13900001234", template="webhook_disabled")
    assert [m.params["reason"] for m in texts] == ["连续 5 天投递失败"]


def test_a_worker_killed_mid_send_leaves_the_delivery_to_be_sent_again(demo):
    with receiver() as (url, script):
        with tenant_context(demo):
            endpoint = services.endpoint_create(url=url, event_types=[])
            services.ping_send(endpoint)
            # A worker claims the delivery and dies before it records anything.
            claimed = services._claim(timezone.now(), 10)
            assert [d.endpoint_id for d in claimed] == [endpoint.pk]
            assert services.deliveries_send().delivered == 0  # held by the dead worker
            later = timezone.now() + timedelta(seconds=services.CLAIM_SECONDS + 1)
            assert services.deliveries_send(now=later).delivered == 1
            delivery = WebhookDelivery.objects.get(endpoint=endpoint)
        connection.set_schema_to_public()
    assert delivery.status == Status.DELIVERED and len(script.seen) == 1
    envelope = orjson.loads(script.seen[0][1])
    assert envelope["type"] == "ping" and envelope["data"]["endpoint_id"] == endpoint.pk


def test_a_bill_paid_at_signing_is_an_event_with_the_bill_as_paid(demo, demo_owner, app, offer):
    from tests.leases import awaiting_shipment

    with receiver() as (url, script):
        with tenant_context(demo):
            endpoint = services.endpoint_create(url=url, event_types=["bill.paid"])
        order = awaiting_shipment(demo, demo_owner, app, offer)
        with tenant_context(demo):
            services.relay_run()
            events = list(OutboxEvent.objects.filter(type="bill.paid").order_by("id"))
        connection.set_schema_to_public()
    assert [e.data["order_id"] for e in events] == [order.id]
    assert events[0].data["period"] == 1 and events[0].data["status"] == "paid"
    ((headers, body),) = script.seen
    payload = Webhook(endpoint.secret).verify(body, headers)
    assert payload["type"] == "bill.paid" and payload["object"]["type"] == "bill"


def test_a_new_endpoint_receives_what_happens_from_then_on_never_a_backlog(demo, app, offer):
    with receiver() as (url, script):
        first = placed(demo, place(app, offer, key="hook-0010"))
        with tenant_context(demo):
            # The first order's event waits unrelayed when the endpoint is made.
            WebhookEndpoint.objects.all().delete()
            OutboxEvent.objects.update(relayed_at=None)
            services.endpoint_create(url=url, event_types=["order.created"])
        second = placed(demo, place(app, offer, key="hook-0011", seed=1, phone="13912345679"))
        with tenant_context(demo):
            services.relay_run()
        connection.set_schema_to_public()
    numbers = [orjson.loads(body)["data"]["order_no"] for _, body in script.seen]
    assert numbers == [second.no] and first.no not in numbers


def test_history_past_thirty_days_is_pruned_and_a_version_never_goes_back(demo):
    with receiver() as (url, script):
        with tenant_context(demo):
            endpoint = services.endpoint_create(url=url, event_types=[])
            services.ping_send(endpoint)
            services.relay_run()
            script.otherwise = (500, {}, 0)
            services.ping_send(endpoint)
            services.relay_run()
            old = timezone.now() - timedelta(days=31)
            WebhookDelivery.objects.update(created_at=old)
            OutboxEvent.objects.update(relayed_at=old)
            pruned = services.history_prune()
            left = list(WebhookDelivery.objects.values_list("status", flat=True))
            versions = list(OutboxEvent.objects.values_list("object_version", flat=True))
            again = services.ping_send(endpoint)
            again.event.refresh_from_db()
        connection.set_schema_to_public()
    # The delivered ping went with its event and attempt; the one still being retried stays.
    assert pruned == {"deliveries": 1, "events": 1}
    assert left == ["pending"] and versions == [2]
    assert again.event.object_version == 3


def test_a_relay_the_broker_could_not_take_is_left_to_the_sweep(demo, monkeypatch):
    """The broker down after a commit: the merchant is marked due, and the sweep queues its
    relay once the broker answers again."""
    from apps.webhooks import tasks
    from tenants.merchants.tasks import webhooks_sweep

    def broker_down() -> None:
        raise ConnectionError("the broker does not answer")

    monkeypatch.setattr(tasks.webhooks_relay, "delay", broker_down)
    with tenant_context(demo):
        tasks.relay_send()
    connection.set_schema_to_public()
    due = WebhookDue.objects.get(merchant=demo)
    assert due.due_at <= timezone.now()
    sent: list[tuple[str, str]] = []
    monkeypatch.setattr(
        "tenants.merchants.tasks.app.send_task",
        lambda name, *args, **kwargs: sent.append((name, connection.schema_name)),
    )
    assert webhooks_sweep() == 1
    assert sent == [("webhooks.relay", demo.schema_name)]


def test_a_burst_of_commits_queues_one_relay_until_it_starts(demo, monkeypatch):
    """Each commit with an event asks for the relay; while one is queued and not started, it
    covers the later commits too. Once it starts, the next commit queues the next."""
    from apps.webhooks import tasks

    queued: list[str] = []
    monkeypatch.setattr(
        tasks.webhooks_relay, "delay", lambda: queued.append(connection.schema_name)
    )
    monkeypatch.setattr(services, "relay_run", lambda: {"events": 0})
    with tenant_context(demo):
        for _ in range(5):
            tasks.relay_send()
        assert queued == [demo.schema_name]

        tasks.webhooks_relay()  # the relay starts
        tasks.relay_send()
        tasks.relay_send()
    connection.set_schema_to_public()

    assert queued == [demo.schema_name] * 2


def test_without_redis_every_commit_queues_its_relay(demo, monkeypatch):
    from apps.webhooks import tasks
    from zulin.core.cache import circuit

    queued: list[str] = []
    monkeypatch.setattr(
        tasks.webhooks_relay, "delay", lambda: queued.append(connection.schema_name)
    )
    monkeypatch.setattr(circuit, "open_until", time.monotonic() + 60)
    with tenant_context(demo):
        for _ in range(3):
            tasks.relay_send()
    connection.set_schema_to_public()

    assert len(queued) == 3


def test_a_410_in_a_batch_fails_what_the_batch_left_pending_for_its_endpoint(demo):
    """Attempts that end together are recorded together: a 500 then a 410 of one endpoint
    leave the endpoint disabled and neither delivery waiting for a retry."""
    from zulin.webhooks.sender import Outcome

    with tenant_context(demo):
        endpoint = services.endpoint_create(url="https://hooks.example.com/a", event_types=[])
        first, second = services.ping_send(endpoint), services.ping_send(endpoint)
        started = timezone.now()

        statuses = services.attempts_record(
            [
                (first.pk, Outcome(status_code=500, duration_ms=3), started),
                (second.pk, Outcome(status_code=410, duration_ms=3), started),
            ]
        )

        endpoint.refresh_from_db()
        rows = {d.pk: d for d in WebhookDelivery.objects.filter(pk__in=[first.pk, second.pk])}
        attempts = WebhookAttempt.objects.filter(delivery__in=rows.values()).count()
    connection.set_schema_to_public()
    assert statuses == ["failed", "failed"]
    assert not endpoint.enabled and "410" in endpoint.disabled_reason
    assert [(rows[d.pk].status, rows[d.pk].next_attempt_at) for d in (first, second)] == [
        ("failed", None),
        ("failed", None),
    ]
    assert attempts == 2


def test_a_success_after_failures_clears_the_endpoints_failing_time(demo):
    from zulin.webhooks.sender import Outcome

    with tenant_context(demo):
        endpoint = services.endpoint_create(url="https://hooks.example.com/b", event_types=[])
        first, second = services.ping_send(endpoint), services.ping_send(endpoint)
        started = timezone.now()
        services.attempts_record([(first.pk, Outcome(status_code=500, duration_ms=3), started)])
        endpoint.refresh_from_db()
        failing = endpoint.failing_since

        services.attempts_record([(second.pk, Outcome(status_code=204, duration_ms=3), started)])

        endpoint.refresh_from_db()
    connection.set_schema_to_public()
    assert failing == started and endpoint.failing_since is None and endpoint.enabled


def test_a_private_receiver_is_reached_only_by_the_merchant_the_platform_allowed_it(
    demo, admin_client
):
    """An on-premise receiver at 10.20.3.4: refused (no connection made) until the platform
    allows the demo shop 10.20.0.0/16; allowed then for the demo shop alone, never for acme."""
    from tenants.merchants.models import Merchant
    from zulin.webhooks.addresses import AddressRefused, address_check

    def resolver(host: str, port: int) -> list[str]:
        return ["10.20.3.4"]

    with tenant_context(demo):
        endpoint = services.endpoint_create(url="https://10.20.3.4/hook", event_types=[])
        services.ping_send(endpoint)
        _due_now()
        with override_settings(WEBHOOKS_ALLOW_LOOPBACK=False):
            sent = services.deliveries_send()
        refused = WebhookAttempt.objects.get(delivery__endpoint=endpoint)
    connection.set_schema_to_public()
    assert sent.retried == 1
    assert refused.status_code is None and "(private): refused" in refused.error

    answer = admin_client.post(
        "/api/platform/setWebhookNetworks",
        {"id": demo.pk, "networks": ["10.20.0.0/16"], "reason": "门店内网 ERP"},
    )
    assert answer.code == 200, answer

    with tenant_context(demo):
        allowed = services.allowed_networks()
    acme = Merchant.objects.get(slug="acme")
    with tenant_context(acme):
        acme_allowed = services.allowed_networks()
    connection.set_schema_to_public()
    assert address_check("erp.demo.internal", 443, resolver=resolver, allowed=allowed).address == (
        "10.20.3.4"
    )
    with pytest.raises(AddressRefused):
        address_check("erp.acme.internal", 443, resolver=resolver, allowed=acme_allowed)
    with pytest.raises(AddressRefused):
        address_check("erp.demo.internal", 443, resolver=resolver, allowed=())
