"""Payment adapters. `get_payment_provider(merchant=…)` picks one from settings.PAYMENT_PROVIDER.

The sandbox behaves like Alipay's credit-lease products (pre-authorisation, withholding
agreements, trade refunds) and keeps its books in `SandboxPaymentRecord` (public schema):

- Every request carries our request number `out_no`, unique per merchant. Sending it again
  answers the same record, never a second charge; the same number with other parameters is
  refused (OUT_NO_REUSED).
- Bounds are the provider's: a thaw or transfer never takes more than remains frozen
  (AMOUNT_EXCEEDS_FROZEN), refunds of a trade never add up beyond what it took
  (REFUND_EXCEEDS_PAID). Processing operations count against both until they fail.
- Operations named in SANDBOX_PAYMENT_ASYNC_OPERATIONS (withhold, transfer, refund by
  default) answer `processing` and settle later; `pay` waits for the payer to scan its QR
  code (`sandbox_payer_pay`: the cashier page `qr_code` holds, zulin/providers/cashier.py,
  or POST /api/sandbox/payments/<trade_no>/pay). Each settlement writes a signed callback
  of event type = the operation (see `payment_event_data`).
- A payer reference ending in NO_BALANCE_PAYER_SUFFIX has no balance: its withholds and
  payments fail INSUFFICIENT_BALANCE. Other failures on demand: `sandbox_failure_add`.
- The daily statement (`statement`) lists every money operation that ended on a day, from
  these records. Mismatches with our books on demand: CALLBACK_LOST (done, never told),
  AMOUNT_DIFFERS on a withhold or payment (the provider takes 0.01 less than asked),
  `sandbox_payment_void` (a trade the provider later reports failed), `sandbox_payment_unknown`
  (a trade we never asked for), and SYSTEM_ERROR on operation `statement` (no statement).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import date, datetime, timedelta
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.utils import timezone

from zulin.celery import app
from zulin.core.dates import day_start
from zulin.core.public_web import sandbox_cashier_url

from .interfaces import (
    CreditAsk,
    CreditSyncStatus,
    PaymentOperation,
    PaymentProvider,
    PaymentResult,
    PaymentStatus,
    ProviderError,
    StatementRecord,
)
from .models import SandboxPaymentRecord
from .sandbox import SYSTEM_ERROR, Failure, SandboxService, merchant_adapter

SERVICE = "payment"
SANDBOX = SandboxService(SERVICE, "the provider did not answer (failure on demand)")
NO_BALANCE_PAYER_SUFFIX = "0000"
# Reasons the sandbox answers on its own (failure rules may add any other code).
INSUFFICIENT_BALANCE = "INSUFFICIENT_BALANCE"
AMOUNT_EXCEEDS_FROZEN = "AMOUNT_EXCEEDS_FROZEN"
REFUND_EXCEEDS_PAID = "REFUND_EXCEEDS_PAID"
TRADE_CLOSED = "TRADE_CLOSED"
BILL_NOT_READY = "BILL_NOT_READY"
# A failure on demand of a withhold or payment: it succeeds, taking 0.01 less than asked.
AMOUNT_DIFFERS = "AMOUNT_DIFFERS"
STATEMENT = "statement"  # the operation name failure rules use for the daily statement
# Deposit-free freezes, chosen on demand (a failure rule's reason on operation `freeze`):
# the credit service grants nothing (all the customer's money) or half of what it would.
# Without a rule it covers all it may (`CreditAsk.credit_limit`).
CREDIT_NONE = "CREDIT_NONE"
CREDIT_SPLIT = "CREDIT_SPLIT"
# A payment against an authorisation (Alipay's auth_confirm_mode): it leaves the
# authorisation open, or completes it (what remains frozen released, nothing more taken).
NOT_COMPLETE = "NOT_COMPLETE"
COMPLETE = "COMPLETE"
AUTH_COMPLETED = "AUTH_COMPLETED"
_AUTH_FOLLOWERS = (PaymentOperation.THAW, PaymentOperation.TRANSFER)

PAID_OPERATIONS = (PaymentOperation.PAY, PaymentOperation.WITHHOLD, PaymentOperation.TRANSFER)
_HOLDING = (PaymentStatus.SUCCEEDED, PaymentStatus.PROCESSING)
_CENT = Decimal("0.01")
_MAX_AMOUNT = Decimal("999999999999.99")


def _refuse(code: str, reason: str) -> ProviderError:
    return ProviderError(SERVICE, reason, code=code)


def _money(amount: Any) -> Decimal:
    try:
        value = Decimal(amount)
    except (InvalidOperation, TypeError, ValueError):
        raise _refuse("INVALID_AMOUNT", f"not an amount: {amount!r}") from None
    if not value.is_finite() or value <= 0 or value > _MAX_AMOUNT or value != value.quantize(_CENT):
        raise _refuse("INVALID_AMOUNT", f"an amount is positive with at most two places: {amount}")
    return value.quantize(_CENT)


def _number(prefix: str) -> str:
    """Trade, authorisation and agreement numbers shaped like the provider's: a date and 16
    digits (28 characters at most with the prefix)."""
    return f"{prefix}{timezone.localtime():%Y%m%d}{secrets.randbelow(10**16):016d}"


def _sum(records: Any) -> Decimal:
    return records.aggregate(total=Sum("amount"))["total"] or Decimal("0.00")


def _frozen_remaining(freeze: SandboxPaymentRecord) -> Decimal:
    taken = freeze.followers.filter(operation__in=_AUTH_FOLLOWERS, status__in=_HOLDING)
    return freeze.amount - _sum(taken)


def _credit_remaining(freeze: SandboxPaymentRecord) -> Decimal:
    """What of the credit service's guarantee is still frozen."""
    taken = freeze.followers.filter(operation__in=_AUTH_FOLLOWERS, status__in=_HOLDING)
    used = taken.aggregate(total=Sum("credit_amount"))["total"] or Decimal("0.00")
    return freeze.credit_amount - used


