"""What every sandbox provider shares: failures on demand, and the outbox of signed
callbacks with its two ways of delivery.

Delivery. A sandbox that completes an operation later writes a `SandboxCallback` (signed
like a real provider's notification). With SANDBOX_AUTO_COMPLETE (the default; `make run`)
it completes after SANDBOX_COMPLETE_SECONDS and a Celery task POSTs the callback to
CALLBACK_BASE_URL, retrying with backoff until our route answers code 200. Tests run with
SANDBOX_AUTO_COMPLETE off: nothing happens by itself; a test completes what is pending
(`sandbox_payments_complete`, `sandbox_payer_pay`) and delivers the callbacks in process
(`sandbox_callbacks_deliver`) through the same `callback_receive` the route calls, or sends
one again (`sandbox_callback_replay`).

Failures on demand: `sandbox_failure_add(service="payment", operation="withhold",
reason="INSUFFICIENT_BALANCE", merchant="demo", times=3)`, or `manage.py sandbox fail …`.

Each sandbox adapter configures one `SandboxService` (its name, how it says it did not
answer) and takes from it what they all share: references, failures on demand, signed
callbacks (replayed through the outbox) and settling later (`make run`'s clock).
"""

from __future__ import annotations

import json
import logging
import re
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, TypeVar

from django.conf import settings
from django.db import transaction
from django.db.models import F, Model, Q, QuerySet
from django.utils import timezone
from django_tenants.utils import get_public_schema_name, schema_context

from zulin.celery import app
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode

from .callbacks import SIGNATURE_HEADER, callback_receive, callback_sign, callback_url
from .interfaces import ProviderError
from .models import SandboxCallback, SandboxCallbackStatus, SandboxFailureRule

logger = logging.getLogger("zulin.providers")

# Failure reasons with a meaning of their own (SandboxFailureRule).
SYSTEM_ERROR = "SYSTEM_ERROR"
CALLBACK_LOST = "CALLBACK_LOST"
_REASON = re.compile(r"^[A-Z][A-Z0-9_]{1,39}$")
_Adapter = TypeVar("_Adapter")
_Row = TypeVar("_Row", bound=Model)
_Settled = TypeVar("_Settled")


def sandbox_reference(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:24]}"


def current_merchant_slug(service: str) -> str:
    """The slug of the merchant whose schema is active: adapters are bound to a merchant
    (its account at the provider); outside a merchant's schema it must be named."""
    slug = getattr(getattr(tenant_connection, "tenant", None), "slug", None)
    if not slug:
        raise ProviderError(service, "no merchant: pass merchant=… outside a merchant's schema")
    return str(slug)


def merchant_adapter(
    service: str, named: str, sandbox: Callable[[str], _Adapter], merchant: str | None
) -> _Adapter:
    """The adapter `named` (the service's *_PROVIDER setting) bound to `merchant` (its slug;
    None: the merchant whose schema is active). The sandbox is the only one so far."""
    slug = merchant or current_merchant_slug(service)
    if named == "sandbox":
        return sandbox(slug)
    raise ProviderError(service, f"no adapter named {named!r}")


def out_no_check(service: str, out_no: str) -> None:
    """Our request number as the providers take it: 1 to 64 characters."""
    if not out_no or len(out_no) > 64:
        raise ProviderError(service, "out_no has 1 to 64 characters", code="INVALID_OUT_NO")


# --- failures on demand --------------------------------------------------------------------


def sandbox_failure_add(
    *,
    service: str,
    operation: str,
    reason: str,
    merchant: str = "",
    subject: str = "",
    times: int | None = 1,
) -> SandboxFailureRule:
    """The next `times` requests of `service`/`operation` (None: all of them until the rule
    is removed) end with `reason`; `merchant` and `subject` (a payer, phone or ID number)
    narrow it, empty matches any.

    The sandbox's books share the caller's transaction: a caller that rolls back after the
    failure also gives the rule its use back (a real provider would not). Callers that
    record the failed attempt and commit, as they should, see exactly `times` failures."""
    if not _REASON.match(reason):
        raise ValueError(f"a reason is an upper-case code, got {reason!r}")
    if times is not None and times < 1:
        raise ValueError("times is at least 1 (or None for every request)")
    return SandboxFailureRule.objects.create(
        service=service,
        operation=operation,
        reason=reason,
        merchant=merchant,
        subject=subject,
        remaining=times,
    )


def sandbox_failures_clear(*, service: str | None = None) -> int:
    rules = SandboxFailureRule.objects.all()
    if service:
        rules = rules.filter(service=service)
    return rules.delete()[0]


