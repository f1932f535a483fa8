"""Offline repayments: money a customer paid the merchant outside the payment provider
(a bank transfer, cash …), recorded by a finance person with the voucher picture.

A bill is repaid offline in full or not at all: the amount must be exactly what the bill
still owes — its late fee first, then its rent — so the bill is paid whole by it
and keeps its late-fee bounds (a customer who paid less is recorded once the rest arrives, or
after the shop waives late fee). The rule of the oldest open bill first holds as for any
payment, and a bill being paid through the provider is refused until that payment ends.

The books (cash basis, as every payment): the money is in the merchant's own bank account,
so the journal debits `bank`, never `provider_clearing` — it is not in any settlement
statement and never becomes withdrawable. Its commission is the same as for any rent: the
commission journal credits `provider_clearing`, so the next statement takes it from the
withdrawable balance (and holds when that balance cannot cover it, like refunds); the
platform's books earn it out of what they owe the merchant (`merchant_payable`) and
receive nothing else. An offline payment is never refunded through the provider.

The voucher is a private file (JPEG or PNG, at most VOUCHER_MAX_BYTES, decoded in full to
be sure it is a picture), kept outside the media folder and read through a signed link
whose every read is audited.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from django.utils import timezone

from zulin.audit.services import actor_name
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.core.images import CONTENT_TYPES, image_extension, picture_decodes
from zulin.files.models import StoredFile
from zulin.files.services import private_file_save

from . import settle
from .models import Bill, BillPayment, OfflineReceipt
from .payments import Collected

ZERO = Decimal("0.00")
VOUCHER_MAX_BYTES = 1_500_000
VOUCHER_TYPES = ("jpg", "png")


@dataclass(frozen=True)
class OfflineDetails:
    """What the finance person records of money received outside the provider."""

    channel: str
    paid_on: date
    payer_name: str
    bank_reference: str
    remark: str
    voucher_base64: str


def offline_details_check(details: OfflineDetails) -> None:
    """Refuses what cannot be true of a receipt: paid in the future, a bank transfer without
    its bank reference, a channel we do not know."""
    if details.channel not in OfflineReceipt.Channel.values:
        raise field_error("channel", Text("未知的渠道", "unknown channel"))
    if details.paid_on > timezone.localdate():
        raise field_error("paid_on", Text("不能是未来的日期", "not in the future"))
    if not details.payer_name.strip():
        raise field_error("payer_name", Text("必填", "required"))
    bank_transfer = details.channel == OfflineReceipt.Channel.BANK_TRANSFER
    if bank_transfer and not details.bank_reference.strip():
        raise field_error("bank_reference", Text("银行转账必填", "required for a bank transfer"))


def voucher_content(voucher_base64: str) -> tuple[bytes, str]:
    """The voucher's bytes and type, or a field error: base64 of a whole JPEG or PNG picture
    of at most VOUCHER_MAX_BYTES."""
    try:
        content = base64.b64decode(voucher_base64, validate=True)
    except (binascii.Error, ValueError):
        raise field_error("voucher_base64", Text("不是 base64 编码", "not base64")) from None
    if len(content) > VOUCHER_MAX_BYTES:
        raise field_error("voucher_base64", Text("超过 1.5 MB", "larger than 1.5 MB"))
    extension = image_extension(content[:16])
    if extension not in VOUCHER_TYPES or not picture_decodes(content, extension):
        raise field_error(
            "voucher_base64", Text("不是 JPEG 或 PNG 图片", "not a JPEG or PNG picture")
        )
    return content, extension


def receipt_record(
    *,
    order_id: int,
    order_no: str,
    purpose: str,
    amount: Decimal,
    details: OfflineDetails,
    idempotency_key: str,
    actor: Session | None,
) -> OfflineReceipt:
    """The receipt and its voucher (checked before: nothing is written for a bad one). The
    caller holds the order's lock and has refused a replayed idempotency key."""
    data, extension = voucher_content(details.voucher_base64)
    count = OfflineReceipt.objects.filter(order_id=order_id).count()
    receipt_no = f"{order_no}OF{count + 1}"
    stored = private_file_save(
        kind="voucher",
        name=f"voucher_{receipt_no}.{extension}",
        content=data,
        content_type=CONTENT_TYPES[extension],
        actor=actor,
    )
    return OfflineReceipt.objects.create(
        receipt_no=receipt_no,
        order_id=order_id,
        order_no=order_no,
        purpose=purpose,
        amount=amount,
        channel=details.channel,
        paid_on=details.paid_on,
        payer_name=details.payer_name.strip()[:50],
        bank_reference=details.bank_reference.strip()[:64],
        remark=details.remark.strip()[:200],
        voucher_file_id=stored.pk,
        voucher_sha256=stored.sha256,
        idempotency_key=idempotency_key,
        actor_account_id=actor.account.pk if actor else None,
        actor_name=actor_name(actor)[:50],
    )


