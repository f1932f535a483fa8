"""The platform's actions inside a merchant's schema, and only here: the withdrawal's
postings in the merchant's own books (whichever side the call came from: the platform's
approval and the provider's callback; the platform's books in public see the payout), and
reconciliation reading the merchant's ledger (a re-run of a day, a re-check of one trade)."""

from __future__ import annotations

from datetime import date

from django_tenants.utils import tenant_context

from tenants.merchants.models import Merchant
from zulin.core.auth import Session
from zulin.ledger.services import money_moved, platform_ledger, post_event

from .models import (
    BACK_REFERENCE,
    FREEZE_REFERENCE,
    ReconciliationMismatch,
    ReconciliationRun,
    Withdrawal,
)
from .reconciliation import Finding, reconcile_day, trade_recheck


def _post(withdrawal: Withdrawal, *, reference: str, kind: str, actor) -> None:  # type: ignore[no-untyped-def]
    """The withdrawal's `kind` in the merchant's books, laid out by the posting rules."""
    with tenant_context(withdrawal.merchant):
        post_event(
            kind,
            {"amount": withdrawal.amount},
            reference=reference,
            memo=withdrawal.withdrawal_no,
            meta={"withdrawal_id": withdrawal.pk},
            actor=actor,
        )


def withdrawal_freeze(withdrawal: Withdrawal, *, actor: Session | None) -> None:
    _post(
        withdrawal,
        reference=f"{FREEZE_REFERENCE}{withdrawal.withdrawal_no}",
        kind="withdrawal_freeze",
        actor=actor,
    )


def withdrawal_unfreeze(withdrawal: Withdrawal, *, actor: Session | None) -> None:
    _post(
        withdrawal,
        reference=f"{BACK_REFERENCE}{withdrawal.withdrawal_no}",
        kind="withdrawal_back",
        actor=actor,
    )


def withdrawal_paid(withdrawal: Withdrawal, *, actor: Session | None) -> None:
    """Both books: the payout reached the bank, on the day the provider finished it."""
    with money_moved(withdrawal.paid_at):
        _withdrawal_paid(withdrawal, actor=actor)


def _withdrawal_paid(withdrawal: Withdrawal, *, actor: Session | None) -> None:
    amount = withdrawal.amount
    _post(
        withdrawal,
        reference=f"withdraw-paid:{withdrawal.withdrawal_no}",
        kind="withdrawal",
        actor=actor,
    )
    with platform_ledger():
        post_event(
            "withdrawal",
            {"amount": amount},
            reference=f"m{withdrawal.merchant_id}:withdraw-paid:{withdrawal.withdrawal_no}",
            merchant_id=withdrawal.merchant_id,
            memo=withdrawal.withdrawal_no,
            meta={"merchant_id": withdrawal.merchant_id, "withdrawal_id": withdrawal.pk},
            actor=actor,
        )


def reconciliation_rerun(merchant: Merchant, *, day: date) -> ReconciliationRun:
    """Reconciles `day` of the merchant again, in its schema (replacing the day's result)."""
    with tenant_context(merchant):
        return reconcile_day(day=day)


def mismatch_recheck(mismatch: ReconciliationMismatch) -> Finding | None:
    """The provider's and the merchant's ledger's word on one mismatch's trade now."""
    with tenant_context(mismatch.merchant):
        return trade_recheck(mismatch=mismatch)