def _credit_granted(credit: CreditAsk, amount: Decimal, reason: str | None) -> Decimal:
    """What of a deposit-free freeze of `amount` the credit service covers."""
    covered = min(amount, max(credit.credit_limit, Decimal("0.00")))
    if reason == CREDIT_NONE:
        return Decimal("0.00")
    if reason == CREDIT_SPLIT:
        return (covered / 2).quantize(_CENT, rounding=ROUND_DOWN)
    return covered


def _follower_credit(freeze: SandboxPaymentRecord, amount: Decimal) -> Decimal:
    """What of a thaw or transfer of a deposit-free authorisation is credit: the
    customer's money goes first, the guarantee after it (to confirm against the merchant's
    own Alipay documents: docs/zhima.md)."""
    fund_left = _frozen_remaining(freeze) - _credit_remaining(freeze)
    return max(amount - fund_left, Decimal("0.00"))


def _refunds(trade: SandboxPaymentRecord, statuses: tuple[str, ...]) -> Decimal:
    return _sum(trade.followers.filter(operation=PaymentOperation.REFUND, status__in=statuses))


def payment_result(record: SandboxPaymentRecord) -> PaymentResult:
    frozen_remaining = refunded = refundable = None
    if record.operation == PaymentOperation.FREEZE and record.status == PaymentStatus.SUCCEEDED:
        frozen_remaining = _frozen_remaining(record)
    if record.operation in PAID_OPERATIONS and record.status == PaymentStatus.SUCCEEDED:
        refunded = _refunds(record, (PaymentStatus.SUCCEEDED,))
        refundable = record.amount - _refunds(record, _HOLDING)
    credit = fund = rest_credit = rest_fund = None
    if record.credit_asked:
        credit, fund = record.credit_amount, record.amount - record.credit_amount
        if frozen_remaining is not None:
            rest_credit = _credit_remaining(record)
            rest_fund = frozen_remaining - rest_credit
    return PaymentResult(
        operation=PaymentOperation(record.operation),
        out_no=record.out_no,
        trade_no=record.trade_no,
        status=PaymentStatus(record.status),
        amount=record.amount,
        reason=record.reason,
        auth_no=record.auth_no,
        agreement_no=record.agreement_no,
        original_out_no=_original_out_no(record),
        frozen_remaining=frozen_remaining,
        refunded_amount=refunded,
        refundable_amount=refundable,
        qr_code=_qr_code(record) if record.operation == PaymentOperation.PAY else "",
        created_at=record.created_at,
        finished_at=record.finished_at,
        credit_amount=credit,
        fund_amount=fund,
        rest_credit_amount=rest_credit,
        rest_fund_amount=rest_fund,
        sync_status=record.subject if record.operation == PaymentOperation.CREDIT_SYNC else "",
    )


