"""One interface per outside service. Real adapters and sandbox adapters implement these.

Each call returns the provider's reference so the caller can match the asynchronous
callback that follows; failures raise `ProviderError`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any, Protocol

from zulin.core.errors import ApplicationError, ErrorCode


class ProviderError(Exception):
    """The provider could not answer (unreachable, refused the request as malformed or out of
    bounds). Nothing was recorded at the provider, so the same request number may be sent
    again. `code` is the provider's reason, e.g. AMOUNT_EXCEEDS_FROZEN, SYSTEM_ERROR."""

    def __init__(self, provider: str, reason: str, *, code: str = "SYSTEM_ERROR") -> None:
        super().__init__(f"{provider}: {code}: {reason}")
        self.provider = provider
        self.reason = reason
        self.code = code


def provider_failed(error: ProviderError, failed_zh: str, failed_en: str) -> ApplicationError:
    """The answer PROVIDER_FAILED to `error`: what failed (`failed_zh`, `failed_en`), the
    provider's reason and its code."""
    return ApplicationError(
        ErrorCode.PROVIDER_FAILED,
        f"{failed_zh}：{error.reason}",
        msg_en=f"{failed_en}: {error.reason}",
        data={"provider_code": error.code},
    )


@dataclass(frozen=True)
class ProviderReceipt:
    reference: str
    status: str
    extra: dict[str, Any] = field(default_factory=dict)


class SmsProvider(Protocol):
    def send(self, *, phone: str, template: str, params: dict[str, str]) -> ProviderReceipt: ...


class PaymentOperation(StrEnum):
    FREEZE = "freeze"  # pre-authorisation: a deposit frozen on the payer's account
    THAW = "thaw"  # part or all of what remains frozen released
    TRANSFER = "transfer"  # frozen money taken as a payment (transfer-to-pay)
    WITHHOLD_SIGN = "withhold_sign"  # the payer's agreement to be charged without a prompt
    WITHHOLD = "withhold"  # a charge under that agreement
    PAY = "pay"  # the payer pays (scans a QR code) and the provider reports it
    REFUND = "refund"  # money of a paid trade (pay, withhold, transfer) given back
    PAYOUT = "payout"  # money paid out to the merchant's bank account (a withdrawal)
    # A credit order's performance told to the credit service (Alipay's
    # alipay.trade.orderinfo.sync): no money moves; `PaymentResult.sync_status` says what.
    CREDIT_SYNC = "credit_sync"


class CreditSyncStatus(StrEnum):
    """What a credit order's sync tells the credit service (docs/zhima.md)."""

    COMPLETE = "COMPLETE"  # performed: the lease ended fulfilled, or a debt paid
    CLOSED = "CLOSED"  # closed without performance (cancelled before any payment)
    VIOLATED = "VIOLATED"  # the customer broke the agreement (a person confirmed it)


class DepositMode(StrEnum):
    """How the credit service may cover a deposit (Alipay's deposit_product_mode)."""

    POSTPAY = "POSTPAY"  # the later payments are known (amount and count)
    POSTPAY_UNCERTAIN = "POSTPAY_UNCERTAIN"  # the later payments are not known in advance
    DEPOSIT_ONLY = "DEPOSIT_ONLY"  # a deposit only, nothing taken from it as instalments


@dataclass(frozen=True)
class CreditAsk:
    """A freeze that asks the credit service to stand in for the deposit (deposit-free):
    the merchant's credit service id and category, the deposit mode, the largest part of
    the deposit credit may cover, and the plan's later payments (amount each and count)."""

    service_id: str
    category: str
    mode: str
    credit_limit: Decimal
    post_payment_amount: Decimal
    post_payment_count: int


class PaymentStatus(StrEnum):
    SUCCEEDED = "succeeded"
    PROCESSING = "processing"  # the outcome comes later: re-query, or wait for the callback
    FAILED = "failed"  # final; `reason` says why; a new attempt needs a new request number


