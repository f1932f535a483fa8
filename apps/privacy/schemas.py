from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import Field

from zulin.audit.schemas import StatusHistoryOut
from zulin.core.numbers import Id, Page, PageSize
from zulin.core.pagination import PageOut
from zulin.core.schema import Schema
from zulin.core.text import MultiLineText, SingleLineText

KindName = Literal["access", "correct", "delete"]
StatusName = Literal["received", "in_progress", "completed", "refused"]
ChannelName = Literal["phone", "online", "email", "letter", "in_person"]
VerificationName = Literal["sms_code", "id_document", "face_check", "account"]
LookupName = Literal["phone", "id_number"]
Phone = SingleLineText


RevealActionName = Literal[
    "order.identity_view", "order.identity_export", "privacy.copy_identity", "credit.file_export"
]


class RevealLogIn(Schema):
    action: RevealActionName | None = Field(None, description="omit: every kind of reveal")
    actor_account_id: Id | None = Field(None, description="only the reveals of this account")
    date_from: date | None = Field(None, description="on or after this China day")
    date_to: date | None = Field(None, description="on or before this China day")
    page: Page = 1
    page_size: PageSize = 20


class RevealRowOut(Schema):
    id: int
    actor: str
    actor_account_id: int | None
    action: str
    action_name: str
    target_type: str = Field(description="order, export (a pack's job), privacy_request")
    target_id: str
    order_id: int | None = Field(description="the order whose customer was revealed")
    customer_id: int | None
    reason: str
    created_at: datetime


class RevealPageOut(PageOut):
    list: list[RevealRowOut]


ConsentPurposeName = Literal["marketing", "face_check", "credit_query", "location"]


class ConsentQueryIn(Schema):
    customer_id: Id


class ConsentSaveIn(Schema):
    customer_id: Id
    purpose: ConsentPurposeName
    given: bool = Field(description="true: consent given; false: withdrawn (the purpose stops)")
    reason: SingleLineText = Field(
        "", max_length=200, description="how the customer said so (optional), e.g. by phone"
    )


class ConsentRowOut(Schema):
    purpose: str
    purpose_name: str
    status: str = Field(description="given, withdrawn, none (never recorded)")
    given_at: datetime | None
    withdrawn_at: datetime | None


class ConsentsOut(Schema):
    customer_id: int
    consents: list[ConsentRowOut]
    lease_basis: str = Field(
        "", description="on a withdrawal: the lease rests on the contract and goes on"
    )


class PrivacyRequestFiltersIn(Schema):
    status: StatusName | None = Field(None, description="omit: every status")
    kind: KindName | None = None
    attention: Literal["overdue"] | None = Field(
        None, description="overdue: open and past its due day (the workbench's to-do)"
    )
    handler_id: Id | None = None
    mine: bool = Field(False, description="only the requests the signed-in account handles")
    keyword: SingleLineText = Field(
        "", max_length=30, description="a request number, or a phone or ID number in full"
    )


class PrivacyRequestListIn(PrivacyRequestFiltersIn):
    page: Page = 1
    page_size: PageSize = 20


class PrivacyRequestRowOut(Schema):
    id: int
    request_no: str
    kind: str
    kind_name: str
    status: str
    status_name: str
    requester_name: str
    requester_phone: str = Field(description="masked")
    customer_id: int | None = Field(description="the customer found; none: the shop holds none")
    channel: str
    channel_name: str
    received_on: date
    due_on: date
    working_days_left: int | None = Field(
        description="China working days to the due day (0 on it, negative past it); "
        "none once answered"
    )
    overdue: bool
    handler_id: int | None
    handler_name: str
    answered_at: datetime | None


class PrivacyRequestPageOut(PageOut):
    list: list[PrivacyRequestRowOut]


class PrivacyCustomerOut(Schema):
    id: int
    name: str = Field(description="masked")
    phone: str = Field(description="masked")
    id_number: str = Field(description="masked")


class PrivacyHoldOut(Schema):
    code: Literal[
        "open_order",
        "debt",
        "dispute",
        "recovery_case",
        "recovery_records",
        "credit_adverse",
        "legal_hold",
        "transaction_records",
    ]
    label: str = Field(description="a legal hold's names its authority and reference")
    label_en: str
    until: date | None = Field(description="the day it ends; none: until it ends, then its period")


class PrivacyRestrictionOut(Schema):
    status: Literal["restricted", "erased"]
    until: date | None = Field(description="restricted until; none while a hold has no end")
    erased_at: datetime | None
    counts: dict[str, int] = Field(description="rows changed per table by the erasure")


class PrivacyDeletionOut(Schema):
    """A deletion request's facts: what holds the customer's data now and until when."""

    holds: list[PrivacyHoldOut]
    until: date | None = Field(description="the last hold's end; none while one has no end")
    erasable: bool = Field(description="nothing holds the data: it may be erased")
    restriction: PrivacyRestrictionOut | None


class PrivacyRequestOut(PrivacyRequestRowOut):
    lookup_by: str
    lookup: str = Field(description="the phone looked up, masked; empty for an ID number")
    customer: PrivacyCustomerOut | None
    verification: str
    verification_name: str
    verification_note: str
    detail: str
    outcome: str
    refusal_reason: str
    created_by_name: str
    created_at: datetime
    history: list[StatusHistoryOut]
    deletion: PrivacyDeletionOut | None = Field(
        None, description="a deletion request about a customer the shop holds"
    )


class PrivacyRequestIdIn(Schema):
    id: Id


