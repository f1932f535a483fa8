"""A withdrawal's events (docs/webhooks.md): written into the public outbox, keyed by its
merchant, in the transaction of each change; forwarded into the merchant's own outbox, where
they take its sequence and reach its endpoints like its own; forwarded at least once and
never twice; a rolled-back change writes none."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection, transaction
from django_tenants.utils import get_public_schema_name, schema_context, tenant_context
from standardwebhooks import Webhook

from apps.webhooks import services as webhooks
from tenants.finance.models import Withdrawal
from tenants.finance.services import withdrawal_operate
from tenants.merchants.outbox import public_events_forward
from tests.events import events_of
from tests.fixtures import session_of
from tests.webhook_receiver import receiver
from zulin.outbox.models import OutboxEvent

from .support import APPLY, OPERATE


def _public_events(merchant_id: int) -> list[OutboxEvent]:
    with schema_context(get_public_schema_name()):
        return list(OutboxEvent.objects.filter(merchant_id=merchant_id).order_by("id"))


def test_a_withdrawal_is_told_to_the_merchants_endpoint_from_the_public_outbox(
    demo, demo_owner, cash, admin_client
):
    with receiver() as (url, script):
        with tenant_context(demo):
            endpoint = webhooks.endpoint_create(url=url, event_types=["withdrawal.changed"])
        connection.set_schema_to_public()
        applied = demo_owner.post(APPLY, {"amount": "30.00", "idempotency_key": "wd-ev-01"}).data
        admin_client.post(OPERATE, {"id": applied["id"], "action": "reject", "reason": "账户有误"})

        # Both changes wait in public, keyed by the merchant, not yet in its outbox.
        public = _public_events(demo.pk)
        assert [(e.type, e.data["action"], e.relayed_at) for e in public] == [
            ("withdrawal.changed", "apply", None),
            ("withdrawal.changed", "reject", None),
        ]
        assert events_of(demo, "withdrawal.changed") == []

        assert public_events_forward() == 2
        # Forwarded again (a forwarder stopped before marking them): nothing twice.
        with schema_context(get_public_schema_name()):
            OutboxEvent.objects.filter(merchant_id=demo.pk).update(relayed_at=None)
        assert public_events_forward() == 2
        assert public_events_forward() == 0

        with tenant_context(demo):
            own = list(OutboxEvent.objects.filter(type="withdrawal.changed").order_by("id"))
            webhooks.relay_run()
        connection.set_schema_to_public()

    # The merchant's outbox holds each event once, with public's id and version.
    assert [e.event_id for e in own] == [e.event_id for e in public]
    assert [(e.data["status"], e.object_version) for e in own] == [("pending", 1), ("rejected", 2)]
    assert own[0].pk < own[1].pk and own[1].data["reject_reason"] == "账户有误"
    assert own[1].data["amount"] == "30.00" and own[1].data["previous_status"] == "pending"
    # Delivered, signed, in the merchant's sequence.
    assert len(script.seen) == 2
    payloads = [Webhook(endpoint.secret).verify(body, headers) for headers, body in script.seen]
    assert {p["id"] for p in payloads} == {e.event_id for e in own}
    assert {p["sequence"] for p in payloads} == {e.pk for e in own}
    assert {p["merchant_id"] for p in payloads} == {demo.pk}


def test_a_rolled_back_withdrawal_change_writes_no_event(demo, demo_owner, cash, admin_client):
    applied = demo_owner.post(APPLY, {"amount": "20.00", "idempotency_key": "wd-ev-02"}).data
    before = len(_public_events(demo.pk))
    operator = session_of(admin_client)

    with pytest.raises(RuntimeError), transaction.atomic():
        withdrawal_operate(
            actor=operator, withdrawal_id=applied["id"], approve=False, reason="试一下"
        )
        assert len(_public_events(demo.pk)) == before + 1
        raise RuntimeError("the change is rolled back")

    assert len(_public_events(demo.pk)) == before
    assert Withdrawal.objects.get(pk=applied["id"]).amount == Decimal("20.00")
