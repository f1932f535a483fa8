"""The shop's life and residual per goods category (`lives.py`): getAssetLifeList and
saveAssetLife. Beside `schemas.py`, which is long enough."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from pydantic import Field

from zulin.core.numbers import Id
from zulin.core.schema import Schema


class AssetLifeOut(Schema):
    category_id: int
    category_name: str
    base: str = Field(description="the kind of device its default follows: phone or laptop")
    life_months: int = Field(description="the straight line's life: the shop's, else the default")
    residual_rate: str = Field(description="residual share of the cost basis, percent")
    custom: bool = Field(description="set by the shop; false: the default of its kind of device")
    default_life_months: int
    default_residual_rate: str
    updated_by_name: str
    updated_at: datetime | None


class AssetLifeListOut(Schema):
    categories: list[AssetLifeOut] = Field(
        description="the categories of the shop's devices and any it has set"
    )


class SaveAssetLifeIn(Schema):
    category_id: Id
    life_months: int | None = Field(
        None, ge=1, le=120, description="months; null with residual_rate null: the default"
    )
    residual_rate: Decimal | None = Field(
        None, ge=0, le=90, max_digits=4, decimal_places=2, description="percent of the cost basis"
    )
