"""Parcels of orders: express companies, tracking through the express provider, changing a
shipment's tracking number and the customer's return parcel. The shipping fee given back is
billing's (`apps/billing/shipping_fee.py`)."""

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
from zulin.providers.express import get_express_provider
from zulin.providers.interfaces import ProviderError, TrackingResult

from . import devices, machine
from .models import AfterSale, Shipment
from .scope import order_in_scope

ZERO = Decimal("0.00")


def express_companies() -> list[dict[str, str]]:
    return [
        {"code": c.code, "name": c.name_zh, "name_en": c.name_en}
        # The carriers a parcel may go with are the provider's, the same for every merchant
        # and for the platform's screens.
        for c in get_express_provider(merchant="platform").companies()
    ]


def _company_check(company_code: str) -> None:
    if company_code not in {c["code"] for c in express_companies()}:
        raise field_error("company_code", Text("未知的快递公司", "unknown express company"))


def express_register(*, company_code: str, tracking_no: str, shipped_at: datetime | None) -> None:
    """Tells the express provider about a parcel, so tracking can follow it."""
    _company_check(company_code)
    try:
        get_express_provider().subscribe(company_code=company_code, tracking_no=tracking_no)
    except ProviderError as error:
        raise ApplicationError(ErrorCode.PROVIDER_FAILED, data={"reason": error.reason}) from error


def parcel_tracking(shipment: Shipment) -> TrackingResult:
    """What the carrier reports of the parcel now (ProviderError when it cannot say)."""
    return get_express_provider().track(
        company_code=shipment.company_code, tracking_no=shipment.tracking_no
    )


def _parcel_answer(shipment: Shipment, tracking: TrackingResult | None) -> dict[str, Any]:
    """A parcel with the carrier's events, or (tracking None: the carrier could not be
    asked) with what the order knows and no events, marked `tracking_failed`."""
    return {
        "shipment_id": shipment.pk,
        "direction": shipment.direction,
        "company_code": shipment.company_code,
        "tracking_no": shipment.tracking_no,
        "delivered": tracking.delivered if tracking else shipment.delivered_at is not None,
        "delivered_at": tracking.delivered_at if tracking else shipment.delivered_at,
        "events": [
            {
                "time": event.occurred_at,
                "status": str(event.status),
                "location": event.location,
                "description": event.description_zh,
                "description_en": event.description_en,
            }
            for event in (tracking.events if tracking else ())
        ],
        "tracking_failed": tracking is None,
    }


def order_tracking(
    *, session: Session | None, order_id: int, hide_error: bool = False
) -> list[dict[str, Any]]:
    """Every parcel of an order with its events (orderExpress, adminLookExpress). When the
    carrier's tracking fails the call answers PROVIDER_FAILED, or with `hide_error` the
    parcels without events, each marked `tracking_failed`, so the screen shows no notice."""
    order = order_in_scope(session, order_id)
    answer = []
    for shipment in order.shipments.parcels().order_by("id"):
        try:
            tracking: TrackingResult | None = parcel_tracking(shipment)
        except ProviderError as error:
            if not hide_error:
                raise ApplicationError(
                    ErrorCode.PROVIDER_FAILED, data={"reason": error.reason}
                ) from error
            tracking = None
        answer.append(_parcel_answer(shipment, tracking))
    return answer


def shipment_update(
    *, actor: Session, order_id: int, company_code: str, tracking_no: str, device_serial: str
) -> Shipment:
    """Corrects the outgoing parcel (company, number, serial) while it is on its way."""
    with transaction.atomic():
        order = order_in_scope(actor, order_id, lock=True)
        if order.status != machine.SHIPPED:
            raise machine.machine_for(order).conflict(order.status, "ship")
        shipment = (
            order.shipments.parcels()
            .filter(direction=Shipment.Direction.OUT)
            .order_by("-id")
            .first()
        )
        if shipment is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        before = {"company_code": shipment.company_code, "tracking_no": shipment.tracking_no}
        shipment.company_code, shipment.tracking_no = company_code, tracking_no
        if device_serial.strip() and device_serial.strip() != order.device_serial:
            # Tracked by unit: the unit first bound goes back to stock, the scanned one out.
            devices.device_reship(order, actor=actor, code=device_serial)
            shipment.device_serial = order.device_serial = device_serial.strip()
            order.save(update_fields=["device_serial", "updated_at"])
        shipment.save()
        express_register(
            company_code=company_code, tracking_no=tracking_no, shipped_at=shipment.shipped_at
        )
        audit_record(
            actor=actor,
            action="order.express_update",
            target_type="order",
            target_id=order.pk,
            before=before,
            after={
                "company_code": company_code,
                "tracking_no": tracking_no,
                "device_serial": order.device_serial,
            },
        )
        return shipment


def return_shipment_add(
    *, order_id: int, company_code: str, tracking_no: str, device_serial: str
) -> Shipment:
    """The customer sends the goods back (return approved, or an exchange)."""
    with transaction.atomic():
        order = order_in_scope(None, order_id, lock=True)
        business = AfterSale.objects.filter(
            order=order,
            kind__in=[AfterSale.Kind.RETURN, AfterSale.Kind.EXCHANGE],
            status=AfterSale.Status.APPROVED,
        ).first()
        if business is None:
            raise ApplicationError(
                ErrorCode.CONFLICT, data={"from": order.status, "to": "returning"}
            )
        now = timezone.now()
        express_register(company_code=company_code, tracking_no=tracking_no, shipped_at=now)
        devices.device_returning(order, actor=None)
        shipment = Shipment.objects.create(
            order=order,
            direction=Shipment.Direction.RETURN,
            company_code=company_code,
            tracking_no=tracking_no,
            device_serial=device_serial.strip(),
            shipped_at=now,
        )
        audit_record(
            actor=None,
            action="order.return_shipped",
            target_type="order",
            target_id=order.pk,
            after={"company_code": company_code, "tracking_no": tracking_no},
        )
        return shipment
