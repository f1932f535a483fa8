"""The carrier calls (docs/logistics.md, docs/added-calls.md): waybills from the order and
their labels, door pickups for returns (the shop's, and the customer's through the applet),
the order's shipments with their carrier events, the shipments list and the carrier
settings."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from zulin.core.auth import current_session, store_auth
from zulin.core.routes import call
from zulin.providers.express import get_express_provider
from zulin.providers.interfaces import ProviderError, WaybillParty, provider_failed

from . import pickups, waybills
from . import waybill_schemas as schemas
from . import waybill_selectors as selectors
from .intake_auth import AppSignatureAuth
from .reads import applet_order

merchant_router = Router(tags=["merchant: waybills and pickups"])
applet_router = Router(tags=["applet: return pickup"])
SHIP = store_auth("order.ship")
VIEW = store_auth("order.view")
MANAGE = store_auth("order.manage")
SIGNED = AppSignatureAuth()


def _party(address: schemas.AddressIn) -> WaybillParty:
    return WaybillParty(
        name=address.name,
        mobile=address.mobile,
        province=address.province,
        city=address.city,
        district=address.district,
        detail=address.detail,
    )


@call(merchant_router.get, "/carrierServices", list[schemas.CarrierServiceOut], auth=VIEW)
def carrier_services(request: HttpRequest, company_code: str = "SF") -> Any:
    """The carrier's products a waybill may be made with."""
    try:
        services = get_express_provider().services(company_code=company_code[:20])
    except ProviderError as error:
        raise provider_failed(error, "未知的快递公司", "Unknown carrier") from error
    return [{"code": code, "name": zh, "name_en": en} for code, zh, en in services]


@call(merchant_router.post, "/createWaybill", schemas.WaybillShipmentOut, auth=SHIP)
def create_waybill(request: HttpRequest, payload: schemas.CreateWaybillIn) -> Any:
    """Ships the order through the carrier: the unit scanned, a waybill made, the order
    shipped with its number (the same key again answers the same shipment)."""
    shipment = waybills.waybill_ship(
        actor=current_session(request),
        order_id=payload.order_id,
        company_code=payload.company_code,
        service=payload.service,
        device_serial=payload.device_serial,
        receiver=_party(payload.receiver),
        weight_kg=payload.weight_kg,
        declared_value=payload.declared_value,
        idempotency_key=payload.idempotency_key,
    )
    return selectors.shipment_answer(shipment)


@call(merchant_router.post, "/cancelWaybill", schemas.WaybillShipmentOut, auth=SHIP)
def cancel_waybill(request: HttpRequest, payload: schemas.ShipmentIdIn) -> Any:
    """Cancels a waybill before the courier picks it up (at the carrier too)."""
    shipment = waybills.waybill_cancel(
        actor=current_session(request), shipment_id=payload.shipment_id
    )
    return selectors.shipment_answer(shipment)


@call(merchant_router.post, "/printWaybillLabels", schemas.WaybillLabelsOut, auth=SHIP)
def print_waybill_labels(request: HttpRequest, payload: schemas.WaybillLabelsIn) -> Any:
    """The labels of one or many shipments in one 76 × 130 mm PDF (a link to it)."""
    return waybills.waybill_labels(
        actor=current_session(request), shipment_ids=list(payload.shipment_ids)
    )


@call(merchant_router.get, "/orderShipments", list[schemas.WaybillShipmentOut], auth=VIEW)
def order_shipments(request: HttpRequest, query: Query[schemas.OrderShipmentsIn]) -> Any:
    """The order's shipments with their carrier events and pickups (the timeline)."""
    return selectors.order_shipments(session=current_session(request), order_id=query.order_id)


@call(merchant_router.get, "/shipmentList", schemas.ShipmentListOut, auth=VIEW)
def shipment_list(request: HttpRequest, query: Query[schemas.ShipmentListIn]) -> Any:
    """Every shipment the caller may see, newest first, filtered."""
    return selectors.shipment_page(session=current_session(request), filters=query)


