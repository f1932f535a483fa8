"""Platform-level tasks: fanning a job out to every merchant's schema; and, for the worker,
the spare pool's refill (defined beside the pool in `provisioning.py`, which queues it)."""

from __future__ import annotations

import logging
from typing import Any

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone
from django_tenants.utils import get_public_schema_name, tenant_context

from tenants.orders.models import OrderIndex
from tenants.orders.rules import OrderStatus
from zulin.celery import app

from .models import Merchant, MerchantStatus, WebhookDue
from .outbox import SWEEP_AFTER, public_events_forward
from .provisioning import spare_pool_refill

log = logging.getLogger("zulin.task")

__all__ = ["for_each_merchant", "merchants_for_jobs", "spare_pool_refill"]

# Orders whose customers still owe rent or hold goods: a closed merchant's money jobs run
# while it has one of these.
RUNNING_LEASE_STATUSES = (
    OrderStatus.PAID,
    OrderStatus.AWAITING_SHIPMENT,
    OrderStatus.SHIPPED,
    OrderStatus.IN_LEASE,
    OrderStatus.RETURNING,
    OrderStatus.INSPECTING,
)


def merchants_for_jobs(*, money: bool = False) -> QuerySet[Merchant]:
    """The merchants a job runs for: usable ones (active, pending); for money jobs also the
    frozen (its customers still owe rent) and the closed while they have a running lease."""
    usable: Any = Q(status__in=[MerchantStatus.ACTIVE, MerchantStatus.PENDING])
    if money:
        running = OrderIndex.objects.filter(
            merchant=OuterRef("pk"), status__in=RUNNING_LEASE_STATUSES, is_deleted=False
        )
        usable |= Q(status=MerchantStatus.FROZEN) | (
            Q(status=MerchantStatus.CLOSED) & Exists(running)
        )
    return Merchant.objects.exclude(schema_name=get_public_schema_name()).filter(usable)


@app.task(name="tenants.for_each_merchant")
def for_each_merchant(task_name: str, args: list | None = None, money: bool = False) -> int:
    """Sends `task_name` once per merchant a job runs for (`merchants_for_jobs`), each copy
    carrying that merchant's schema (tenant-schemas-celery reads it at send time). Nightly
    jobs are scheduled through this; money jobs pass `money=True`."""
    sent = 0
    for merchant in merchants_for_jobs(money=money).order_by("id"):
        with tenant_context(merchant):
            app.send_task(task_name, args=args or [])
        sent += 1
    return sent


@app.task(name="tenants.webhooks_sweep")
def webhooks_sweep(limit: int = 1000) -> int:
    """Queues the webhook relay of each merchant with a delivery due (`WebhookDue`: its
    earliest pending retry), so retries are kept on rows and swept, never held as long
    Celery countdowns; answers how many merchants."""
    # Public events a lost send left unforwarded go to their merchants' outboxes first.
    public_events_forward(older_than=SWEEP_AFTER)
    sent = 0
    due = WebhookDue.objects.filter(due_at__lte=timezone.now()).select_related("merchant")
    for row in due.order_by("due_at")[:limit]:
        with tenant_context(row.merchant):
            app.send_task("webhooks.relay")
        sent += 1
    return sent


@app.task(name="tenants.outbox_forward")
def outbox_forward() -> int:
    """The public outbox's new events handed to their merchants' outboxes (outbox.py)."""
    return public_events_forward()


def forward_send() -> None:
    """Queues the forwarder after a commit that wrote a public event; with the broker down
    the sweep forwards it."""
    try:
        outbox_forward.delay()
    except Exception:
        log.warning("tenants.outbox_forward not queued; left to the sweep")
