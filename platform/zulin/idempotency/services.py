"""One idempotency rule for every money call, as Stripe's: a key belongs to the one request
that first carried it, known by that request's fingerprint.

The fingerprint (`request_fingerprint`) is the sha256 of the canonical JSON of the
operation's name, its caller and every field of the validated request — path and query
parameters and every body field but the key — decimals as their plain value (399.6 and
399.60 are one amount), dates in ISO form. No call chooses which fields count.

`key_claim` stores the key with its fingerprint in the schema's table (`IdempotencyKey`),
inside the caller's transaction:
- a new key is claimed and the request runs;
- the key with the same fingerprint runs again, and the service answers the record it keeps
  under that key (changing nothing);
- the key with another fingerprint is refused IDEMPOTENCY_KEY_REUSED (1101), changing
  nothing.
The claim commits or rolls back with the request's work (`zulin.core.routes` wraps every
operation whose body has `idempotency_key` in one transaction), so a refused request never
burns its key, and the unique index makes a concurrent request with the same key wait for
the first one's commit, then answer as above.

Keys the services make themselves (the night's `auto:<bill>:<date>` …) are claimed the same
way, under their own operation name."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from datetime import date, datetime, time
from decimal import Decimal
from enum import Enum
from typing import Any, TypeVar

from django.db import IntegrityError, transaction
from pydantic import BaseModel

from zulin.core.errors import ApplicationError, ErrorCode

from .models import IdempotencyKey

KEY_FIELD = "idempotency_key"
# The prefixes of the keys the services make themselves (the night's `auto:<bill>:<date>`, an
# order's intake, a buyout, a recovery's payment): a request's key may not take one, or it
# could claim the night's key for a bill before the night does (`client_key_checked`).
INTERNAL_PREFIXES = ("auto:", "intake:", "buyout:", "recovery:", "internal:")
T = TypeVar("T")


def _plain(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return _plain(value.model_dump())
    if isinstance(value, Mapping):
        return {str(name): _plain(item) for name, item in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = [_plain(item) for item in value]
        return sorted(items, key=repr) if isinstance(value, set | frozenset) else items
    if isinstance(value, Decimal):
        # 399.6 and 399.60 are one amount: the plain value, never an exponent.
        return format(value.normalize(), "f")
    if isinstance(value, Enum):
        return _plain(value.value)
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def request_fingerprint(operation: str, fields: Mapping[str, Any]) -> str:
    """The sha256 of the canonical JSON of `operation` and every one of `fields` (the key
    itself left out wherever it is)."""
    body = {"operation": operation, "fields": _without_key(_plain(fields))}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def _without_key(value: Any) -> Any:
    if isinstance(value, dict):
        return {name: _without_key(item) for name, item in value.items() if name != KEY_FIELD}
    return value


def client_key_checked(key: str) -> None:
    """A request's key is refused (VALIDATION, on its field) when it takes the form of a key
    the services make themselves."""
    if key.startswith(INTERNAL_PREFIXES):
        raise ApplicationError(
            ErrorCode.VALIDATION,
            "幂等键不能以系统保留的前缀开头",
            msg_en="the idempotency key may not start with a prefix the system keeps",
            data={"fields": {KEY_FIELD: "幂等键不能以系统保留的前缀开头"}},
        )


def keyed_run(key: str, *, operation: str, fields: Mapping[str, Any], work: Callable[[], T]) -> T:
    """`work` run under `key` claimed for `operation` and `fields`, in one transaction: a
    refusal (ApplicationError) rolls the claim back with the work, unless it is `kept` (it
    reports what the work recorded, which commits with the claim). No key: `work` as it is.
    A key a service makes itself (the night's `auto:<bill>:<date>` …) runs the same way,
    under an operation name of its own (`internal:<name>`)."""
    if not key:
        return work()
    refusal: ApplicationError
    with transaction.atomic():
        key_claim(key, operation=operation, fields=fields)
        try:
            return work()
        except ApplicationError as error:
            if not error.kept:
                raise  # nothing changed: the claim goes with the work
            refusal = error  # what the work recorded commits, with its claim
    raise refusal


def key_claim(key: str, *, operation: str, fields: Mapping[str, Any]) -> None:
    """Claims `key` for this request (inside the caller's transaction), or finds it claimed
    by the same request before (the call then answers its record); IDEMPOTENCY_KEY_REUSED
    when another request has it. A blank key is no key (nothing stored)."""
    if not key:
        return
    fingerprint = request_fingerprint(operation, fields)
    try:
        with transaction.atomic():
            IdempotencyKey.objects.create(key=key, operation=operation, fingerprint=fingerprint)
        return
    except IntegrityError:
        # Claimed before, or by a concurrent request whose commit the unique index waited for.
        claimed = IdempotencyKey.objects.get(key=key)
    if claimed.fingerprint != fingerprint:
        raise ApplicationError(ErrorCode.IDEMPOTENCY_KEY_REUSED)