@dataclass(frozen=True)
class PaymentResult:
    """One record at the payment provider, as it stands now.

    `out_no` is our request number (unique per merchant; sending it again answers this same
    record and never charges twice), `trade_no` the provider's. Only the fields of the
    record's operation are filled: `auth_no` (freeze, thaw, transfer), `agreement_no`
    (withhold_sign, withhold), `original_out_no` (refund), `frozen_remaining` (freeze: what
    can still be thawed or transferred), `refunded_amount` and `refundable_amount` (paid
    trades), `qr_code` (pay: what the payer scans)."""

    operation: PaymentOperation
    out_no: str
    trade_no: str
    status: PaymentStatus
    amount: Decimal
    reason: str = ""
    auth_no: str = ""
    agreement_no: str = ""
    original_out_no: str = ""
    frozen_remaining: Decimal | None = None
    refunded_amount: Decimal | None = None
    refundable_amount: Decimal | None = None
    qr_code: str = ""
    created_at: datetime | None = None
    finished_at: datetime | None = None
    # An operation of a deposit-free authorisation (freeze, thaw, transfer): how much of
    # its amount is the credit service's guarantee (no money) and how much the customer's
    # money; a freeze also what of each is still frozen. None: no credit involved.
    credit_amount: Decimal | None = None
    fund_amount: Decimal | None = None
    rest_credit_amount: Decimal | None = None
    rest_fund_amount: Decimal | None = None
    sync_status: str = ""  # credit_sync: what was told (CreditSyncStatus)

    @property
    def succeeded(self) -> bool:
        return self.status == PaymentStatus.SUCCEEDED


@dataclass(frozen=True)
class StatementRecord:
    """One line of the provider's daily statement (Alipay's and WeChat Pay's daily bill):
    a money operation that ended that day, as the provider keeps it. `amount` is what the
    provider moved (it may differ from what was asked: reconciliation compares them)."""

    operation: PaymentOperation
    out_no: str
    trade_no: str
    status: PaymentStatus  # succeeded or failed: only ended operations are listed
    amount: Decimal
    finished_at: datetime
    reason: str = ""
    original_out_no: str = ""  # a refund: the trade it gives money back from


class PaymentProvider(Protocol):
    """Alipay-credit-lease-like. An adapter is bound to one merchant (its app at the
    provider); amounts are yuan with two places. Operations listed in the
    PAYMENT_ASYNC_OPERATIONS setting (withhold, transfer, refund by default) and `pay`
    answer `processing`; their outcome arrives as a signed callback
    (`zulin.providers.callbacks`) and by `query`."""

    name: str
    merchant: str

    def freeze(
        self,
        *,
        out_no: str,
        payer: str,
        amount: Decimal,
        subject: str,
        credit: CreditAsk | None = None,
    ) -> PaymentResult:
        """`credit`: deposit-free, the credit service covers what it grants of the deposit
        (the answer's `credit_amount`); the rest (`fund_amount`) is the payer's money."""
        ...

    def thaw(
        self,
        *,
        out_no: str,
        auth_no: str,
        amount: Decimal | None = None,
        complete: bool = False,
    ) -> PaymentResult:
        """`amount` None: all that remains frozen. `complete`: the lease is fulfilled (the
        credit order completes with this unfreeze)."""
        ...

    def credit_sync(self, *, out_no: str, auth_no: str, status: str) -> PaymentResult:
        """Tells the credit service how the credit order of authorisation `auth_no` went
        (`CreditSyncStatus`). The same `out_no` answers the same sync; another status under
        it is OUT_NO_REUSED."""
        ...

    def transfer_to_pay(
        self, *, out_no: str, auth_no: str, amount: Decimal, subject: str
    ) -> PaymentResult:
        """Never more than remains frozen: ProviderError AMOUNT_EXCEEDS_FROZEN otherwise."""
        ...

    def auth_pay(
        self, *, out_no: str, auth_no: str, amount: Decimal, subject: str, complete: bool = False
    ) -> PaymentResult:
        """A deposit-free lease's instalment charged to the payer against the authorisation
        `auth_no` (Alipay's `alipay.trade.pay` with `auth_no`): money whole, like a
        withhold, leaving what is frozen as it is (`auth_confirm_mode` NOT_COMPLETE). With
        `complete` (COMPLETE) the payment ends the authorisation: once it succeeds what
        remains frozen is released with fulfilment, as the thaw `<out_no>U` (bizComplete),
        and nothing more may be taken, thawed or paid against it (AUTH_COMPLETED)."""
        ...

    def withhold_sign(self, *, out_no: str, payer: str) -> PaymentResult: ...

    def withhold(
        self, *, out_no: str, agreement_no: str, amount: Decimal, subject: str
    ) -> PaymentResult: ...

    def pay(self, *, out_no: str, payer: str, amount: Decimal, subject: str) -> PaymentResult: ...

    def refund(
        self, *, out_no: str, original_out_no: str, amount: Decimal, reason: str = ""
    ) -> PaymentResult:
        """Refunds of a trade never add up beyond what it took: ProviderError
        REFUND_EXCEEDS_PAID otherwise."""
        ...

    def query(self, *, out_no: str) -> PaymentResult:
        """Any record by our request number: ProviderError NOT_FOUND when there is none."""
        ...

    def payout(
        self, *, out_no: str, account_name: str, account_number: str, amount: Decimal, subject: str
    ) -> PaymentResult:
        """Pays `amount` out to the merchant's bank account (a withdrawal): `processing`,
        then a callback of event type `payout` when the bank has it (or it failed)."""
        ...

    def close(self, *, out_no: str) -> PaymentResult:
        """Closes a payment still processing (withhold or the customer's payment) so it can
        never succeed later: answers it failed (TRADE_CLOSED), or as it stands when it had
        already ended (a trade that succeeded meanwhile answers succeeded)."""
        ...

    def statement(self, *, day: date) -> list[StatementRecord]:
        """Every money operation of the merchant (freeze, thaw, transfer, withhold, pay,
        refund, payout; not agreements) that ended, succeeded or failed, on `day` in the
        site's time zone, oldest first: the daily bill. Today's answers the day so far; a
        later day is refused (BILL_NOT_READY); ProviderError when the provider cannot
        answer (nothing can be compared then: try again later)."""
        ...


