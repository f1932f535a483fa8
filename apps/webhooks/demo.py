"""The demo shop's webhook endpoint (`make run`): it points at the sandbox receiver the API
itself serves (`/api/sandbox/webhooks/receive`, zulin/providers/api.py), made before the
showcase's history so its orders, bills and withdrawals are delivered once the worker starts,
every third of them after a retry (the receiver is busy the first time)."""

from __future__ import annotations

from django.conf import settings

from zulin.core.auth import Session

from . import services
from .models import WebhookEndpoint

DEMO_EVENT_TYPES = ["order.created", "order.shipped", "bill.paid", "withdrawal.changed"]


def demo_receiver_url() -> str:
    return f"{settings.CALLBACK_BASE_URL.rstrip('/')}/api/sandbox/webhooks/receive"


def webhooks_showcase_load(*, actor: Session) -> str:
    """The endpoint (in the current merchant's schema); a second run adds nothing."""
    url = demo_receiver_url()
    if not WebhookEndpoint.objects.filter(url=url).exists():
        services.endpoint_create(
            url=url,
            event_types=DEMO_EVENT_TYPES,
            description="演示：沙箱接收端 (sandbox receiver)",
            actor=actor,
        )
    return url
