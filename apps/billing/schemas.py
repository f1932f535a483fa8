from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import Field

from zulin.core.numbers import Id, Page, PageSize
from zulin.core.pagination import PageOut
from zulin.core.schema import Schema
from zulin.core.text import SingleLineText

StoreType = Literal[
    "payment", "deposit", "refund", "commission", "settlement", "withdrawal", "early", "offline"
]
PlatformType = Literal["receipt", "refund", "commission", "withdrawal"]
BillState = Literal["due", "overdue", "paying", "paid", "failed", "cancelled"]


class LineFiltersIn(Schema):
    date_from: date | None = Field(None, description="booked on or after (YYYY-MM-DD)")
    date_to: date | None = Field(None, description="booked on or before (YYYY-MM-DD)")
    order_no: SingleLineText = Field("", max_length=32)


class BillListIn(LineFiltersIn):
    type: StoreType | None = None
    page: Page = 1
    page_size: PageSize = 20


class FinanceRecordIn(Schema):
    type: PlatformType | None = None
    merchant_id: Id | None = Field(None, description="one merchant's lines")
    date_from: date | None = None
    date_to: date | None = None
    page: Page = 1
    page_size: PageSize = 20


class TypeCountIn(Schema):
    date_from: date | None = None
    date_to: date | None = None
    order_no: SingleLineText = Field("", max_length=32, description="store side: one order's")
    merchant_id: Id | None = Field(None, description="platform side: one merchant's lines")


class PeriodIn(Schema):
    date_from: date | None = None
    date_to: date | None = None


class IncludedOut(Schema):
    part: Literal["buyout", "shipping", "addons"] = Field(
        description="buyout price, shipping fee or add-on services"
    )
    amount: str


class LineOut(Schema):
    id: int
    reference: str
    type: str
    type_name: str
    type_name_en: str
    kind: str
    memo: str
    memo_en: str
    includes: list[IncludedOut] = Field(
        description="what the amount includes beside rent, from the journal's own lines"
    )
    returned: str | None = Field(
        description="a withdrawal given back (cancelled, rejected, payout failed): the amount "
        "asked and returned; the line's amount nets both"
    )
    order_id: int | None
    merchant_id: int | None
    merchant_name: str
    amount: str = Field(description="+ money in (or income), - money out")
    actor: str
    created_at: datetime


class LinePageOut(PageOut):
    list: list[LineOut]


class TransactionTypeOut(Schema):
    value: str
    label: str
    label_en: str


class TransactionTypeCountOut(TransactionTypeOut):
    count: int


class HeldStatementOut(Schema):
    period_start: date = Field(description="the held span's first settlement day")
    period_end: date = Field(description="its last: the following days join it until covered")
    cycle: str
    received: str
    refunded: str
    commission: str
    net: str = Field(description="negative: refunds above what the span took")
    short: str = Field(
        description="what the withdrawable balance lacks now to cover the net; the statement "
        "closes at the first nightly run at which the balance and the following days' "
        "income cover it"
    )
    tried_at: datetime = Field(description="the run that last held it")


class MarkCollectOut(Schema):
    received: str = Field(description="through the provider: payments, early settlements, deposits")
    received_offline: str = Field(
        description="repaid offline, straight to the merchant's bank (never withdrawable)"
    )
    refunded: str
    commission: str
    settled: str
    withdrawable: str
    awaiting_settlement: str
    statements: int
    held: HeldStatementOut | None = Field(
        None, description="the statement held for a negative net, if any (one at most)"
    )


class FinanceBillListIn(Schema):
    state: BillState | None = None
    due_from: date | None = None
    due_to: date | None = None
    order_no: SingleLineText = Field("", max_length=32)
    page: Page = 1
    page_size: PageSize = 20


class FinanceBillOut(Schema):
    id: int
    order_id: int
    order_no: str
    kind: str
    period: int
    due_date: date
    amount: str
    paid_amount: str
    late_fee: str
    late_fee_owed: str
    status: str
    state: str
    paid_at: datetime | None
    paid_by: str
    last_failure: str


class FinanceBillPageOut(PageOut):
    list: list[FinanceBillOut]


# --- deposit-free: the credit order (docs/zhima.md) -------------------------------------------


class ZhimaCreditOrderIn(Schema):
    order_id: Id


class ZhimaCreditViolationIn(Schema):
    order_id: Id
    reason: SingleLineText = Field(
        min_length=1, max_length=300, description="why the customer is reported as violating"
    )


class ZhimaCreditSyncOut(Schema):
    out_request_no: str
    sync_status: str = Field(description="COMPLETE, CLOSED or VIOLATED")
    result: str = Field(description="processing, succeeded or failed")
    request: dict
    answer: dict
    error: str
    attempts: int
    created_at: datetime
    answered_at: datetime | None


class ZhimaCreditNoticeOut(Schema):
    amount_owed: str
    owed_since: date
    text: str
    sent_at: datetime


class ZhimaCreditHistoryOut(Schema):
    action: str
    from_status: str
    to_status: str
    reason: str
    actor: str
    created_at: datetime


class ZhimaCreditOrderRowOut(Schema):
    id: int
    order_id: int
    order_no: str
    status: str = Field(
        description="created, frozen, performing, completed, closed, violation_pending, violated"
    )
    service_id: str
    category: str
    deposit_mode: str
    auth_no: str
    deposit: str = Field(description="the deposit the authorisation froze")
    credit_limit: str = Field(description="the most credit could cover (the plan's)")
    credit_amount: str = Field(description="Zhima's guarantee: no money, never booked")
    fund_amount: str = Field(description="the customer's money frozen: booked")
    post_payment_amount: str
    post_payment_count: int
    violation_reason: str
    violation_earliest: datetime | None = Field(
        description="a violation may be confirmed from then (the notice plus the grace)"
    )
    notices: list[ZhimaCreditNoticeOut]
    syncs: list[ZhimaCreditSyncOut]
    history: list[ZhimaCreditHistoryOut]


class ZhimaCreditOrderOut(Schema):
    order_id: int
    deposit_free: bool
    credit_order: ZhimaCreditOrderRowOut | None
