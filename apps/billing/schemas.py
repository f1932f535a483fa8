from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Literal

from pydantic import Field

from apps.orders.applet_schemas import AppletOrderIn
from apps.orders.schemas import Money, Reason
from zulin.core.numbers import Id, Page, PageSize
from zulin.core.pagination import PageOut
from zulin.core.schema import Schema
from zulin.core.text import IdempotencyKey, SingleLineText

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


# The lease's money calls' own (billing's api): deposits, refunds, payments, waivers,
# offline repayments, early settlement, the return's quote and the finance settings.


class ReturnQuoteLineOut(Schema):
    kind: str = Field(description="lease, buyout, termination or damage")
    period: int | None
    due_date: date | None
    amount: str
    from_deposit: str
    left_owed: str


class ReturnQuoteOut(Schema):
    order_id: int
    return_date: date
    lease_start: date | None
    lease_end: date | None
    min_term: int
    min_term_end: date | None
    before_min_term: bool
    fee_mode: str
    fee_value: str
    bills_owed: str = Field(description="unpaid bills due on or before the return day")
    bills_owed_count: int
    rent_cancelled: str = Field(description="rent due after the return day, cancelled")
    bills_cancelled_count: int
    termination_fee: str
    damage_amount: str
    charges_owed: str = Field(description="charges already owed")
    total_owed: str
    deposit_available: str
    deposit_applied: str = Field(description="what the frozen deposit pays, oldest first")
    deposit_thawed: str = Field(description="what of the deposit goes back to the customer")
    owed_after_deposit: str = Field(description="what stays owed as open charges")
    lines: list[ReturnQuoteLineOut]


class ReturnQuoteIn(Schema):
    order_id: Id
    return_date: date | None = Field(
        None, description="default: the day the goods came back, else today (China time)"
    )
    damage_amount: Decimal = Field(
        Decimal("0.00"), ge=0, le=Decimal("1000000.00"), max_digits=10, decimal_places=2
    )


class WaiveChargeIn(Schema):
    order_id: Id
    period: int = Field(ge=0, le=10_000, description="the bill or charge (its number)")
    amount: Money | None = Field(
        default=None,
        gt=0,
        description="a part of the principal still owed; None: all the bill owes (cancelled)",
    )
    reason: Reason = Field(min_length=2)
    idempotency_key: IdempotencyKey


class RefundShippingFeeIn(Schema):
    order_id: Id
    amount: Money | None = Field(None, gt=0, description="omit: all of the fee still held")
    idempotency_key: IdempotencyKey


class RefundOut(Schema):
    id: int
    out_no: str
    amount: str
    status: str
    purpose: str


class ShippingFeeRefundOut(RefundOut):
    """The shipping fee given back: the refund of its newest payment's part, `amount` the
    whole, and each part (a refund of its own payment, newest first)."""

    parts: list[RefundOut]


class DepositThawIn(Schema):
    order_id: Id
    amount: Money | None = Field(None, gt=0, description="omit: everything still frozen")
    idempotency_key: IdempotencyKey


class DepositTransferIn(Schema):
    order_id: Id
    purpose: Literal["bills", "damage"]
    amount: Money | None = Field(None, gt=0, description="bills: omit to cover what it can")
    idempotency_key: IdempotencyKey


class RefundDepositIn(Schema):
    order_id: Id
    amount: Money = Field(gt=0)
    idempotency_key: IdempotencyKey


class DepositResultOut(Schema):
    id: int | None
    kind: str
    amount: str
    status: str
    out_request_no: str


class BillPaymentIn(Schema):
    order_id: Id
    period: int = Field(ge=0, le=10_000, description="the bill's period (0: the buyout bill)")
    idempotency_key: IdempotencyKey


class PaymentResultOut(Schema):
    kind: str
    status: str
    amount: str


class PayResultIn(Schema):
    out_no: SingleLineText = Field(min_length=4, max_length=64)


class OverdueMoneyOut(Schema):
    overdue_bills: int
    overdue_rent: str = Field(description="unpaid rent of the bills past due")
    late_fee: str = Field(description="late fees accrued on the order's bills")
    late_fee_waived: str
    late_fee_paid: str
    late_fee_owed: str
    charges: int = Field(description="open charges: damage above the deposit, termination fee")
    charges_owed: str = Field(description="what the open charges still owe, due or not")
    total: str = Field(
        description="overdue rent + late fees neither waived nor paid + charges owed"
    )


class WaiveLateFeeIn(Schema):
    order_id: Id
    period: int = Field(ge=1, le=10_000)
    amount: Money | None = Field(default=None, gt=0, description="None: all still owed")
    reason: Reason = Field(min_length=2)
    idempotency_key: IdempotencyKey


