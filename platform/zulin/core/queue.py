"""Queueing Celery work from a request: either the whole call or nothing.

A call that must queue work (an order export, a notice to send) calls `queue_on_commit`
inside its transaction. It asks the broker first: if the broker is down or hung, it raises
UNAVAILABLE (HTTP 503 with the envelope) before anything commits, so the call's
transaction rolls back and the client may simply try again. Otherwise the task is sent once
the transaction commits (a task sent earlier could run before the rows it reads exist, or
for a call that then rolls back), carrying the schema of the merchant it was queued in
(tenant-schemas-celery switches the worker to it).

Work a call can do without (refilling the spare schema pool after onboarding) is queued
with `required=False`: the call is served and the task is dropped with a warning when the
broker cannot take it.

Asking costs one PING (a short socket timeout, `CACHE_SOCKET_TIMEOUT`); after a failure the
broker is left alone for `CACHE_CIRCUIT_SECONDS` and calls answer 503 at once. One window
is left: the broker failing between the PING and the commit loses the task (logged as an
error), since the call's rows are already committed; work that must never be lost needs a
row in the caller's transaction that a periodic job re-queues (an outbox).
"""

from __future__ import annotations

import logging
import threading
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.db import transaction

from .cache import Circuit
from .db import tenant_connection
from .errors import ApplicationError, ErrorCode

logger = logging.getLogger("zulin.request")
broker_circuit = Circuit("celery broker")
# A failed send is retried once at once: a pooled connection may be stale after a restart.
SEND_RETRY_POLICY = {"max_retries": 1, "interval_start": 0, "interval_step": 0, "interval_max": 0}

_clients: dict[str, Any] = {}
_clients_lock = threading.Lock()


def queue_on_commit(task: Any, *args: Any, required: bool = True, **kwargs: Any) -> None:
    """Sends `task(*args, **kwargs)` once the caller's transaction commits, in the schema
    active now. `required` (default): refuses with ApplicationError(UNAVAILABLE) while the
    broker cannot be reached, so the caller's transaction rolls back. `required=False`:
    the task is skipped (logged) instead, and the call goes on."""
    app = task.app
    if not app.conf.task_always_eager and not broker_reachable(app):
        if required:
            raise ApplicationError(
                ErrorCode.UNAVAILABLE,
                "任务队列暂不可用，请稍后再试",
                msg_en="The task queue is unavailable for a moment; please try again shortly",
            )
        logger.warning("task %s not queued: the broker is unreachable", task.name)
        return
    schema = tenant_connection.schema_name
    transaction.on_commit(lambda: _send(task, args, kwargs, schema))


def broker_reachable(app: Any) -> bool:
    """One PING to the broker within the socket timeout; False at once while the circuit is
    open after a failure."""
    if not broker_circuit.closed():
        return False
    client = _client(app.conf.broker_url)  # a broker URL we cannot read is a fault, not a 503
    try:
        client.ping()
    except Exception as error:  # noqa: BLE001 — any failure to answer means unreachable
        broker_circuit.trip(error)
        return False
    return True


def _send(task: Any, args: tuple[Any, ...], kwargs: dict[str, Any], schema: str) -> None:
    try:
        task.apply_async(
            args,
            kwargs,
            headers={"_schema_name": schema},
            # Nobody waits for the result of work queued by a call; storing none also keeps
            # the send from subscribing to the result backend.
            ignore_result=True,
            retry=True,
            retry_policy=SEND_RETRY_POLICY,
        )
    except Exception as error:  # noqa: BLE001 — committed already: log, never fail the answer
        broker_circuit.trip(error)
        logger.error("task %s lost: the broker failed after the commit", task.name, exc_info=True)


def _client(broker_url: str) -> Any:
    """A Redis client for PING only, with the cache's short timeouts (one per broker URL;
    redis-py clients over a pool are thread-safe)."""
    client = _clients.get(broker_url)
    if client is None:
        with _clients_lock:
            client = _clients.get(broker_url)
            if client is None:
                client = _clients[broker_url] = _redis_for(broker_url)
    return client


def _redis_for(broker_url: str) -> Any:
    import redis

    timeout = getattr(settings, "CACHE_SOCKET_TIMEOUT", 0.25)
    parts = urlsplit(broker_url)
    if parts.scheme == "redis+socket":
        # kombu's name for a unix socket; PING needs no database, so the query goes.
        url = f"unix://{parts.path}"
    elif parts.scheme in ("redis", "rediss"):
        url = urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))
    else:
        raise ValueError(f"queue_on_commit knows Redis brokers only, not {parts.scheme!r}")
    return redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
