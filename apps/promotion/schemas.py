"""Inputs and answers of the share-link calls."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from zulin.core.numbers import Id, Page, PageSize
from zulin.core.pagination import PageOut
from zulin.core.schema import Schema
from zulin.core.text import SingleLineText

LandingTypeCode = Literal["shop", "category", "goods"]


class ShareLinkIn(Schema):
    name: SingleLineText = Field(min_length=1, max_length=50)
    channel: SingleLineText = Field(min_length=1, max_length=40, description="getShareLinkMap")
    landing_type: LandingTypeCode
    landing_id: Id | None = Field(None, description="the category's or goods' id; none for shop")
    salesman_id: Id | None = Field(None, description="the salesman the link is attributed to")
    sub_shop_id: Id | None = Field(None, description="the sub-shop the link is attributed to")
    remark: SingleLineText = Field("", max_length=200)


class ShareLinkEditIn(ShareLinkIn):
    id: Id


class ShareLinkIdIn(Schema):
    id: Id


class ShareLinkListIn(Schema):
    keyword: SingleLineText = Field("", max_length=50, description="name, or the exact code")
    channel: SingleLineText = Field("", max_length=40)
    salesman_id: Id | None = None
    sub_shop_id: Id | None = None
    landing_type: LandingTypeCode | None = None
    status: Literal["active", "deleted", "all"] = "active"
    page: Page = 1
    page_size: PageSize = 20


class ShareLinkOut(Schema):
    id: int
    code: str
    name: str
    url: str = Field(description="the link to share: the landing page with the code")
    channel: str
    channel_name: str
    salesman_id: int | None
    salesman_name: str
    sub_shop_id: int | None
    sub_shop_name: str
    landing_type: str
    landing_type_name: str
    landing_id: int | None
    landing_name: str
    remark: str
    visits: int = Field(description="visitors a day, summed over the days")
    orders: int = Field(description="orders placed through the link")
    deals: int = Field(description="of those, paid and signed (not refunded, closed, refused)")
    deal_value: str = Field(
        description="the deals' value: rent over the term and add-ons, or price"
    )
    is_deleted: bool
    deleted_at: datetime | None
    created_at: datetime
    updated_at: datetime


class ShareLinkDetailOut(ShareLinkOut):
    qr_code: str = Field(description="the link as a QR picture (an SVG data URL)")


class ShareLinkPageOut(PageOut):
    list: list[ShareLinkOut]


class ShareOptionOut(Schema):
    label: str
    name: str


class ShareLandingOptionOut(Schema):
    value: str
    label: str


class SharePersonOut(Schema):
    id: int
    name: str


class ShareLinkMapOut(Schema):
    channels: list[ShareOptionOut]
    landing_types: list[ShareLandingOptionOut]
    salesmen: list[SharePersonOut]
    sub_shops: list[SharePersonOut]


class ShareOrdersIn(Schema):
    id: Id = Field(description="the share link")
    page: Page = 1
    page_size: PageSize = 20


class ShareOrderOut(Schema):
    id: int
    order_no: str
    kind: str
    status: str
    status_name: str
    stage: str
    customer_name: str
    customer_phone: str
    goods_title: str
    total_rent: str
    sale_price: str
    channel: str
    sub_shop_name: str
    salesman_name: str | None = None
    created_at: datetime


class ShareOrderPageOut(PageOut):
    list: list[ShareOrderOut]


class SchemeIn(Schema):
    id: Id = Field(description="the share link")
    expire_days: int = Field(30, ge=1, le=30)


class SchemeOut(Schema):
    scheme: str = Field(description="weixin://… opening the mini-program at the link's page")
    path: str
    query: str
    expire_at: datetime


class ShareVisitIn(Schema):
    code: SingleLineText = Field(min_length=4, max_length=16)
    visitor: SingleLineText = Field(
        min_length=1, max_length=128, description="the app's id of the visitor (openid, device)"
    )


class ShareVisitOut(Schema):
    counted: bool = Field(description="false: the link was deleted, nothing counted")
