from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import Field

from apps.risk.schemas import RiskQueryOut
from zulin.audit.schemas import StatusHistoryOut
from zulin.core.numbers import Id, Page, PageSize
from zulin.core.pagination import PageOut
from zulin.core.schema import Schema
from zulin.core.text import MultiLineText, SingleLineText
from zulin.documents.clauses import (
    CLAUSE_BODY_MAX_LENGTH,
    CLAUSE_TITLE_MAX_LENGTH,
    CLAUSES_MAX_COUNT,
)

from . import rules

StageCode = Literal["regular", "dealing", "overdue", "finished", "after_sale", "owing"]
StatusCode = Literal[
    "awaiting_audit",
    "refused",
    "awaiting_signing",
    "awaiting_payment",
    "paid",
    "awaiting_shipment",
    "shipped",
    "in_lease",
    "returning",
    "inspecting",
    "completed",
    "bought_out",
    "cancelled",
    "refunded",
    "closed",
]
TodoCode = Literal["awaiting_audit", "awaiting_shipment", "overdue"]
Reason = Annotated[MultiLineText, Field(max_length=rules.REASON_MAX)]
OrderIds = Annotated[list[Id], Field(min_length=1, max_length=rules.BULK_MAX)]
Money = Annotated[Decimal, Field(max_digits=12, decimal_places=2)]


class OrderFiltersIn(Schema):
    """The order lists' filters; an export of a list takes the same."""

    stage: StageCode | None = None
    status: StatusCode | None = None
    date_from: date | None = Field(None, description="placed on or after (YYYY-MM-DD)")
    date_to: date | None = Field(None, description="placed on or before (YYYY-MM-DD)")
    goods: SingleLineText = Field("", max_length=100, description="goods title or id")
    phone: SingleLineText = Field("", max_length=20, description="the customer's phone")
    order_no: SingleLineText = Field("", max_length=32)
    sub_shop_id: Id | None = None
    salesman_id: Id | None = None
    channel: SingleLineText = Field("", max_length=30)
    sub_shops: bool = Field(False, description="only orders of sub-shops (the s_ lists)")
    sort: Literal["newest", "oldest"] = "newest"
    todo: TodoCode | None = Field(
        None,
        description="a workbench to-do, over both kinds: awaiting_audit, awaiting_shipment "
        "(leases awaiting shipment and paid purchases), overdue",
    )


class OrderCountIn(OrderFiltersIn):
    """The tabs' counts take the list's filters (stage, status and to-do left out: each tab
    is a stage), so a tab's count is the total of the list its link opens."""

    merchant_id: Id | None = Field(None, description="platform side: one merchant's orders")


class OrderListIn(OrderCountIn):
    page: Page = 1
    page_size: PageSize = 20


class OrderRowOut(Schema):
    id: int
    order_no: str
    kind: str
    status: str
    status_name: str
    stage: str
    customer_name: str
    customer_phone: str
    goods_id: int
    goods_title: str
    goods_picture: str
    sku_specs: dict[str, Any]
    fineness: str | None = Field(
        None, description="the condition leased or sold (全新, 95新 …): its plan's, else its goods'"
    )
    fineness_name: str | None = None
    term: int
    term_unit: str
    rent: str
    total_rent: str
    sale_price: str
    deposit: str
    deposit_waived: str | None = None
    deposit_state: str | None = None
    channel: str
    sub_shop_id: int | None
    sub_shop_name: str
    salesman_name: str | None = None
    auditor_name: str | None = None
    risk_grade: str | None = None
    has_open_after_sale: bool
    overdue_since: date | None
    owed_amount: str | None = Field(
        None, description="what an ended order still owes (stage owing)"
    )
    created_at: datetime
    merchant_id: int | None
    merchant_name: str


class OrderPageOut(PageOut):
    list: list[OrderRowOut]


