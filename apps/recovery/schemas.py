from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import Field

from apps.orders.schemas import UnitBriefOut
from zulin.audit.schemas import StatusHistoryOut
from zulin.core.numbers import Id, Page, PageSize
from zulin.core.pagination import PageOut
from zulin.core.schema import Schema
from zulin.core.text import IdempotencyKey, MultiLineText, SingleLineText

Money = Annotated[Decimal, Field(max_digits=12, decimal_places=2)]
BucketName = Literal["M1", "M2", "M3", "M3+"]
CaseStateName = Literal["open", "closed", "written_off"]
Channel = Literal["call", "sms", "visit", "letter"]
Outcome = Literal[
    "reached", "no_answer", "wrong_number", "promised", "refused", "disputes", "paid_elsewhere"
]


class CaseFiltersIn(Schema):
    bucket: BucketName | None = None
    state: CaseStateName | None = Field(None, description="omit: every state")
    assignee_id: Id | None = Field(None, description="a collector's account id")
    unassigned: bool = Field(False, description="only cases no one is assigned")
    mine: bool = Field(False, description="only the cases assigned to the signed-in account")
    sub_shop_id: Id | None = None
    keyword: SingleLineText = Field(
        "", max_length=50, description="an order number, part of a name, a phone, an ID number"
    )


class CaseListIn(CaseFiltersIn):
    page: Page = 1
    page_size: PageSize = 20


class CaseRowOut(Schema):
    id: int
    order_id: int
    order_no: str
    sub_shop_id: int | None
    sub_shop_name: str
    customer_name: str = Field(description="masked")
    customer_phone: str = Field(description="masked")
    goods_title: str
    state: str
    state_name: str
    opened_on: date
    closed_on: date | None
    oldest_due_on: date | None = Field(description="the oldest unpaid due date (China day)")
    days_past_due: int
    bucket: str
    rent_owed: str
    late_fee_owed: str
    charges_owed: str = Field(description="damage, early-termination fee")
    total_owed: str
    assignee_id: int | None
    assignee_name: str
    priority: int = Field(description="higher first; a broken promise raises it")
    broken_promises: int
    next_action_on: date | None


class CasePageOut(PageOut):
    list: list[CaseRowOut]


class BucketCountOut(Schema):
    bucket: str
    count: int
    total_owed: str


class StateCountOut(Schema):
    state: str
    state_name: str
    count: int
    total_owed: str


class AllCountOut(Schema):
    count: int
    total_owed: str


class CaseOrderStageOut(Schema):
    stage: str = Field(description="the order list (stage) the cases' orders are in")
    count: int
    total_owed: str


class CaseCountOut(Schema):
    buckets: list[BucketCountOut] = Field(description="the list's filters but the bucket")
    states: list[StateCountOut] = Field(description="the list's filters but the state")
    all: AllCountOut = Field(description="the list's filters as given")
    order_stages: list[CaseOrderStageOut] = Field(
        description="the list's filters as given, by the stage of each case's order (most first)"
    )


class CaseIdIn(Schema):
    case_id: Id


class ContactOut(Schema):
    id: int
    channel: str
    outcome: str
    note: str
    contacted_at: datetime
    actor: str


class PromiseOut(Schema):
    id: int
    promised_on: date
    amount: str
    state: str
    decided_on: date | None
    note: str
    actor: str
    created_at: datetime


class CaseOrderOut(Schema):
    id: int
    order_no: str
    kind: str
    status: str
    status_name: str
    stage: str
    lease_start: date | None
    lease_end: date | None
    term: int
    rent: str
    device: UnitBriefOut | None = Field(
        None, description="the order's device (tracked by unit): serial number and IMEIs"
    )


class HistoryOut(StatusHistoryOut):
    pass


class EventOut(Schema):
    id: int
    actor: str
    action: str
    before: Any = None
    after: Any = None
    reason: str
    created_at: datetime


class OtherCaseOut(Schema):
    id: int
    state: str
    opened_on: date
    closed_on: date | None


class WriteOffBillOut(Schema):
    bill_id: int
    period: int
    kind: str
    amount: str


class WriteOffOut(Schema):
    id: int
    amount: str = Field(description="what the bills still owed when written off")
    recovered: str = Field(description="what came since (recovered after write-off)")
    days_past_due: int
    reason: str
    actor: str
    written_off_on: date
    bills: list[WriteOffBillOut]
    created_at: datetime


class CasePaymentLinkOut(Schema):
    out_trade_no: str
    period: int
    amount: str = Field(description="what the link asked for")
    sms: str = Field(description="what became of its SMS (sent, failed …); empty: not texted")
    actor: str
    created_at: datetime
    status: str = Field(description="the payment's: processing, succeeded or failed")
    paid_amount: str | None = Field(description="what the customer paid, once paid")
    paid_at: datetime | None


class CaseDetailOut(CaseRowOut):
    close_reason: str
    write_off_after_days: int = Field(description="the shop's age for a write-off")
    write_off: WriteOffOut | None = Field(description="the case's write-off, if written off")
    order: CaseOrderOut
    contacts: list[ContactOut]
    promises: list[PromiseOut]
    history: list[HistoryOut]
    events: list[EventOut]
    payment_links: list[CasePaymentLinkOut] = Field(
        description="the payment links sent from the case and what became of each, newest first"
    )
    other_cases: list[OtherCaseOut] = Field(description="the order's earlier cases")


