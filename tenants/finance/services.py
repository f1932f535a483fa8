"""Withdrawals: applied by the merchant, approved by the platform, paid out by the provider.

Money: applying freezes the amount in the merchant's books (`merchant_cash` to
`withdrawals_in_transit`, under the account's row lock, never below zero); a cancellation,
a rejection or a failed payout gives it back; the provider's confirmation of the payout
moves it to the merchant's bank and, in the platform's books, out of what the platform owes
the merchant. Every step is one transaction with the withdrawal row locked first; the
ledger references are the withdrawal number, so a replayed callback changes nothing.

Approval: up to WITHDRAWAL_TWO_PERSON_ABOVE one platform account with `withdrawal.audit`
approves; above it two different ones must (pending → reviewing → paying). The payout is
requested only once the move to paying has committed (`transaction.on_commit`), under the
withdrawal's own number: requested inside the approval's transaction, a rollback after the
provider accepted would leave a live payout on a withdrawal still pending. A withdrawal
left paying with nothing at the provider (the process ended between the commit and the
request, or the provider did not answer) is requested again by `withdrawals_payout_resume`
under the same number; the provider answers the same record for the same number, so a
payout is never made twice.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from datetime import date, timedelta
from decimal import Decimal
from functools import partial
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django_tenants.utils import get_public_schema_name, schema_context

from tenants.merchants.models import Merchant
from tenants.merchants.selectors import terms_in_force
from zulin.audit.review import APPROVE, REJECT, Request, review_check
from zulin.audit.services import actor_name, audit_record
from zulin.audit.state import Machine, move, status_created, transition_locked
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.providers.interfaces import PaymentResult, PaymentStatus, ProviderError
from zulin.providers.operations import operation_sync
from zulin.providers.payment import get_payment_provider

from . import governance
from .models import (
    MismatchStatus,
    ReconciliationMismatch,
    ReconciliationRun,
    Resolution,
    Withdrawal,
    WithdrawalApproval,
    WithdrawalStatus,
)
from .outbox import withdrawal_event
from .reconciliation import SYNCABLE, run_counts_refresh
from .review import CANCEL, MACHINE, REVIEW, withdrawal_request

log = logging.getLogger("zulin.providers")

S = WithdrawalStatus


def _public():  # type: ignore[no-untyped-def]
    """The withdrawal's history and audit live with it, in public, whichever schema the
    call runs in (the merchant's host, the provider's callback)."""
    return schema_context(get_public_schema_name())


def _move(withdrawal: Withdrawal, action: str, actor: Session | None, **kwargs: Any) -> None:
    before = withdrawal.status
    with _public(), transaction.atomic():
        transition_locked(MACHINE, row=withdrawal, action=action, actor=actor, **kwargs)
        withdrawal_event(withdrawal, action=action, previous_status=before)


def _number() -> str:
    return f"W{timezone.localtime():%Y%m%d%H%M}{secrets.randbelow(10**8):08d}"


def withdrawal_apply(
    *, actor: Session, amount: Decimal, idempotency_key: str, remark: str = ""
) -> Withdrawal:
    """The merchant (the schema of the request) asks to withdraw `amount` of its
    withdrawable balance to the settlement account in force; the amount is frozen at once.
    The same idempotency key answers the same withdrawal."""
    merchant = tenant_connection.tenant
    # The request under this key is the one its fingerprint names (`zulin.idempotency`).
    earlier = Withdrawal.objects.filter(merchant=merchant, idempotency_key=idempotency_key).first()
    if earlier is not None:
        return earlier
    if amount < settings.WITHDRAWAL_MIN:
        raise field_error(
            "amount", Text("不少于 {0}", "at least {0}").format(settings.WITHDRAWAL_MIN)
        )
    terms = terms_in_force(merchant_id=merchant.pk)
    if terms is None:
        raise ApplicationError(ErrorCode.NO_SETTLEMENT_ACCOUNT)
    try:
        with transaction.atomic():
            withdrawal = Withdrawal.objects.create(
                merchant_id=merchant.pk,
                withdrawal_no=_number(),
                amount=amount,
                needs_two=amount > settings.WITHDRAWAL_TWO_PERSON_ABOVE,
                remark=remark,
                bank_name=terms.bank_name,
                account_name=terms.account_name,
                account_number=terms.account_number,
                idempotency_key=idempotency_key,
                applicant_account_id=actor.account.pk,
                applicant_name=actor_name(actor),
            )
            try:
                governance.withdrawal_freeze(withdrawal, actor=actor)
            except ApplicationError as error:
                if error.code == ErrorCode.LEDGER_INSUFFICIENT_BALANCE:
                    raise ApplicationError(
                        ErrorCode.WITHDRAWAL_EXCEEDS_BALANCE,
                        data={"withdrawable": (error.data or {}).get("balance")},
                    ) from None
                raise
            with _public():
                status_created(MACHINE, row=withdrawal, actor=actor)
                withdrawal_event(withdrawal, action="apply", previous_status="")
                audit_record(
                    actor=actor,
                    action="withdrawal.apply",
                    target_type="withdrawal",
                    target_id=withdrawal.pk,
                    after={"amount": str(amount), "withdrawal_no": withdrawal.withdrawal_no},
                )
            return withdrawal
    except IntegrityError:
        # The same key committed by a concurrent request meanwhile: its withdrawal.
        earlier = Withdrawal.objects.filter(
            merchant=merchant, idempotency_key=idempotency_key
        ).first()
        if earlier is None:
            raise
        return earlier


def _request(withdrawal: Withdrawal) -> Request:
    return withdrawal_request(
        status=withdrawal.status,
        needs_two=withdrawal.needs_two,
        approvers=withdrawal.approvals.values_list("account_id", flat=True),
    )


def _locked(withdrawal_id: int, merchant_id: int | None) -> Withdrawal:
    rows = Withdrawal.objects.select_for_update(of=("self",)).select_related("merchant")
    if merchant_id is not None:
        rows = rows.filter(merchant_id=merchant_id)
    found = rows.filter(pk=withdrawal_id).first()
    if found is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return found


def withdrawal_cancel(*, actor: Session, withdrawal_id: int) -> Withdrawal:
    """The merchant takes back a withdrawal not yet approved: the amount is unfrozen."""
    with transaction.atomic():
        withdrawal = _locked(withdrawal_id, tenant_connection.tenant.pk)
        review_check(REVIEW, _request(withdrawal), action=CANCEL, actor=actor)
        _move(withdrawal, "cancel", actor)
        governance.withdrawal_unfreeze(withdrawal, actor=actor)
        return withdrawal


def withdrawal_operate(
    *, actor: Session, withdrawal_id: int, approve: bool, reason: str = ""
) -> Withdrawal:
    """The platform approves (a second, different account above the threshold) or rejects
    with a reason. The last approval requests the payout once it has committed."""
    with transaction.atomic():
        withdrawal = _locked(withdrawal_id, None)
        request = _request(withdrawal)
        if not approve:
            if not reason.strip():
                raise field_error("reason", Text("驳回须填写原因", "a rejection says why"))
            review_check(REVIEW, request, action=REJECT, actor=actor)

            def rejected(row: Withdrawal) -> dict[str, Any]:
                row.reject_reason = reason[:300]
                return {"reason": reason[:300]}

            _move(withdrawal, "reject", actor, reason=reason, change=rejected)
            governance.withdrawal_unfreeze(withdrawal, actor=actor)
            return withdrawal
        # The same rule that offers the approval (or says why not) refuses it here.
        action = review_check(REVIEW, request, action=APPROVE, actor=actor)
        WithdrawalApproval.objects.create(
            withdrawal=withdrawal, account_id=actor.account.pk, account_name=actor_name(actor)
        )
        _move(withdrawal, action, actor, reason=reason)
        if withdrawal.status == S.PAYING:
            transaction.on_commit(partial(_payout_send, withdrawal.pk, actor), robust=True)
        return withdrawal


def _provider(merchant: Merchant) -> Any:
    return get_payment_provider(merchant=merchant.slug)


def _payout_send(withdrawal_id: int, actor: Session | None) -> None:
    """The payout of a withdrawal whose move to paying has committed (the approval's
    on_commit): requested unless something already finished it."""
    with transaction.atomic():
        withdrawal = _locked(withdrawal_id, None)
        if withdrawal.status == S.PAYING:
            _payout(withdrawal, actor)


def _payout(withdrawal: Withdrawal, actor: Session | None) -> None:
    """Requests the payout under the withdrawal's number and records the answer (the row
    is locked). A provider that does not answer leaves the withdrawal paying: the resume
    job asks again under the same number."""
    try:
        result = _provider(withdrawal.merchant).payout(
            out_no=withdrawal.withdrawal_no,
            account_name=withdrawal.account_name,
            account_number=withdrawal.account_number,
            amount=withdrawal.amount,
            subject=f"{withdrawal.merchant.name} 提现 {withdrawal.withdrawal_no}",
        )
    except ProviderError as error:
        log.warning(
            "payout %s not requested (%s: %s): the resume job asks again",
            withdrawal.withdrawal_no,
            error.code,
            error.reason,
        )
        return
    _apply(withdrawal, result, actor)


def _apply(withdrawal: Withdrawal, result: PaymentResult, actor: Session | None) -> None:
    """What the provider says of the payout (the withdrawal row is locked); idempotent."""
    if withdrawal.status != S.PAYING or result.status == PaymentStatus.PROCESSING:
        if result.trade_no and not withdrawal.provider_reference:
            withdrawal.provider_reference = result.trade_no
            withdrawal.save(update_fields=["provider_reference", "updated_at"])
        return
    if result.status == PaymentStatus.SUCCEEDED:

        def paid(row: Withdrawal) -> dict[str, Any]:
            row.provider_reference = result.trade_no or row.provider_reference
            row.paid_at = result.finished_at or timezone.now()
            return {"provider_trade_no": row.provider_reference}

        _move(withdrawal, "paid", None, change=paid)
        governance.withdrawal_paid(withdrawal, actor=actor)
        return

    def failed(row: Withdrawal) -> dict[str, Any]:
        row.failure_reason = result.reason[:300]
        return {"failure_reason": row.failure_reason}

    _move(withdrawal, "payout_failed", None, reason=result.reason[:300], change=failed)
    governance.withdrawal_unfreeze(withdrawal, actor=actor)


def withdrawal_payout_sync(*, merchant: Merchant, out_no: str) -> Withdrawal | None:
    """Asks the provider about a payout and records it (the callback, a re-query, the
    resume job). A withdrawal paying that the provider has no record of (its request never
    reached it) is requested now, under its own number."""

    def locked() -> Withdrawal | None:
        found = (
            Withdrawal.objects.filter(merchant=merchant, withdrawal_no=out_no)
            .values_list("pk", flat=True)
            .first()
        )
        return None if found is None else _locked(found, merchant.pk)

    def failed(withdrawal: Withdrawal, error: ProviderError) -> None:
        # Otherwise asked again on the next callback or query.
        if error.code == "NOT_FOUND" and withdrawal.status == S.PAYING:
            _payout(withdrawal, None)

    def apply(withdrawal: Withdrawal, result: PaymentResult) -> None:
        _apply(withdrawal, result, None)

    synced = operation_sync(
        locked,
        ask=lambda withdrawal: _provider(merchant).query(out_no=out_no),
        apply=apply,
        pending=apply,
        failed=failed,
        # A payout that ended without the provider's number recorded is asked for it too.
        waiting=lambda withdrawal: (
            withdrawal.status == S.PAYING or not withdrawal.provider_reference
        ),
    )
    return None if synced is None else synced.row


# A payout is requested as its approval commits; one still paying after this long is asked
# about again (a callback lost, a request that never reached the provider).
PAYOUT_RESUME_AFTER = timedelta(minutes=10)


def withdrawals_payout_resume(*, older_than: timedelta = PAYOUT_RESUME_AFTER) -> dict[str, int]:
    """Every withdrawal paying, untouched for `older_than`, through `withdrawal_payout_sync`:
    the provider's outcome recorded, or the payout requested when the provider has none.
    Answers how many were asked about and how many are still paying."""
    cutoff = timezone.now() - older_than
    waiting = list(
        Withdrawal.objects.filter(status=S.PAYING, updated_at__lt=cutoff)
        .select_related("merchant")
        .order_by("pk")
    )
    still = 0
    for withdrawal in waiting:
        synced = withdrawal_payout_sync(
            merchant=withdrawal.merchant, out_no=withdrawal.withdrawal_no
        )
        still += synced is not None and synced.status == S.PAYING
    return {"asked": len(waiting), "paying": still}


# --- reconciliation: the platform finance's actions ----------------------------------------

MISMATCH_MACHINE: Machine[ReconciliationMismatch] = Machine(
    model=ReconciliationMismatch,
    target_type="reconciliation_mismatch",
    moves=(
        move(
            MismatchStatus.OPEN, "resolve", MismatchStatus.RESOLVED, right="reconciliation.resolve"
        ),
    ),
    labels={s.value: (str(s.label), s.value) for s in MismatchStatus},
)
SYNCED_NOTE = "重新查询支付渠道后已入账"


def reconciliation_rerun(*, actor: Session, merchant_id: int, day: date) -> ReconciliationRun:
    """Reconciles one merchant's day again now (replacing its result); audited."""
    if day > timezone.localdate():
        raise field_error("day", Text("应为已开始的日期", "a day that has begun"))
    merchant = Merchant.objects.exclude(schema_name=get_public_schema_name()).filter(pk=merchant_id)
    found = merchant.first()
    if found is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    run = governance.reconciliation_rerun(found, day=day)
    with _public():
        audit_record(
            actor=actor,
            action="reconciliation.rerun",
            target_type="reconciliation_run",
            target_id=run.pk,
            after={"merchant_id": merchant_id, "day": day.isoformat(), "status": run.status},
        )
    return run