@call(merchant_router.get, "/returnPickupSlots", list[schemas.PickupSlotOut], auth=SHIP)
def return_pickup_slots(request: HttpRequest, query: Query[schemas.PickupSlotsIn]) -> Any:
    """The carrier's pickup windows on a day for the order's agreed return."""
    slots = pickups.pickup_slots(
        session=current_session(request), order_id=query.order_id, day=query.day
    )
    return [{"starts_at": slot.starts_at, "ends_at": slot.ends_at} for slot in slots]


@call(merchant_router.post, "/bookReturnPickup", schemas.PickupOut, auth=SHIP)
def book_return_pickup(request: HttpRequest, payload: schemas.BookPickupIn) -> Any:
    """Books a courier at the customer's address for the order's agreed return."""
    pickup = pickups.return_pickup_book(
        actor=current_session(request),
        order_id=payload.order_id,
        company_code=payload.company_code,
        service=payload.service,
        address=_party(payload.address),
        starts_at=payload.starts_at,
        ends_at=payload.ends_at,
        idempotency_key=payload.idempotency_key,
    )
    return selectors.pickup_answer(pickup)


@call(merchant_router.post, "/cancelReturnPickup", schemas.PickupOut, auth=SHIP)
def cancel_return_pickup(request: HttpRequest, payload: schemas.PickupIdIn) -> Any:
    """Calls off a pickup not yet made (its waybill cancelled at the carrier)."""
    pickup = pickups.return_pickup_cancel(
        actor=current_session(request), pickup_id=payload.pickup_id
    )
    return selectors.pickup_answer(pickup)


@call(merchant_router.get, "/getCarrierSetting", schemas.CarrierSettingOut, auth=MANAGE)
def get_carrier_setting(request: HttpRequest) -> Any:
    """The shop's carrier account, the return-day rule and the warehouse's sender address."""
    return selectors.carrier_setting()


@call(merchant_router.post, "/saveCarrierSetting", schemas.CarrierSettingOut, auth=MANAGE)
def save_carrier_setting(request: HttpRequest, payload: schemas.CarrierSettingIn) -> Any:
    waybills.carrier_setting_save(
        actor=current_session(request),
        monthly_account=payload.carrier_monthly_account,
        return_day_from_pickup=payload.return_day_from_pickup,
        warehouse_address=_party(payload.sender_address) if payload.sender_address else None,
    )
    return selectors.carrier_setting()


@call(
    applet_router.get,
    "/returnPickupSlots",
    list[schemas.PickupSlotOut],
    operation_id="appletReturnPickupSlots",
    auth=SIGNED,
)
def applet_pickup_slots(request: HttpRequest, query: Query[schemas.AppletPickupSlotsIn]) -> Any:
    """The customer's choice of pickup windows for an agreed return."""
    order = applet_order(query.order_no)
    slots = pickups.pickup_slots(session=None, order_id=order.pk, day=query.day)
    return [{"starts_at": slot.starts_at, "ends_at": slot.ends_at} for slot in slots]


@call(
    applet_router.post,
    "/bookReturnPickup",
    schemas.PickupOut,
    operation_id="appletBookReturnPickup",
    auth=SIGNED,
)
def applet_book_pickup(request: HttpRequest, payload: schemas.AppletBookPickupIn) -> Any:
    """The customer books the courier for an agreed return at their address."""
    order = applet_order(payload.order_no)
    pickup = pickups.return_pickup_book(
        actor=None,
        order_id=order.pk,
        company_code="SF",
        service="standard",
        address=_party(payload.address),
        starts_at=payload.starts_at,
        ends_at=payload.ends_at,
        idempotency_key=payload.idempotency_key,
        booked_by="customer",
    )
    return selectors.pickup_answer(pickup)
