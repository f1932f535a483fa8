"""The shop's webhook calls as its owner uses them: an endpoint made with its secret shown
once, a ping to it delivered and listed with its attempt, a roll, a redelivery, bad input
refused with nothing changed, and no one else — another role, another shop — reaching it."""

from __future__ import annotations

from django.db import connection
from django_tenants.utils import tenant_context
from standardwebhooks import Webhook

from apps.subshops.tests.factories import sign_in, staff_make
from apps.webhooks import services
from apps.webhooks.models import WebhookEndpoint
from tests.webhook_receiver import receiver
from zulin.audit.models import AuditEntry

B = "/api/backend/"


def _relay(merchant) -> None:
    with tenant_context(merchant):
        services.relay_run()
    connection.set_schema_to_public()


def test_the_owner_makes_an_endpoint_tests_it_and_reads_its_deliveries(demo, demo_owner):
    with receiver() as (url, script):
        made = demo_owner.post(
            B + "createWebhookEndpoint",
            {"url": url, "event_types": ["order.created", "bill.paid"], "description": "ERP"},
        )
        assert made.ok, made
        endpoint_id, secret = made.data["id"], made.data["secret"]
        assert secret.startswith("whsec_") and made.data["event_types"] == [
            "bill.paid",
            "order.created",
        ]
        listed = demo_owner.get(B + "getWebhookEndpoints").data
        assert [e["id"] for e in listed] == [endpoint_id]
        assert all("secret" not in e for e in listed)

        pinged = demo_owner.post(B + "testWebhookEndpoint", {"id": endpoint_id})
        assert pinged.ok and pinged.data["status"] == "pending"
        _relay(demo)
        ((headers, body),) = script.seen
        assert Webhook(secret).verify(body, headers)["type"] == "ping"
        page = demo_owner.get(B + "getWebhookDeliveries", endpoint_id=endpoint_id).data
        assert page["total"] == 1 and len(page["list"]) == 1
        (delivery,) = page["list"]
        assert delivery["status"] == "delivered" and delivery["event_type"] == "ping"
        assert delivery["tries"][0]["status_code"] == 200
        assert delivery["tries"][0]["response_excerpt"] == "answer of the receiver"

        rolled = demo_owner.post(B + "rollWebhookSecret", {"id": endpoint_id})
        assert rolled.ok and rolled.data["secret"] != secret and rolled.data["rolling_until"]
        again = demo_owner.post(B + "redeliverWebhook", {"delivery_id": delivery["id"]})
        assert again.ok and again.data == {"count": 1}
        _relay(demo)
        headers, body = script.seen[-1]
        assert headers["webhook-id"] == script.seen[0][0]["webhook-id"]
        assert Webhook(secret).verify(body, headers) == Webhook(rolled.data["secret"]).verify(
            body, headers
        )

        off = demo_owner.post(B + "updateWebhookEndpoint", {"id": endpoint_id, "enabled": False})
        assert off.ok and off.data["enabled"] is False
        refused = demo_owner.post(B + "testWebhookEndpoint", {"id": endpoint_id})
        assert refused.code == 409
        assert demo_owner.post(B + "deleteWebhookEndpoint", {"id": endpoint_id}).ok
        assert demo_owner.get(B + "getWebhookEndpoints").data == []
    with tenant_context(demo):
        actions = sorted(
            AuditEntry.objects.filter(action__startswith="webhook.").values_list(
                "action", flat=True
            )
        )
    connection.set_schema_to_public()
    assert actions == [
        "webhook.endpoint_created",
        "webhook.endpoint_deleted",
        "webhook.endpoint_secret_rolled",
        "webhook.endpoint_updated",
        "webhook.redelivered",
    ]


def test_bad_input_is_refused_and_changes_nothing(demo, demo_owner, settings):
    cases = [
        {"url": "ftp://hooks.example.com/x", "event_types": []},
        {"url": "https://hooks.example.com/x", "event_types": ["order.eaten"]},
        {"url": "https://user:pw@hooks.example.com/x", "event_types": []},
    ]
    for body in cases:
        answer = demo_owner.post(B + "createWebhookEndpoint", body)
        assert answer.code == 400, (body, answer)
    settings.WEBHOOKS_REQUIRE_HTTPS = True
    plain = demo_owner.post(B + "createWebhookEndpoint", {"url": "http://hooks.example.com/"})
    assert plain.code == 400
    with tenant_context(demo):
        assert not WebhookEndpoint.objects.exists()
    connection.set_schema_to_public()
    assert demo_owner.post(B + "redeliverWebhook", {}).code == 400
    assert demo_owner.post(B + "redeliverWebhook", {"delivery_id": 987654}).code == 404
    assert demo_owner.post(B + "rollWebhookSecret", {"id": 987654}).code == 404


def test_no_other_role_or_shop_reaches_an_endpoint(demo, demo_owner, acme, acme_owner):
    made = demo_owner.post(B + "createWebhookEndpoint", {"url": "https://hooks.example.com/"})
    assert made.ok
    staff_make(demo_owner, "audrey", ["auditor"])
    auditor = sign_in("demo.localhost", "audrey")
    assert auditor.get(B + "getWebhookEndpoints").code == 403
    assert auditor.post(B + "rollWebhookSecret", {"id": made.data["id"]}).code == 403
    # Another shop's owner names the id: it is not in that shop's schema.
    assert acme_owner.get(B + "getWebhookEndpoints").data == []
    assert acme_owner.post(B + "rollWebhookSecret", {"id": made.data["id"]}).code == 404
    assert acme_owner.post(B + "deleteWebhookEndpoint", {"id": made.data["id"]}).code == 404
    assert len(demo_owner.get(B + "getWebhookEndpoints").data) == 1
