"""Delivering a merchant's events to its webhook endpoints (docs/webhooks.md).

- **Fan-out**: each event of the outbox not yet relayed becomes one delivery per enabled
  endpoint that wants its type, in event order (`fan_out`).
- **Sending**: due deliveries are claimed for a minute (`claimed_until`, rows skipped when
  locked by another worker), sent outside any transaction, and their outcome recorded on
  the delivery with the attempt (`attempt_record`). A worker killed mid-send leaves the
  claim to expire and the delivery is sent again: at least once, never lost.
- **Outcomes**: a 2xx is delivered; 410 disables the endpoint; 429 and 503 wait at least
  their `Retry-After`; anything else (3xx included, redirects are never followed) is
  retried on the schedule (`zulin.webhooks.schedule`) and failed after the eighth attempt.
  An endpoint whose every attempt has failed for 5 days is disabled and its owner told.
- **Redelivery**: one delivery, or every failed delivery of an endpoint since a time, is
  sent again from the first attempt's schedule (the history of attempts is kept).
"""

from __future__ import annotations

import logging
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass
from datetime import datetime, timedelta
from ipaddress import ip_network

import orjson
from django.conf import settings
from django.db import connection, transaction
from django.db.models import Min, Q
from django.utils import timezone

from tenants.merchants.selectors import webhook_networks
from zulin.audit.services import audit_record
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.outbox.models import OutboxEvent
from zulin.outbox.services import event_emit, relay_request
from zulin.providers.interfaces import ProviderError
from zulin.providers.sms import get_sms_provider
from zulin.webhooks import schedule, sender, signing
from zulin.webhooks.addresses import Network

from .models import WebhookAttempt, WebhookDelivery, WebhookEndpoint
from .projection import due_project

log = logging.getLogger("zulin.webhooks")

CLAIM_SECONDS = 60
ROLL_OVERLAP = timedelta(hours=24)
FAILING_DISABLE_AFTER = timedelta(days=5)
FAN_OUT_BATCH = 500
# How long the history is kept: events, deliveries and their attempts (`history_prune`).
KEPT = timedelta(days=30)
Status = WebhookDelivery.Status


# The event types an endpoint may ask for (docs/webhooks.md); `ping` reaches every endpoint.
EVENT_TYPES = (
    "order.created",
    "order.status_changed",
    "order.shipped",
    "after_sale.changed",
    "bill.paid",
    "bill.overdue",
    "order.overdue_step",
    "charge.created",
    "deposit.changed",
    "withdrawal.changed",
    "goods.status_changed",
    "unit.status_changed",
    "recovery.case_changed",
    "privacy.request.created",
    "customer.redact",
    "merchant.redact",
)


def _types_checked(event_types: list[str]) -> list[str]:
    unknown = sorted(set(event_types) - set(EVENT_TYPES))
    if unknown:
        raise field_error(
            "event_types", Text(f"未知的事件类型：{unknown[0]}", f"unknown event type {unknown[0]}")
        )
    return sorted(set(event_types))


def _url_checked(url: str) -> str:
    url = url.strip()
    # Only an address named whole in WEBHOOKS_HTTP_ALLOWED (a staging's sandbox receiver)
    # escapes the https rule: no prefix, host or scheme is allowed wholesale.
    require_https = settings.WEBHOOKS_REQUIRE_HTTPS and url not in settings.WEBHOOKS_HTTP_ALLOWED
    problem = sender.url_problem(url, require_https=require_https)
    if problem is not None:
        raise field_error("url", Text("地址不可用：" + problem, problem))
    return url


def _audit(actor: Session | None, endpoint: WebhookEndpoint, what: str) -> None:
    audit_record(
        actor=actor,
        action=f"webhook.endpoint_{what}",
        target_type="webhook_endpoint",
        target_id=endpoint.pk,
        after={
            "url": endpoint.url,
            "event_types": endpoint.event_types,
            "enabled": endpoint.enabled,
        },
    )


def endpoint_create(
    *, url: str, event_types: list[str], description: str = "", actor: Session | None = None
) -> WebhookEndpoint:
    """A new endpoint with a new secret (shown to its owner once)."""
    with transaction.atomic():
        endpoint = WebhookEndpoint.objects.create(
            url=_url_checked(url),
            event_types=_types_checked(event_types),
            description=description.strip(),
            secret=signing.secret_new(),
        )
        _audit(actor, endpoint, "created")
    return endpoint


def endpoint_locked(endpoint_id: int) -> WebhookEndpoint:
    endpoint = WebhookEndpoint.objects.select_for_update().filter(pk=endpoint_id).first()
    if endpoint is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return endpoint