class FinanceSettingIn(Schema):
    """A field left null follows the platform's default."""

    late_fee_rate_early: Decimal | None = Field(
        default=None, ge=0, le=5, max_digits=6, decimal_places=4
    )
    late_fee_rate_late: Decimal | None = Field(
        default=None, ge=0, le=5, max_digits=6, decimal_places=4
    )
    reminder_days_before: int | None = Field(default=None, ge=0, le=15)


class FinanceDefaultsOut(Schema):
    late_fee_rate_early: str
    late_fee_rate_late: str
    reminder_days_before: int


class FinanceSettingOut(Schema):
    late_fee_rate_early: str = Field(description="percent of the unpaid amount per day")
    late_fee_rate_late: str
    late_fee_tier_days: int = Field(description="days overdue charged at the early rate")
    reminder_days_before: int
    own: list[str] = Field(description="fields the shop set (the others follow the platform)")
    platform_defaults: FinanceDefaultsOut
    updated_at: datetime | None


class RefundBillPaymentIn(Schema):
    order_id: Id
    period: int = Field(ge=0, le=10_000, description="the bill whose payment is given back")
    amount: Money = Field(gt=0)
    reason: Reason = Field(min_length=2)
    idempotency_key: IdempotencyKey


OfflineChannel = Literal["bank_transfer", "cash", "wechat", "alipay", "other"]


class OfflineDetailsIn(Schema):
    """Money received outside the payment provider, and its voucher."""

    channel: OfflineChannel
    paid_on: date = Field(description="the day the customer paid (not in the future)")
    payer_name: SingleLineText = Field(min_length=1, max_length=50)
    bank_reference: SingleLineText = Field(
        "", max_length=64, description="the bank's transaction number (a bank transfer needs it)"
    )
    remark: SingleLineText = Field("", max_length=200)
    voucher_base64: str = Field(
        min_length=100,
        max_length=2_000_000,
        description="the voucher picture, JPEG or PNG, base64 (at most 1.5 MB)",
    )


class OfflineRepaymentIn(OfflineDetailsIn):
    order_id: Id
    period: int = Field(ge=1, le=10_000, description="the order's oldest open bill")
    amount: Money = Field(gt=0, description="exactly what the bill owes: late fee, then rent")
    idempotency_key: IdempotencyKey


class EarlySettlementQuoteIn(Schema):
    order_id: Id


class EarlySettlementBillOut(Schema):
    period: int
    due_date: date
    due: bool = Field(description="due by today: in full, with its late fee")
    rent: str
    addon_amount: str
    late_fee: str
    discount: str
    amount: str


class EarlySettlementOut(Schema):
    id: int
    settlement_no: str
    order_id: int
    method: str = Field(description="provider (withhold) or offline")
    status: str = Field(
        description="processing, succeeded, short (less than the total arrived: the oldest"
        " bills were paid first, the rest is owed) or failed"
    )
    total: str
    received: str | None = Field(
        description="what the provider took (null while processing); differs from total only"
        " on a mismatch, which is flagged for reconciliation"
    )
    discount: str
    late_fee: str
    buyout_price: str
    bills: int
    failure_reason: str
    receipt_no: str
    created_at: datetime
    finished_at: datetime | None


class EarlySettlementQuoteOut(Schema):
    order_id: int
    as_of: date
    bills: list[EarlySettlementBillOut]
    due_amount: str = Field(description="rent and add-ons of the bills due by today")
    late_fee: str = Field(description="late fees still owed on them")
    future_rent: str = Field(description="rent of the bills not yet due")
    future_addon: str = Field(description="add-ons of the bills not yet due (not discounted)")
    discount_rate: str = Field(description="the shop's early-buyout discount on that rent")
    discount: str = Field(description="future rent x rate, half-up to the cent")
    buyout_price: str = Field(description="the plan's buyout price when ownership transfers")
    ownership_transfer: bool = Field(description="settling buys the goods out")
    total: str
    withhold_available: bool = Field(description="the customer's withhold agreement exists")
    in_flight: EarlySettlementOut | None


class SettleEarlyIn(Schema):
    order_id: Id
    total: Money = Field(gt=0, description="the quote's total (refused if it changed: 1407)")
    method: Literal["provider", "offline"]
    offline: OfflineDetailsIn | None = Field(None, description="method offline: the receipt")
    idempotency_key: IdempotencyKey


# The customer's app pays one period of its order (`appletPayBill`).
class AppletPayBillIn(AppletOrderIn):
    period: int = Field(ge=1, le=10_000)
    idempotency_key: SingleLineText = Field(min_length=8, max_length=64)


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
    violation_asked_at: datetime | None = Field(
        description="the shop's overdue ladder reached its violation step after the grace and"
        " asks a person to confirm (cleared when the debt is paid)"
    )
    notices: list[ZhimaCreditNoticeOut]
    syncs: list[ZhimaCreditSyncOut]
    history: list[ZhimaCreditHistoryOut]


class ZhimaCreditOrderOut(Schema):
    order_id: int
    deposit_free: bool
    credit_order: ZhimaCreditOrderRowOut | None