def _mismatch_locked(mismatch_id: int) -> tuple[ReconciliationRun, ReconciliationMismatch]:
    """The mismatch and its run, locked run first (as a re-run of the day locks them)."""
    run_id = (
        ReconciliationMismatch.objects.filter(pk=mismatch_id)
        .values_list("run_id", flat=True)
        .first()
    )
    if run_id is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    run = ReconciliationRun.objects.select_for_update().get(pk=run_id)
    mismatch = ReconciliationMismatch.objects.select_for_update().filter(pk=mismatch_id).first()
    if mismatch is None:  # the day was re-run meanwhile: its differences are new rows
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return run, mismatch


def mismatch_resolve(
    *, actor: Session | None, mismatch_id: int, resolution: str, note: str
) -> ReconciliationMismatch:
    """Marks a difference handled, saying how (synced, written off, the provider's error,
    other) and why; the run's counts and status follow. Audited, with the history of the
    mismatch's status."""
    if not note.strip():
        raise field_error("note", Text("请说明处理情况", "say what was done"))
    with transaction.atomic(), _public():
        run, mismatch = _mismatch_locked(mismatch_id)

        def resolved(row: ReconciliationMismatch) -> dict[str, Any]:
            row.resolution = Resolution(resolution).value
            row.note = note.strip()[:300]
            row.resolved_by_id = actor.account.pk if actor else None
            row.resolved_by_name = actor_name(actor)
            row.resolved_at = timezone.now()
            return {"resolution": row.resolution, "out_no": row.out_no, "kind": row.kind}

        transition_locked(
            MISMATCH_MACHINE,
            row=mismatch,
            action="resolve",
            actor=actor,
            reason=note.strip()[:300],
            change=resolved,
        )
        run_counts_refresh(run)
        run.save()
        return mismatch


