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

StatusCode = Literal["pending", "reviewing", "paying", "paid", "failed", "rejected", "cancelled"]


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
    actions: list[ReviewActionOut] = Field(
        description="what the caller may do with it now (approve, reject; the store: cancel)"
    )


class WithdrawalDetailOut(WithdrawalOut):
    timeline: list[dict[str, Any]]


class WithdrawalPageOut(PageOut):
    list: list[WithdrawalOut]


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


# --- reconciliation with the payment provider -----------------------------------------------

RunStatusCode = Literal["running", "balanced", "mismatched", "resolved", "failed"]
ResolutionCode = Literal["synced", "written_off", "provider_error", "other"]


class ReconciliationRunsIn(Schema):
    merchant_id: Id | None = None
    status: RunStatusCode | None = None
    date_from: date | None = None
    date_to: date | None = None
    page: Page = 1
    page_size: PageSize = 20


class ReconciliationRunOut(Schema):
    id: int
    merchant_id: int
    merchant_name: str
    day: date
    status: str
    status_name: str
    provider_count: int = Field(description="trades the provider's statement has succeeded")
    provider_amount: str
    ledger_count: int = Field(description="provider trades the merchant's ledger booked that day")
    ledger_amount: str
    matched_count: int
    matched_amount: str
    mismatch_count: int
    mismatch_amount: str = Field(description="the differences' amounts, each counted positive")
    open_count: int = Field(description="differences not resolved yet")
    error: str = Field(description="why the provider's statement could not be had (failed)")
    attempts: int
    started_at: datetime | None
    finished_at: datetime | None


class ReconciliationStatusCountOut(Schema):
    value: str
    label: str
    count: int


class ReconciliationRunPageOut(PageOut):
    statuses: list[ReconciliationStatusCountOut] = Field(description="runs per status (tabs)")
    list: list[ReconciliationRunOut]


class ReconciliationRunIdIn(Schema):
    id: Id


class ReconciliationMismatchOut(Schema):
    id: int
    run_id: int
    merchant_id: int
    day: date
    kind: str = Field(
        description="missing_in_ledger, missing_at_provider, status_differs, amount_differs,"
        " totals_differ, books_differ"
    )
    kind_name: str
    operation: str = Field(description="pay, withhold, refund, freeze, thaw, transfer, payout")
    out_no: str = Field(description="our request number")
    trade_no: str = Field(description="the provider's trade number")
    provider_status: str
    provider_amount: str | None
    ledger_amount: str | None
    ledger_reference: str
    difference: str
    detail: str
    status: str
    resolution: str
    resolution_name: str
    note: str
    resolved_by: str
    resolved_at: datetime | None
    can_sync: bool = Field(description="a re-query of the provider may fix it")


class ReconciliationRunDetailOut(Schema):
    run: ReconciliationRunOut
    mismatches: list[ReconciliationMismatchOut]


class ResolveMismatchIn(Schema):
    id: Id
    resolution: ResolutionCode
    note: MultiLineText = Field(min_length=1, max_length=300)


class RerunReconciliationIn(Schema):
    merchant_id: Id
    day: date


class SyncMismatchIn(Schema):
    id: Id


class SyncMismatchOut(Schema):
    synced: bool = Field(description="the difference is gone (then resolved as synced)")
    mismatch: ReconciliationMismatchOut


# --- money per merchant per day -------------------------------------------------------------


class MoneyDailyIn(Schema):
    date_from: date
    date_to: date
    merchant_id: Id | None = None
    page: Page = 1
    page_size: PageSize = 20


class MoneyFiguresOut(Schema):
    received: str = Field(description="every received_* together")
    received_rent: str
    received_buyout: str
    received_sale: str
    received_addon: str
    received_late_fee: str
    received_shipping_fee: str
    received_damage: str
    received_termination_fee: str
    refunded: str
    commission: str
    commission_returned: str
    deposits_frozen: str
    deposits_taken: str
    deposits_released: str
    settled: str
    withdrawals_applied: str
    withdrawals_returned: str
    withdrawals_paid: str
    payments: int
    refunds: int
    journals: int


class MoneyDayOut(MoneyFiguresOut):
    day: date


class MoneyMerchantOut(MoneyFiguresOut):
    merchant_id: int
    merchant_name: str


class MoneyMerchantPageOut(PageOut):
    list: list[MoneyMerchantOut]


class MoneyDailyOut(Schema):
    date_from: date
    date_to: date
    days: list[MoneyDayOut] = Field(description="each day with money, summed across merchants")
    merchants: MoneyMerchantPageOut = Field(description="each merchant over the range")
    total: MoneyFiguresOut
