"""Writing an event: `event_emit`, inside the transaction of the change it tells of (a
rolled-back change leaves no event; a committed one always has its event). After the
commit the relay an app registered is asked to run (`relay_register`); a relay missed (a
broker down, a worker killed) is caught up by the periodic sweep."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from datetime import datetime
from decimal import Decimal
from typing import Any

import orjson
from django.db import connection, transaction
from django.utils import timezone
from django_tenants.utils import get_public_schema_name

from zulin.core.db import tenant_connection

from .models import ObjectVersion, OutboxEvent

# An event's object above this size is sent as a reference (its type and id), to be read
# with a key.
DATA_MAX_BYTES = 20 * 1024

_relays: list[Callable[[], None]] = []
_public_relays: list[Callable[[], None]] = []


def relay_register(relay: Callable[[], None], *, public: bool = False) -> None:
    """`relay()` runs after each commit that wrote an event into a merchant's outbox (in
    that schema's context); with `public`, after each commit that wrote one into the public
    schema's outbox (whatever schema the commit happens in)."""
    relays = _public_relays if public else _relays
    if relay not in relays:
        relays.append(relay)


_flushes: list[Callable[[], object]] = []


def flush_register(flush: Callable[[], object]) -> None:
    """`flush()` sends this schema's pending events now, in this process (the webhooks'
    relay run), for a caller that cannot wait for the queue: a merchant's schema about to be
    dropped (`merchant.redact`)."""
    if flush not in _flushes:
        _flushes.append(flush)


def outbox_flush() -> list[object]:
    """Runs every registered flush in the active schema; answers what each reported."""
    return [flush() for flush in _flushes]


def _public_relay_request() -> None:
    for relay in _public_relays:
        relay()


def event_id_new() -> str:
    """`evt_` + a time-ordered, unguessable id."""
    return f"evt_{time.time_ns() // 1_000_000:012x}{secrets.token_hex(10)}"


def _version_next(object_type: str, object_id: str) -> int:
    table = ObjectVersion._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (object_type, object_id, version) VALUES (%s, %s, 1) "  # noqa: S608
            f"ON CONFLICT (object_type, object_id) DO UPDATE SET version = {table}.version + 1 "
            "RETURNING version",
            [object_type, object_id],
        )
        return int(cursor.fetchone()[0])


def row_data(row: Any, fields: str, **extra: Any) -> dict[str, Any]:
    """An event's object from a model row: the fields named in `fields` (split on spaces),
    money (Decimal) to two places as the API answers it, the rest as they are (a date or time
    becomes ISO text in the event); `extra` joins them."""
    return {
        **{name: _carried(getattr(row, name)) for name in fields.split()},
        **extra,
    }


def row_event(
    type: str,
    row: Any,
    fields: str,
    *,
    object_type: str,
    merchant_id: int | None = None,
    **extra: Any,
) -> OutboxEvent:
    """The event `type` of one row, its object the row's `fields` (`row_data`) with
    `extra`; in the transaction of the row's change (`event_emit`)."""
    return event_emit(
        type,
        merchant_id=merchant_id,
        object_type=object_type,
        object_id=row.pk,
        data=row_data(row, fields, **extra),
    )


def _carried(value: Any) -> Any:
    return f"{value:.2f}" if isinstance(value, Decimal) else value


def relay_request() -> None:
    """Asks the registered relays to run now (after an event, or a redelivery)."""
    for relay in _relays:
        relay()


def event_emit(
    type: str,
    *,
    merchant_id: int | None = None,
    object_type: str,
    object_id: int | str,
    data: dict[str, Any],
    occurred_at: datetime | None = None,
) -> OutboxEvent:
    """Writes the event of a change into this schema's outbox, in the change's transaction
    (raises outside one: an event written on its own could outlive a rolled-back change).
    `merchant_id`: the schema's own merchant unless given (the public outbox names it)."""
    if not connection.in_atomic_block:
        raise RuntimeError("an event is written inside the transaction of its change")
    key = str(object_id)
    version = _version_next(object_type, key)
    if len(orjson.dumps(data, default=str)) > DATA_MAX_BYTES:
        data = {"id": object_id, "object": object_type, "truncated": True}
    event = OutboxEvent.objects.create(
        event_id=event_id_new(),
        type=type,
        occurred_at=occurred_at or timezone.now(),
        merchant_id=int(tenant_connection.tenant.pk) if merchant_id is None else merchant_id,
        object_type=object_type,
        object_id=key,
        object_version=version,
        data=orjson.loads(orjson.dumps(data, default=str)),
    )
    in_public = tenant_connection.schema_name == get_public_schema_name()
    transaction.on_commit(_public_relay_request if in_public else relay_request)
    return event


def events_adopt(events: list[OutboxEvent]) -> None:
    """Copies public events into this schema's outbox (the merchant's), where they take its
    sequence and are relayed as its own: the same event id, type, time, object, version and
    data. A copy already there (a forwarder that stopped before marking the public rows) is
    left as it is, so a replay adds nothing. In the caller's transaction; the relays are asked
    to run after its commit."""
    if not connection.in_atomic_block:
        raise RuntimeError("events are adopted inside a transaction")
    copied = "event_id type occurred_at merchant_id object_type object_id object_version data"
    copies = [OutboxEvent(**{name: getattr(e, name) for name in copied.split()}) for e in events]
    OutboxEvent.objects.bulk_create(copies, ignore_conflicts=True)
    transaction.on_commit(relay_request)