def endpoint_update(
    *,
    endpoint_id: int,
    actor: Session | None,
    url: str | None = None,
    event_types: list[str] | None = None,
    description: str | None = None,
    enabled: bool | None = None,
) -> WebhookEndpoint:
    """Changes what is given; enabling an endpoint clears why it was disabled (its failed
    deliveries wait for a redelivery)."""
    with transaction.atomic():
        endpoint = endpoint_locked(endpoint_id)
        if url is not None:
            endpoint.url = _url_checked(url)
        if event_types is not None:
            endpoint.event_types = _types_checked(event_types)
        if description is not None:
            endpoint.description = description.strip()
        if enabled is not None:
            endpoint.enabled = enabled
            if enabled:
                endpoint.disabled_reason, endpoint.failing_since = "", None
        endpoint.save()
        _audit(actor, endpoint, "updated")
    return endpoint


def endpoint_delete(*, endpoint_id: int, actor: Session | None) -> None:
    """The endpoint goes, with its deliveries and their attempts (its events stay)."""
    with transaction.atomic():
        endpoint = endpoint_locked(endpoint_id)
        _audit(actor, endpoint, "deleted")
        endpoint.delete()


def endpoint_secret_roll(
    endpoint_id: int, *, actor: Session | None = None, now: datetime | None = None
) -> WebhookEndpoint:
    """A new secret; the old one keeps signing beside it for 24 hours."""
    now = now or timezone.now()
    with transaction.atomic():
        endpoint = endpoint_locked(endpoint_id)
        endpoint.previous_secret, endpoint.previous_secret_until = (
            endpoint.secret,
            now + ROLL_OVERLAP,
        )
        endpoint.secret = signing.secret_new()
        endpoint.save()
        _audit(actor, endpoint, "secret_rolled")
    return endpoint


def endpoint_ping(*, endpoint_id: int, actor: Session | None) -> WebhookDelivery:
    """The owner's test: a `ping` queued for this endpoint (refused while it is disabled)."""
    with transaction.atomic():
        endpoint = endpoint_locked(endpoint_id)
        if not endpoint.enabled:
            raise ApplicationError(
                ErrorCode.CONFLICT,
                "端点已停用，请先启用",
                msg_en="The endpoint is disabled: enable it first",
                data={"from": "disabled", "to": "ping"},
            )
        return ping_send(endpoint)


def live_secrets(endpoint: WebhookEndpoint, now: datetime) -> list[str]:
    rolling = endpoint.previous_secret and (
        endpoint.previous_secret_until is not None and endpoint.previous_secret_until > now
    )
    return [endpoint.secret, endpoint.previous_secret] if rolling else [endpoint.secret]


def ping_send(endpoint: WebhookEndpoint) -> WebhookDelivery:
    """A `ping` event for this endpoint only (the owner's test of the endpoint)."""
    with transaction.atomic():
        event = event_emit(
            "ping",
            object_type="endpoint",
            object_id=endpoint.pk,
            data={"endpoint_id": endpoint.pk, "url": endpoint.url},
        )
        event.relayed_at = timezone.now()
        event.save(update_fields=["relayed_at"])
        return WebhookDelivery.objects.create(
            event=event, endpoint=endpoint, next_attempt_at=timezone.now()
        )


def fan_out(*, limit: int = FAN_OUT_BATCH) -> int:
    """Deliveries for the events not yet relayed, oldest first; answers how many events."""
    with transaction.atomic():
        events = list(
            OutboxEvent.objects.select_for_update(skip_locked=True)
            .filter(relayed_at__isnull=True)
            .order_by("id")[:limit]
        )
        if not events:
            return 0
        endpoints = list(WebhookEndpoint.objects.filter(enabled=True))
        now = timezone.now()
        WebhookDelivery.objects.bulk_create(
            [
                WebhookDelivery(event=event, endpoint=endpoint, next_attempt_at=now)
                for event in events
                for endpoint in endpoints
                # An endpoint receives what happened once it existed, never an earlier backlog.
                if event.type != "ping"
                and endpoint.wants(event.type)
                and event.occurred_at >= endpoint.created_at
            ],
            ignore_conflicts=True,
        )
        OutboxEvent.objects.filter(pk__in=[e.pk for e in events]).update(relayed_at=now)
        return len(events)


