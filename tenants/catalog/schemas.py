from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from zulin.core.numbers import Id, OptionalId
from zulin.core.pagination import PageOut
from zulin.core.schema import Schema
from zulin.core.text import SingleLineText


class CategoryIn(Schema):
    name: SingleLineText = Field(min_length=1, max_length=50)
    icon: SingleLineText = Field("", max_length=500)
    parent_id: OptionalId | None = Field(None, description="omit or 0 for a top-level category")
    sort: int = Field(0, ge=0, le=999_999)
    status: int = Field(1, ge=0, le=1)


class CategoryEditIn(Schema):
    id: Id
    name: SingleLineText = Field(min_length=1, max_length=50)
    icon: SingleLineText = Field("", max_length=500)
    sort: int = Field(0, ge=0, le=999_999)


class CategoryIdIn(Schema):
    id: Id


class CategoryStatusIn(Schema):
    id: Id
    status: int = Field(ge=0, le=1, description="1 enabled, 0 disabled")


class CategorySortIn(Schema):
    id: Id
    sort: int = Field(ge=0, le=999_999)


class CategoryOut(Schema):
    id: int
    name: str
    icon: str
    parent_id: int
    level: int
    status: int
    sort: int


class CategoryNodeOut(CategoryOut):
    children: list[CategoryNodeOut]


class SelectionOut(Schema):
    value: int
    label: str
    children: list[SelectionOut]


class GoodsClassOut(Schema):
    id: int
    name: str
    path: str


class CategoryCountOut(Schema):
    category_id: int
    name: str
    parent_id: int
    level: int
    goods_count: int
    total_count: int


PlatformStatus = Literal["draft", "in_review", "on_shelf", "off_shelf", "force_down"]


class PlatformGoodsListIn(Schema):
    merchant_id: Id | None = None
    category_id: Id | None = None
    status: PlatformStatus | None = None
    keyword: SingleLineText = Field("", max_length=100)
    page: int = Field(1, ge=1)
    page_size: int = Field(20, ge=1, le=100)


class DisplayListIn(Schema):
    display_status: bool | None = Field(None, description="omit for every goods item on shelf")
    merchant_id: Id | None = None
    category_id: Id | None = None
    keyword: SingleLineText = Field("", max_length=100)
    page: int = Field(1, ge=1)
    page_size: int = Field(20, ge=1, le=100)


class DisplayIn(Schema):
    ids: list[int] = Field(min_length=1, max_length=100, description="platform goods ids")
    display_status: bool


class PlatformGoodsOut(Schema):
    id: int
    merchant_id: int
    merchant_name: str
    goods_id: int
    title: str
    category_id: int | None
    category_name: str
    status: str
    force_down: bool
    force_down_reason: str
    display_status: bool
    min_rent: str | None
    picture: str
    updated_at: datetime


class PlatformGoodsPageOut(PageOut):
    list: list[PlatformGoodsOut]


class ShopOut(Schema):
    id: int
    name: str


class ReasonOut(Schema):
    code: str
    label: str
    needs_text: bool


class AddonTypeOut(Schema):
    id: int
    code: str
    name: str
    name_en: str
    is_active: bool
    sort: int


class AddonTypeIn(Schema):
    code: str = Field(pattern=r"^[a-z][a-z0-9_]{1,19}$", description="stable key, e.g. warranty")
    name: SingleLineText = Field(min_length=1, max_length=50)
    name_en: SingleLineText = Field(min_length=1, max_length=50)
    is_active: bool = True
    sort: int = Field(0, ge=0, le=999_999)
