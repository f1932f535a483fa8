"""Input and output of the notarization calls. An order's notarization answers in the shape
the order detail shows it (`apps.orders.schemas.NotarizationOut`)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import Field, StringConstraints

from zulin.core.numbers import Id
from zulin.core.schema import Schema
from zulin.core.text import MultiLineText, SingleLineText

OrgCode = Annotated[str, StringConstraints(pattern=r"^[0-9A-Z]{18}$")]


class NotarySettingOut(Schema):
    is_set: bool = Field(description="organisation and credentials all given")
    is_open: bool = Field(description="the shop notarizes its orders' contracts")
    org_name: str
    org_code: str = Field(description="the unified social credit code (18 characters)")
    app_key: str
    app_secret_masked: str = Field(description="never the secret itself")
    token_expires_at: datetime | None = Field(description="the cached access token's expiry")
    updated_at: datetime | None


class NotaryConfigIn(Schema):
    is_open: bool | None = Field(default=None, description="null: unchanged")
    org_name: SingleLineText | None = Field(default=None, max_length=100)
    org_code: OrgCode | None = None
    app_key: SingleLineText | None = Field(default=None, max_length=64)
    app_secret: SingleLineText | None = Field(
        default=None, min_length=8, max_length=128, description="empty or null: keep the saved one"
    )


class NotaryOpenOut(Schema):
    is_open: bool
    is_set: bool


class NotaryTokenIn(Schema):
    refresh: bool = Field(default=False, description="ask the service for a new token now")


class NotaryTokenOut(Schema):
    token_masked: str = Field(description="the access token, masked: never shown in full")
    expires_at: datetime | None
    cached: bool = Field(description="the cached token was still valid")


class NotaryOrderIn(Schema):
    order_id: Id


class NotaryIdCardIn(NotaryOrderIn):
    front_base64: str = Field(
        default="",
        max_length=1_400_000,
        description="the ID card's front (JPEG/PNG ≤ 1 MB, base64); empty: the intake's",
    )
    back_base64: str = Field(default="", max_length=1_400_000, description="the back, likewise")


class NotaryCancelIn(NotaryOrderIn):
    reason: MultiLineText = Field(default="", max_length=300)


class NotaryLinkOut(Schema):
    order_id: int
    url: str = Field(description="the customer's signing and face-check page")