def envelope(event: OutboxEvent) -> bytes:
    """The body of every delivery of `event` (the same bytes each time it is sent)."""
    occurred = timezone.localtime(event.occurred_at)
    return orjson.dumps(
        {
            "id": event.event_id,
            "type": event.type,
            "timestamp": occurred.isoformat(timespec="milliseconds"),
            "merchant_id": event.merchant_id,
            "sequence": event.pk,
            "object": {
                "type": event.object_type,
                "id": event.object_id,
                "version": event.object_version,
            },
            "data": event.data,
        }
    )


def _claim(now: datetime, limit: int) -> list[WebhookDelivery]:
    with transaction.atomic():
        rows = list(
            WebhookDelivery.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("event", "endpoint")
            .filter(status=Status.PENDING, next_attempt_at__lte=now, endpoint__enabled=True)
            .filter(Q(claimed_until__isnull=True) | Q(claimed_until__lt=now))
            .order_by("next_attempt_at", "id")[:limit]
        )
        WebhookDelivery.objects.filter(pk__in=[r.pk for r in rows]).update(
            claimed_until=now + timedelta(seconds=CLAIM_SECONDS)
        )
    return rows


@dataclass(frozen=True)
class Sent:
    delivered: int = 0
    retried: int = 0
    failed: int = 0


def allowed_networks() -> tuple[Network, ...]:
    """The private ranges this merchant's deliveries may reach: those the platform allowed it
    (read at each round: a change reaches the next delivery), and the deployment's own
    (`WEBHOOKS_ALLOWED_NETWORKS`, for an installation whose every receiver is on-premise)."""
    merchant_id = getattr(tenant_connection.tenant, "pk", None)
    granted = webhook_networks(merchant_id=merchant_id) if merchant_id is not None else ()
    return granted + tuple(ip_network(cidr) for cidr in settings.WEBHOOKS_ALLOWED_NETWORKS)


# Deliveries of one round are sent side by side (the network and the receivers' time
# overlap); signing before and recording after stay in the relay's own thread and connection.
SEND_THREADS = 8


def deliveries_send(*, limit: int = 50, now: datetime | None = None) -> Sent:
    """Sends the deliveries due now (at most `limit`), each once; the attempts are recorded as
    they end (those ending together in one transaction), so one slow receiver holds back no
    other delivery's record."""
    allowed = allowed_networks()
    claimed = _claim(now or timezone.now(), limit)
    if not claimed:
        return Sent()
    signed = []
    for delivery in claimed:
        started = timezone.now()
        body = envelope(delivery.event)
        headers = signing.headers(
            live_secrets(delivery.endpoint, started),
            msg_id=delivery.event.event_id,
            timestamp=int(started.timestamp()),
            body=body,
        )
        signed.append((delivery, started, body, headers))

    def send(delivery: WebhookDelivery, body: bytes, headers: dict[str, str]) -> sender.Outcome:
        return sender.deliver(
            delivery.endpoint.url,
            body,
            headers,
            allowed=allowed,
            allow_loopback=settings.WEBHOOKS_ALLOW_LOOPBACK,
        )

    statuses: list[str] = []
    with ThreadPoolExecutor(max_workers=min(SEND_THREADS, len(signed))) as pool:
        futures = {
            pool.submit(send, delivery, body, headers): (delivery, started)
            for delivery, started, body, headers in signed
        }
        waiting = set(futures)
        while waiting:
            done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
            statuses += attempts_record(
                [(futures[f][0].pk, f.result(), futures[f][1]) for f in done]
            )
    return Sent(
        delivered=statuses.count(Status.DELIVERED),
        retried=statuses.count(Status.PENDING),
        failed=statuses.count(Status.FAILED),
    )


def attempt_record(delivery_id: int, outcome: sender.Outcome, *, started: datetime) -> str:
    """What one attempt did to its delivery and endpoint; answers the delivery's status."""
    return attempts_record([(delivery_id, outcome, started)])[0]


