from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import Field

from apps.orders.schemas import OrderRowOut
from apps.risk.schemas import RiskQueryOut
from apps.subshops.schemas import ReturnAddressOut
from zulin.audit.schemas import StatusHistoryOut
from zulin.core.numbers import Id, Page, PageSize
from zulin.core.pagination import PageOut
from zulin.core.schema import Schema
from zulin.core.text import IdempotencyKey, MultiLineText, SingleLineText

from . import rules

# --- settings ------------------------------------------------------------------------------


class ServiceNoticeIn(Schema):
    title: SingleLineText = Field(min_length=1, max_length=50)
    content: MultiLineText = Field(min_length=1, max_length=500)
    is_visible: bool = True


class MessageTemplateIn(Schema):
    id: Id | None = Field(None, description="an existing template of the shop's; none: a new one")
    name: SingleLineText = Field(min_length=1, max_length=30)
    content: SingleLineText = Field(
        min_length=1,
        max_length=rules.TEMPLATE_MAX,
        description="text with variables in braces, e.g. {name} {order_no} (getBaseInfo)",
    )
    is_active: bool = True


class ServiceBaseSetIn(Schema):
    phone: SingleLineText = Field("", max_length=20, description="mobile, landline or 400 number")
    hours: SingleLineText = Field("", max_length=50, description="e.g. 每天 09:00-21:00")
    online_url: SingleLineText = Field("", max_length=255, description="http(s) address")
    notices: list[ServiceNoticeIn] | None = Field(
        None, max_length=rules.NOTICES_MAX, description="in order; replaces the shop's when given"
    )
    templates: list[MessageTemplateIn] | None = Field(
        None,
        max_length=rules.TEMPLATES_MAX,
        description="the shop's own templates in order; replaces them when given",
    )


class ServiceNoticeOut(Schema):
    id: int
    title: str
    content: str
    is_visible: bool
    sort: int


class MessageTemplateOut(Schema):
    code: str = Field(description="what sendMessage takes: a platform code or shop:<id>")
    id: int | None = Field(description="the shop's own template's id (none: the platform's)")
    name: str
    name_en: str
    content: str
    is_active: bool
    platform: bool
    variables: list[str]


class TemplateVariableOut(Schema):
    name: str
    label: str
    label_en: str


class MessageLimitsOut(Schema):
    per_hour: int
    per_day: int


class ServiceBaseInfoOut(Schema):
    phone: str
    hours: str
    online_url: str
    updated_at: datetime | None = Field(description="none: never saved")
    notices: list[ServiceNoticeOut]
    templates: list[MessageTemplateOut]
    variables: list[TemplateVariableOut]
    return_addresses: list[ReturnAddressOut] = Field(
        description="the after-sale address: the shop's return addresses, the default first"
    )
    limits: MessageLimitsOut = Field(description="messages per customer")


class ServiceInfoNoticeOut(Schema):
    title: str
    content: str


class ServiceInfoOut(Schema):
    phone: str
    hours: str
    online_url: str
    notices: list[ServiceInfoNoticeOut] = Field(description="the visible ones, in order")
    after_sale_address: ReturnAddressOut | None = Field(
        description="the shop's default return address (none: not set)"
    )


# --- messages ------------------------------------------------------------------------------


class CustomerMessageIn(Schema):
    order_id: Id
    template_code: SingleLineText = Field(min_length=1, max_length=30)


class SendCustomerMessageIn(CustomerMessageIn):
    idempotency_key: IdempotencyKey | None = None


class CustomerMessageOut(Schema):
    id: int
    order_id: int
    order_no: str
    phone: str = Field(description="masked")
    template_code: str
    template_name: str
    text: str = Field(description="as sent, the name masked")
    status: Literal["sending", "sent", "failed"]
    failure_reason: str
    actor: str
    created_at: datetime
    sent_at: datetime | None


class MessagePreviewOut(Schema):
    template_code: str
    template_name: str
    text: str = Field(description="the name masked; a variable the order cannot fill stays")
    missing: list[str] = Field(description="variables this order cannot fill now")
    phone: str = Field(description="masked")
    sent_last_hour: int
    sent_today: int


# --- customers -----------------------------------------------------------------------------


class CustomerListIn(Schema):
    keyword: SingleLineText = Field(
        "", max_length=50, description="name (part), phone, ID number or order number"
    )
    overdue: bool = Field(False, description="only customers with an overdue order")
    blacklisted: bool | None = Field(None, description="only (true) or none (false) listed")
    page: Page = 1
    page_size: PageSize = 20


class CustomerRowOut(Schema):
    id: int
    name: str = Field(description="masked")
    phone: str = Field(description="masked")
    id_number: str = Field(description="masked")
    orders: int
    overdue_orders: int
    owed: str = Field(description="open bills' rent and late fees still owed")
    overdue: str = Field(description="of which past due")
    risk_grade: str = Field(description="of the newest order with a grade")
    messages: int = Field(description="messages sent")
    blacklisted: bool
    first_order_at: datetime
    last_order_at: datetime


class CustomerPageOut(PageOut):
    list: list[CustomerRowOut]


class CustomerDetailIn(Schema):
    customer_id: Id


class CustomerBillOut(Schema):
    id: int
    order_id: int
    order_no: str
    period: int
    due_date: date
    amount: str
    paid_amount: str
    late_fee_owed: str
    state: str
    paid_at: datetime | None


class BlacklistHistoryOut(StatusHistoryOut):
    pass


class BlacklistOut(Schema):
    id: int
    customer_id: int | None
    name: str = Field(description="masked")
    id_number: str = Field(description="masked")
    phone: str = Field(description="masked")
    status: Literal["active", "lifted"]
    reason: str
    created_by: str
    created_at: datetime
    lift_reason: str
    lifted_by: str
    lifted_at: datetime | None


class BlacklistWithHistoryOut(BlacklistOut):
    history: list[BlacklistHistoryOut]


class CustomerDetailOut(CustomerRowOut):
    orders_list: list[OrderRowOut]
    bills: list[CustomerBillOut]
    risk_checks: list[RiskQueryOut]
    messages_list: list[CustomerMessageOut]
    blacklist: list[BlacklistWithHistoryOut]


class BlacklistListIn(Schema):
    status: Literal["active", "lifted"] | None = None
    page: Page = 1
    page_size: PageSize = 20


class BlacklistPageOut(PageOut):
    list: list[BlacklistOut]


class BlacklistSetIn(Schema):
    customer_id: Id | None = Field(None, description="a customer of the shop; or the person:")
    name: SingleLineText = Field("", max_length=50)
    id_number: SingleLineText = Field("", max_length=18)
    phone: SingleLineText = Field("", max_length=20)
    reason: MultiLineText = Field(min_length=1, max_length=300)


class BlacklistRemoveIn(Schema):
    id: Id
    reason: MultiLineText = Field(min_length=1, max_length=300)
