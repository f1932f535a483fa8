from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import Field

from zulin.core.numbers import Id, Page, PageSize
from zulin.core.pagination import PageOut
from zulin.core.schema import Schema
from zulin.core.text import IdempotencyKey, SingleLineText

BillType = Literal["recharge", "charge"]
SourceCode = Literal["intake", "manual"]


class RiskBalanceOut(Schema):
    balance: str = Field(description="the prepaid risk balance now")
    intake_price: str = Field(description="what the intake's check of one order costs")
    low_threshold: str = Field(description="below this the balance is low (the workbench warns)")
    low: bool
    unchecked_orders: int = Field(
        description="orders waiting for a manual audit: risk not checked, the balance was short"
    )


class GetRiskIn(Schema):
    query_type: SingleLineText = Field(min_length=1, max_length=30, description="getRiskTypeMap")
    order_id: Id | None = Field(None, description="check this order's customer (its results)")
    name: SingleLineText = Field("", max_length=50, description="without an order: the person")
    id_number: SingleLineText = Field("", max_length=18)
    phone: SingleLineText = Field("", max_length=20)
    idempotency_key: IdempotencyKey


class RiskHitOut(Schema):
    code: str
    name_zh: str
    name_en: str


class RiskQueryOut(Schema):
    id: int
    query_no: str
    query_type: str
    query_type_name: str
    query_type_name_en: str
    price: str = Field(description="charged to the prepaid risk balance")
    source: str = Field(description="intake (placing the order) or manual (getRisk)")
    source_name: str
    order_id: int | None
    order_no: str
    name: str = Field(description="masked")
    id_number: str = Field(description="masked")
    phone: str = Field(description="masked")
    score: int | None = Field(description="0-1000, higher is safer")
    grade: str = Field(description="A (best) to E")
    decision: str = Field(description="pass, review or refuse")
    decision_name: str
    decision_name_en: str
    hit_rules: list[RiskHitOut]
    reference: str
    actor: str
    created_at: datetime


class GetRiskOut(RiskQueryOut):
    balance: str = Field(description="the prepaid risk balance after this query")


class RiskQueryFiltersIn(Schema):
    query_type: SingleLineText = Field("", max_length=30)
    source: SourceCode | None = None
    date_from: date | None = None
    date_to: date | None = None
    order_no: SingleLineText = Field("", max_length=32)


class RiskQueryListIn(RiskQueryFiltersIn):
    page: Page = 1
    page_size: PageSize = 20


class RiskQueryPageOut(PageOut):
    list: list[RiskQueryOut]


class RiskBillFiltersIn(Schema):
    type: BillType | None = None
    date_from: date | None = None
    date_to: date | None = None


class RiskBillListIn(RiskBillFiltersIn):
    page: Page = 1
    page_size: PageSize = 20


class RiskBillOut(Schema):
    id: int
    created_at: datetime
    type: str = Field(description="recharge (money in) or charge (a query's price)")
    type_name: str
    type_name_en: str
    amount: str = Field(description="+ into the balance, - out of it")
    memo: str
    reference: str
    recharge_no: str
    query_no: str
    query_type_name: str
    query_type_name_en: str
    order_id: int | None
    order_no: str
    actor: str


class RiskBillTypeOut(Schema):
    value: str
    label: str
    label_en: str


class RiskBillPageOut(PageOut):
    types: list[RiskBillTypeOut]
    balance: str = Field(description="the prepaid risk balance now")
    recharged: str = Field(description="credited in the period of the date filters")
    charged: str = Field(description="charged for queries in the period of the date filters")
    list: list[RiskBillOut]


# --- credit-bureau queries -----------------------------------------------------------------

CreditStatusCode = Literal["processing", "done", "failed"]


class CreditApplyIn(Schema):
    order_id: Id = Field(description="the order whose customer's credit report is asked for")
    idempotency_key: IdempotencyKey


class CreditQueryIdIn(Schema):
    id: Id


class CreditQueryListIn(Schema):
    order_id: Id | None = None
    order_no: SingleLineText = Field("", max_length=32)
    status: CreditStatusCode | None = None
    page: Page = 1
    page_size: PageSize = 20


class CreditQueryOut(Schema):
    id: int
    apply_no: str
    order_id: int
    order_no: str
    name: str = Field(description="masked")
    id_number: str = Field(description="masked")
    price: str = Field(description="charged to the prepaid risk balance when applied")
    status: str = Field(description="processing (the bureau compiles it), done or failed")
    status_name: str
    status_name_en: str
    score: int | None = Field(description="350-950, higher is better (done only)")
    level: str = Field(description="excellent, good, fair or poor")
    level_name: str
    level_name_en: str
    overdue_accounts: int
    open_accounts: int
    queries_90_days: int = Field(description="institutions that queried in the 90 days before")
    reason: str = Field(description="why it failed, e.g. NO_CREDIT_FILE")
    reference: str
    actor: str
    created_at: datetime
    finished_at: datetime | None


class CreditQueryPageOut(PageOut):
    list: list[CreditQueryOut]


class CreditQueryTimeIn(Schema):
    order_id: Id
    days: int = Field(90, ge=1, le=3650, description="the window counted, in days")


class CreditQueryTimeOut(Schema):
    order_id: int
    days: int
    times: int = Field(description="the shop's credit queries of the customer in the window")
    last_query_at: datetime | None
    bureau_times_90_days: int | None = Field(
        description="queries by any institution the bureau counted in its latest report"
    )
    bureau_reported_at: datetime | None


class UserAuthenticationIn(Schema):
    order_id: Id


class UserAuthenticationOut(Schema):
    order_id: int
    verified: bool = Field(description="name, ID number and phone agree with the issuer's records")
    id_number_valid: bool
    name_matches: bool
    phone_matches: bool
    reason: str = Field(description="the first check that failed, e.g. PHONE_MISMATCH")
    reference: str
    verified_at: datetime | None
