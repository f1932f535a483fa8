"""Recharges of a merchant's prepaid risk balance.

By QR code: the merchant asks for a payment of an amount (`recharge_qr_start`); the payment
provider answers what its QR code holds and waits for the payer. The balance rises once, when
the provider's signed callback (or `queryPayResult`) re-queries the payment and finds it
succeeded (`recharge_payment_sync`): the move paying → credited happens once under the row
lock, and the ledger references are the recharge number, so a replayed callback changes
nothing.

By bank transfer: the merchant sends the amount with a picture of the transfer voucher
(`recharge_offline_apply`, kept as a private file of the merchant); a platform account with
`recharge.audit` approves it, which credits it, or rejects it with a reason the merchant sees
(`recharge_check`). The decision takes an idempotency key: the same key sent again answers
the decision made; a second account deciding at the same time waits for the row lock and
gets a conflict.

The recharge, its history and its audit entries live in public (the platform lists every
merchant's); the merchant's postings and voucher enter its schema through `governance.py`.
"""

from __future__ import annotations

import base64
import binascii
import secrets
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django_tenants.utils import get_public_schema_name, schema_context

from tenants.merchants.models import Merchant
from zulin.audit.review import APPROVE, REJECT, review_check
from zulin.audit.services import actor_name, audit_record
from zulin.audit.state import status_created, transition_locked
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.core.images import CONTENT_TYPES, image_extension
from zulin.providers.interfaces import (
    PaymentResult,
    PaymentStatus,
    ProviderError,
    provider_failed,
)
from zulin.providers.operations import operation_sync
from zulin.providers.payment import get_payment_provider

from . import governance, rules
from .models import RechargeMethod, RechargeStatus, RiskRecharge
from .review import MACHINE, REVIEW, recharge_request

S = RechargeStatus


def _public():  # type: ignore[no-untyped-def]
    """The recharge's history and audit live with it, in public, whichever schema the call
    runs in (the merchant's host, the provider's callback)."""
    return schema_context(get_public_schema_name())


def _move(recharge: RiskRecharge, action: str, actor: Session | None, **kwargs: Any) -> None:
    with _public():
        transition_locked(MACHINE, row=recharge, action=action, actor=actor, **kwargs)


def _number() -> str:
    return f"RC{timezone.localtime():%Y%m%d%H%M}{secrets.randbelow(10**8):08d}"


def _check_amount(amount: Decimal) -> None:
    if amount < rules.RECHARGE_MIN or amount > rules.RECHARGE_MAX:
        raise field_error(
            "amount",
            Text("应在 {0} 到 {1} 之间", "from {0} to {1}").format(
                rules.RECHARGE_MIN, rules.RECHARGE_MAX
            ),
        )


def _earlier(
    merchant: Merchant, idempotency_key: str, *, amount: Decimal, method: str
) -> RiskRecharge | None:
    earlier = RiskRecharge.objects.filter(
        merchant=merchant, idempotency_key=idempotency_key
    ).first()
    if earlier is not None and (earlier.amount, earlier.method) != (amount, method):
        raise ApplicationError(ErrorCode.IDEMPOTENCY_KEY_REUSED)
    return earlier


def _created(recharge: RiskRecharge, actor: Session) -> None:
    with _public():
        status_created(MACHINE, row=recharge, actor=actor)
        audit_record(
            actor=actor,
            action=f"risk_recharge.{recharge.method}",
            target_type="risk_recharge",
            target_id=recharge.pk,
            after={"amount": str(recharge.amount), "recharge_no": recharge.recharge_no},
        )


def _create(
    merchant: Merchant,
    *,
    actor: Session,
    amount: Decimal,
    idempotency_key: str,
    method: str,
    then: Any,
    **fields: Any,
) -> RiskRecharge:
    """Creates the recharge and runs `then(recharge)` in one transaction; the same key
    committed meanwhile by a concurrent request answers its recharge."""
    try:
        with transaction.atomic():
            recharge = RiskRecharge.objects.create(
                merchant_id=merchant.pk,
                recharge_no=_number(),
                method=method,
                amount=amount,
                idempotency_key=idempotency_key,
                applicant_account_id=actor.account.pk,
                applicant_name=actor_name(actor),
                **fields,
            )
            then(recharge)
            _created(recharge, actor)
            return recharge
    except IntegrityError:
        earlier = _earlier(merchant, idempotency_key, amount=amount, method=method)
        if earlier is None:
            raise
        return earlier


def recharge_qr_start(*, actor: Session, amount: Decimal, idempotency_key: str) -> RiskRecharge:
    """The merchant (the schema of the request) asks for a QR-code payment of `amount` to
    recharge its risk balance. The same idempotency key answers the same recharge."""
    merchant = tenant_connection.tenant
    _check_amount(amount)
    earlier = _earlier(merchant, idempotency_key, amount=amount, method=RechargeMethod.QR)
    if earlier is not None:
        return earlier

    def request_payment(recharge: RiskRecharge) -> None:
        try:
            result = get_payment_provider(merchant=merchant.slug).pay(
                out_no=recharge.recharge_no,
                payer=f"merchant-{merchant.slug}",
                amount=amount,
                subject=f"{merchant.name} 风控余额充值 {recharge.recharge_no}"[:128],
            )
        except ProviderError as error:
            raise _provider_failed(error) from error
        recharge.provider_reference = result.trade_no
        recharge.qr_code = result.qr_code[:300]
        recharge.save(update_fields=["provider_reference", "qr_code", "updated_at"])

    return _create(
        merchant,
        actor=actor,
        amount=amount,
        idempotency_key=idempotency_key,
        method=RechargeMethod.QR,
        then=request_payment,
        status=S.PAYING,
    )