class PrivacyRequestCreateIn(Schema):
    kind: KindName
    requester_name: SingleLineText = Field(min_length=1, max_length=50)
    requester_phone: str = Field(pattern=r"^1[3-9]\d{9}$", description="to answer the requester")
    lookup_by: LookupName
    lookup: SingleLineText = Field(
        min_length=1, max_length=20, description="the customer's phone or ID number, in full"
    )
    channel: ChannelName
    verification: VerificationName = Field(description="how the requester was verified")
    verification_note: SingleLineText = Field("", max_length=200)
    detail: MultiLineText = Field("", max_length=2000, description="what the customer asks")
    received_on: date | None = Field(None, description="China day; omit: today")


class PrivacyRequestAssignIn(Schema):
    id: Id
    handler_id: Id


class PrivacyRequestAnswerIn(Schema):
    id: Id
    result: Literal["completed", "refused"]
    outcome: MultiLineText = Field("", max_length=2000, description="what was done")
    refusal_reason: MultiLineText = Field(
        "", max_length=1000, description="required for a refusal: the reason given"
    )


class PrivacyHandlerOut(Schema):
    id: int
    username: str
    name: str


class PrivacySettingIn(Schema):
    due_working_days: int = Field(ge=1, le=365, description="15 (the default) to 30")


class PrivacySettingOut(Schema):
    due_working_days: int
    default_due_working_days: int


class PrivacyCopyOut(Schema):
    job_id: int = Field(description="the export job: follow it with exportStatus (a private link)")
    customer: PrivacyCustomerOut = Field(description="the preview: identity masked")
    orders: int


class PrivacyCorrectIn(Schema):
    id: Id
    phone: str = Field("", pattern=r"^(1[3-9]\d{9})?$", description="the corrected mobile phone")
    name: SingleLineText = Field("", max_length=50, description="identity data: refused here")
    id_number: SingleLineText = Field("", max_length=20, description="identity data: refused here")


AuthorityName = Literal["court", "procuratorate", "police", "regulator", "arbitration"]
HoldStatusName = Literal["active", "lifted"]


class LegalHoldListIn(Schema):
    customer_id: Id | None = Field(None, description="only this customer's holds")
    status: HoldStatusName | None = Field(None, description="omit: active and lifted")
    page: Page = 1
    page_size: PageSize = 20


class LegalHoldIdIn(Schema):
    id: Id


class LegalHoldCreateIn(Schema):
    customer_id: Id
    order_id: Id | None = Field(None, description="narrowed to one of the customer's orders")
    authority: AuthorityName
    authority_name: SingleLineText = Field(
        min_length=2, max_length=100, description="e.g. 杭州市西湖区人民法院"
    )
    reference: SingleLineText = Field(
        min_length=2, max_length=100, description="the ruling's or letter's number"
    )
    reason: SingleLineText = Field(min_length=2, max_length=500)
    starts_on: date | None = Field(None, description="China day; omit: today (up to 90 back)")
    ends_on: date | None = Field(None, description="omit: until lifted; else after today")


class LegalHoldLiftIn(Schema):
    id: Id
    reason: SingleLineText = Field(
        min_length=2, max_length=500, description="the authority's release, its number"
    )


class LegalHoldRowOut(Schema):
    id: int
    customer_id: int
    order_id: int | None
    authority: str
    authority_label: str
    authority_name: str
    reference: str
    reason: str
    starts_on: date
    ends_on: date | None
    status: str
    holding: bool = Field(description="holds the data today (active, started, not ended)")
    recorded_by: str
    created_at: datetime
    lifted_at: datetime | None
    lifted_by: str
    lift_reason: str


class LegalHoldOut(LegalHoldRowOut):
    history: list[StatusHistoryOut]


class LegalHoldPageOut(PageOut):
    list: list[LegalHoldRowOut]


class RetentionYearsIn(Schema):
    transaction_records: int | None = Field(None, ge=1, le=100, description="years, 3 to 30")
    messages: int | None = Field(None, ge=1, le=100, description="years, 3 to 30")
    request_log: int | None = Field(None, ge=1, le=100, description="years, 3 to 30")


class RetentionYearsOut(Schema):
    transaction_records: int
    messages: int
    request_log: int


class RetentionClassOut(Schema):
    code: str
    label: str
    label_en: str
    count: int


class RetentionRunOut(Schema):
    run_on: date
    started_at: datetime
    finished_at: datetime | None
    runs: int = Field(description="how many times the night ran (a rerun finds nothing)")
    counts: list[RetentionClassOut]


class RetentionOut(Schema):
    years: RetentionYearsOut
    law_years: RetentionYearsOut = Field(description="the law's minimum: never shorter")
    runs: list[RetentionRunOut] = Field(description="the last 30 nights, newest first")


class RetentionCustomerOut(Schema):
    customer_id: int = Field(description="opaque id")
    action: Literal["erase", "anonymise"]


class RetentionDryRunOut(Schema):
    run_on: date
    years: RetentionYearsOut
    counts: list[RetentionClassOut]
    customers: list[RetentionCustomerOut]


class SuppressionLiftIn(Schema):
    id_number: SingleLineText = Field(min_length=15, max_length=20)
    phone: str = Field("", pattern=r"^(1[3-9]\d{9})?$", description="also lift the phone's")
    verification: VerificationName = Field(description="how the returning customer was verified")
    verification_note: SingleLineText = Field("", max_length=200)
    reason: SingleLineText = Field(
        min_length=2, max_length=200, description="the customer's fresh consent: how and when"
    )


class SuppressionLiftOut(Schema):
    lifted: int = Field(description="entries lifted (the ID number's, and the phone's)")
