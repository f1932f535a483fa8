from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any, Literal

from pydantic import Field

from zulin.audit.schemas import ReviewActionOut
from zulin.core.numbers import Id, Page, PageSize
from zulin.core.pagination import PageOut
from zulin.core.schema import Schema
from zulin.core.text import IdempotencyKey, MultiLineText, SingleLineText

RechargeStatusCode = Literal["paying", "pending", "credited", "failed", "rejected"]
RechargeMethodCode = Literal["qr", "offline"]


class RiskTypeOut(Schema):
    value: str = Field(description="the query type's code (getRisk's query_type)")
    kind: str = Field(description="risk (getRisk, the intake) or credit (applyCreditQuery)")
    label: str
    label_en: str
    description: str
    description_en: str
    price: str = Field(description="charged to the prepaid risk balance per query")


class RechargeQrIn(Schema):
    amount: Decimal = Field(gt=0, max_digits=14, decimal_places=2)
    idempotency_key: IdempotencyKey


class RechargeOfflineIn(Schema):
    amount: Decimal = Field(gt=0, max_digits=14, decimal_places=2)
    voucher_base64: str = Field(
        min_length=1,
        max_length=2_200_000,
        description="the transfer voucher: a JPEG or PNG picture of at most 1.5 MB, base64",
    )
    remark: SingleLineText = Field("", max_length=200, description="e.g. the paying account")
    idempotency_key: IdempotencyKey


class RechargeFiltersIn(Schema):
    status: RechargeStatusCode | None = None
    method: RechargeMethodCode | None = None
    date_from: date | None = None
    date_to: date | None = None
    recharge_no: SingleLineText = Field("", max_length=32)
    merchant_id: Id | None = Field(None, description="platform only: one merchant's")


class RechargeListIn(RechargeFiltersIn):
    page: Page = 1
    page_size: PageSize = 20


class RechargeIdIn(Schema):
    id: Id


class CheckChartIn(Schema):
    id: Id
    action: Literal["approve", "reject"]
    reason: MultiLineText = Field("", max_length=300, description="required to reject")
    idempotency_key: IdempotencyKey


class RechargeOut(Schema):
    id: int
    recharge_no: str
    merchant_id: int
    merchant_name: str
    method: str
    method_name: str
    amount: str
    status: str
    status_name: str
    remark: str
    applicant: str
    has_voucher: bool
    provider_trade_no: str
    failure_reason: str
    reject_reason: str = Field(description="why the platform rejected it (the merchant sees it)")
    reviewer: str
    reviewed_at: datetime | None
    credited_at: datetime | None
    created_at: datetime
    actions: list[ReviewActionOut] = Field(
        description="what the caller may do with it now (the platform: approve, reject)"
    )


class RechargeRejectReasonOut(Schema):
    label: str
    label_en: str


class RechargeDetailOut(RechargeOut):
    timeline: list[dict[str, Any]]
    voucher_url: str | None = Field(description="the voucher picture, a link valid minutes")
    qr_code: str = Field(description="while a QR payment waits: what its QR code holds")
    qr_image: str = Field(description="that QR code as an SVG data URI")
    reject_reasons: list[RechargeRejectReasonOut]


class RechargeStatusCountOut(Schema):
    value: str
    label: str
    count: int


class RechargePageOut(PageOut):
    statuses: list[RechargeStatusCountOut] = Field(description="each status's count (the tabs)")
    list: list[RechargeOut]
