"""A bill as the screens show it: its state, payments, offline receipt and waivers; an
order's bills, and the schedule its evidence keeps."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch
from django.utils import timezone

from tenants.catalog.selectors import money
from zulin.core.auth import Session
from zulin.files.links import private_file_link
from zulin.files.models import StoredFile

from .models import (
    Bill,
    BillKind,
    BillLateFee,
    BillPayment,
    BillWaiver,
    LateFeeWaiver,
    OfflineReceipt,
)
from .selectors import bill_state


def payment_row(payment: BillPayment) -> dict[str, Any]:
    return {
        "id": payment.pk,
        "method": payment.method,
        "amount": money(payment.amount),
        "late_fee_amount": money(payment.late_fee_amount),
        "out_trade_no": payment.out_trade_no,
        "provider_trade_no": payment.provider_reference,
        "status": payment.status,
        "failure_reason": payment.failure_reason,
        "created_at": payment.created_at,
        "finished_at": payment.finished_at,
    }


# Who may open an offline repayment's voucher (a link in the bill's answer; each read of the
# file is audited where it is kept).
VOUCHER_ACTION = "finance.view"


def receipt_row(
    receipt: OfflineReceipt, session: Session | None, files: dict[int, StoredFile]
) -> dict[str, Any]:
    stored = files.get(receipt.voucher_file_id)
    may_read = session is not None and session.can(VOUCHER_ACTION)
    return {
        "receipt_no": receipt.receipt_no,
        "purpose": receipt.purpose,
        "amount": money(receipt.amount),
        "channel": receipt.channel,
        "paid_on": receipt.paid_on,
        "payer_name": receipt.payer_name,
        "bank_reference": receipt.bank_reference,
        "remark": receipt.remark,
        "recorded_by": receipt.actor_name,
        "recorded_at": receipt.created_at,
        "voucher_url": (
            private_file_link(stored, session=session, inline=True)
            if stored is not None and may_read and session is not None
            else None
        ),
    }


def _offline_receipt(bill: Bill) -> OfflineReceipt | None:
    for payment in bill.payments.all():
        if payment.status == BillPayment.Status.SUCCEEDED and payment.offline_receipt_id:
            return payment.offline_receipt
    return None


def waiver_row(waiver: BillWaiver) -> dict[str, Any]:
    return {
        "principal": money(waiver.principal),
        "late_fee": money(waiver.late_fee),
        "whole": waiver.whole,
        "reason": waiver.reason,
        "actor_name": waiver.actor_name,
        "created_at": waiver.created_at,
    }


def bill_row(
    bill: Bill,
    today: Any = None,
    *,
    session: Session | None = None,
    files: dict[int, StoredFile] | None = None,
) -> dict[str, Any]:
    receipt = _offline_receipt(bill)
    settled_early = any(
        p.early_settlement_id for p in bill.payments.all() if p.status == "succeeded"
    )
    waivers = sorted(bill.debt_waivers.all(), key=lambda w: w.pk)
    # The waiver that forgave all that was left (the bill cancelled); parts are in `waivers`.
    waiver = next((w for w in waivers if w.whole), None) if bill.waived_at is not None else None
    return {
        "id": bill.pk,
        "order_id": bill.order_id,
        "order_no": bill.order_no,
        "kind": bill.kind,
        "kind_name": BillKind(bill.kind).label if bill.kind in BillKind.values else bill.kind,
        "period": bill.period,
        "due_date": bill.due_date,
        "rent": money(bill.rent),
        "addon_amount": money(bill.addon_amount),
        "amount": money(bill.amount),
        "paid_amount": money(bill.paid_amount),
        "status": bill.status,
        "state": bill_state(bill, today),
        "paid_at": bill.paid_at,
        "paid_by": bill.paid_by,
        "late_fee": money(bill.late_fee),
        "late_fee_waived": money(bill.late_fee_waived),
        "late_fee_paid": money(bill.late_fee_paid),
        "late_fee_owed": money(bill.late_fee_owed),
        "discount": money(bill.discount),
        "waived_amount": money(bill.waived_amount),
        "waiver": waiver_row(waiver) if waiver else None,
        "waivers": [waiver_row(w) for w in waivers],
        "settled_early": settled_early,
        "out_trade_no": bill.out_trade_no,
        "payments": [payment_row(p) for p in bill.payments.all()],
        "offline_receipt": receipt_row(receipt, session, files or {}) if receipt else None,
    }


def order_bills(order_id: int, *, session: Session | None = None) -> list[dict[str, Any]]:
    """The order's bills with every payment attempt; a bill repaid offline carries its
    receipt, and for a session with VOUCHER_ACTION a signed link to the voucher."""
    bills = list(
        Bill.objects.filter(order_id=order_id)
        .prefetch_related("debt_waivers")
        .prefetch_related(
            Prefetch(
                "payments",
                queryset=BillPayment.objects.select_related("offline_receipt").order_by("id"),
            )
        )
        .order_by("period")
    )
    file_ids = {
        p.offline_receipt.voucher_file_id
        for bill in bills
        for p in bill.payments.all()
        if p.offline_receipt is not None
    }
    files = {f.pk: f for f in StoredFile.objects.filter(pk__in=file_ids)} if file_ids else {}
    today = timezone.localdate()
    return [bill_row(bill, today, session=session, files=files) for bill in bills]


def order_bill_schedule(order_id: int) -> list[dict[str, str | int]]:
    """The lease's instalments as the contract lists them (period, due date, amount), for
    evidence kept elsewhere (notarization): plain values, no state that changes with payments."""
    rows = (
        Bill.objects.filter(order_id=order_id, period__gte=1)
        .order_by("period")
        .values_list("period", "due_date", "amount")
    )
    return [
        {"period": period, "due_date": due.isoformat(), "amount": f"{amount:.2f}"}
        for period, due, amount in rows
    ]


def order_late_fee_days(order_id: int) -> dict[int, list[dict[str, Any]]]:
    """Every day's late fee of the order's bills, by bill id, oldest day first: the day, how
    many days overdue, the unpaid base, the day's rate (percent) and the fee it gave."""
    rows: dict[int, list[dict[str, Any]]] = {}
    for fee in BillLateFee.objects.filter(bill__order_id=order_id).order_by("bill_id", "day"):
        rows.setdefault(fee.bill_id, []).append(
            {
                "day": fee.day,
                "days_overdue": fee.days_overdue,
                "base": fee.base,
                "rate": fee.rate,
                "amount": fee.amount,
            }
        )
    return rows


def order_late_fee_waivers(order_id: int) -> list[dict[str, Any]]:
    """Late fee forgone on the order's bills (`waiveLateFee`), oldest first."""
    return [
        {
            "bill_id": waiver.bill_id,
            "period": waiver.bill.period,
            "amount": waiver.amount,
            "reason": waiver.reason,
            "actor_name": waiver.actor_name,
            "created_at": waiver.created_at,
        }
        for waiver in LateFeeWaiver.objects.filter(bill__order_id=order_id)
        .select_related("bill")
        .order_by("id")
    ]
