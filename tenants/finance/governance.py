"""The withdrawal's postings in the merchant's own books (its schema), whichever side the
call came from: the platform's approval and the provider's callback enter the merchant's
schema here, and only here. The platform's books (public) see the payout."""

from __future__ import annotations

from django_tenants.utils import tenant_context

from zulin.core.auth import Session
from zulin.ledger.services import Line, ledger_post, platform_ledger

from .models import Withdrawal


def _post(withdrawal: Withdrawal, *, reference: str, kind: str, lines: list[Line], actor) -> None:  # type: ignore[no-untyped-def]
    with tenant_context(withdrawal.merchant):
        ledger_post(
            reference=reference,
            kind=kind,
            lines=lines,
            memo=withdrawal.withdrawal_no,
            meta={"withdrawal_id": withdrawal.pk},
            actor=actor,
        )


def withdrawal_freeze(withdrawal: Withdrawal, *, actor: Session | None) -> None:
    amount = withdrawal.amount
    _post(
        withdrawal,
        reference=f"withdraw:{withdrawal.withdrawal_no}",
        kind="withdrawal_freeze",
        lines=[Line("withdrawals_in_transit", debit=amount), Line("merchant_cash", credit=amount)],
        actor=actor,
    )


def withdrawal_unfreeze(withdrawal: Withdrawal, *, actor: Session | None) -> None:
    amount = withdrawal.amount
    _post(
        withdrawal,
        reference=f"withdraw-back:{withdrawal.withdrawal_no}",
        kind="withdrawal_back",
        lines=[Line("merchant_cash", debit=amount), Line("withdrawals_in_transit", credit=amount)],
        actor=actor,
    )


def withdrawal_paid(withdrawal: Withdrawal, *, actor: Session | None) -> None:
    amount = withdrawal.amount
    _post(
        withdrawal,
        reference=f"withdraw-paid:{withdrawal.withdrawal_no}",
        kind="withdrawal",
        lines=[Line("bank", debit=amount), Line("withdrawals_in_transit", credit=amount)],
        actor=actor,
    )
    sub = f"merchant:{withdrawal.merchant_id}"
    with platform_ledger():
        ledger_post(
            reference=f"m{withdrawal.merchant_id}:withdraw-paid:{withdrawal.withdrawal_no}",
            kind="withdrawal",
            lines=[
                Line("merchant_payable", debit=amount, sub_key=sub),
                Line("provider_clearing", credit=amount, sub_key=sub),
            ],
            memo=withdrawal.withdrawal_no,
            meta={"merchant_id": withdrawal.merchant_id, "withdrawal_id": withdrawal.pk},
            actor=actor,
        )