class CollectorOut(Schema):
    id: int
    username: str
    name: str
    open_cases: int
    total_owed: str


class AssignIn(Schema):
    case_ids: list[Id] = Field(min_length=1, max_length=500)
    assignee_id: Id | None = Field(description="a collector's account id; null: unassigned")


class AssignOut(Schema):
    assigned: int


class ContactIn(Schema):
    case_id: Id
    channel: Channel
    outcome: Outcome
    note: MultiLineText = Field("", max_length=500)
    contacted_at: datetime | None = Field(None, description="omit: now; never in the future")
    template_code: SingleLineText = Field(
        "", max_length=30, description="an SMS: the message template sent (sendMessage's)"
    )
    idempotency_key: IdempotencyKey | None = None


class PromiseIn(Schema):
    case_id: Id
    promised_on: date = Field(description="today or within 30 days (China day)")
    amount: Money = Field(gt=0, le=Decimal("10000000"))
    note: MultiLineText = Field("", max_length=300)
    idempotency_key: IdempotencyKey


class PaymentLinkIn(Schema):
    case_id: Id
    idempotency_key: IdempotencyKey
    send_sms: bool = Field(
        False, description="also text the link to the customer (refused in the quiet hours)"
    )


class PaymentLinkSmsOut(Schema):
    status: str = Field(description="sent, or failed (the link stands; send it another way)")
    message_id: int | None
    phone: str = Field(description="the customer's phone, masked")
    text: str = Field(description="the text as kept (the name masked)")
    error_code: int | None = Field(description="why it was not sent: the error's code")
    error: str


class PaymentLinkOut(Schema):
    case_id: int
    period: int = Field(description="the bill it pays: the oldest past due")
    out_trade_no: str
    amount: str
    status: str = Field(description="processing until the customer pays")
    pay_url: str = Field(description="the provider's cashier (H5), empty once settled")
    qr_code: str = Field(description="the same as a QR picture (an SVG data URL)")
    sms: PaymentLinkSmsOut | None = Field(description="the text to the customer, when asked")


class SubShopCollectorIn(Schema):
    sub_shop_id: Id
    collector_id: Id


class BucketTemplateIn(Schema):
    bucket: BucketName
    template_code: SingleLineText = Field(
        min_length=1, max_length=30, description="a message template (getBaseInfo's codes)"
    )


class SettingIn(Schema):
    m1_max_days: int = Field(30, ge=1, le=3650, description="M1: 1 … this many days past due")
    m2_max_days: int = Field(60, ge=2, le=3650)
    m3_max_days: int = Field(90, ge=3, le=3650, description="M3+: beyond this")
    reminders_per_day: int = Field(
        1, ge=0, le=3, description="automatic reminders a customer may get per China day"
    )
    assignment_rule: Literal["round_robin", "by_sub_shop"] = "round_robin"
    sub_shop_collectors: list[SubShopCollectorIn] = Field(default_factory=list, max_length=500)
    bucket_templates: list[BucketTemplateIn] = Field(
        default_factory=list,
        max_length=4,
        description="each bucket's automatic reminder; a bucket left out keeps the default",
    )
    write_off_after_days: int | None = Field(
        None, ge=1, le=3650, description="days past due before a write-off; omit: unchanged"
    )


class SubShopCollectorOut(Schema):
    sub_shop_id: int
    collector_id: int


class BucketTemplateOut(Schema):
    bucket: str
    template_code: str


class SettingOut(Schema):
    m1_max_days: int
    m2_max_days: int
    m3_max_days: int
    reminders_per_day: int
    assignment_rule: str
    sub_shop_collectors: list[SubShopCollectorOut]
    bucket_templates: list[BucketTemplateOut] = Field(description="every bucket, in order")
    write_off_after_days: int = Field(description="days past due before a write-off (180)")
    updated_at: datetime


class WriteOffIn(Schema):
    case_id: Id
    reason: MultiLineText = Field(min_length=1, max_length=300)
    idempotency_key: IdempotencyKey


EARLIEST, LATEST = date(2000, 1, 1), date(2099, 12, 31)


class ReportIn(Schema):
    date_from: date | None = Field(
        None, ge=EARLIEST, le=LATEST, description="first China day; default 29 days earlier"
    )
    date_to: date | None = Field(
        None, ge=EARLIEST, le=LATEST, description="last China day; default today; ≤ 366 days"
    )


class ReportFiguresOut(Schema):
    cases: int = Field(description="cases open in the range (or written off)")
    recovered: str = Field(description="money that came for bills past due")
    recovered_after_write_off: str
    owed: str = Field(description="what the same cases still owe now")
    recovery_rate: str | None = Field(description="percent: recovered ÷ (recovered + owed)")
    promises_kept: int
    promises_broken: int
    closed: int
    written_off: int
    written_off_amount: str


class ReportCollectorOut(ReportFiguresOut):
    collector_id: int | None = Field(description="null: unassigned")
    collector_name: str


class ReportBucketOut(ReportFiguresOut):
    bucket: str


class ReportOut(Schema):
    date_from: date
    date_to: date
    by_collector: list[ReportCollectorOut]
    by_bucket: list[ReportBucketOut]
    totals: ReportFiguresOut
