from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import Field

from zulin.core.numbers import Id, Page, PageSize
from zulin.core.pagination import PageOut
from zulin.core.schema import Schema
from zulin.core.text import SingleLineText


class PlatformAgingIn(Schema):
    merchant_id: Id | None = Field(None, description="one merchant's debt")
    keyword: SingleLineText = Field(
        "", max_length=50, description="merchants whose name or slug holds it"
    )
    sort: Literal["total_desc", "total_asc", "cases_desc"] = Field(
        "total_desc", description="the merchants' order: by what they owe, or by open cases"
    )
    page: Page = 1
    page_size: PageSize = 20


class AgingFiguresOut(Schema):
    cases: int = Field(description="open recovery cases")
    rent_owed: str = Field(description="rent past due still owed")
    late_fee_owed: str = Field(description="their late fees not waived or paid")
    charges_owed: str = Field(description="other charges (damage, early-termination fee)")
    total_owed: str


class AgingBucketOut(AgingFiguresOut):
    bucket: str = Field(description="M1, M2, M3 or M3+ (each shop's own bounds)")


class AgingAllOut(AgingFiguresOut):
    merchants: int = Field(description="merchants among the rows read")


class AgingMerchantOut(AgingFiguresOut):
    merchant_id: int
    merchant_name: str
    as_of: date = Field(description="the China day of the merchant's last case refresh")
    buckets: list[AgingBucketOut]


class PlatformAgingOut(PageOut):
    as_of: date | None = Field(description="the latest run's day among the rows read")
    buckets: list[AgingBucketOut]
    all: AgingAllOut
    list: list[AgingMerchantOut]