class OrderStageCountOut(Schema):
    regular: int
    dealing: int
    overdue: int
    finished: int
    after_sale: int
    owing: int = Field(description="ended orders that still owe (returned with charges)")
    all: int


class OrderIdIn(Schema):
    id: Id
    merchant_id: Id | None = Field(None, description="platform side: the order's merchant")


class OrderIdQueryIn(Schema):
    order_id: Id
    merchant_id: Id | None = None


class AuditOrderIn(Schema):
    id: Id
    passed: bool
    reason: Reason = ""


class AllocateOrdersIn(Schema):
    ids: OrderIds
    account_id: Id = Field(description="an active auditor or salesman")


class AllocateToSubShopIn(Schema):
    ids: OrderIds
    sub_shop_id: Id


class CloseOrdersIn(Schema):
    ids: OrderIds
    reason: Reason
    merchant_id: Id | None = Field(None, description="platform side: the orders' merchant")


class DeleteOrdersIn(Schema):
    ids: OrderIds


class AddRemarkIn(Schema):
    order_id: Id
    remark: MultiLineText = Field(min_length=1, max_length=rules.REMARK_MAX)


class OrderCountOut(Schema):
    count: int


class RemarkOut(Schema):
    id: int
    remark: str
    actor: str
    created_at: datetime


class UnitBriefOut(Schema):
    """The device an order names (a SKU tracked by unit)."""

    id: int
    serial_number: str
    imei1: str
    imei2: str
    meid: str = ""
    grade: str
    status: str = Field("", description="the unit's status (out_with_customer, received …)")
    customer_todo: list[str] = Field(
        default_factory=list,
        description="quarantined: the blocking checks that failed, what the customer must do",
    )


class ShipmentOut(Schema):
    id: int
    direction: str
    company_code: str
    tracking_no: str
    device_serial: str
    serial_number: str = Field("", description="the unit's serial number (tracked by unit)")
    imei1: str = ""
    imei2: str = ""
    shipped_at: datetime | None
    delivered_at: datetime | None


class AfterSaleOut(Schema):
    id: int
    kind: str
    kind_name: str
    status: str
    status_name: str
    started_by: Literal["customer", "shop"] = Field(
        description="who asked: the customer, or the shop for the customer (a return the "
        "shop starts is approved as it starts)"
    )
    reason: str
    reject_reason: str
    extra_term: int
    amount: str
    damage_amount: str
    inspection_note: str
    received_on: date | None = Field(description="a return: the day the goods came back")
    rent_cancelled: str = Field(description="a return: rent due after that day, cancelled")
    termination_fee: str = Field(description="a return: the early-termination fee charged")
    created_at: datetime
    finished_at: datetime | None


class TimelineOut(Schema):
    id: int
    kind: Literal["status", "change"]
    action: str
    from_status: str
    to_status: str
    reason: str
    actor: str
    created_at: datetime
    after: Any = None


class OrderCustomerOut(Schema):
    id: int
    name: str
    phone: str
    id_number: str
    has_id_card: bool


class ClauseIn(Schema):
    title: SingleLineText = Field(min_length=1, max_length=CLAUSE_TITLE_MAX_LENGTH)
    body: MultiLineText = Field(min_length=1, max_length=CLAUSE_BODY_MAX_LENGTH)


class ContractTemplateIn(Schema):
    lessor_name: SingleLineText = Field(min_length=2, max_length=100)
    lessor_contact: SingleLineText = Field("", max_length=50)
    lessor_phone: SingleLineText = Field("", max_length=20)
    lessor_address: SingleLineText = Field("", max_length=255)
    clauses: list[ClauseIn] = Field(min_length=1, max_length=CLAUSES_MAX_COUNT)


class ContractTemplateOut(Schema):
    lessor_name: str
    lessor_contact: str
    lessor_phone: str
    lessor_address: str
    clauses: list[dict[str, str]]
    updated_at: datetime