@dataclass(frozen=True)
class ExpressCompany:
    code: str
    name_zh: str
    name_en: str


class TrackingStatus(StrEnum):
    """Where a parcel is, in the order a carrier reports it."""

    PENDING = "pending"  # known to the carrier, not collected yet
    COLLECTED = "collected"
    IN_TRANSIT = "in_transit"
    ARRIVED = "arrived"  # at the destination city's hub
    DELIVERING = "delivering"
    DELIVERED = "delivered"


@dataclass(frozen=True)
class TrackingEvent:
    occurred_at: datetime
    status: TrackingStatus
    location: str
    description_zh: str
    description_en: str


@dataclass(frozen=True)
class TrackingResult:
    company_code: str
    tracking_no: str
    status: TrackingStatus
    events: tuple[TrackingEvent, ...]  # oldest first
    delivered: bool
    delivered_at: datetime | None


@dataclass(frozen=True)
class WaybillParty:
    """A sender or receiver as a carrier's order takes it (structured, as SF's contact
    info: province, city, district, the rest of the address)."""

    name: str
    mobile: str
    province: str
    city: str
    district: str
    detail: str

    def one_line(self) -> str:
        return f"{self.province}{self.city}{self.district}{self.detail}"


@dataclass(frozen=True)
class WaybillParcel:
    description: str
    weight_kg: Decimal
    declared_value: Decimal


class WaybillStatus(StrEnum):
    """Where a carrier's order (an electronic waybill) stands."""

    ACCEPTED = "accepted"  # the waybill number is minted, the label can be printed
    PICKED_UP = "picked_up"
    IN_TRANSIT = "in_transit"
    DELIVERED = "delivered"
    CANCELLED = "cancelled"
    RETURNED = "returned"  # sent back to the sender (refused at the door, unreachable)


class PickupStatus(StrEnum):
    REQUESTED = "requested"
    ACCEPTED = "accepted"  # a courier is assigned
    PICKED_UP = "picked_up"
    CANCELLED_BY_SHOP = "cancelled_by_shop"
    CANCELLED_BY_CARRIER = "cancelled_by_carrier"
    FAILED = "failed"


@dataclass(frozen=True)
class WaybillRoute:
    """One scan of the carrier's (SF's route push: opCode, acceptTime, acceptAddress, remark)."""

    code: str
    status: WaybillStatus
    occurred_at: datetime
    place: str
    text: str


