"""The lease after audit: the schedule and contract made when the audit passes, signing
(the contract signed and bill 1 paid), shipping and delivery (the lease starts and unpaid
bills move with it). A bill charged now is billing's (`apps/billing/bill_pay.py`)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone

from zulin.audit.services import audit_record
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.money.schedule import lease_end

from . import contracts, devices, events
from .models import AfterSale, Order, OrderKind, Shipment
from .moves import order_move, order_refresh
from .scope import order_in_scope
from .shipping import express_register

ZERO = Decimal("0.00")


def _locked(order_id: int, actor: Session | None = None) -> Order:
    return order_in_scope(actor, order_id, lock=True)


def after_audit_pass(order: Order) -> None:
    """The audit passed: a lease starts today until delivery moves it (billing makes its
    schedule on the fact `order_audit_passed`), and the contract the customer signs."""
    if order.kind == OrderKind.LEASE:
        start = timezone.localdate()
        order.lease_start = start
        order.lease_end = lease_end(start=start, term=order.term, term_unit=order.term_unit)
        order.save(update_fields=["lease_start", "lease_end", "updated_at"])
    events.ORDER_AUDIT_PASSED.publish(order)
    contracts.contract_generate(order)


def order_ship(
    *,
    actor: Session,
    order_id: int,
    company_code: str,
    tracking_no: str,
    device_serial: str,
    waybill: Shipment | None = None,
) -> Order:
    """The shop ships: the parcel and the device serial (required for a lease: checked
    again when the goods come back). For a SKU tracked by unit `device_serial` is the
    scanned code: its unit is bound to the order and the stock reservation consumed in this
    transaction (`devices.device_ship`). A lease in an approved exchange whose old device
    came back ships its new device the same way (the exchange is then done). A `waybill`
    the carrier accepted (`waybills.waybill_ship`) is the parcel: it is filled, not made."""
    with transaction.atomic():
        order = _locked(order_id, actor)
        exchange = _exchange_awaiting_shipment(order)
        if exchange is not None:
            return _exchange_ship(
                order,
                exchange,
                actor=actor,
                company_code=company_code,
                tracking_no=tracking_no,
                device_serial=device_serial,
                waybill=waybill,
            )
        if order.kind == OrderKind.LEASE and not device_serial.strip():
            raise field_error("device_serial", Text("必填", "required"))
        now = timezone.now()

        def shipped(row: Order) -> dict[str, Any]:
            row.shipped_at = now
            row.device_serial = device_serial.strip()
            _parcel_out(
                row,
                waybill,
                direction=Shipment.Direction.OUT,
                company_code=company_code,
                tracking_no=tracking_no,
                device_serial=row.device_serial,
                shipped_at=now,
            )
            return {"tracking_no": tracking_no, "device_serial": row.device_serial}

        order_move(order, action="ship", actor=actor, change=shipped)
        # After the order's move (which checks its status and the right to ship).
        devices.device_ship(order, actor=actor, code=device_serial)
        express_register(company_code=company_code, tracking_no=tracking_no, shipped_at=now)
        return order


def _parcel_out(
    order: Order,
    waybill: Shipment | None,
    *,
    direction: str,
    company_code: str,
    tracking_no: str,
    device_serial: str,
    shipped_at: datetime,
) -> Shipment:
    """The outgoing parcel: the carrier's waybill filled, else one typed by hand made."""
    if waybill is None:
        return Shipment.objects.create(
            order=order,
            direction=direction,
            company_code=company_code,
            tracking_no=tracking_no,
            device_serial=device_serial,
            shipped_at=shipped_at,
        )
    waybill.direction, waybill.device_serial = direction, device_serial
    waybill.shipped_at = shipped_at
    waybill.save(update_fields=["direction", "device_serial", "shipped_at", "updated_at"])
    return waybill


def _exchange_awaiting_shipment(order: Order) -> AfterSale | None:
    """The approved exchange of a lease whose old device the shop has received."""
    if order.kind != OrderKind.LEASE or not order.has_open_after_sale:
        return None
    return AfterSale.objects.filter(
        order=order,
        kind=AfterSale.Kind.EXCHANGE,
        status=AfterSale.Status.APPROVED,
        received_on__isnull=False,
    ).first()


def _exchange_ship(
    order: Order,
    business: AfterSale,
    *,
    actor: Session,
    company_code: str,
    tracking_no: str,
    device_serial: str,
    waybill: Shipment | None = None,
) -> Order:
    """The new device of an exchange goes out: a parcel, the device bound (tracked by unit:
    by scan), and the exchange done. The lease goes on as it was: no status move."""
    if not actor.can("order.ship"):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    if not device_serial.strip():
        raise field_error("device_serial", Text("必填", "required"))
    now = timezone.now()
    devices.device_ship(order, actor=actor, code=device_serial, first=False)
    _parcel_out(
        order,
        waybill,
        direction=Shipment.Direction.EXCHANGE_OUT if waybill else Shipment.Direction.OUT,
        company_code=company_code,
        tracking_no=tracking_no,
        device_serial=device_serial.strip(),
        shipped_at=now,
    )
    before = order.device_serial
    order.device_serial = device_serial.strip()
    order.has_open_after_sale = False
    business.status, business.finished_at = AfterSale.Status.DONE, now
    business.save()
    order_refresh(order)
    audit_record(
        actor=actor,
        action="order.exchange_shipped",
        target_type="order",
        target_id=order.pk,
        before={"device_serial": before},
        after={
            "after_sale_id": business.pk,
            "tracking_no": tracking_no,
            "device_serial": order.device_serial,
        },
    )
    express_register(company_code=company_code, tracking_no=tracking_no, shipped_at=now)
    return order


def order_deliver(
    *, order_id: int, actor: Session | None, delivered_at: datetime | None = None, reason: str = ""
) -> Order:
    """The goods reached the customer: a lease starts that day (unpaid bills move with it);
    a purchase is complete."""
    with transaction.atomic():
        order = _locked(order_id, actor)
        when = delivered_at or timezone.now()

        def delivered(row: Order) -> dict[str, Any]:
            row.delivered_at = when
            Shipment.objects.parcels().filter(
                order=row, direction=Shipment.Direction.OUT, delivered_at__isnull=True
            ).update(delivered_at=when)
            if row.kind == OrderKind.PURCHASE:
                row.finished_at = when
                devices.device_sold(row, actor=actor, reason="购买订单已签收")
                return {}
            start = timezone.localdate(when)
            row.lease_start = start
            row.lease_end = lease_end(start=start, term=row.term, term_unit=row.term_unit)
            return {"lease_start": str(start), "lease_end": str(row.lease_end)}

        order_move(order, action="deliver", actor=actor, reason=reason, change=delivered)
        events.ORDER_DELIVERED.publish(order)
        return order
