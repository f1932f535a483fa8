from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from zulin.core.numbers import Id
from zulin.core.schema import Schema
from zulin.core.text import SingleLineText

PHONE_PATTERN = r"^1\d{10}$"


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


class ActionOut(Schema):
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
