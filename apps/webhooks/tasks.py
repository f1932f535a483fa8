"""The schema's webhook relay (`services.relay_run`), queued after a commit that wrote an
event (once per burst: `relay_send`) and by the periodic sweep (`tenants.webhooks_sweep`)
when a retry is due."""

from __future__ import annotations

import logging

from django.core.cache import cache
from django.utils import timezone

from zulin.celery import app
from zulin.core.cache import cache_available
from zulin.core.db import tenant_connection

from . import services
from .projection import due_project

log = logging.getLogger("zulin.task")


# A relay queued and not yet started covers every event committed before it starts: a burst
# of commits queues one relay, not one each (the flag is dropped as the relay starts, so an
# event committed after that queues the next). The flag lapses on its own after
# QUEUED_SECONDS, should its relay be lost with a worker; the sweep catches up either way.
QUEUED_SECONDS = 5


def _queued_flag() -> str:
    return f"webhooks:relay-queued:{tenant_connection.schema_name}"


@app.task(name="webhooks.relay")
def webhooks_relay() -> dict[str, object]:
    cache.delete(_queued_flag())
    result = services.relay_run()
    log.info("webhooks.relay %s: %s", tenant_connection.schema_name, result)
    return {"schema": tenant_connection.schema_name, **result}


def relay_send() -> None:
    """Queues this schema's relay (the schema travels with the task). With the broker down
    the merchant is marked due now (`WebhookDue`), so the sweep relays what this send left
    behind once the broker is back."""
    if tenant_connection.schema_name == "public":
        return
    # The cache answers False when Redis fails too, and opens its circuit: then queue.
    if not cache.add(_queued_flag(), 1, QUEUED_SECONDS) and cache_available():
        return  # a relay is queued and has not started: it will see this commit's events
    try:
        webhooks_relay.delay()
    except Exception:
        cache.delete(_queued_flag())
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
