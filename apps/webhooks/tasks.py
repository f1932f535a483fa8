"""The schema's webhook relay (`services.relay_run`), queued after each commit that wrote
an event and by the periodic sweep (`tenants.webhooks_sweep`) when a retry is due."""

from __future__ import annotations

import logging

from django.utils import timezone

from zulin.celery import app
from zulin.core.db import tenant_connection

from . import services
from .projection import due_project

log = logging.getLogger("zulin.task")


@app.task(name="webhooks.relay")
def webhooks_relay() -> dict[str, object]:
    result = services.relay_run()
    log.info("webhooks.relay %s: %s", tenant_connection.schema_name, result)
    return {"schema": tenant_connection.schema_name, **result}


def relay_send() -> None:
    """Queues this schema's relay (the schema travels with the task). With the broker down
    the merchant is marked due now (`WebhookDue`), so the sweep relays what this send left
    behind once the broker is back."""
    if tenant_connection.schema_name == "public":
        return
    try:
        webhooks_relay.delay()
    except Exception:
        log.warning(
            "webhooks.relay of %s not queued; left to the sweep", tenant_connection.schema_name
        )
        due_project(timezone.now())


@app.task(name="webhooks.prune")
def webhooks_prune() -> dict[str, object]:
    """The night's pruning of the webhook history older than 30 days."""
    result = services.history_prune()
    log.info("webhooks.prune %s: %s", tenant_connection.schema_name, result)
    return {"schema": tenant_connection.schema_name, **result}