def voucher_file(receipt: OfflineReceipt) -> StoredFile | None:
    return StoredFile.objects.filter(pk=receipt.voucher_file_id).first()


def earlier_receipt(idempotency_key: str) -> OfflineReceipt | None:
    return OfflineReceipt.objects.filter(idempotency_key=idempotency_key).first()


def owed_now(bill: Bill) -> Decimal:
    """What settles the bill now: its late fee still owed, then its rent."""
    return settle.owed(bill)


def bill_repay_offline(
    *,
    bill_id: int,
    amount: Decimal,
    details: OfflineDetails,
    idempotency_key: str,
    actor: Session | None,
) -> Collected:
    """Records one bill repaid outside the provider (the caller holds the order's lock and
    has checked the order may take it), through the settling path: claimed and settled at
    once. The same idempotency key answers the same repayment and writes nothing; another
    bill under it is refused."""
    bill = Bill.objects.select_for_update().get(pk=bill_id)
    earlier = earlier_receipt(idempotency_key)
    if earlier is not None:
        return Collected(bill, earlier.payments.get(bill=bill), False)
    settle.claim_check([bill])
    owed = owed_now(bill)
    if amount != owed:
        raise ApplicationError(
            ErrorCode.OFFLINE_AMOUNT_MISMATCH,
            data={"owed": str(owed), "late_fee_owed": str(bill.late_fee_owed)},
        )
    offline_details_check(details)
    receipt = receipt_record(
        order_id=bill.order_id,
        order_no=bill.order_no,
        purpose=OfflineReceipt.Purpose.BILL,
        amount=amount,
        details=details,
        idempotency_key=idempotency_key,
        actor=actor,
    )
    [payment] = settle.bills_claim(
        [settle.Ask(bill, amount=amount)],
        method=BillPayment.Method.OFFLINE,
        out_no=receipt.receipt_no,
        actor=actor,
        idempotency_key=idempotency_key,
        offline_receipt=receipt,
    )
    settled = settle.payments_settle(
        [payment],
        received=amount,
        posting=offline_posting(
            receipt,
            reference=f"offline:{receipt.receipt_no}",
            memo=f"{bill.order_no} #{bill.period}",
            commission_reference=f"commission:{receipt.receipt_no}",
        ),
        actor=actor,
        finished_at=timezone.now(),
    )
    return Collected(payment.bill, payment, bool(settled.newly_paid))


def offline_posting(
    receipt: OfflineReceipt, *, reference: str, memo: str, commission_reference: str, **meta: Any
) -> settle.Posting:
    """How money received outside the provider is booked: in the merchant's own bank, never
    at the provider (so never withdrawable), the receipt's channel and day on the journal."""
    return settle.Posting(
        reference=reference,
        kind="offline_repayment",
        memo=memo,
        commission_reference=commission_reference,
        platform_receipt=False,
        payment_reference=receipt.receipt_no,
        meta={"channel": receipt.channel, "paid_on": receipt.paid_on.isoformat(), **meta},
        moved_on=receipt.paid_on,
        audit_action="bill.paid_offline",
        audit_extra={
            "channel": receipt.channel,
            "receipt_no": receipt.receipt_no,
            "paid_on": receipt.paid_on.isoformat(),
        },
        audit_reason=receipt.remark,
    )