PaymentSync = Callable[[Merchant, str], Any]


def mismatch_sync(
    *, actor: Session, mismatch_id: int, payment_sync: PaymentSync
) -> tuple[ReconciliationMismatch, bool]:
    """The fix the system already has for a trade the provider finished and we never heard
    of: ask the provider about it again and record its answer on our side (`payment_sync`,
    the merchant's payments through their governance; a payout here). It only ever applies
    the provider's outcome to a record of ours still waiting for it: it charges nothing,
    never changes a record already final, books nothing twice. Answers the mismatch and
    whether it is gone (then resolved as synced)."""
    found = ReconciliationMismatch.objects.select_related("merchant").filter(pk=mismatch_id).first()
    if found is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    if found.status != MismatchStatus.OPEN:
        raise MISMATCH_MACHINE.conflict(found.status, "resolve")
    if found.kind not in SYNCABLE or not found.out_no:
        raise ApplicationError(ErrorCode.RECONCILIATION_NOT_SYNCABLE)
    if found.operation == "payout":
        synced = withdrawal_payout_sync(merchant=found.merchant, out_no=found.out_no)
    else:
        synced = payment_sync(found.merchant, found.out_no)
    if synced is None:
        raise ApplicationError(ErrorCode.RECONCILIATION_NOTHING_TO_SYNC)
    if governance.mismatch_recheck(found) is not None:
        return found, False
    return mismatch_resolve(
        actor=actor, mismatch_id=found.pk, resolution=Resolution.SYNCED, note=SYNCED_NOTE
    ), True