def _original_out_no(record: SandboxPaymentRecord) -> str:
    """A refund's: the request number of the payment it gives back ("" for anything else)."""
    if record.operation == PaymentOperation.REFUND and record.source:
        return record.source.out_no
    return ""


def _qr_code(record: SandboxPaymentRecord) -> str:
    # What the payer's phone opens: the sandbox's cashier page (zulin/providers/cashier.py).
    return sandbox_cashier_url(record.trade_no)


def payment_event_data(record: SandboxPaymentRecord) -> dict[str, Any]:
    """The `data` of a payment callback: enough to find our record; the handler re-queries
    (`get_payment_provider(merchant=event.merchant).query(out_no=data["out_no"])`)."""
    return {
        "operation": record.operation,
        "out_no": record.out_no,
        "trade_no": record.trade_no,
        "status": record.status,
        "amount": str(record.amount),
        "reason": record.reason,
        "auth_no": record.auth_no,
        "agreement_no": record.agreement_no,
        "original_out_no": _original_out_no(record),
        "finished_at": record.finished_at.isoformat() if record.finished_at else "",
    }


def _finish(record: SandboxPaymentRecord, *, status: str, reason: str) -> None:
    """processing → final, saved, nothing planned left. The caller holds the row lock."""
    record.status = status
    record.reason = reason
    record.finished_at = timezone.now()
    record.planned_status = record.planned_reason = ""
    record.settle_after = None
    record.save(
        update_fields=[
            "status",
            "reason",
            "finished_at",
            "planned_status",
            "planned_reason",
            "settle_after",
        ]
    )


def _authorisation_end(record: SandboxPaymentRecord) -> None:
    """A payment against an authorisation that completes it (COMPLETE), once succeeded:
    what remains frozen is released with fulfilment, as the thaw `<out_no>U` (bizComplete;
    nothing when nothing remains)."""
    if record.auth_confirm_mode != COMPLETE or record.status != PaymentStatus.SUCCEEDED:
        return
    freeze = record.source
    assert freeze is not None
    remaining = _frozen_remaining(freeze)
    if remaining <= 0:
        return
    SandboxPaymentRecord.objects.create(
        merchant=record.merchant,
        operation=PaymentOperation.THAW,
        out_no=f"{record.out_no}U",
        trade_no=_number("T"),
        amount=remaining,
        payer=freeze.payer,
        subject="bizComplete",
        source=freeze,
        auth_no=freeze.auth_no,
        credit_asked=freeze.credit_asked,
        credit_amount=_follower_credit(freeze, remaining) if freeze.credit_asked else 0,
        status=PaymentStatus.SUCCEEDED,
        finished_at=record.finished_at,
    )


def _settle(record: SandboxPaymentRecord, *, status: str, reason: str) -> SandboxPaymentRecord:
    """processing → final, and the callback telling us so. The caller holds the row lock."""
    _finish(record, status=status, reason=reason)
    _authorisation_end(record)
    SANDBOX.callback(
        merchant=record.merchant,
        event_type=record.operation,
        data=payment_event_data(record),
        lost=record.callback_lost,
    )
    return record


