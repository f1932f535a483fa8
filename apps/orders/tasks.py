"""Per-merchant order jobs, sent through the fan-out (`tenants.for_each_merchant`) by beat:
each runs in the schema it was sent from, and each is safe to run again."""

from __future__ import annotations

import logging
from datetime import timedelta
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from zulin.celery import app
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError
from zulin.providers.interfaces import ProviderError

from . import lease, machine, services, shipping
from .guards import order_setting
from .intake_auth import intake_nonces_prune
from .models import Order, Shipment
from .projection import order_project

log = logging.getLogger("zulin.task")
ZERO = Decimal("0.00")


@app.task(name="orders.cancel_unsigned")
def orders_cancel_unsigned() -> dict[str, object]:
    """Orders left unsigned/unpaid longer than the shop's setting are cancelled (stock
    released, deposit thawed)."""
    cutoff = timezone.now() - timedelta(minutes=order_setting().unpaid_cancel_minutes)
    stale = Order.objects.filter(
        status__in=[machine.AWAITING_SIGNING, machine.AWAITING_PAYMENT],
        status_changed_at__lt=cutoff,
        has_open_after_sale=False,
        is_deleted=False,
    ).values_list("pk", flat=True)
    cancelled = 0
    for order_id in list(stale):
        try:
            services.order_cancel(order_id=order_id, reason="超时未支付/签约，系统自动取消")
        except ApplicationError:
            continue  # moved since it was read (signed or paid meanwhile): left as it is
        cancelled += 1
    return {"schema": tenant_connection.schema_name, "cancelled": cancelled}


@app.task(name="orders.deliver_shipped")
def orders_deliver_shipped() -> dict[str, object]:
    """Shipped orders whose parcel the carrier reports delivered move to in lease (a
    purchase: completed) as of the carrier's delivery time; those shipped longer ago than
    the shop's `auto_receive_days` without that report are taken as received. A carrier
    outage skips an order until the next run; an order moved meanwhile is left alone."""
    auto_after = timedelta(days=order_setting().auto_receive_days)
    now = timezone.now()
    delivered = assumed = waiting = 0
    shipped = list(
        Order.objects.filter(status=machine.SHIPPED, has_open_after_sale=False)
        .order_by("pk")
        .values_list("pk", "shipped_at")
    )
    # Each order's latest outgoing parcel, read at once.
    parcels = {
        parcel.order_id: parcel
        for parcel in Shipment.objects.parcels()
        .filter(
            order_id__in=[order_id for order_id, _ in shipped], direction=Shipment.Direction.OUT
        )
        .order_by("id")
    }
    for order_id, shipped_at in shipped:
        parcel = parcels.get(order_id)
        when, by_carrier = None, False
        if parcel is not None:
            try:
                tracking = shipping.parcel_tracking(parcel)
            except ProviderError as error:
                log.warning("tracking failed for order %s: %s", order_id, error.reason)
                tracking = None
            if tracking is not None and tracking.delivered:
                when, by_carrier = tracking.delivered_at or now, True
        if when is None and shipped_at is not None and shipped_at <= now - auto_after:
            when = now
        if when is None:
            waiting += 1
            continue
        reason = "快递签收" if by_carrier else f"发货满{auto_after.days}天自动确认收货"
        try:
            lease.order_deliver(order_id=order_id, actor=None, delivered_at=when, reason=reason)
        except ApplicationError:
            waiting += 1  # moved since it was read (the customer confirmed, a close)
            continue
        delivered += by_carrier
        assumed += not by_carrier
    return {
        "schema": tenant_connection.schema_name,
        "delivered": delivered,
        "assumed": assumed,
        "waiting": waiting,
    }


@app.task(name="orders.reproject")
def orders_reproject() -> dict[str, object]:
    """Writes every order of the schema into the platform's index again (repairs)."""
    projected = 0
    for order in Order.objects.select_related("customer").iterator():
        with transaction.atomic():
            order_project(order)
        projected += 1
    return {"schema": tenant_connection.schema_name, "projected": projected}


@app.task(name="orders.prune_nonces")
def orders_prune_nonces() -> int:
    return intake_nonces_prune()
