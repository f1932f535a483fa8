"""The platform's steps inside a merchant's schema for the risk balance, whichever side the
call came from (the merchant's own recharge, the platform's audit, the provider's callback):
a credited recharge posted in the merchant's books, its transfer voucher kept and read as a
private file of the merchant. The platform's books (public) mirror each credit."""

from __future__ import annotations

from django_tenants.utils import tenant_context

from tenants.merchants.models import Merchant
from zulin.core.auth import Session
from zulin.files.links import private_file_link
from zulin.files.models import StoredFile
from zulin.files.services import private_file_save
from zulin.ledger.services import platform_ledger, post_event

from .models import RechargeMethod, RiskRecharge


def recharge_credit(recharge: RiskRecharge, *, actor: Session | None) -> None:
    """The recharge's money enters the merchant's prepaid risk balance (`risk_prepaid`, out
    of its own bank account) and, in the platform's books, what the platform received
    (at the payment provider for a QR payment, in its bank for a transfer) is held for the
    merchant (`risk_recharge_liability`, one sub-ledger per merchant). The references are
    the recharge number: a second credit of the same recharge changes nothing."""
    amount, number = recharge.amount, recharge.recharge_no
    meta = {"recharge_id": recharge.pk, "recharge_no": number, "method": recharge.method}
    memo = f"风控充值 {number}"
    with tenant_context(recharge.merchant):
        post_event(
            "risk_recharge",
            {"amount": amount},
            reference=f"risk-recharge:{number}",
            memo=memo,
            meta=meta,
            actor=actor,
        )
    received = "at_provider" if recharge.method == RechargeMethod.QR else "in_bank"
    with platform_ledger():
        post_event(
            "risk_recharge",
            {received: amount},
            reference=f"m{recharge.merchant_id}:risk-recharge:{number}",
            merchant_id=recharge.merchant_id,
            memo=memo,
            meta={**meta, "merchant_id": recharge.merchant_id},
            actor=actor,
        )


def voucher_save(
    merchant: Merchant, *, content: bytes, extension: str, content_type: str, actor: Session
) -> int:
    """Keeps a transfer voucher as a private file of the merchant; answers its id there."""
    with tenant_context(merchant):
        stored = private_file_save(
            kind="risk_voucher",
            name=f"risk_voucher.{extension}",
            content=content,
            content_type=content_type,
            actor=actor,
        )
        return int(stored.pk)


def voucher_link(recharge: RiskRecharge, *, session: Session) -> str | None:
    """A short-lived link to the recharge's voucher for `session` (the merchant on its host,
    a platform account on the admin host); each read is audited in the merchant's trail."""
    if recharge.voucher_file_id is None:
        return None
    with tenant_context(recharge.merchant):
        stored = StoredFile.objects.filter(pk=recharge.voucher_file_id, kind="risk_voucher").first()
        return private_file_link(stored, session=session, inline=True) if stored else None
