"""The endpoints and deliveries as the developers' screen reads them (never a secret)."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch
from django.utils import timezone

from zulin.core.pagination import page_of

from .models import WebhookAttempt, WebhookDelivery, WebhookEndpoint

STATUSES = {choice.value for choice in WebhookDelivery.Status}


def endpoint_row(endpoint: WebhookEndpoint) -> dict[str, Any]:
    rolling = endpoint.previous_secret_until
    return {
        "id": endpoint.pk,
        "url": endpoint.url,
        "description": endpoint.description,
        "event_types": endpoint.event_types,
        "enabled": endpoint.enabled,
        "disabled_reason": endpoint.disabled_reason,
        "failing_since": endpoint.failing_since,
        "rolling_until": rolling if rolling and rolling > timezone.now() else None,
        "created_at": endpoint.created_at,
    }


def endpoint_rows() -> list[dict[str, Any]]:
    return [endpoint_row(e) for e in WebhookEndpoint.objects.order_by("id")]


def delivery_row(delivery: WebhookDelivery) -> dict[str, Any]:
    # Attempts are numbered across redeliveries, in the order they were made: a redelivery
    # starts the retry schedule again (the stored `number` is its step) but not the count.
    tries = sorted(delivery.tries.all(), key=lambda t: (t.started_at, t.pk))
    return {
        "id": delivery.pk,
        "endpoint_id": delivery.endpoint_id,
        "event_id": delivery.event.event_id,
        "event_type": delivery.event.type,
        "sequence": delivery.event_id,
        "status": delivery.status,
        "attempts": len(tries),
        "next_attempt_at": delivery.next_attempt_at,
        "last_status_code": delivery.last_status_code,
        "last_error": delivery.last_error,
        "delivered_at": delivery.delivered_at,
        "created_at": delivery.created_at,
        "tries": [
            {
                "number": number,
                "started_at": t.started_at,
                "status_code": t.status_code,
                "duration_ms": t.duration_ms,
                "response_excerpt": t.response_excerpt,
                "error": t.error,
            }
            for number, t in enumerate(tries, start=1)
        ],
    }


def delivery_page(
    *, endpoint_id: int | None, status: str, page: int, page_size: int
) -> dict[str, Any]:
    """Deliveries newest first, with their attempts."""
    rows = WebhookDelivery.objects.select_related("event").prefetch_related(
        Prefetch("tries", queryset=WebhookAttempt.objects.order_by("started_at", "id"))
    )
    if endpoint_id is not None:
        rows = rows.filter(endpoint_id=endpoint_id)
    if status in STATUSES:
        rows = rows.filter(status=status)
    return page_of(rows.order_by("-id"), page=page, page_size=page_size, row=delivery_row)
