"""The public schema's outbox handed to each merchant's own (docs/webhooks.md).

What lives in public (withdrawals, risk recharges) writes its events into public's outbox,
keyed by merchant, in the transaction of the change. The forwarder copies each merchant's
new public events into that merchant's outbox (`zulin.outbox.services.events_adopt`, one
transaction in its schema), where they take the merchant's sequence and are fanned out to
its endpoints like its own, then marks them forwarded in public. A forwarder stopped between
the two copies them again, and the copy already there is kept: at least once, never twice.
Queued after each commit that wrote a public event; the sweep (`tenants.webhooks_sweep`)
forwards what a lost send left behind."""

from __future__ import annotations

from collections import defaultdict
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django_tenants.utils import tenant_context

from zulin.core.db import tenant_connection
from zulin.outbox.models import OutboxEvent
from zulin.outbox.services import events_adopt

from .models import Merchant

BATCH = 500
# The sweep leaves a public event this young to the forwarder its commit queued.
SWEEP_AFTER = timedelta(seconds=10)


def public_events_forward(*, limit: int = BATCH, older_than: timedelta | None = None) -> int:
    """Forwards up to `limit` public events not yet forwarded, oldest first (those older than
    `older_than` only, for the sweep); answers how many were forwarded."""
    tenant_connection.set_schema_to_public()
    pending = OutboxEvent.objects.filter(relayed_at__isnull=True).order_by("id")
    if older_than is not None:
        pending = pending.filter(occurred_at__lt=timezone.now() - older_than)
    by_merchant: dict[int, list[OutboxEvent]] = defaultdict(list)
    for event in pending[:limit]:
        by_merchant[event.merchant_id].append(event)
    forwarded: list[int] = []
    for merchant in Merchant.objects.filter(pk__in=by_merchant):
        events = by_merchant[merchant.pk]
        with tenant_context(merchant), transaction.atomic():
            events_adopt(events)
        forwarded += [event.pk for event in events]
    tenant_connection.set_schema_to_public()
    OutboxEvent.objects.filter(pk__in=forwarded).update(relayed_at=timezone.now())
    return len(forwarded)