class SandboxPaymentProvider:
    name = "sandbox"

    def __init__(self, merchant: str) -> None:
        self.merchant = merchant

    # --- the operations ------------------------------------------------------------------

    def freeze(
        self,
        *,
        out_no: str,
        payer: str,
        amount: Decimal,
        subject: str,
        credit: CreditAsk | None = None,
    ) -> PaymentResult:
        return self._request(
            operation=PaymentOperation.FREEZE,
            out_no=out_no,
            amount=_money(amount),
            payer=payer,
            subject=subject,
            credit=credit,
        )

    def thaw(
        self,
        *,
        out_no: str,
        auth_no: str,
        amount: Decimal | None = None,
        complete: bool = False,
    ) -> PaymentResult:
        wanted = None if amount is None else _money(amount)

        def bounds(freeze: SandboxPaymentRecord | None) -> Decimal:
            assert freeze is not None
            remaining = _frozen_remaining(freeze)
            thawed = remaining if wanted is None else wanted
            if thawed <= 0 or thawed > remaining:
                raise _refuse(AMOUNT_EXCEEDS_FROZEN, f"{remaining} remains frozen")
            return thawed

        return self._request(
            operation=PaymentOperation.THAW,
            out_no=out_no,
            amount=wanted,
            subject="bizComplete" if complete else "",
            source=lambda: self._freeze(auth_no),
            bounds=bounds,
        )

    def credit_sync(self, *, out_no: str, auth_no: str, status: str) -> PaymentResult:
        if status not in set(CreditSyncStatus):
            raise _refuse("INVALID_PARAMETER", f"not an order status: {status}")
        return self._request(
            operation=PaymentOperation.CREDIT_SYNC,
            out_no=out_no,
            amount=Decimal("0.00"),  # no money moves
            subject=status,
            source=lambda: self._freeze(auth_no, ended=True),
        )

    def transfer_to_pay(
        self, *, out_no: str, auth_no: str, amount: Decimal, subject: str
    ) -> PaymentResult:
        wanted = _money(amount)

        def bounds(freeze: SandboxPaymentRecord | None) -> Decimal:
            assert freeze is not None
            remaining = _frozen_remaining(freeze)
            if wanted > remaining:
                raise _refuse(AMOUNT_EXCEEDS_FROZEN, f"{remaining} remains frozen")
            return wanted

        return self._request(
            operation=PaymentOperation.TRANSFER,
            out_no=out_no,
            amount=wanted,
            subject=subject,
            source=lambda: self._freeze(auth_no),
            bounds=bounds,
        )

    def auth_pay(
        self, *, out_no: str, auth_no: str, amount: Decimal, subject: str, complete: bool = False
    ) -> PaymentResult:
        # Charged to the payer like a withhold (its callbacks and statement rows are a
        # withhold's), against the authorisation instead of an agreement.
        return self._request(
            operation=PaymentOperation.WITHHOLD,
            out_no=out_no,
            amount=_money(amount),
            subject=subject,
            source=lambda: self._freeze(auth_no, out_no),
            confirm_mode=COMPLETE if complete else NOT_COMPLETE,
        )

    def withhold_sign(self, *, out_no: str, payer: str) -> PaymentResult:
        # An agreement moves no money: its amount is recorded as 0.00.
        return self._request(
            operation=PaymentOperation.WITHHOLD_SIGN,
            out_no=out_no,
            amount=Decimal("0.00"),
            payer=payer,
        )

    def withhold(
        self, *, out_no: str, agreement_no: str, amount: Decimal, subject: str
    ) -> PaymentResult:
        return self._request(
            operation=PaymentOperation.WITHHOLD,
            out_no=out_no,
            amount=_money(amount),
            subject=subject,
            source=lambda: self._agreement(agreement_no),
        )

    def pay(self, *, out_no: str, payer: str, amount: Decimal, subject: str) -> PaymentResult:
        return self._request(
            operation=PaymentOperation.PAY,
            out_no=out_no,
            amount=_money(amount),
            payer=payer,
            subject=subject,
        )

    def refund(
        self, *, out_no: str, original_out_no: str, amount: Decimal, reason: str = ""
    ) -> PaymentResult:
        wanted = _money(amount)

        def bounds(trade: SandboxPaymentRecord | None) -> Decimal:
            assert trade is not None
            refundable = trade.amount - _refunds(trade, _HOLDING)
            if wanted > refundable:
                raise _refuse(REFUND_EXCEEDS_PAID, f"{refundable} can still be refunded")
            return wanted

        return self._request(
            operation=PaymentOperation.REFUND,
            out_no=out_no,
            amount=wanted,
            subject=reason[:128],
            source=lambda: self._paid_trade(original_out_no),
            bounds=bounds,
        )

    def query(self, *, out_no: str) -> PaymentResult:
        record = (
            SandboxPaymentRecord.objects.select_related("source")
            .filter(merchant=self.merchant, out_no=out_no)
            .first()
        )
        if record is None:
            raise _refuse("NOT_FOUND", f"no record {out_no}")
        return payment_result(record)

    def payout(
        self, *, out_no: str, account_name: str, account_number: str, amount: Decimal, subject: str
    ) -> PaymentResult:
        return self._request(
            operation=PaymentOperation.PAYOUT,
            out_no=out_no,
            amount=_money(amount),
            payer=f"{account_name[:40]}:{account_number[-4:]}",
            subject=subject,
        )

    def close(self, *, out_no: str) -> PaymentResult:
        with transaction.atomic():
            record = (
                SandboxPaymentRecord.objects.select_for_update()
                .filter(merchant=self.merchant, out_no=out_no)
                .first()
            )
            if record is None:
                raise _refuse("NOT_FOUND", f"no record {out_no}")
            closable = record.operation in (PaymentOperation.WITHHOLD, PaymentOperation.PAY)
            if record.status == PaymentStatus.PROCESSING and closable:
                # Closed by the merchant's request: no callback, the answer says it.
                _finish(record, status=PaymentStatus.FAILED, reason=TRADE_CLOSED)
            return payment_result(record)

    def statement(self, *, day: date) -> list[StatementRecord]:
        if day > timezone.localdate():
            raise _refuse(BILL_NOT_READY, f"no statement for {day} yet")
        if SANDBOX.failure_take(STATEMENT, merchant=self.merchant).unanswered:
            raise _refuse(SYSTEM_ERROR, "the statement could not be fetched (failure on demand)")
        start = day_start(day)
        records = (
            SandboxPaymentRecord.objects.select_related("source")
            .filter(
                merchant=self.merchant,
                finished_at__gte=start,
                finished_at__lt=day_start(day + timedelta(days=1)),
                status__in=[PaymentStatus.SUCCEEDED, PaymentStatus.FAILED],
            )
            .exclude(operation__in=[PaymentOperation.WITHHOLD_SIGN, PaymentOperation.CREDIT_SYNC])
            .order_by("finished_at", "id")
        )
        return [
            StatementRecord(
                operation=PaymentOperation(record.operation),
                out_no=record.out_no,
                trade_no=record.trade_no,
                status=PaymentStatus(record.status),
                amount=_money_moved(record),
                finished_at=record.finished_at,
                reason=record.reason,
                original_out_no=_original_out_no(record),
            )
            for record in records
            if record.finished_at is not None and _money_moved(record) > 0
        ]

    # --- the records they refer to (locked: bounds are checked against a still row) -------

    def _locked(self, **lookup: Any) -> SandboxPaymentRecord | None:
        return (
            SandboxPaymentRecord.objects.select_for_update()
            .filter(merchant=self.merchant, status=PaymentStatus.SUCCEEDED, **lookup)
            .first()
        )

    def _freeze(
        self, auth_no: str, out_no: str = "", *, ended: bool = False
    ) -> SandboxPaymentRecord:
        """The authorisation, refused once a payment completed it (or one that would is
        in flight) unless `out_no` is that payment sent again (`ended`: an ended one is
        still told about, `credit_sync`)."""
        freeze = self._locked(operation=PaymentOperation.FREEZE, auth_no=auth_no)
        if freeze is None:
            raise _refuse("AUTH_NOT_FOUND", f"no frozen authorisation {auth_no}")
        if ended:
            return freeze
        ending = freeze.followers.filter(auth_confirm_mode=COMPLETE, status__in=_HOLDING).exclude(
            out_no=out_no
        )
        if ending.exists():
            raise _refuse(AUTH_COMPLETED, f"the authorisation {auth_no} was completed")
        return freeze

    def _agreement(self, agreement_no: str) -> SandboxPaymentRecord:
        agreement = self._locked(
            operation=PaymentOperation.WITHHOLD_SIGN, agreement_no=agreement_no
        )
        if agreement is None:
            raise _refuse("AGREEMENT_NOT_FOUND", f"no signed agreement {agreement_no}")
        return agreement

    def _paid_trade(self, out_no: str) -> SandboxPaymentRecord:
        trade = self._locked(operation__in=PAID_OPERATIONS, out_no=out_no)
        if trade is None:
            raise _refuse("TRADE_NOT_REFUNDABLE", f"no paid trade {out_no}")
        return trade

    # --- one request ---------------------------------------------------------------------

    def _request(
        self,
        *,
        operation: PaymentOperation,
        out_no: str,
        amount: Decimal | None,
        payer: str = "",
        subject: str = "",
        source: Callable[[], SandboxPaymentRecord] | None = None,
        bounds: Callable[[SandboxPaymentRecord | None], Decimal] | None = None,
        credit: CreditAsk | None = None,
        confirm_mode: str = "",
    ) -> PaymentResult:
        if not out_no or len(out_no) > 64:
            raise _refuse("INVALID_OUT_NO", "a request number has 1 to 64 characters")
        # A concurrent request with the same number that commits first makes our insert
        # fail: the second pass answers its record.
        for second_pass in (False, True):
            try:
                with transaction.atomic():
                    answer = self._answer(
                        operation=operation,
                        out_no=out_no,
                        amount=amount,
                        payer=payer,
                        subject=subject,
                        source=source() if source else None,
                        bounds=bounds,
                        credit=credit,
                        confirm_mode=confirm_mode,
                    )
                break
            except IntegrityError:
                if second_pass:
                    raise
        # Raised only now: a failure on demand stays counted down although nothing is
        # recorded (the savepoint above is kept).
        if isinstance(answer, ProviderError):
            raise answer
        return answer

    def _answer(
        self,
        *,
        operation: PaymentOperation,
        out_no: str,
        amount: Decimal | None,
        payer: str,
        subject: str,
        source: SandboxPaymentRecord | None,
        bounds: Callable[[SandboxPaymentRecord | None], Decimal] | None,
        credit: CreditAsk | None = None,
        confirm_mode: str = "",
    ) -> PaymentResult | ProviderError:
        existing = SandboxPaymentRecord.objects.filter(
            merchant=self.merchant, out_no=out_no
        ).first()
        if existing is not None:
            asked = (
                existing.amount if existing.requested_amount is None else existing.requested_amount
            )
            same = (
                existing.operation == operation
                and (amount is None or asked == amount)
                and existing.source_id == (source.pk if source else None)
                and (operation != PaymentOperation.CREDIT_SYNC or existing.subject == subject)
                and existing.auth_confirm_mode == confirm_mode
            )
            if not same:
                raise _refuse("OUT_NO_REUSED", f"{out_no} was sent with other parameters")
            return payment_result(existing)
        if bounds is not None:
            amount = bounds(source)
        assert amount is not None
        if source is not None:
            payer = source.payer
        failure = SANDBOX.failure_take(operation, merchant=self.merchant, subjects=[payer, out_no])
        if failure.unanswered:
            return SANDBOX.error(SYSTEM_ERROR, SANDBOX.unanswered)
        charges_payer = operation in (PaymentOperation.WITHHOLD, PaymentOperation.PAY)
        requested = None
        credit_asked, credit_amount = False, Decimal("0.00")
        if operation == PaymentOperation.FREEZE and credit is not None:
            credit_asked, credit_amount = True, _credit_granted(credit, amount, failure.reason)
            if failure.reason in (CREDIT_NONE, CREDIT_SPLIT):
                failure = Failure(None)
        elif source is not None and source.credit_asked and operation in _AUTH_FOLLOWERS:
            credit_asked, credit_amount = True, _follower_credit(source, amount)
        if failure.reason == AMOUNT_DIFFERS:
            failure = Failure(None)
            if charges_payer and amount > _CENT:
                requested, amount = amount, amount - _CENT
        if failure.reason is None and charges_payer and payer.endswith(NO_BALANCE_PAYER_SUFFIX):
            failure = Failure(INSUFFICIENT_BALANCE)
        callback_lost = failure.callback_lost
        failed_reason = failure.planned
        planned = PaymentStatus.FAILED if failed_reason else PaymentStatus.SUCCEEDED
        asynchronous = operation in settings.SANDBOX_PAYMENT_ASYNC_OPERATIONS
        record = SandboxPaymentRecord(
            merchant=self.merchant,
            operation=operation,
            out_no=out_no,
            trade_no=_number("T"),
            amount=amount,
            requested_amount=requested,
            payer=payer[:64],
            subject=subject[:128],
            source=source,
            callback_lost=callback_lost,
            credit_asked=credit_asked,
            credit_amount=credit_amount,
            auth_confirm_mode=confirm_mode,
        )
        if operation == PaymentOperation.FREEZE:
            record.auth_no = _number("A")
        elif operation in (*_AUTH_FOLLOWERS, PaymentOperation.CREDIT_SYNC):
            assert source is not None
            record.auth_no = source.auth_no
        elif operation == PaymentOperation.WITHHOLD_SIGN:
            record.agreement_no = _number("G")
        elif operation == PaymentOperation.WITHHOLD:
            assert source is not None  # an agreement, or an authorisation (`auth_pay`)
            record.agreement_no, record.auth_no = source.agreement_no, source.auth_no
        if operation == PaymentOperation.PAY:
            # Waits for the payer; how it ends (a failure on demand, no balance) is decided
            # now, like every request's, and applied when they pay.
            record.status = PaymentStatus.PROCESSING
            record.planned_status, record.planned_reason = planned, failed_reason
        elif asynchronous:
            record.status = PaymentStatus.PROCESSING
            record.planned_status, record.planned_reason = planned, failed_reason
            record.settle_after = SANDBOX.settle_after()
        else:
            record.status, record.reason = planned, failed_reason
            record.finished_at = timezone.now()
        record.save()
        _authorisation_end(record)
        if record.settle_after is not None:
            SANDBOX.settle_later(
                sandbox_payment_settle, record.pk, what=f"settle {record.trade_no}"
            )
        return payment_result(record)


