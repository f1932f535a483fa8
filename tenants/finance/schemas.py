from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import Field

from zulin.core.numbers import Id, Page, PageSize
from zulin.core.schema import Schema
from zulin.core.text import MultiLineText, SingleLineText

StatusCode = Literal["pending", "reviewing", "paying", "paid", "failed", "rejected", "cancelled"]
IdempotencyKey = Annotated[SingleLineText, Field(min_length=8, max_length=64)]


class ApplyWithdrawIn(Schema):
    amount: Decimal = Field(gt=0, max_digits=14, decimal_places=2)
    idempotency_key: IdempotencyKey
    remark: SingleLineText = Field("", max_length=200)


class WithdrawIdIn(Schema):
    id: Id


class OperateWithdrawalIn(Schema):
    id: Id
    action: Literal["approve", "reject"]
    reason: MultiLineText = Field("", max_length=300, description="required to reject")


class WithdrawFiltersIn(Schema):
    status: StatusCode | None = None
    date_from: date | None = None
    date_to: date | None = None
    withdrawal_no: SingleLineText = Field("", max_length=32)


class WithdrawListIn(WithdrawFiltersIn):
    page: Page = 1
    page_size: PageSize = 20


class WithdrawalRecordIn(WithdrawListIn):
    merchant_id: Id | None = None


class WithdrawalTypeIn(WithdrawFiltersIn):
    merchant_id: Id | None = None


class WithdrawalApprovalOut(Schema):
    account_id: int
    name: str
    created_at: datetime


class WithdrawalOut(Schema):
    id: int
    withdrawal_no: str
    merchant_id: int
    merchant_name: str
    amount: str
    status: str
    status_name: str
    needs_two: bool = Field(description="two different platform accounts must approve")
    approvals_needed: int
    approvals: list[WithdrawalApprovalOut]
    bank_name: str
    account_name: str
    account_number: str = Field(description="masked")
    remark: str
    applicant: str
    reject_reason: str
    failure_reason: str
    provider_trade_no: str
    created_at: datetime
    paid_at: datetime | None


class WithdrawalDetailOut(WithdrawalOut):
    timeline: list[dict[str, Any]]


class WithdrawalPageOut(Schema):
    list: list[WithdrawalOut]
    total: int
    page: int
    page_size: int


class WithdrawalStatusCountOut(Schema):
    value: str
    label: str
    count: int


class WithdrawalCountOut(Schema):
    statuses: list[WithdrawalStatusCountOut]
    withdrawable: str = Field(description="the merchant's withdrawable balance now")
    in_flight: str = Field(description="frozen by withdrawals not yet paid out")


class WithdrawalRejectReasonOut(Schema):
    label: str
    label_en: str


class RejectInitOut(Schema):
    withdrawal: WithdrawalDetailOut
    reasons: list[WithdrawalRejectReasonOut]
