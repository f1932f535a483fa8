"""Reads of the carrier's shipments: one with its events and pickup (the order's timeline),
the shipments list (`/shipments`) and its export rows."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone

from zulin.core.auth import Session
from zulin.core.pagination import page_of

from .guards import order_setting
from .models import PickupBooking, SenderAddress, Shipment
from .scope import order_in_scope, visible_orders
from .waybill_schemas import ShipmentListIn


def pickup_answer(pickup: PickupBooking) -> dict[str, Any]:
    return {
        "id": pickup.pk,
        "status": pickup.status,
        "starts_at": pickup.starts_at,
        "ends_at": pickup.ends_at,
        "courier_name": pickup.courier_name,
        "courier_phone": pickup.courier_phone,
        "booked_by": pickup.booked_by,
    }


def _pickup_of(row: Shipment) -> PickupBooking | None:
    """The shipment's pickup: joined in by a list (`select_related("pickup")`), else read."""
    try:
        return row.pickup
    except PickupBooking.DoesNotExist:
        return None


def _with_timeline(rows: QuerySet[Shipment]) -> QuerySet[Shipment]:
    """Rows read with their pickup and carrier events: a page costs the same few statements
    whatever its number of rows (no statement per row)."""
    return rows.select_related("order", "pickup").prefetch_related("events")


def shipment_answer(row: Shipment) -> dict[str, Any]:
    pickup = _pickup_of(row)
    return {
        "id": row.pk,
        "order_id": row.order_id,
        "order_no": row.order.order_no,
        "direction": row.direction,
        "status": row.status,
        "company_code": row.company_code,
        "service": row.service,
        "out_no": row.out_no or "",
        "tracking_no": row.tracking_no,
        "device_serial": row.device_serial,
        "declared_value": row.declared_value,
        "weight_kg": row.weight_kg,
        "freight": row.freight,
        "failure_reason": row.failure_reason,
        "last_error": row.last_error,
        "shipped_at": row.shipped_at,
        "picked_up_at": row.picked_up_at,
        "delivered_at": row.delivered_at,
        "last_event_at": row.last_event_at,
        "created_at": row.created_at,
        "receiver": {k: str(v) for k, v in row.receiver.items()},
        "sender": {k: str(v) for k, v in row.sender.items()},
        "pickup": pickup_answer(pickup) if pickup else None,
        "events": [
            {
                "code": event.code,
                "status": event.status,
                "occurred_at": event.occurred_at,
                "place": event.place,
                "text": event.text,
            }
            for event in row.events.all()
        ],
    }


def order_shipments(*, session: Session | None, order_id: int) -> list[dict[str, Any]]:
    """Every shipment of the order, oldest first, with its carrier events (the timeline)."""
    order = order_in_scope(session, order_id)
    rows = _with_timeline(Shipment.objects.filter(order=order)).order_by("id")
    return [shipment_answer(row) for row in rows]


# A shipment on its way with no carrier event for this long is stuck (the workbench's
# exception: ask the carrier, then the customer).
STUCK_AFTER = timedelta(hours=48)
ON_ITS_WAY = (Shipment.Status.LABEL_READY, Shipment.Status.PICKED_UP, Shipment.Status.IN_TRANSIT)


def shipments_stuck(rows: QuerySet[Shipment], *, now: datetime | None = None) -> QuerySet[Shipment]:
    """Parcels on their way (sent, or picked up) whose last carrier event, else their
    sending, is older than STUCK_AFTER."""
    cutoff = (now or timezone.now()) - STUCK_AFTER
    return rows.filter(status__in=ON_ITS_WAY, shipped_at__isnull=False).filter(
        Q(last_event_at__lt=cutoff) | Q(last_event_at__isnull=True, shipped_at__lt=cutoff)
    )


def shipments_visible(
    session: Session | None, filters: Any, *, sub_shop_id: int | None = None
) -> QuerySet[Shipment]:
    """The shipments of the orders `session` sees (an export: of `sub_shop_id`'s when set)."""
    orders = visible_orders(session)
    if sub_shop_id is not None:
        orders = orders.filter(sub_shop_id=sub_shop_id)
    rows: QuerySet[Shipment] = Shipment.objects.filter(order__in=orders).select_related("order")
    if filters.status:
        rows = rows.filter(status=filters.status)
    if filters.direction:
        rows = rows.filter(direction=filters.direction)
    if filters.company_code:
        rows = rows.filter(company_code=filters.company_code)
    if getattr(filters, "attention", "") == "stuck":
        rows = shipments_stuck(rows)
    elif getattr(filters, "attention", "") == "exception":
        rows = rows.filter(status=Shipment.Status.EXCEPTION)
    if filters.keyword:
        word = filters.keyword.strip()
        rows = rows.filter(
            Q(order__order_no__icontains=word)
            | Q(tracking_no__icontains=word)
            | Q(device_serial__icontains=word)
        )
    zone = timezone.get_current_timezone()
    if filters.date_from:
        rows = rows.filter(created_at__gte=datetime.combine(filters.date_from, time.min, zone))
    if filters.date_to:
        rows = rows.filter(created_at__lte=datetime.combine(filters.date_to, time.max, zone))
    return rows.order_by("-id")


# The workbench's shipment to-dos: each the `attention` selection of `/shipments`, so its
# count is the total of the list its tile opens.
SHIPMENT_TODOS = {"shipments_stuck": "stuck", "shipments_exception": "exception"}


def shipment_todo_counts(*, session: Session, todos: list[str]) -> dict[str, int]:
    """The workbench's shipment to-dos (`SHIPMENT_TODOS`) the session sees, each counted with
    the list's own selection (`shipments_visible`)."""
    return {
        todo: shipments_visible(
            session, ShipmentListIn.model_validate({"attention": SHIPMENT_TODOS[todo]})
        ).count()
        for todo in todos
    }


def shipment_page(*, session: Session | None, filters: Any) -> dict[str, Any]:
    return page_of(
        _with_timeline(shipments_visible(session, filters)),
        page=filters.page,
        page_size=filters.page_size,
        row=shipment_answer,
    )


def carrier_setting() -> dict[str, Any]:
    setting = order_setting()
    address = SenderAddress.objects.filter(sub_shop_id__isnull=True).first()
    return {
        "carrier_monthly_account": setting.carrier_monthly_account,
        "return_day_from_pickup": setting.return_day_from_pickup,
        "sender_address": (
            {
                "name": address.contact,
                "mobile": address.mobile,
                "province": address.province,
                "city": address.city,
                "district": address.district,
                "detail": address.detail,
            }
            if address
            else None
        ),
    }