def _money_moved(record: SandboxPaymentRecord) -> Decimal:
    """What of an operation is money on the statement: a freeze or thaw of a deposit-free
    authorisation moves only the customer's money, never the credit service's guarantee (a
    transfer is money whole: what it takes of the guarantee is charged to the payer). To
    confirm against the merchant's own Alipay bill (docs/zhima.md)."""
    if record.operation in (PaymentOperation.FREEZE, PaymentOperation.THAW):
        return record.amount - record.credit_amount
    return record.amount


def get_payment_provider(*, merchant: str | None = None) -> PaymentProvider:
    """The adapter for `merchant` (its slug); None: the merchant whose schema is active."""
    return merchant_adapter(SERVICE, settings.PAYMENT_PROVIDER, SandboxPaymentProvider, merchant)


# --- moving the sandbox along (Celery in `make run`; tests and the demo call these) --------


def sandbox_payments_complete(
    *, merchant: str | None = None, out_no: str | None = None, due_by: datetime | None = None
) -> list[PaymentResult]:
    """Settles processing operations now (all of them, or with `due_by` only those whose
    settling time had come by then), each writing its callback to the outbox. Direct
    payments are not among them: they wait for the payer (`sandbox_payer_pay`)."""
    with transaction.atomic():
        records = SandboxPaymentRecord.objects.select_for_update().filter(
            status=PaymentStatus.PROCESSING, settle_after__isnull=False
        )
        if merchant:
            records = records.filter(merchant=merchant)
        if out_no:
            records = records.filter(out_no=out_no)
        if due_by is not None:
            records = records.filter(settle_after__lte=due_by)
        settled = [
            _settle(record, status=record.planned_status, reason=record.planned_reason)
            for record in records.order_by("id")
        ]
        return [payment_result(record) for record in settled]