def sandbox_failure_take(
    *, service: str, operation: str, merchant: str, subjects: Iterable[str] = ()
) -> str | None:
    """The reason of the oldest rule matching this request, counted down (a rule used up is
    removed); None: the request goes its normal way.

    Taking a rule is a write of its own (lock, count down), in its own transaction (a
    savepoint inside the caller's): a provider reached from a read that runs outside one
    (`ali/userAuthenticationInfo`, a GET) must not meet `select_for_update` in autocommit."""
    wanted = [subject for subject in subjects if subject]
    with transaction.atomic():
        rule = (
            SandboxFailureRule.objects.select_for_update()
            .filter(service=service, operation=operation, merchant__in=["", merchant])
            .filter(Q(subject="") | Q(subject__in=wanted))
            .order_by("id")
            .first()
        )
        if rule is None:
            return None
        if rule.remaining is not None:
            if rule.remaining <= 1:
                rule.delete()
            else:
                SandboxFailureRule.objects.filter(pk=rule.pk).update(remaining=F("remaining") - 1)
        return rule.reason


@dataclass(frozen=True)
class Failure:
    """The failure on demand taken for one request: None (the normal way), SYSTEM_ERROR (no
    answer), CALLBACK_LOST (done, never told) or the reason the operation is to fail with."""

    reason: str | None

    @property
    def unanswered(self) -> bool:
        return self.reason == SYSTEM_ERROR

    @property
    def callback_lost(self) -> bool:
        return self.reason == CALLBACK_LOST

    @property
    def planned(self) -> str:
        """The reason the operation ends failed with ("" when it goes its normal way)."""
        return "" if self.reason in (None, CALLBACK_LOST) else str(self.reason)


def sandbox_settle_each(
    references: Iterable[str], settle: Callable[[str], _Settled]
) -> list[_Settled]:
    """The sweep's work for one sandbox (tasks.py): each reference due settled as its own
    task would have settled it; one that does not go through (a failure on demand) stays
    as it is, for the next sweep."""
    settled = []
    for reference in references:
        try:
            settled.append(settle(reference))
        except ProviderError:
            continue
    return settled


@dataclass(frozen=True)
class SandboxService:
    """One sandbox adapter's share of the scaffolding: its `name` (the failure rules'
    service, the callbacks' provider) and what it says when it does not answer."""

    name: str
    unanswered: str = "the provider did not answer"

    def error(self, code: str, reason: str) -> ProviderError:
        return ProviderError(self.name, reason, code=code)

    def failure_take(
        self, operation: str, *, merchant: str, subjects: Iterable[str] = ()
    ) -> Failure:
        """The failure on demand of this request, taken (and counted down) in a
        transaction of its own; SYSTEM_ERROR left to the caller (`Failure.unanswered`)."""
        return Failure(
            sandbox_failure_take(
                service=self.name, operation=operation, merchant=merchant, subjects=subjects
            )
        )

    def failure(self, operation: str, *, merchant: str, subjects: Iterable[str] = ()) -> Failure:
        """`failure_take`, and SYSTEM_ERROR raised: the provider did not answer, nothing is
        recorded."""
        taken = self.failure_take(operation, merchant=merchant, subjects=subjects)
        if taken.unanswered:
            raise self.error(SYSTEM_ERROR, self.unanswered)
        return taken

    def fail_on_demand(
        self, operation: str, *, merchant: str, subjects: Iterable[str] = (), refused: str
    ) -> None:
        """A request that goes its way or fails at once: SYSTEM_ERROR as no answer, any
        other failure on demand as `refused` with the rule's reason as its code."""
        taken = self.failure(operation, merchant=merchant, subjects=subjects)
        if taken.reason is not None:
            raise self.error(taken.reason, refused)

    def row(self, rows: QuerySet[_Row], *, lock: bool = False, missing: str) -> _Row:
        """The one record of `rows` (locked with `lock`): NOT_FOUND, saying `missing`, when
        there is none."""
        row = (rows.select_for_update() if lock else rows).first()
        if row is None:
            raise self.error("NOT_FOUND", missing)
        return row

    def same_request(
        self, kept: _Row | None, out_no: str, *, same: Callable[[_Row], bool], what: str, other: str
    ) -> _Row:
        """The `what` our request number `out_no` made before, answered again when the request
        is the `same` (sent twice, or answered concurrently: None, it vanished since); the
        number sent for another `other` is refused, OUT_NO_REUSED."""
        if kept is None:
            raise self.error(SYSTEM_ERROR, f"the {what} vanished")
        if not same(kept):
            raise self.error("OUT_NO_REUSED", f"out_no {out_no} was used for another {other}")
        return kept

    @staticmethod
    def reference(prefix: str) -> str:
        return sandbox_reference(prefix)

    def callback(
        self, *, merchant: str, event_type: str, data: dict[str, Any], lost: bool = False
    ) -> SandboxCallback:
        """A signed callback of this service written to the outbox (`sandbox_callback_emit`);
        `lost` ones are sent only by a replay."""
        return sandbox_callback_emit(
            provider=self.name, merchant=merchant, event_type=event_type, data=data, lost=lost
        )

    @staticmethod
    def settle_after() -> datetime:
        return timezone.now() + timedelta(seconds=settings.SANDBOX_COMPLETE_SECONDS)

    @staticmethod
    def settle_waiting(
        waiting: QuerySet[Any], settle: Callable[[Any], Any], *, merchant: str | None = None
    ) -> list[Any]:
        """What a test (or `manage.py sandbox complete`) moves along: each record still
        waiting (of one merchant when named), locked, oldest first, through `settle`."""
        with transaction.atomic():
            if merchant:
                waiting = waiting.filter(merchant=merchant)
            return [settle(record) for record in waiting.select_for_update().order_by("id")]

    @staticmethod
    def settle_one(waiting: QuerySet[Any], record_id: int, settle: Callable[[Any], Any]) -> Any:
        """The Celery task's work: `settle` one record if it still waits (None otherwise: a
        task that runs twice, or after a test settled it, changes nothing)."""
        with transaction.atomic():
            record = waiting.select_for_update().filter(pk=record_id).first()
            return None if record is None else settle(record)

    @staticmethod
    def settle_later(task: Any, *args: Any, what: str) -> None:
        """With SANDBOX_AUTO_COMPLETE (`make run`), `task(*args)` runs by itself
        SANDBOX_COMPLETE_SECONDS after the caller commits; tests move the sandbox along."""
        if settings.SANDBOX_AUTO_COMPLETE:
            on_commit_in_public(
                lambda: task.apply_async(args, countdown=settings.SANDBOX_COMPLETE_SECONDS), what
            )


