"""The one public row webhooks writes: when this merchant's next delivery is due
(`tenants.merchants.WebhookDue`), read by the periodic sweep."""

from __future__ import annotations

from datetime import datetime

from tenants.merchants.models import WebhookDue
from zulin.core.db import tenant_connection


def due_project(due_at: datetime | None) -> None:
    merchant_id = int(tenant_connection.tenant.pk)
    if due_at is None:
        WebhookDue.objects.filter(merchant_id=merchant_id).delete()
    else:
        WebhookDue.objects.update_or_create(merchant_id=merchant_id, defaults={"due_at": due_at})