def sandbox_payment_settle_one(record_id: int) -> PaymentResult | None:
    """The Celery task's work: settles one operation if it still waits (a no-op otherwise,
    so a task that runs twice, or after a test settled it, changes nothing)."""
    return SANDBOX.settle_one(
        SandboxPaymentRecord.objects.filter(
            status=PaymentStatus.PROCESSING, settle_after__isnull=False
        ),
        record_id,
        lambda record: payment_result(
            _settle(record, status=record.planned_status, reason=record.planned_reason)
        ),
    )


def sandbox_payer_pay(
    *, trade_no: str | None = None, merchant: str | None = None, out_no: str | None = None
) -> PaymentResult:
    """The payer scans the QR code of a direct payment and pays (by `trade_no`, or by the
    merchant's `out_no`): succeeded, or failed when the payer has no balance (suffix or a
    failure rule on operation `pay`). Paying a settled payment again answers it unchanged."""
    with transaction.atomic():
        records = SandboxPaymentRecord.objects.select_for_update().filter(
            operation=PaymentOperation.PAY
        )
        if trade_no:
            records = records.filter(trade_no=trade_no)
        elif merchant and out_no:
            records = records.filter(merchant=merchant, out_no=out_no)
        else:
            raise ValueError("name the payment by trade_no, or by merchant and out_no")
        record = records.first()
        if record is None:
            raise _refuse("NOT_FOUND", "no such payment")
        if record.status == PaymentStatus.PROCESSING:
            _settle(record, status=record.planned_status, reason=record.planned_reason)
        return payment_result(record)


