from __future__ import annotations

from datetime import datetime
from typing import Literal

from ninja import Schema
from pydantic import Field

from tenants.accounts.schemas import RoleOut
from zulin.audit.schemas import AuditOut
from zulin.core.pagination import PageIn

PHONE = r"^1\d{10}$"
OPTIONAL_PHONE = r"^(1\d{10})?$"
USERNAME = r"^[A-Za-z0-9_.@-]+$"
SubShopStatusValue = Literal["active", "disabled"]
AccountStatusValue = Literal["active", "disabled"]
StaffRoleCode = Literal["auditor", "salesman", "finance", "customer_service"]


class RecordIdIn(Schema):
    id: int = Field(gt=0)


class SubShopListIn(PageIn):
    keyword: str = Field("", max_length=50)
    status: SubShopStatusValue | None = None


class SubShopOptionsIn(Schema):
    include_disabled: bool = False


class CreateSubShopIn(Schema):
    name: str = Field(min_length=1, max_length=100)
    contact_name: str = Field("", max_length=50)
    phone: str = Field("", pattern=OPTIONAL_PHONE)
    address: str = Field("", max_length=255)


class UpdateSubShopIn(Schema):
    id: int = Field(gt=0)
    name: str | None = Field(None, min_length=1, max_length=100)
    contact_name: str | None = Field(None, max_length=50)
    phone: str | None = Field(None, pattern=OPTIONAL_PHONE)
    address: str | None = Field(None, max_length=255)
    status: SubShopStatusValue | None = None
    reason: str = Field("", max_length=500)


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


class SubShopListOut(Schema):
    list: list[SubShopOut]
    total: int
    page: int
    page_size: int


class SubShopOptionOut(Schema):
    id: int
    name: str


class AccountOut(Schema):
    id: int
    username: str
    name: str
    phone: str
    status: AccountStatusValue
    last_login_at: datetime | None
    created_at: datetime


class SubShopDetailOut(Schema):
    sub_shop: SubShopOut
    accounts: list[AccountOut]
    audit: list[AuditOut]


class CreateAccountIn(Schema):
    username: str = Field(min_length=1, max_length=50, pattern=USERNAME)
    password: str = Field(min_length=1, max_length=128)
    name: str = Field(min_length=1, max_length=50)
    phone: str = Field("", pattern=OPTIONAL_PHONE)


class CreateSubShopAccountIn(CreateAccountIn):
    sub_shop_id: int = Field(gt=0)


class UpdateAccountIn(Schema):
    id: int = Field(gt=0)
    name: str | None = Field(None, min_length=1, max_length=50)
    phone: str | None = Field(None, pattern=OPTIONAL_PHONE)
    password: str | None = Field(None, min_length=1, max_length=128)
    status: AccountStatusValue | None = None
    reason: str = Field("", max_length=500)


class StaffListIn(PageIn):
    keyword: str = Field("", max_length=50)
    role: StaffRoleCode | None = None
    status: AccountStatusValue | None = None


class CreateStaffIn(CreateAccountIn):
    role_codes: list[StaffRoleCode] = Field(min_length=1, max_length=4)


class UpdateStaffIn(UpdateAccountIn):
    role_codes: list[StaffRoleCode] | None = Field(None, min_length=1, max_length=4)


class StaffOut(AccountOut):
    roles: list[RoleOut]


class StaffListOut(Schema):
    list: list[StaffOut]
    total: int
    page: int
    page_size: int


class PersonOut(Schema):
    id: int
    name: str
    username: str


class ReturnAddressIn(Schema):
    id: int | None = Field(None, gt=0, description="absent: a new address")
    name: str = Field(min_length=1, max_length=50)
    phone: str = Field(pattern=r"^(1\d{10}|0\d{2,3}-?\d{7,8})$")
    province: str = Field(min_length=1, max_length=30)
    city: str = Field(min_length=1, max_length=30)
    district: str = Field("", max_length=30)
    detail: str = Field(min_length=1, max_length=255)
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