@dataclass(frozen=True)
class Waybill:
    out_no: str  # our order number (one per attempt): the carrier's orderId
    waybill_no: str
    company_code: str
    service: str
    status: WaybillStatus
    freight: Decimal | None  # settled by the carrier after pickup
    weight_kg: Decimal | None
    routes: tuple[WaybillRoute, ...]  # oldest first
    reason: str = ""


@dataclass(frozen=True)
class PickupSlot:
    starts_at: datetime
    ends_at: datetime


@dataclass(frozen=True)
class Pickup:
    out_no: str
    reference: str
    waybill_no: str
    status: PickupStatus
    starts_at: datetime
    ends_at: datetime
    courier_name: str = ""
    courier_phone: str = ""
    reason: str = ""


class ExpressProvider(Protocol):
    def companies(self) -> list[ExpressCompany]: ...

    def services(self, *, company_code: str) -> list[tuple[str, str, str]]:
        """(code, name zh, name en) of the carrier's products (next morning, standard …)."""
        ...

    def waybill_create(
        self,
        *,
        out_no: str,
        company_code: str,
        service: str,
        pay_method: str,
        monthly_account: str,
        sender: WaybillParty,
        receiver: WaybillParty,
        parcel: WaybillParcel,
        order_no: str,
        unit_serial: str,
    ) -> Waybill:
        """One waybill per `out_no`: sent again (after a timeout too) it answers the same
        waybill; the same number for another parcel is OUT_NO_REUSED."""
        ...

    def waybill_query(self, *, out_no: str) -> Waybill:
        """NOT_FOUND when the carrier holds no order `out_no`."""
        ...

    def waybill_cancel(self, *, out_no: str) -> Waybill:
        """Only before pickup (NOT_CANCELLABLE after)."""
        ...

    def waybill_label(self, *, out_no: str) -> bytes:
        """The label, a 76 × 130 mm PDF page."""
        ...

    def pickup_slots(self, *, address: WaybillParty, day: date) -> list[PickupSlot]: ...

    def pickup_book(
        self,
        *,
        out_no: str,
        company_code: str,
        service: str,
        monthly_account: str,
        sender: WaybillParty,
        receiver: WaybillParty,
        parcel: WaybillParcel,
        order_no: str,
        unit_serial: str,
        slot: PickupSlot,
    ) -> Pickup:
        """A door pickup at the sender's (a return): a waybill and a courier's visit in the
        slot. Idempotent by `out_no` as `waybill_create` is."""
        ...

    def pickup_query(self, *, out_no: str) -> Pickup: ...

    def pickup_cancel(self, *, out_no: str) -> Pickup: ...

    def subscribe(self, *, company_code: str, tracking_no: str) -> ProviderReceipt:
        """Ask the carrier's tracking service to follow a parcel just shipped."""
        ...

    def track(self, *, company_code: str, tracking_no: str) -> TrackingResult:
        """Every event so far; ProviderError code NOT_FOUND for a number not known yet,
        UNKNOWN_COMPANY for a carrier code not served."""
        ...


class CreditQueryStatus(StrEnum):
    PROCESSING = "processing"  # the bureau is compiling the report: callback, or ask again
    DONE = "done"
    FAILED = "failed"  # final; `reason` says why (e.g. NO_CREDIT_FILE)


@dataclass(frozen=True)
class CreditQueryResult:
    """A customer's credit report summary as the bureau answers a query, kept under
    `reference`: a score 350-950 (higher is better) and its level (excellent, good, fair,
    poor), the accounts in arrears and still open, and how many institutions queried the
    person's credit in the 90 days before this query."""

    reference: str
    out_no: str
    status: CreditQueryStatus
    score: int | None = None
    level: str = ""
    overdue_accounts: int = 0
    open_accounts: int = 0
    queries_90_days: int = 0
    reason: str = ""
    created_at: datetime | None = None
    finished_at: datetime | None = None


class CreditReportStatus(StrEnum):
    PROCESSING = "processing"  # the bureau is checking the file: callback, or ask again
    DONE = "done"  # checked: `feedback` holds each record's outcome
    FAILED = "failed"  # the file as a whole was refused (`reason`): no record was taken


@dataclass(frozen=True)
class CreditRecordFeedback:
    """The bureau's word on one record of a report file: accepted, or its errors
    ([{code, message}])."""

    record_no: str
    accepted: bool
    errors: tuple[dict[str, str], ...] = ()


