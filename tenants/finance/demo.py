"""Demo withdrawals of a merchant, made through the services: one paid out, one waiting
for the platform, one above the two-person threshold with one approval, one rejected, one
cancelled. Each has its idempotency key: a second run adds nothing."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django_tenants.utils import tenant_context

from tenants.merchants.models import Merchant
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError
from zulin.ledger.selectors import account_balance
from zulin.providers.payment import sandbox_payments_complete
from zulin.providers.sandbox import sandbox_callbacks_deliver

from .models import Withdrawal, WithdrawalStatus
from .services import withdrawal_apply, withdrawal_cancel, withdrawal_operate

PLAN = (
    # key, amount, what happens
    ("paid", Decimal("1200.00"), "approve"),
    ("pending", Decimal("800.00"), ""),
    ("rejected", Decimal("300.00"), "reject"),
    ("cancelled", Decimal("150.00"), "cancel"),
)


def withdrawals_showcase_load(
    *, merchant: Merchant, owner: Session, approvers: list[Session]
) -> int:
    """Answers how many withdrawals the merchant has."""
    with tenant_context(merchant):
        cash = account_balance("merchant_cash", cached=True)
        plan = list(PLAN)
        large = settings.WITHDRAWAL_TWO_PERSON_ABOVE + Decimal("1000.00")
        if cash > sum(amount for _, amount, _ in plan) + large:
            plan.append(("reviewing", large, "first"))
        for name, amount, then in plan:
            key = f"demo-withdrawal-{name}"
            if Withdrawal.objects.filter(merchant=merchant, idempotency_key=key).exists():
                continue
            try:
                made = withdrawal_apply(actor=owner, amount=amount, idempotency_key=key)
            except ApplicationError:
                continue  # not enough withdrawable yet: the next load tries again
            if then == "cancel":
                withdrawal_cancel(actor=owner, withdrawal_id=made.pk)
    for name, _, then in PLAN + (("reviewing", Decimal(0), "first"),):
        waiting = Withdrawal.objects.filter(
            merchant=merchant,
            idempotency_key=f"demo-withdrawal-{name}",
            status=WithdrawalStatus.PENDING,
        ).first()
        if waiting is None or not then or then == "cancel":
            continue
        withdrawal_operate(
            actor=approvers[0],
            withdrawal_id=waiting.pk,
            approve=then != "reject",
            reason="结算账户信息有误" if then == "reject" else "",
        )
    sandbox_payments_complete(merchant=merchant.slug)
    sandbox_callbacks_deliver(merchant=merchant.slug)
    return Withdrawal.objects.filter(merchant=merchant).count()
