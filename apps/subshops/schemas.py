from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from tenants.accounts.schemas import (
    OPTIONAL_PHONE_PATTERN,
    AccountOut,
    AccountStatusValue,
    CreateAccountIn,
    UpdateAccountIn,
)
from zulin.audit.schemas import AuditOut
from zulin.core.numbers import Id
from zulin.core.pagination import PageIn, PageOut
from zulin.core.schema import Schema
from zulin.core.text import MultiLineText, SingleLineText

OPTIONAL_PHONE = OPTIONAL_PHONE_PATTERN
SubShopStatusValue = Literal["active", "disabled"]
StaffRoleCode = Literal[
    "auditor", "salesman", "finance", "customer_service", "collector", "warehouse"
]


class RecordIdIn(Schema):
    id: Id


class SubShopListIn(PageIn):
    keyword: SingleLineText = Field("", max_length=50)
    status: SubShopStatusValue | None = None


class SubShopOptionsIn(Schema):
    include_disabled: bool = False


class CreateSubShopIn(Schema):
    name: SingleLineText = Field(min_length=1, max_length=100)
    contact_name: SingleLineText = Field("", max_length=50)
    phone: str = Field("", pattern=OPTIONAL_PHONE)
    address: SingleLineText = Field("", max_length=255)


class UpdateSubShopIn(Schema):
    id: Id
    name: SingleLineText | None = Field(None, min_length=1, max_length=100)
    contact_name: SingleLineText | None = Field(None, max_length=50)
    phone: str | None = Field(None, pattern=OPTIONAL_PHONE)
    address: SingleLineText | None = Field(None, max_length=255)
    status: SubShopStatusValue | None = None
    reason: MultiLineText = Field("", max_length=500)


class SubShopOut(Schema):
    id: int
    name: str
    contact_name: str
    phone: str
    address: str
    status: SubShopStatusValue
    status_name: str
    account_count: int
    created_at: datetime
    updated_at: datetime


class SubShopListOut(PageOut):
    list: list[SubShopOut]


class SubShopOptionOut(Schema):
    id: int
    name: str


class SubShopDetailOut(Schema):
    sub_shop: SubShopOut
    accounts: list[AccountOut]
    audit: list[AuditOut]


class CreateSubShopAccountIn(CreateAccountIn):
    sub_shop_id: Id


class StaffListIn(PageIn):
    keyword: SingleLineText = Field("", max_length=50)
    role: StaffRoleCode | None = None
    status: AccountStatusValue | None = None


class CreateStaffIn(CreateAccountIn):
    role_codes: list[StaffRoleCode] = Field(min_length=1, max_length=4)


class UpdateStaffIn(UpdateAccountIn):
    role_codes: list[StaffRoleCode] | None = Field(None, min_length=1, max_length=4)


class PersonOut(Schema):
    id: int
    name: str
    username: str


class ReturnAddressIn(Schema):
    id: Id | None = Field(None, description="absent: a new address")
    name: SingleLineText = Field(min_length=1, max_length=50)
    phone: str = Field(pattern=r"^(1\d{10}|0\d{2,3}-?\d{7,8})$")
    province: SingleLineText = Field(min_length=1, max_length=30)
    city: SingleLineText = Field(min_length=1, max_length=30)
    district: SingleLineText = Field("", max_length=30)
    detail: SingleLineText = Field(min_length=1, max_length=255)
    is_default: bool = False


class ReturnAddressOut(Schema):
    id: int
    name: str
    phone: str
    province: str
    city: str
    district: str
    detail: str
    full_address: str
    is_default: bool
    updated_at: datetime


class LabelOut(Schema):
    label: str
    name: str
