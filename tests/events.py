"""What a merchant's outbox holds, for the domains' tests of the events their changes write
(docs/webhooks.md)."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django_tenants.utils import tenant_context

from zulin.outbox.models import OutboxEvent


def events_of(merchant: Any, type: str, object_id: Any = None) -> list[dict[str, Any]]:
    """The `data` of each `type` event in the merchant's outbox, oldest first (of one object
    when `object_id` is given), with its object version under `_version`."""
    with tenant_context(merchant):
        rows = OutboxEvent.objects.filter(type=type)
        if object_id is not None:
            rows = rows.filter(object_id=str(object_id))
        found = [{**row.data, "_version": row.object_version} for row in rows.order_by("id")]
    connection.set_schema_to_public()
    return found