# --- the outbox ----------------------------------------------------------------------------


def on_commit_in_public(send: Callable[[], Any], what: str) -> None:
    """Queues a Celery task once the caller's transaction commits, sent from the public
    schema (tenant-schemas-celery runs a task in the schema it was sent from, and the
    sandboxes' books live in public). A missing broker is logged, not raised: the sandbox
    can still be completed by hand (`manage.py sandbox complete`/`deliver`)."""

    def queue() -> None:
        try:
            with schema_context(get_public_schema_name()):
                send()
        except Exception:
            logger.warning("sandbox task not queued: %s", what, exc_info=True)

    transaction.on_commit(queue)


def sandbox_callback_emit(
    *, provider: str, merchant: str, event_type: str, data: dict[str, Any], lost: bool = False
) -> SandboxCallback:
    """Writes a signed callback to the outbox; queued for delivery when auto-complete is on,
    never when `lost` (a failure on demand: only a replay sends it)."""
    event_id = f"evt_{uuid.uuid4().hex}"
    body = json.dumps(
        {
            "event_id": event_id,
            "event_type": event_type,
            "provider": provider,
            "merchant": merchant,
            "created_at": timezone.now().isoformat(),
            "data": data,
        },
        ensure_ascii=False,
        sort_keys=True,
        separators=(",", ":"),
    )
    callback = SandboxCallback.objects.create(
        provider=provider,
        event_id=event_id,
        event_type=event_type,
        merchant=merchant,
        body=body,
        signature=callback_sign(provider, body.encode()),
        status=SandboxCallbackStatus.LOST if lost else SandboxCallbackStatus.PENDING,
    )
    if not lost and settings.SANDBOX_AUTO_COMPLETE:
        callback_id = callback.pk
        on_commit_in_public(lambda: callback_deliver.delay(callback_id), f"deliver {event_id}")
    return callback


@dataclass(frozen=True)
class CallbackAnswer:
    code: int | None  # the envelope code our route answered; None: no answer at all
    text: str


@dataclass(frozen=True)
class CallbackDelivery:
    event_id: str
    event_type: str
    merchant: str
    delivered: bool
    code: int | None
    answer: str


Transport = Callable[[SandboxCallback], CallbackAnswer]