class OrderSettingIn(Schema):
    unpaid_cancel_minutes: int = Field(ge=5, le=7 * 24 * 60)
    auto_receive_days: int = Field(ge=1, le=60)
    early_buyout_discount_rate: Decimal = Field(ge=0, le=1, max_digits=5, decimal_places=4)
    buyout_from_period: int = Field(ge=1, le=120)
    early_return_min_term: int = Field(
        0, ge=0, le=120, description="the default minimum term (periods; 0: none)"
    )
    early_return_fee_mode: Literal["none", "rate", "fixed"] = "none"
    early_return_fee_value: Decimal = Field(
        Decimal("0"),
        ge=0,
        le=Decimal("100000"),
        max_digits=10,
        decimal_places=4,
        description="rate: a share 0-1 of the rent cancelled; fixed: yuan (cents)",
    )
    zhima_deposit_free: bool = Field(False, description="deposit-free on Zhima credit offered")
    zhima_service_id: SingleLineText = Field("", max_length=64, description="credit service id")
    zhima_category: SingleLineText = Field("", max_length=64, description="credit category")
    zhima_deposit_mode: str = Field(
        "POSTPAY",
        pattern="^(POSTPAY|POSTPAY_UNCERTAIN|DEPOSIT_ONLY)$",
        description="Alipay's deposit_product_mode: POSTPAY, POSTPAY_UNCERTAIN or DEPOSIT_ONLY",
    )
    zhima_violation_grace_days: int = Field(
        7, ge=1, le=90, description="days from the notice to the earliest violation"
    )


class OrderSettingOut(Schema):
    unpaid_cancel_minutes: int
    auto_receive_days: int
    early_buyout_discount_rate: str
    buyout_from_period: int
    early_return_min_term: int
    early_return_fee_mode: str
    early_return_fee_value: str
    zhima_deposit_free: bool
    zhima_service_id: str
    zhima_category: str
    zhima_deposit_mode: str
    zhima_violation_grace_days: int
    updated_at: datetime | None


class IntakeKeyOut(Schema):
    app_id: str
    name: str
    channel: str
    is_active: bool
    created_at: datetime


class IntakeKeyCreateIn(Schema):
    name: SingleLineText = Field(min_length=1, max_length=50)
    channel: SingleLineText = Field("", max_length=30, description="orders default to it")


class IntakeKeyCreatedOut(IntakeKeyOut):
    secret: str = Field(description="shown this once; keep it in the app's server")


class IntakeKeyStatusIn(Schema):
    app_id: SingleLineText = Field(min_length=4, max_length=32)
    active: bool


class CustomerIdentityIn(Schema):
    order_id: Id
    reason: str = Field(
        "", max_length=200, description="why the full identity is needed (required, 2–200)"
    )


class CustomerIdentityOut(Schema):
    order_id: int
    name: str
    phone: str
    id_number: str
    id_card_front_url: str | None = Field(description="a link valid for a few minutes")
    id_card_back_url: str | None


class OrderRiskOut(Schema):
    grade: str
    score: int | None
    decision: str = Field(
        description="pass, review, refuse; unavailable (the provider failed) or balance_short"
        " (the prepaid risk balance could not pay the intake's check): a manual audit"
    )
    reference: str
    checks: list[RiskQueryOut] = Field(
        description="each risk query of the order's customer (the intake's, then getRisk's)"
    )


class OrderContractOut(Schema):
    id: int
    contract_no: str
    version: int
    status: str
    sha256: str
    signed_at: datetime | None
    created_at: datetime


class EarlyReturnTermsOut(Schema):
    min_term: int = Field(description="periods; 0: no minimum term")
    min_term_end: date | None = Field(description="the first day a return owes no fee")
    fee_mode: str = Field(description="none, rate (a share of the rent cancelled), fixed")
    fee_value: str = Field(description="rate: a share 0-1 (4 places); fixed: yuan")


# The order's notarization as the detail shows it (filled by apps.notary through
# events.order_notarization; the notary's calls answer in this shape too).