@dataclass(frozen=True)
class CreditReportResult:
    """A report file at the bureau, kept under `reference` (our `out_no`: the file number)."""

    reference: str
    out_no: str
    status: CreditReportStatus
    sha256: str
    record_count: int = 0
    feedback: tuple[CreditRecordFeedback, ...] = ()
    reason: str = ""
    created_at: datetime | None = None
    finished_at: datetime | None = None


class CreditBureauProvider(Protocol):
    def submit_report_file(
        self, *, out_no: str, file_name: str, content: bytes
    ) -> CreditReportResult:
        """A report file (the second-generation XML format) sent for checking: `processing`,
        then a callback (provider "credit", event type "credit.report") with the per-record
        feedback. The same `out_no` answers the same file (sent once)."""
        ...

    def report_file_result(self, *, out_no: str) -> CreditReportResult:
        """The file as it stands: ProviderError NOT_FOUND when there is none."""
        ...

    def apply_query(
        self, *, out_no: str, name: str, id_number: str, phone: str
    ) -> CreditQueryResult:
        """A credit-report query of the person, with their authorisation: `processing`, then a
        callback (provider "credit", event type "credit.query") once the report is compiled.
        The same `out_no` answers the same query (one query at the bureau)."""
        ...

    def query_result(self, *, out_no: str) -> CreditQueryResult:
        """The query as it stands: ProviderError NOT_FOUND when there is none."""
        ...


@dataclass(frozen=True)
class NotaryToken:
    """An access token of the notary service for one merchant's credentials: every other
    call carries it until `expires_at` (then ProviderError TOKEN_EXPIRED: ask for another)."""

    token: str
    expires_at: datetime


class NotaryCaseStatus(StrEnum):
    OPEN = "open"  # made, taking evidence
    PROCESSING = "processing"  # submitted: the customer's signing/face check, the notary's review
    NOTARIZED = "notarized"  # final: `certificate_no` is the notarial certificate
    FAILED = "failed"  # final: refused by the notary or the customer; `reason` says why
    CANCELLED = "cancelled"  # final: withdrawn by the merchant before completion


@dataclass(frozen=True)
class NotaryCase:
    """One notarization case at the notary service, under our request number `out_no`.
    `evidence` maps each part received (customer, id_card_front, contract …) to its SHA-256."""

    reference: str
    out_no: str
    order_no: str
    status: NotaryCaseStatus
    evidence: dict[str, str]
    certificate_no: str = ""
    reason: str = ""
    created_at: datetime | None = None
    submitted_at: datetime | None = None
    finished_at: datetime | None = None


class NotaryProvider(Protocol):
    """Online notarization of a lease contract (公证云-like), bound to one merchant's account
    at the service. The outcome of a submitted case arrives as a signed callback (provider
    "notary", event "notary.finished", data {reference, out_no, order_no, status}) and by
    `query_case`. Calls other than `issue_token` take a token; ProviderError TOKEN_EXPIRED
    or TOKEN_INVALID asks for a new one."""

    name: str
    merchant: str

    def issue_token(self, *, app_key: str, app_secret: str) -> NotaryToken: ...

    def create_case(
        self,
        *,
        token: str,
        out_no: str,
        order_no: str,
        org_name: str,
        org_code: str,
        customer_name: str,
        customer_id_number: str,
        customer_phone: str,
    ) -> NotaryCase:
        """`out_no` sent again answers the same case (with other customer details:
        OUT_NO_REUSED)."""
        ...

    def upload_evidence(
        self, *, token: str, reference: str, name: str, content: bytes, content_type: str
    ) -> NotaryCase:
        """One named part of the evidence (the service checks the bytes against nothing but
        keeps their SHA-256); the same part again replaces it while the case is open."""
        ...

    def submit_case(self, *, token: str, reference: str) -> NotaryCase:
        """open → processing (EVIDENCE_INCOMPLETE when a required part is missing); a case
        already submitted answers as it stands."""
        ...

    def signing_link(self, *, token: str, reference: str) -> str:
        """The customer's signing and face-check page while the case is processing."""
        ...

    def query_case(self, *, token: str, reference: str) -> NotaryCase: ...

    def cancel_case(self, *, token: str, reference: str) -> NotaryCase:
        """Before completion only (NOT_CANCELLABLE otherwise); a cancelled case answers as
        it stands."""
        ...