def attempts_record(results: list[tuple[int, sender.Outcome, datetime]]) -> list[str]:
    """What several attempts did to their deliveries and endpoints, in one transaction (the
    deliveries locked in id order, then their endpoints when an attempt changes them);
    answers each delivery's status."""
    now = timezone.now()
    with transaction.atomic():
        ids = sorted(delivery_id for delivery_id, _, _ in results)
        deliveries = {
            d.pk: d
            for d in WebhookDelivery.objects.select_for_update().filter(pk__in=ids).order_by("pk")
        }
        endpoint_ids = {d.endpoint_id for d in deliveries.values()}
        endpoints = {e.pk: e for e in WebhookEndpoint.objects.filter(pk__in=endpoint_ids)}
        # An endpoint changes only when an attempt fails, or succeeds after failures: only
        # then is it locked (the relays' batches of a healthy endpoint do not queue on it).
        endpoint_changes = any(
            not outcome.delivered or endpoints[deliveries[d].endpoint_id].failing_since
            for d, outcome, _ in results
        )
        if endpoint_changes:
            endpoints = {
                e.pk: e
                for e in WebhookEndpoint.objects.select_for_update()
                .filter(pk__in=endpoint_ids)
                .order_by("pk")
            }
        attempts = []
        for delivery_id, outcome, started in results:
            delivery = deliveries[delivery_id]
            endpoint = endpoints[delivery.endpoint_id]
            _attempt_apply(delivery, endpoint, outcome, started, now)
            attempts.append(
                WebhookAttempt(
                    delivery=delivery,
                    number=delivery.attempts,
                    started_at=started,
                    status_code=outcome.status_code,
                    duration_ms=outcome.duration_ms,
                    response_excerpt=outcome.excerpt[:1024],
                    error=outcome.error[:300],
                )
            )
        for delivery in deliveries.values():
            endpoint = endpoints[delivery.endpoint_id]
            # An endpoint disabled by a later attempt of the batch fails what it left pending.
            if not endpoint.enabled and delivery.status == Status.PENDING:
                delivery.status, delivery.next_attempt_at = Status.FAILED, None
                delivery.last_error = endpoint.disabled_reason[:300]
        _deliveries_save(list(deliveries.values()))
        if endpoint_changes:
            for endpoint in endpoints.values():
                endpoint.save()
        WebhookAttempt.objects.bulk_create(attempts)
    return [str(deliveries[delivery_id].status) for delivery_id, _, _ in results]


# What an attempt changes on its delivery, with the type each value is cast to. One UPDATE
# from a VALUES list: Django's bulk_update builds a CASE per field and row, which took most of
# the relay's time (py-spy, docs/benchmarks.md "Webhooks").
_ATTEMPT_FIELDS = (
    ("attempts", "integer"),
    ("claimed_until", "timestamptz"),
    ("last_status_code", "integer"),
    ("last_error", "text"),
    ("status", "text"),
    ("delivered_at", "timestamptz"),
    ("next_attempt_at", "timestamptz"),
)


def _deliveries_save(rows: list[WebhookDelivery]) -> None:
    if not rows:
        return
    table = WebhookDelivery._meta.db_table
    names = [name for name, _ in _ATTEMPT_FIELDS]
    row_sql = "(%s::bigint, " + ", ".join(f"%s::{kind}" for _, kind in _ATTEMPT_FIELDS) + ")"
    params = [value for row in rows for value in (row.pk, *(getattr(row, n) for n in names))]
    assignments = ", ".join(f"{name} = v.{name}" for name in names)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} AS d SET {assignments} "  # noqa: S608 - names are ours
            f"FROM (VALUES {', '.join([row_sql] * len(rows))}) AS v (id, {', '.join(names)}) "
            "WHERE d.id = v.id",
            params,
        )


def _attempt_apply(
    delivery: WebhookDelivery,
    endpoint: WebhookEndpoint,
    outcome: sender.Outcome,
    started: datetime,
    now: datetime,
) -> None:
    delivery.attempts += 1
    delivery.claimed_until = None
    delivery.last_status_code = outcome.status_code
    delivery.last_error = outcome.error[:300]
    next_at: datetime | None = None
    if outcome.delivered:
        delivery.status, delivery.delivered_at = Status.DELIVERED, now
        endpoint.failing_since = None
    else:
        endpoint.failing_since = endpoint.failing_since or started
        retry_wait = None
        if outcome.status_code in (429, 503):
            retry_wait = schedule.retry_after_seconds(outcome.retry_after, now=now)
        next_at = schedule.next_attempt_at(delivery.attempts, now=now, retry_after=retry_wait)
        if not endpoint.enabled:
            next_at = None
        elif outcome.status_code == 410:
            _endpoint_disable(endpoint, "the receiver answered 410 Gone", "接收方返回 410 Gone")
            next_at = None
        elif now - endpoint.failing_since >= FAILING_DISABLE_AFTER:
            _endpoint_disable(endpoint, "every attempt failed for 5 days", "连续 5 天投递失败")
            next_at = None
        delivery.status = Status.PENDING if next_at is not None else Status.FAILED
    delivery.next_attempt_at = next_at


