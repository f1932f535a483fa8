"""The schema's webhook relay (`services.relay_run`), queued after each commit that wrote
an event and by the periodic sweep (`tenants.webhooks_sweep`) when a retry is due."""

from __future__ import annotations

import logging

from zulin.celery import app
from zulin.core.db import tenant_connection

from . import services

log = logging.getLogger("zulin.task")


@app.task(name="webhooks.relay")
def webhooks_relay() -> dict[str, object]:
    result = services.relay_run()
    log.info("webhooks.relay %s: %s", tenant_connection.schema_name, result)
    return {"schema": tenant_connection.schema_name, **result}


def relay_send() -> None:
    """Queues this schema's relay (the schema travels with the task)."""
    if tenant_connection.schema_name == "public":
        return
    try:
        webhooks_relay.delay()
    except Exception:  # the broker down: the sweep relays what this send left behind
        log.warning(
            "webhooks.relay of %s not queued; the sweep catches up", tenant_connection.schema_name
        )


@app.task(name="webhooks.prune")
def webhooks_prune() -> dict[str, object]:
    """The night's pruning of the webhook history older than 30 days."""
    result = services.history_prune()
    log.info("webhooks.prune %s: %s", tenant_connection.schema_name, result)
    return {"schema": tenant_connection.schema_name, **result}