def sandbox_payment_void(*, merchant: str, out_no: str, reason: str = "REVERSED") -> PaymentResult:
    """The provider reports a trade that had succeeded as failed after all (a bank
    reversal): its record says failed from now on, with no callback. A mismatch on demand."""
    with transaction.atomic():
        record = (
            SandboxPaymentRecord.objects.select_for_update()
            .filter(merchant=merchant, out_no=out_no, status=PaymentStatus.SUCCEEDED)
            .first()
        )
        if record is None:
            raise _refuse("NOT_FOUND", f"no succeeded record {out_no}")
        record.status, record.reason = PaymentStatus.FAILED, reason[:40]
        record.save(update_fields=["status", "reason"])
        return payment_result(record)


def sandbox_payment_unknown(
    *, merchant: str, amount: Decimal, out_no: str = "", payer: str = "walk-in"
) -> PaymentResult:
    """A payment the provider took for the merchant that we never asked for (paid in the
    provider's own app): succeeded now, no callback. A mismatch on demand; the same
    `out_no` answers the same record."""
    out_no = out_no or f"X{timezone.localtime():%Y%m%d}{secrets.randbelow(10**8):08d}"
    existing = SandboxPaymentRecord.objects.filter(merchant=merchant, out_no=out_no).first()
    if existing is not None:
        return payment_result(existing)
    now = timezone.now()
    record = SandboxPaymentRecord.objects.create(
        merchant=merchant,
        operation=PaymentOperation.PAY,
        out_no=out_no,
        trade_no=_number("T"),
        status=PaymentStatus.SUCCEEDED,
        amount=_money(amount),
        payer=payer[:64],
        subject="商户收款码收款",
        finished_at=now,
    )
    return payment_result(record)


# --- the sandbox's clock in `make run` (listed for the worker in tasks.py) -----------------


@app.task(name="providers.sandbox_payment_settle")
def sandbox_payment_settle(record_id: int) -> str:
    result = sandbox_payment_settle_one(record_id)
    return "settled" if result is not None else "nothing to settle"