class NotaryStepOut(Schema):
    step: str = Field(description="customer, id_card, contract, submit, outcome")
    done_at: datetime | None


class NotaryEvidenceOut(Schema):
    name: str = Field(description="id_card_front, id_card_back, contract, bill_schedule …")
    sha256: str
    size: int
    content_type: str


class NotaryHistoryOut(StatusHistoryOut):
    pass


class NotarizationOut(Schema):
    order_id: int
    status: str = Field(
        description="none, draft, customer_pushed, id_pushed, contract_pushed, submitted,"
        " notarized, failed, cancelled"
    )
    is_open: bool
    attempt: int
    case_reference: str
    steps: list[NotaryStepOut]
    evidence: list[NotaryEvidenceOut]
    evidence_hash: str = Field(description="SHA-256 over every part's name and SHA-256")
    contract_no: str
    certificate_no: str
    failure_reason: str
    cancel_reason: str
    last_error: str = Field(description="the notary service's code of the last failed call")
    updated_at: datetime | None
    history: list[NotaryHistoryOut]
    actions: list[str] = Field(
        description="next steps the session may take: push_customer, push_id_card,"
        " push_contract, submit, link, query, cancel"
    )


# --- shipping, contracts, deposits, after-sale, bill payment --------------------------------


class AddExpressIn(Schema):
    order_id: Id
    company_code: SingleLineText = Field(min_length=1, max_length=20)
    tracking_no: SingleLineText = Field(min_length=4, max_length=40)
    device_serial: SingleLineText = Field("", max_length=64, description="serial/IMEI shipped")


class ExpressCompanyOut(Schema):
    code: str
    name: str
    name_en: str


class TrackingEventOut(Schema):
    time: datetime
    status: str
    location: str
    description: str
    description_en: str


class ShipmentTrackingOut(Schema):
    shipment_id: int
    direction: str
    company_code: str
    tracking_no: str
    delivered: bool
    delivered_at: datetime | None
    events: list[TrackingEventOut]
    tracking_failed: bool = Field(False, description="the carrier could not be asked (hide_error)")


class OrderExpressIn(Schema):
    order_id: Id
    merchant_id: Id | None = None
    hide_error: bool = Field(False, description="the screen shows no notice on failure")


class ContractLinkOut(Schema):
    url: str
    contract_no: str
    sha256: str
    status: str


class ContractOrderIn(Schema):
    order_id: Id


class ContractLookIn(ContractOrderIn):
    merchant_id: Id | None = Field(None, description="platform side: the order's merchant")
    reason: str = Field(
        "",
        max_length=500,
        description="why the contract is opened (2-200 characters, required): the PDF shows the "
        "lessee's name and ID number as signed, so opening it is a reveal in the owner's log",
    )


class ApplyAfterSaleIn(Schema):
    order_id: Id
    kind: Literal["refund", "return", "buyout", "renewal", "exchange"]
    reason: Reason = ""
    extra_term: int = Field(0, ge=0, le=36, description="renewal: periods added (1-36)")


class DealAfterSaleIn(Schema):
    order_id: Id
    decision: Literal["approve", "reject", "receive", "inspect"]
    reject_code: SingleLineText = Field("", max_length=30)
    reason: Reason = ""
    damage_amount: Money = Field(Decimal("0.00"), ge=0, le=Decimal("1000000"))
    device_serial: SingleLineText = Field("", max_length=64)
    inspection_note: MultiLineText = Field("", max_length=500)
    idempotency_key: SingleLineText = Field("", max_length=64)
    inspection_id: Id | None = Field(
        None,
        description="inspect: the return inspection (createInspection) whose damage total is "
        "charged instead of damage_amount",
    )


class RejectReasonOut(Schema):
    code: str
    label: str
    label_en: str


class DeliverIn(Schema):
    order_id: Id


# --- offline repayment and early settlement (finance.manage) -------------------------------
