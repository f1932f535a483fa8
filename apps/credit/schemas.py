from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from pydantic import Field

from zulin.core.numbers import Id, Page, PageSize
from zulin.core.pagination import PageOut
from zulin.core.schema import Schema
from zulin.core.text import SingleLineText

Period = Annotated[str, Field(pattern=r"^20\d{2}-(0[1-9]|1[0-2])$", description="a month, YYYY-MM")]
RecordStateCode = Literal[
    "draft", "pending", "in_file", "accepted", "rejected", "replaced", "withdrawn"
]
RecordKindCode = Literal["open", "repayment", "overdue", "collection", "settle", "close"]
FileStatusCode = Literal["generated", "submitted", "accepted", "partial", "rejected"]


class CreditOrderIn(Schema):
    order_id: Id


class CreditOrderQuery(Schema):
    order_id: Id


class CreditSignIn(Schema):
    order_id: Id
    channel: Literal["alipay", "wechat", "app", "paper"] = Field(
        "app", description="where the customer signed the authorisation"
    )


class CreditRepaymentIn(Schema):
    order_id: Id
    period: int = Field(ge=1, le=360, description="the instalment (bill period) repaid")


class CreditCollectionIn(Schema):
    order_id: Id
    collector: SingleLineText = Field(min_length=1, max_length=60, description="who took it over")
    handed_on: date | None = Field(None, description="default today; never in the future")


class CreditCorrectIn(Schema):
    record_id: Id
    reason: SingleLineText = Field(min_length=1, max_length=200)


class CreditPeriodIn(Schema):
    period: Period | None = Field(None, description="default the current month")


class CreditIdIn(Schema):
    id: Id


class CreditFileExportIn(Schema):
    id: Id
    reason: str = Field(
        max_length=500,
        description="why the file is taken away whole (2–200 characters): it holds every "
        "reported customer's name and ID number; recorded in the owner's reveal log",
    )


class CreditFileLinkOut(Schema):
    download_url: str = Field(description="the XML, valid a few minutes")


class CreditRecoverIn(Schema):
    id: Id
    reason: SingleLineText = Field(min_length=1, max_length=200)


class CreditRecordListIn(Schema):
    state: RecordStateCode | None = None
    kind: RecordKindCode | None = None
    order_no: SingleLineText = Field("", max_length=32)
    period: Period | None = None
    page: Page = 1
    page_size: PageSize = 20


class CreditFileListIn(Schema):
    status: FileStatusCode | None = None
    page: Page = 1
    page_size: PageSize = 20


class CreditPageIn(Schema):
    page: Page = 1
    page_size: PageSize = 20


class CreditStatusCodeOut(Schema):
    code: str
    name: str
    name_en: str


class CreditAuthorisationOut(Schema):
    sign_no: str
    channel: str
    signed_at: datetime
    contract_no: str = Field(description="the lease contract reported (applyContractLeasing)")


class CreditErrorOut(Schema):
    code: str
    message: str


class CreditRecordOut(Schema):
    id: int
    record_no: str
    order_id: int
    order_no: str
    account_no: str
    account_type: str = Field(description="D1 lease account, C1 collection")
    customer_name: str
    kind: str
    key: str
    period: str
    instalment: int | None
    occurred_on: date
    status_code: str = Field(description="getRepaymentStatusMap")
    balance: str
    amount_due: str
    amount_paid: str
    overdue_amount: str
    overdue_periods: int
    state: str
    errors: list[CreditErrorOut] = Field(description="the bureau's feedback on a rejected record")
    replaces_no: str = Field(description="the record this one corrects")
    replaced_by_no: str = Field(description="the correction that replaced this one")
    correction_reason: str
    file_no: str
    created_at: datetime


class CreditRecordPageOut(PageOut):
    list: list[CreditRecordOut]
    state_counts: dict[str, int]


class CreditTreeNodeOut(Schema):
    key: str
    parentKey: str  # noqa: N815 (the spec's node shape)
    label: str
    parentName: str  # noqa: N815
    type: str
    value: str | None
    children: list[CreditTreeNodeOut]


class CreditAccountOut(Schema):
    account_no: str
    account_type: str
    state: str
    opened_on: date
    closed_on: date | None
    credit_limit: str
    collector: str


class CreditOrderCreditOut(Schema):
    order_id: int
    order_no: str
    lease_started: bool
    authorisation: CreditAuthorisationOut | None
    accounts: list[CreditAccountOut]
    records: list[CreditRecordOut]
    sha256: str = Field(description="of the order's credit file (its accounts as sent)")
    tree: list[CreditTreeNodeOut]
    appended: list[str] = Field(default_factory=list, description="record numbers just made")


class CreditFileOut(Schema):
    id: int
    file_no: str
    period: str
    status: str
    file_name: str
    sha256: str
    size: int
    record_count: int
    accepted_count: int
    rejected_count: int
    provider_reference: str
    feedback_reason: str
    created_by: str
    created_at: datetime
    submitted_at: datetime | None
    finished_at: datetime | None


class CreditFilePageOut(PageOut):
    list: list[CreditFileOut]


class CreditFileDetailOut(CreditFileOut):
    intact: bool = Field(description="the kept XML still has its SHA-256")
    tree: list[CreditTreeNodeOut]
    records: list[CreditRecordOut]


class CreditSettlementOut(Schema):
    id: int
    batch_no: str
    period: str
    status: str
    record_count: int
    created_by: str
    created_at: datetime
    confirmed_at: datetime | None


class CreditSettlementPageOut(PageOut):
    list: list[CreditSettlementOut]


class CreditSettlementResultOut(CreditSettlementOut):
    state_counts: dict[str, int]
    records: list[CreditRecordOut]


CreditTreeNodeOut.model_rebuild()
