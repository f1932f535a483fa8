"""Inputs and answers of the intake calls the shop's customer-facing app makes."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Literal

from pydantic import Field

from zulin.core.numbers import Id
from zulin.core.schema import Schema
from zulin.core.text import MultiLineText, SingleLineText

Phone = Annotated[str, Field(pattern=r"^1[3-9]\d{9}$")]
OrderNo = Annotated[SingleLineText, Field(min_length=6, max_length=32)]
Money = Annotated[Decimal, Field(max_digits=10, decimal_places=2, ge=0, le=1000)]


class PlaceOrderIn(Schema):
    idempotency_key: SingleLineText = Field(min_length=8, max_length=64)
    customer_name: SingleLineText = Field(min_length=2, max_length=30)
    customer_phone: Phone
    id_number: SingleLineText = Field(min_length=18, max_length=18)
    sku_id: Id
    rent_plan_id: Id | None = Field(None, description="omit for a purchase at the sell price")
    package_id: Id | None = None
    addon_ids: list[Id] = Field(default_factory=list, max_length=20)
    channel: SingleLineText = Field("", max_length=30)
    sub_shop_id: Id | None = None
    salesman_id: Id | None = None
    shipping_fee: Money = Decimal("0.00")
    share_code: SingleLineText = Field(
        "", max_length=16, description="the promotion share link the customer came through"
    )


class AppletOrderIn(Schema):
    order_no: OrderNo


class AppletCancelIn(AppletOrderIn):
    reason: MultiLineText = Field("", max_length=300)


class AppletOrderOut(Schema):
    order_no: str
    kind: str
    status: str
    stage: str
    deposit_required: str
    deposit_state: str
    risk_grade: str
    fineness: str = Field(description="the condition the customer rents or buys: new, 99, 95 …")
    fineness_name: str = Field(description="its name: 全新, 95新 …")


class AppletAfterSaleIn(AppletOrderIn):
    kind: Literal["refund", "return", "buyout", "renewal", "exchange"]
    reason: MultiLineText = Field("", max_length=300)
    extra_term: int = Field(0, ge=0, le=36)


class AppletReturnIn(AppletOrderIn):
    company_code: SingleLineText = Field(min_length=1, max_length=20)
    tracking_no: SingleLineText = Field(min_length=4, max_length=40)
    device_serial: SingleLineText = Field("", max_length=64)


class AppletIdCardIn(AppletOrderIn):
    side: Literal["front", "back"]
    image_base64: str = Field(
        min_length=100,
        max_length=1_400_000,
        description="a JPEG or PNG picture of the ID card side, base64 (≤ 1 MB)",
    )


class AppletIdCardOut(Schema):
    order_no: str
    side: str
    size: int
