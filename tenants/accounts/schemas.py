from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from zulin.core.numbers import Id
from zulin.core.pagination import PageIn, PageOut
from zulin.core.schema import Schema
from zulin.core.text import MultiLineText, SingleLineText

PHONE_PATTERN = r"^1\d{10}$"
OPTIONAL_PHONE_PATTERN = r"^(1\d{10})?$"
USERNAME_PATTERN = r"^[A-Za-z0-9_.@-]+$"
AccountStatusValue = Literal["active", "disabled"]
# The platform's system roles (catalogue.py); staff roles are those the staff screen gives.
PlatformRoleCode = Literal[
    "platform_admin", "platform_operator", "platform_finance", "platform_auditor"
]
PlatformStaffRoleCode = Literal["platform_operator", "platform_finance", "platform_auditor"]


class LoginIn(Schema):
    username: SingleLineText = Field(min_length=1, max_length=50)
    password: str = Field(min_length=1, max_length=128)
    remember: bool = False


class ChooseRoleIn(Schema):
    role_id: Id = Field(...)


class ResetSmsIn(Schema):
    username: SingleLineText = Field(min_length=1, max_length=50)
    phone: str = Field(pattern=PHONE_PATTERN)


class ResetPasswordIn(Schema):
    username: SingleLineText = Field(min_length=1, max_length=50)
    phone: str = Field(pattern=PHONE_PATTERN)
    code: str = Field(pattern=r"^\d{6}$")
    password: str = Field(min_length=1, max_length=128)


class RoleOut(Schema):
    id: int
    code: str
    name: str


class MerchantBrief(Schema):
    name: str
    slug: str


class SubShopBrief(Schema):
    id: int
    name: str


class UserOut(Schema):
    id: int
    username: str
    name: str
    phone: str
    merchant: MerchantBrief | None
    sub_shop: SubShopBrief | None


class SessionOut(Schema):
    token: str
    expires_at: datetime
    platform_type: int
    roles: list[RoleOut]
    current_role: RoleOut | None
    need_role_pick: bool
    user: UserOut


class MenuNode(BaseModel):
    """Plain pydantic: answers built from dicts skip ninja's attribute resolver (faster)."""

    id: int
    menu_name: str
    path: str
    menu_icon: str
    menu_pid: int
    sort: int
    children: list[MenuNode]


# Plain pydantic, as MenuNode: the signed-in account's actions are a hundred rows or more,
# and a Schema runs its Python validator on each (about a microsecond a row, measured). No
# docstring: the OpenAPI document stays as it was.
class ActionOut(BaseModel):
    action: str


class SiteOut(Schema):
    name: str
    logo: str
    platform_type: int
    merchant: MerchantBrief | None


class LoginUserInfoOut(Schema):
    user: UserOut
    roles: list[RoleOut]
    current_role: RoleOut | None
    auth: list[ActionOut]
    menus: list[MenuNode]
    site: SiteOut


class ResendOut(Schema):
    resend_after: int


class PrivacyOut(Schema):
    version: str
    title: str
    content: str
    published_at: datetime


# --- accounts and staff (both sides' staff screens) -----------------------------------------


class AccountOut(Schema):
    id: int
    username: str
    name: str
    phone: str
    status: AccountStatusValue
    last_login_at: datetime | None
    created_at: datetime


class CreateAccountIn(Schema):
    username: str = Field(min_length=1, max_length=50, pattern=USERNAME_PATTERN)
    # A password is taken as typed (never trimmed); NUL is refused by the input guard.
    password: str = Field(min_length=1, max_length=128)
    name: SingleLineText = Field(min_length=1, max_length=50)
    phone: str = Field("", pattern=OPTIONAL_PHONE_PATTERN)


class UpdateAccountIn(Schema):
    id: Id
    name: SingleLineText | None = Field(None, min_length=1, max_length=50)
    phone: str | None = Field(None, pattern=OPTIONAL_PHONE_PATTERN)
    password: str | None = Field(None, min_length=1, max_length=128)
    status: AccountStatusValue | None = None
    reason: MultiLineText = Field("", max_length=500)


class StaffOut(AccountOut):
    roles: list[RoleOut]


class StaffListOut(PageOut):
    list: list[StaffOut]


class PlatformStaffListIn(PageIn):
    keyword: SingleLineText = Field("", max_length=50)
    role: PlatformRoleCode | None = None
    status: AccountStatusValue | None = None


class CreatePlatformStaffIn(CreateAccountIn):
    role_codes: list[PlatformStaffRoleCode] = Field(min_length=1, max_length=3)


class UpdatePlatformStaffIn(UpdateAccountIn):
    # Empty only for an admin: platform_admin stays, the staff roles all go.
    role_codes: list[PlatformStaffRoleCode] | None = Field(None, max_length=3)


# -- API keys (tenants.accounts.api_keys) ----------------------------------------------------
ApiKeyScope = Literal["orders:read", "bills:read", "goods:read", "goods:write", "units:read"]


class ApiKeyOut(Schema):
    id: int
    name: str
    prefix: str = Field(description="the key's first characters, shown as prefix + …")
    scopes: list[str]
    sub_shop_id: int | None
    sub_shop_name: str
    status: Literal["active", "expired", "revoked"]
    expires_at: datetime | None
    last_used_at: datetime | None
    use_count: int
    created_by: str
    created_at: datetime
    revoked_at: datetime | None
    rolled_from_id: int | None = Field(description="the key this one replaced")


class ApiKeyCreatedOut(ApiKeyOut):
    key: str = Field(description="the whole key (zl_live_…): shown this once")


class ApiKeyScopeOut(Schema):
    scope: str
    actions: list[str] = Field(description="the permissions a key with it acts with")
    granted: bool = Field(description="the signed-in account holds them, so may give them")


class ApiKeyCreateIn(Schema):
    name: SingleLineText = Field(min_length=1, max_length=50)
    scopes: list[ApiKeyScope] = Field(min_length=1, max_length=5)
    sub_shop_id: Id | None = Field(None, description="a sub-shop's key sees that sub-shop's")
    expires_at: datetime | None = Field(None, description="none: until revoked")


class ApiKeyIdIn(Schema):
    id: Id


class ApiKeyRollIn(Schema):
    id: Id
    old_expires_in_hours: int = Field(
        24, ge=0, le=168, description="the old key keeps working this long (0: stops now)"
    )
