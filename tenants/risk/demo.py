"""Demo recharges of merchants' risk balances, made through the services: an opening transfer
approved by the platform (the base the tests start from: a shop's intake checks the risk of
every order, which needs a balance), then the showcase's QR recharge paid and credited, a
QR payment still waiting, and transfers pending, approved and rejected. Each has its
idempotency key: a second run adds nothing."""

from __future__ import annotations

import base64
import hashlib
from decimal import Decimal

from django.utils import timezone
from django_tenants.utils import tenant_context

from tenants.merchants.models import Merchant
from zulin.core.auth import Session
from zulin.documents.slip import TransferSlip, transfer_slip_png
from zulin.providers.payment import sandbox_payer_pay
from zulin.providers.sandbox import sandbox_callbacks_deliver

from .models import RechargeStatus, RiskRecharge
from .services import recharge_check, recharge_offline_apply, recharge_qr_start

OPENING_BALANCE = Decimal("1000.00")
# key, method, amount, what happens
SHOWCASE = (
    ("qr-paid", "qr", Decimal("500.00"), "pay"),
    ("qr-waiting", "qr", Decimal("200.00"), ""),
    ("transfer-approved", "offline", Decimal("800.00"), "approve"),
    ("transfer-rejected", "offline", Decimal("300.00"), "reject"),
    ("transfer-pending", "offline", Decimal("2000.00"), ""),
)


def _voucher(merchant: Merchant, amount: Decimal, key: str) -> str:
    """The bank's electronic receipt of the merchant's transfer to the platform (PNG, base64),
    as the merchant's finance downloads it; its serial number is the key's, so a second run
    draws the same picture."""
    day = timezone.localdate()
    serial = int(hashlib.sha256(f"{merchant.slug}:{key}".encode()).hexdigest()[:8], 16) % 10**6
    slip = TransferSlip(
        bank="招商银行",
        payer_name=merchant.name,
        payer_account=f"62258800{merchant.pk:08d}",
        payee_name="租林平台服务有限公司",
        payee_account="755912345610801",
        amount=amount,
        day=day,
        reference=f"CMB{day:%Y%m%d}{serial:06d}",
        purpose="风控余额充值",
    )
    return base64.b64encode(transfer_slip_png(slip)).decode()


def _offline(merchant: Merchant, owner: Session, amount: Decimal, key: str) -> RiskRecharge:
    with tenant_context(merchant):
        return recharge_offline_apply(
            actor=owner,
            amount=amount,
            voucher_base64=_voucher(merchant, amount, key),
            remark=f"{merchant.name} 对公账户转账",
            idempotency_key=key,
        )


def risk_opening_balance_load(*, merchant: Merchant, owner: Session, approver: Session) -> None:
    """The merchant's first transfer, approved: its risk balance opens at OPENING_BALANCE."""
    key = "demo-risk-opening"
    recharge = _offline(merchant, owner, OPENING_BALANCE, key)
    if recharge.status == RechargeStatus.PENDING:
        recharge_check(
            actor=approver, recharge_id=recharge.pk, approve=True, idempotency_key=f"{key}-check"
        )


def recharges_showcase_load(*, merchant: Merchant, owner: Session, approver: Session) -> int:
    """Answers how many recharges the merchant has."""
    for name, method, amount, then in SHOWCASE:
        key = f"demo-risk-{name}"
        if RiskRecharge.objects.filter(merchant=merchant, idempotency_key=key).exists():
            continue
        if method == "qr":
            with tenant_context(merchant):
                recharge = recharge_qr_start(actor=owner, amount=amount, idempotency_key=key)
            if then == "pay":
                sandbox_payer_pay(merchant=merchant.slug, out_no=recharge.recharge_no)
                sandbox_callbacks_deliver(merchant=merchant.slug)
            continue
        recharge = _offline(merchant, owner, amount, key)
        if then:
            recharge_check(
                actor=approver,
                recharge_id=recharge.pk,
                approve=then == "approve",
                reason="转账金额与申请金额不符" if then == "reject" else "",
                idempotency_key=f"{key}-check",
            )
    return RiskRecharge.objects.filter(merchant=merchant).count()