def _endpoint_disable(endpoint: WebhookEndpoint, reason: str, reason_zh: str) -> None:
    """The endpoint stops receiving; its pending deliveries fail (to be redelivered once it
    is fixed), the disabling is recorded, and the merchant's contact is told by text message
    once it commits (the developers' screen shows it as a banner)."""
    endpoint.enabled, endpoint.disabled_reason = False, reason
    WebhookDelivery.objects.filter(endpoint=endpoint, status=Status.PENDING).update(
        status=Status.FAILED, next_attempt_at=None, last_error=reason
    )
    audit_record(
        actor=None,
        action="webhook.endpoint_disabled",
        target_type="webhook_endpoint",
        target_id=endpoint.pk,
        after={"url": endpoint.url},
        reason=reason,
    )
    phone = getattr(tenant_connection.tenant, "contact_phone", "")
    if phone:
        params = {"url": endpoint.url[:80], "reason": reason_zh}
        transaction.on_commit(lambda: _owner_tell(phone, params))


def _owner_tell(phone: str, params: dict[str, str]) -> None:
    try:
        get_sms_provider().send(phone=phone, template="webhook_disabled", params=params)
    except ProviderError as error:
        log.warning("the owner was not told of a disabled endpoint: %s", error)


def redeliver(
    *,
    delivery_ids: list[int] | None = None,
    endpoint_id: int | None = None,
    failed_since: datetime | None = None,
    actor: Session | None = None,
) -> int:
    """Sends again the deliveries named, or every failed delivery of an endpoint since a
    time, from the first step of the schedule (the same event id); answers how many."""
    rows = WebhookDelivery.objects.all()
    if delivery_ids is not None:
        rows = rows.filter(pk__in=delivery_ids)
        if rows.count() != len(set(delivery_ids)):
            raise ApplicationError(ErrorCode.NOT_FOUND)
    else:
        if endpoint_id is None or failed_since is None:
            raise ValueError("name the deliveries, or an endpoint and a time")
        if not WebhookEndpoint.objects.filter(pk=endpoint_id).exists():
            raise ApplicationError(ErrorCode.NOT_FOUND)
        rows = rows.filter(
            endpoint_id=endpoint_id, status=Status.FAILED, created_at__gte=failed_since
        )
    with transaction.atomic():
        count = rows.exclude(status=Status.PENDING).update(
            status=Status.PENDING, attempts=0, next_attempt_at=timezone.now(), claimed_until=None
        )
        audit_record(
            actor=actor,
            action="webhook.redelivered",
            target_type="webhook_endpoint",
            target_id=endpoint_id or 0,
            after={
                "deliveries": delivery_ids,
                "failed_since": failed_since.isoformat() if failed_since else None,
                "count": count,
            },
        )
        transaction.on_commit(relay_request)
    return count


def history_prune(*, now: datetime | None = None) -> dict[str, int]:
    """Keeps `KEPT` of history: deliveries that ended (delivered or failed) longer ago, with
    their attempts, and then the relayed events no delivery names any more. A pending
    delivery and its event stay whatever their age; the objects' versions stay, so a
    version never goes back."""
    cutoff = (now or timezone.now()) - KEPT
    ended = WebhookDelivery.objects.filter(created_at__lt=cutoff).exclude(status=Status.PENDING)
    _, gone = ended.delete()
    _, events_gone = (
        OutboxEvent.objects.filter(relayed_at__lt=cutoff)
        .exclude(pk__in=WebhookDelivery.objects.values("event_id"))
        .delete()
    )
    return {
        "deliveries": gone.get(WebhookDelivery._meta.label, 0),
        "events": events_gone.get(OutboxEvent._meta.label, 0),
    }


def next_due() -> datetime | None:
    """When this merchant's next pending delivery is due (None: nothing is)."""
    return WebhookDelivery.objects.filter(status=Status.PENDING, endpoint__enabled=True).aggregate(
        due=Min("next_attempt_at")
    )["due"]


def relay_run(*, rounds: int = 20, batch: int = 50) -> dict[str, int]:
    """The schema's relay: fan out what was written, send what is due, and tell the sweep
    when to come back. Bounded: at most `rounds` rounds of each."""
    events = delivered = retried = failed = 0
    for _ in range(rounds):
        fanned = fan_out()
        sent = deliveries_send(limit=batch)
        events += fanned
        delivered, retried, failed = (
            delivered + sent.delivered,
            retried + sent.retried,
            failed + sent.failed,
        )
        if not fanned and not (sent.delivered + sent.retried + sent.failed):
            break
    with transaction.atomic():
        due_project(next_due())
    return {"events": events, "delivered": delivered, "retried": retried, "failed": failed}
