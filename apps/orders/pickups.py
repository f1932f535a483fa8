"""A return collected at the customer's door (docs/logistics.md): the carrier's pickup slots, a
pickup booked as a return shipment through the carrier (one provider operation, as a waybill is)
and cancelled. The carrier's pushes about it are followed in `waybills.py`."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from django.db import transaction

from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.providers.interfaces import (
    Pickup,
    PickupSlot,
    ProviderError,
    Waybill,
    WaybillParcel,
    WaybillParty,
    WaybillStatus,
    provider_failed,
)
from zulin.providers.operations import operation_sync

from .guards import order_setting
from .models import (
    AfterSale,
    Order,
    PickupBooking,
    Shipment,
)
from .scope import order_in_scope
from .waybills import (
    PICKUP_MACHINE,
    Pk,
    St,
    _accepted,
    _carrier,
    _kept,
    _monthly_account,
    _new_shipment,
    _parcel,
    _party,
    _refused,
    sender_address,
    waybill_cancel,
)

# --- return pickup ----------------------------------------------------------------------------


def _return_business(order: Order) -> AfterSale:
    business = AfterSale.objects.filter(
        order=order,
        kind__in=[AfterSale.Kind.RETURN, AfterSale.Kind.EXCHANGE],
        status=AfterSale.Status.APPROVED,
        received_on__isnull=True,
    ).first()
    if business is None:
        raise ApplicationError(ErrorCode.CONFLICT, data={"from": order.status, "to": "returning"})
    return business


def pickup_slots(*, session: Session | None, order_id: int, day: date) -> list[PickupSlot]:
    order = order_in_scope(session, order_id)
    _return_business(order)
    try:
        return _carrier().pickup_slots(address=sender_address(order.sub_shop_id), day=day)
    except ProviderError as error:
        raise provider_failed(error, "查询取件时段失败", "No pickup slots") from error


def return_pickup_book(
    *,
    actor: Session | None,
    order_id: int,
    company_code: str,
    service: str,
    address: WaybillParty,
    starts_at: datetime,
    ends_at: datetime,
    idempotency_key: str,
    booked_by: str = "shop",
) -> PickupBooking:
    """A courier booked at the customer's door for an agreed return or exchange (the shop,
    or the customer through the applet: `actor` None). The carrier makes a waybill for the
    parcel back to the warehouse (or the order's sub-shop)."""
    if not idempotency_key:
        raise field_error("idempotency_key", Text("必填", "required"))
    kept = _kept(idempotency_key)
    if kept is None:
        with transaction.atomic():
            order = order_in_scope(actor, order_id, lock=True)
            business = _return_business(order)
            _monthly_account()
            if PickupBooking.objects.filter(
                after_sale=business, status__in=[Pk.REQUESTED, Pk.ACCEPTED, Pk.PICKED_UP]
            ).exists():
                raise ApplicationError(
                    ErrorCode.CONFLICT,
                    "已预约上门取件",
                    msg_en="A pickup is booked already",
                    data={"from": "booked", "to": "booked"},
                )
            kept = _new_shipment(
                order,
                direction=(
                    Shipment.Direction.RETURN
                    if business.kind == AfterSale.Kind.RETURN
                    else Shipment.Direction.EXCHANGE_BACK
                ),
                company_code=company_code,
                service=service,
                sender=address,
                receiver=sender_address(order.sub_shop_id),
                parcel=_parcel(order, None, Decimal("1.00")),
                device_serial=order.device_serial,
                idempotency_key=idempotency_key,
                actor=actor,
            )
            PickupBooking.objects.create(
                shipment=kept,
                after_sale=business,
                starts_at=starts_at,
                ends_at=ends_at,
                booked_by=booked_by,
            )
    elif kept.order_id != order_id:
        raise ApplicationError(ErrorCode.IDEMPOTENCY_KEY_REUSED)
    order_in_scope(actor, kept.order_id)
    if kept.status == St.CREATED:
        pickup = kept.pickup

        def book(row: Shipment) -> Pickup:
            answer = _carrier().pickup_book(
                out_no=str(row.out_no),
                company_code=row.company_code,
                service=row.service,
                monthly_account=order_setting().carrier_monthly_account,
                sender=_party(row.sender),
                receiver=_party(row.receiver),
                parcel=WaybillParcel(
                    row.order.goods_title[:40],
                    row.weight_kg or Decimal("1.00"),
                    row.declared_value or Decimal("0.00"),
                ),
                order_no=row.order.order_no,
                unit_serial=row.device_serial,
                slot=PickupSlot(pickup.starts_at, pickup.ends_at),
            )
            return answer

        def booked(row: Shipment, answer: Pickup) -> Shipment:
            return _accepted(row, _as_waybill(answer))

        synced = operation_sync(
            lambda: Shipment.objects.select_for_update().filter(pk=kept.pk).first(),
            ask=book,
            apply=booked,
            failed=_refused,
            final=lambda answer: True,
        )
        if synced is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
    return PickupBooking.objects.get(shipment_id=kept.pk)


def _as_waybill(pickup: Pickup) -> Waybill:
    return Waybill(
        out_no=pickup.out_no,
        waybill_no=pickup.waybill_no,
        company_code="",
        service="",
        status=WaybillStatus.ACCEPTED,
        freight=None,
        weight_kg=None,
        routes=(),
    )


def return_pickup_cancel(*, actor: Session, pickup_id: int) -> PickupBooking:
    pickup = PickupBooking.objects.filter(pk=pickup_id).first()
    if pickup is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    if PICKUP_MACHINE.find(pickup.status, "cancel") is None:
        raise PICKUP_MACHINE.conflict(pickup.status, "cancel")
    waybill_cancel(actor=actor, shipment_id=pickup.shipment_id)
    pickup.refresh_from_db()
    return pickup