def in_process_transport(callback: SandboxCallback) -> CallbackAnswer:
    """What the route does with the request, without the network: tests and the demo."""
    try:
        outcome = callback_receive(
            provider=callback.provider,
            merchant_slug=callback.merchant,
            body=callback.body.encode(),
            signature=callback.signature,
        )
    except ApplicationError as error:
        return CallbackAnswer(int(error.code), error.message("en"))
    return CallbackAnswer(int(ErrorCode.OK), outcome.status)


def http_transport(callback: SandboxCallback) -> CallbackAnswer:
    """A POST to our callback route at CALLBACK_BASE_URL, as the real provider sends it."""
    url = callback_url(provider=callback.provider, merchant=callback.merchant)
    if not url.startswith(("http://", "https://")):
        return CallbackAnswer(None, f"not an http(s) URL: {url}")
    request = urllib.request.Request(  # noqa: S310 — the scheme is checked above
        url,
        data=callback.body.encode(),
        method="POST",
        headers={"Content-Type": "application/json", SIGNATURE_HEADER: callback.signature},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:  # noqa: S310
            raw = response.read()
    except urllib.error.HTTPError as error:
        raw = error.read()
    except (OSError, ValueError) as error:
        return CallbackAnswer(None, f"{error.__class__.__name__}: {error}")
    try:
        body = json.loads(raw)
        return CallbackAnswer(int(body["code"]), str(body.get("msg", "")))
    except (ValueError, KeyError, TypeError):
        return CallbackAnswer(None, f"not an envelope: {raw[:100]!r}")


def sandbox_callback_send(callback: SandboxCallback, *, transport: Transport) -> CallbackDelivery:
    """One attempt; delivered when our route answers code 200 (handled, ignored, or a
    duplicate it already handled)."""
    answer = transport(callback)
    delivered = answer.code == int(ErrorCode.OK)
    changes: dict[str, Any] = {"attempts": F("attempts") + 1}
    if delivered:
        changes |= {"status": SandboxCallbackStatus.DELIVERED, "delivered_at": timezone.now()}
    else:
        changes["last_error"] = f"{answer.code}: {answer.text}"[:300]
    SandboxCallback.objects.filter(pk=callback.pk).update(**changes)
    return CallbackDelivery(
        event_id=callback.event_id,
        event_type=callback.event_type,
        merchant=callback.merchant,
        delivered=delivered,
        code=answer.code,
        answer=answer.text,
    )


def sandbox_callbacks_deliver(
    *,
    provider: str | None = None,
    merchant: str | None = None,
    transport: Transport = in_process_transport,
) -> list[CallbackDelivery]:
    """Sends every pending callback once, oldest first (in process unless told otherwise);
    one that fails stays pending."""
    pending = SandboxCallback.objects.filter(status=SandboxCallbackStatus.PENDING)
    if provider:
        pending = pending.filter(provider=provider)
    if merchant:
        pending = pending.filter(merchant=merchant)
    return [sandbox_callback_send(callback, transport=transport) for callback in pending]


def sandbox_callback_replay(
    *, event_id: str, transport: Transport = in_process_transport
) -> CallbackDelivery:
    """Sends a callback again, byte for byte, whatever became of it (a lost one arrives)."""
    callback = SandboxCallback.objects.filter(event_id=event_id).first()
    if callback is None:
        raise ProviderError("sandbox", f"no callback {event_id}", code="NOT_FOUND")
    return sandbox_callback_send(callback, transport=transport)


# --- delivery over HTTP in `make run` (listed for the worker in tasks.py) ------------------

# Waits between delivery attempts: 5 s, 10 s, 20 s … at most 10 minutes.
RETRY_FIRST_SECONDS = 5
RETRY_LONGEST_SECONDS = 600


def callback_retry_delay(retries: int) -> int:
    return int(min(RETRY_FIRST_SECONDS * 2**retries, RETRY_LONGEST_SECONDS))


@app.task(name="providers.callback_deliver", bind=True, max_retries=None)
def callback_deliver(self, callback_id: int) -> str:  # type: ignore[no-untyped-def]
    callback = SandboxCallback.objects.filter(
        pk=callback_id, status=SandboxCallbackStatus.PENDING
    ).first()
    if callback is None:
        return "nothing to deliver"
    delivery = sandbox_callback_send(callback, transport=http_transport)
    if delivery.delivered:
        return "delivered"
    if self.request.retries >= settings.CALLBACK_DELIVERY_MAX_RETRIES:
        SandboxCallback.objects.filter(pk=callback_id).update(status=SandboxCallbackStatus.GIVEN_UP)
        return "given up"
    raise self.retry(countdown=callback_retry_delay(self.request.retries))
