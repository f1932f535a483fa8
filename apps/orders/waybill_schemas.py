"""Bodies and answers of the carrier calls (waybills, labels, door pickups, shipments)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Literal

from pydantic import Field

from zulin.core.numbers import Id, Page, PageSize
from zulin.core.pagination import PageOut
from zulin.core.schema import Schema
from zulin.core.text import IdempotencyKey, SingleLineText

from .applet_schemas import AppletOrderIn

Mobile = Field(min_length=5, max_length=20, pattern=r"^[0-9+\-]{5,20}$")


class AddressIn(Schema):
    name: SingleLineText = Field(min_length=1, max_length=30)
    mobile: str = Mobile
    province: SingleLineText = Field(min_length=1, max_length=20)
    city: SingleLineText = Field(min_length=1, max_length=20)
    district: SingleLineText = Field("", max_length=20)
    detail: SingleLineText = Field(min_length=1, max_length=120)


class AddressOut(Schema):
    name: str
    mobile: str
    province: str
    city: str
    district: str
    detail: str


class CreateWaybillIn(Schema):
    order_id: Id
    company_code: SingleLineText = Field(min_length=1, max_length=20)
    service: SingleLineText = Field("standard", min_length=1, max_length=20)
    device_serial: SingleLineText = Field("", max_length=64, description="the unit scanned")
    receiver: AddressIn
    weight_kg: Decimal = Field(Decimal("1.00"), gt=0, le=100, max_digits=6, decimal_places=2)
    declared_value: Decimal | None = Field(None, ge=0, le=1000000, max_digits=9, decimal_places=2)
    idempotency_key: IdempotencyKey


class ShipmentIdIn(Schema):
    shipment_id: Id


class PickupIdIn(Schema):
    pickup_id: Id


class WaybillLabelsIn(Schema):
    shipment_ids: list[Id] = Field(min_length=1, max_length=200)


class WaybillLabelsOut(Schema):
    url: str
    count: int
    waybill_nos: list[str]


class ShipmentEventOut(Schema):
    code: str
    status: str
    occurred_at: datetime
    place: str
    text: str


class PickupOut(Schema):
    id: int
    status: str
    starts_at: datetime
    ends_at: datetime
    courier_name: str
    courier_phone: str
    booked_by: str


class WaybillShipmentOut(Schema):
    id: int
    order_id: int
    order_no: str
    direction: str
    status: str
    company_code: str
    service: str
    out_no: str
    tracking_no: str
    device_serial: str
    declared_value: Decimal | None
    weight_kg: Decimal | None
    freight: Decimal | None
    failure_reason: str
    last_error: str = Field("", description="the carrier's last failure to answer (try again)")
    shipped_at: datetime | None
    picked_up_at: datetime | None
    delivered_at: datetime | None
    last_event_at: datetime | None
    created_at: datetime
    receiver: dict[str, str]
    sender: dict[str, str]
    pickup: PickupOut | None
    events: list[ShipmentEventOut]


class OrderShipmentsIn(Schema):
    order_id: Id


class PickupSlotsIn(Schema):
    order_id: Id
    day: date


class PickupSlotOut(Schema):
    starts_at: datetime
    ends_at: datetime


class BookPickupIn(Schema):
    order_id: Id
    company_code: SingleLineText = Field("SF", min_length=1, max_length=20)
    service: SingleLineText = Field("standard", min_length=1, max_length=20)
    address: AddressIn
    starts_at: datetime
    ends_at: datetime
    idempotency_key: IdempotencyKey


class AppletBookPickupIn(AppletOrderIn):
    address: AddressIn
    starts_at: datetime
    ends_at: datetime
    idempotency_key: IdempotencyKey


class AppletPickupSlotsIn(AppletOrderIn):
    day: date


class ShipmentListIn(Schema):
    page: Page = 1
    page_size: PageSize = 20
    status: SingleLineText = Field("", max_length=16)
    direction: SingleLineText = Field("", max_length=16)
    company_code: SingleLineText = Field("", max_length=20)
    keyword: SingleLineText = Field("", max_length=64, description="order, waybill or serial")
    attention: Literal["", "stuck", "exception"] = Field(
        "",
        description="stuck: on its way with no carrier event for 48 h; exception: returned "
        "to sender or a pickup the carrier called off",
    )
    date_from: date | None = None
    date_to: date | None = None


class ShipmentListOut(PageOut):
    list: list[WaybillShipmentOut]


class SenderAddressIn(AddressIn):
    sub_shop_id: Id | None = None


class CarrierSettingOut(Schema):
    carrier_monthly_account: str
    return_day_from_pickup: bool
    sender_address: AddressOut | None


class CarrierSettingIn(Schema):
    carrier_monthly_account: SingleLineText = Field("", max_length=20)
    return_day_from_pickup: bool = False
    sender_address: AddressIn | None = None


class CarrierServiceOut(Schema):
    code: str
    name: str
    name_en: str