class RiskGrade(StrEnum):
    A = "A"
    B = "B"
    C = "C"
    D = "D"
    E = "E"


class RiskDecision(StrEnum):
    PASS = "pass"
    REVIEW = "review"  # a person should look at it
    REFUSE = "refuse"


@dataclass(frozen=True)
class RiskRuleHit:
    code: str
    name_zh: str
    name_en: str


@dataclass(frozen=True)
class RiskAssessment:
    """One risk query's answer, kept at the provider under `reference`: score 0-1000
    (higher is safer), grade A (best) to E."""

    reference: str
    out_no: str
    query_type: str
    score: int
    grade: RiskGrade
    decision: RiskDecision
    hit_rules: tuple[RiskRuleHit, ...] = ()
    created_at: datetime | None = None


class RiskProvider(Protocol):
    name: str
    merchant: str

    def assess(
        self, *, out_no: str, name: str, id_number: str, phone: str, query_type: str = "standard"
    ) -> RiskAssessment:
        """The same `out_no` answers the kept assessment (one query, one charge)."""
        ...

    def query(self, *, out_no: str) -> RiskAssessment: ...


@dataclass(frozen=True)
class IdentityVerification:
    """Name + ID number + phone checked against the issuer's records: `verified` only when
    all three agree; `reason` names the first check that failed (ID_NUMBER_INVALID,
    NAME_MISMATCH, PHONE_MISMATCH)."""

    reference: str
    out_no: str
    verified: bool
    id_number_valid: bool
    name_matches: bool
    phone_matches: bool
    reason: str = ""
    created_at: datetime | None = None


class IdentityProvider(Protocol):
    name: str
    merchant: str

    def verify(self, *, out_no: str, name: str, id_number: str, phone: str) -> IdentityVerification:
        """The same `out_no` answers the kept verification."""
        ...

    def query(self, *, out_no: str) -> IdentityVerification: ...


class EContractStatus(StrEnum):
    SIGNING = "signing"  # waiting for the lessee's signature
    SIGNED = "signed"
    REJECTED = "rejected"  # the signer declined
    CANCELLED = "cancelled"  # withdrawn by the merchant (e.g. the contract was regenerated)


@dataclass(frozen=True)
class EContractFlow:
    reference: str
    out_no: str
    order_no: str
    status: EContractStatus
    document_sha256: str  # of the document the flow signs, to match the stored contract
    created_at: datetime
    signed_at: datetime | None


class EContractProvider(Protocol):
    """A signing flow per contract document, bound to one merchant (its account at the
    service, which applies the merchant's seal by itself). The lessee signs through the
    link; the service then sends a signed callback (`zulin.providers.callbacks`, provider
    "econtract") of type "econtract.signed" or "econtract.rejected" whose data is
    {reference, out_no, order_no, status, occurred_at}."""

    name: str
    merchant: str

    def create_contract(
        self,
        *,
        out_no: str,
        order_no: str,
        document: bytes,
        document_name: str,
        signer_name: str,
        signer_phone: str,
        signer_id_number: str,
    ) -> EContractFlow:
        """`out_no` is our request number: sent again with the same document it answers the
        same flow; with another document, ProviderError OUT_NO_REUSED."""
        ...

    def signing_link(self, *, reference: str) -> str: ...

    def query_contract(self, *, reference: str) -> EContractFlow: ...

    def cancel_contract(self, *, reference: str) -> EContractFlow: ...


# --- messaging (mini-program links) --------------------------------------------------------


@dataclass(frozen=True)
class MiniProgramScheme:
    """A URL scheme that opens the shop's mini-program at `path?query` from outside WeChat
    (an SMS, an H5 page), valid until `expire_at`."""

    reference: str
    scheme: str
    path: str
    query: str
    expire_at: datetime


class MessagingProvider(Protocol):
    """The messaging platform the shop's mini-program lives on (WeChat's `generatescheme`),
    bound to one merchant (its mini-program account)."""

    name: str
    merchant: str

    def generate_scheme(self, *, path: str, query: str, expire_days: int) -> MiniProgramScheme:
        """A new scheme each call (the platform hands out a fresh ticket); ProviderError
        when the platform refuses (INVALID_PATH, QUOTA_EXCEEDED) or does not answer."""
        ...