def _provider_failed(error: ProviderError) -> ApplicationError:
    return provider_failed(error, "支付服务处理失败", "The payment provider failed")


def _voucher(voucher_base64: str) -> tuple[bytes, str]:
    try:
        content = base64.b64decode(voucher_base64, validate=True)
    except (binascii.Error, ValueError):
        raise field_error("voucher_base64", Text("不是 base64 编码", "not base64")) from None
    if not content:
        raise field_error("voucher_base64", Text("必填", "required"))
    if len(content) > rules.VOUCHER_MAX_BYTES:
        raise field_error("voucher_base64", Text("超过 1.5 MB", "larger than 1.5 MB"))
    extension = image_extension(content[:16])
    if extension not in rules.VOUCHER_TYPES:
        raise field_error(
            "voucher_base64", Text("不是 JPEG 或 PNG 图片", "not a JPEG or PNG picture")
        )
    return content, extension


def recharge_offline_apply(
    *, actor: Session, amount: Decimal, voucher_base64: str, idempotency_key: str, remark: str = ""
) -> RiskRecharge:
    """The merchant says it transferred `amount` to the platform's account, with a picture
    of the voucher; the recharge waits for the platform's audit. The same idempotency key
    answers the same recharge."""
    merchant = tenant_connection.tenant
    _check_amount(amount)
    earlier = _earlier(merchant, idempotency_key, amount=amount, method=RechargeMethod.OFFLINE)
    if earlier is not None:
        return earlier
    content, extension = _voucher(voucher_base64)

    def keep_voucher(recharge: RiskRecharge) -> None:
        recharge.voucher_file_id = governance.voucher_save(
            merchant,
            content=content,
            extension=extension,
            content_type=CONTENT_TYPES[extension],
            actor=actor,
        )
        recharge.save(update_fields=["voucher_file_id", "updated_at"])

    return _create(
        merchant,
        actor=actor,
        amount=amount,
        idempotency_key=idempotency_key,
        method=RechargeMethod.OFFLINE,
        then=keep_voucher,
        status=S.PENDING,
        remark=remark[:200],
    )


def _locked(recharge_id: int, merchant_id: int | None) -> RiskRecharge:
    rows = RiskRecharge.objects.select_for_update(of=("self",)).select_related("merchant")
    if merchant_id is not None:
        rows = rows.filter(merchant_id=merchant_id)
    found = rows.filter(pk=recharge_id).first()
    if found is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return found


def recharge_check(
    *, actor: Session, recharge_id: int, approve: bool, idempotency_key: str, reason: str = ""
) -> RiskRecharge:
    """The platform approves an offline recharge (credited at once) or rejects it with a
    reason. The same idempotency key answers the decision already made."""
    reason = (reason or "").strip()[: rules.REASON_MAX]
    if not approve and not reason:
        raise field_error("reason", Text("驳回须填写原因", "a rejection says why"))
    with transaction.atomic():
        recharge = _locked(recharge_id, None)
        if recharge.decision_key and recharge.decision_key == idempotency_key:
            if recharge.status == (S.CREDITED if approve else S.REJECTED):
                return recharge
            raise ApplicationError(ErrorCode.IDEMPOTENCY_KEY_REUSED)

        def decided(row: RiskRecharge) -> dict[str, Any]:
            row.reviewer_account_id = actor.account.pk
            row.reviewer_name = actor_name(actor)
            row.reviewed_at = timezone.now()
            row.decision_key = idempotency_key
            if approve:
                row.credited_at = row.reviewed_at
            else:
                row.reject_reason = reason
            return {"reason": reason} if reason else {}

        # The same rule that offers the decision (or says why not) refuses it here.
        action = review_check(
            REVIEW,
            recharge_request(status=recharge.status),
            action=APPROVE if approve else REJECT,
            actor=actor,
        )
        _move(recharge, action, actor, reason=reason, change=decided)
        if approve:
            governance.recharge_credit(recharge, actor=actor)
        return recharge


def _apply(recharge: RiskRecharge, result: PaymentResult) -> None:
    """What the provider says of a QR recharge (its row is locked); idempotent."""
    if recharge.status != S.PAYING or result.status == PaymentStatus.PROCESSING:
        return
    if result.status == PaymentStatus.SUCCEEDED:

        def paid(row: RiskRecharge) -> dict[str, Any]:
            row.provider_reference = result.trade_no or row.provider_reference
            row.credited_at = result.finished_at or timezone.now()
            return {"provider_trade_no": row.provider_reference}

        _move(recharge, "paid", None, change=paid)
        governance.recharge_credit(recharge, actor=None)
        return

    def failed(row: RiskRecharge) -> dict[str, Any]:
        row.failure_reason = result.reason[:300]
        return {"failure_reason": row.failure_reason}

    _move(recharge, "payment_failed", None, reason=result.reason[:300], change=failed)


def recharge_payment_sync(*, merchant: Merchant, out_no: str) -> RiskRecharge | None:
    """Asks the provider about a QR recharge's payment and records it (the signed callback
    and `queryPayResult` come here); None when `out_no` is no recharge of the merchant."""

    def locked() -> RiskRecharge | None:
        found = (
            RiskRecharge.objects.filter(
                merchant=merchant, recharge_no=out_no, method=RechargeMethod.QR
            )
            .values_list("pk", flat=True)
            .first()
        )
        return None if found is None else _locked(found, merchant.pk)

    synced = operation_sync(
        locked,
        ask=lambda recharge: get_payment_provider(merchant=merchant.slug).query(out_no=out_no),
        apply=_apply,
        failed=lambda recharge, error: None,  # asked again on the next callback or query
    )
    return None if synced is None else synced.row
