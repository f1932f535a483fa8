"""Billing's part of the demo: the shop's money after its orders' history (late fees, a
waiver, repayments offline and early, two withholds the provider's books disagree on), made
through the services; and the platform's bills due per day (`MerchantDueDay`) made from the
shop's bills as the job makes them, so the platform's data centre shows rent and buyout due
and the overdue rate at once (the job keeps them fresh afterwards)."""

from __future__ import annotations

import base64
from decimal import Decimal
from typing import Any

from django.utils import timezone

from apps.orders import machine
from apps.orders.demo_history import provider_settle
from apps.orders.models import Order
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.documents.slip import TransferSlip, transfer_slip_png
from zulin.providers.sandbox import sandbox_failure_add

from . import bill_pay, latefees, repayments
from .demo_zhima import ZHIMA_KEY
from .models import Bill, BillPayment, BillStatus, EarlySettlement, OfflineReceipt, Statement
from .offline import OfflineDetails
from .projection import due_days_project
from .rent_run import late_fee_waive


def due_days_showcase_load() -> int:
    """The active merchant's bills due per day in public (replaced, so a second run adds
    nothing)."""
    return due_days_project()


def money_showcase_load(*, owner: Session, slug: str) -> dict[str, int]:
    """The shop's money after its orders (whose nights charged the bills, failed for lack of
    balance and closed the statements of past days): late fees caught up to today, one
    partly waived, a repayment by bank transfer and a lease settled early. Safe to run
    again: late fees are one row per bill and day, the waiver and the repayments have their
    keys."""
    latefees.late_fees_accrue()
    overdue = list(
        Bill.objects.filter(
            status=BillStatus.UNPAID, due_date__lt=timezone.localdate(), period__gte=1
        )
        .exclude(order_id__in=_recovery_debts())
        .order_by("order_id", "period")
    )
    owing = [bill for bill in overdue if bill.late_fee_owed > 0]
    if owing:
        bill = owing[0]
        half = (bill.late_fee_owed / 2).quantize(Decimal("0.01"))
        if half > 0 and not bill.waivers.exists():
            late_fee_waive(
                actor=owner,
                order_id=bill.order_id,
                period=bill.period,
                amount=half,
                reason="客户首次逾期，减免一半违约金",
                idempotency_key=f"demo-{slug}-waive-1",
            )
    repayments_showcase_load(owner=owner, slug=slug)
    # The statements the nights closed (each journal on its settlement day): what the shop
    # can withdraw now; what came in the last days waits for its day.
    closed = Statement.objects.filter(status="closed").count()
    return {"late_fee_bills": len(owing), "statements": closed}


def _recovery_debts() -> Any:
    """The recovery showcase's own debts (their keys say `-late-`): its cases, promises and
    write-off are its story, so the money showcase leaves them as they are."""
    return Order.objects.filter(idempotency_key__contains="-late-").values("pk")


def reconciliation_faults_load(*, owner: Session, slug: str) -> int:
    """Two withholds whose money the provider's books and the shop's disagree on, made
    through the collection service with the sandbox's failures on demand: one taken whose
    callback was lost (never synced: missing in the ledger), one taken 0.01 short (amounts
    differ). Each has its idempotency key: a second run adds nothing. Answers how many."""
    faults = (("recon-lost", "CALLBACK_LOST"), ("recon-short", "AMOUNT_DIFFERS"))
    today = timezone.localdate()
    # A lease none of whose bills is past due: the stories told after this one (recovery's
    # payment links, repayments by transfer) work overdue bills, and one of them settling or
    # closing the fault's trade would take the difference away. Which leases are overdue
    # depends on the hour the load runs (before 02:00 China time today's night has not run).
    overdue = Bill.objects.filter(
        status__in=[BillStatus.UNPAID, BillStatus.PAYING], due_date__lt=today
    ).values("order_id")
    made = 0
    for name, reason in faults:
        key = f"demo-{slug}-{name}"
        if BillPayment.objects.filter(idempotency_key=key).exists():
            made += 1
            continue
        candidates = (
            Order.objects.filter(status="in_lease", has_open_after_sale=False, is_deleted=False)
            .exclude(withhold_agreement_no="")
            .exclude(pk__in=overdue)
            .exclude(idempotency_key__contains=ZHIMA_KEY)
        )
        for order in candidates.order_by("pk"):
            bill = (
                Bill.objects.filter(order_id=order.pk, period__gte=2)
                .exclude(status__in=[BillStatus.PAID, BillStatus.CANCELLED])
                .order_by("period")
                .first()
            )
            if (
                bill is None
                or bill.status != BillStatus.UNPAID
                or bill.due_date <= today  # tonight's rent run would take it
                or bill.payments.exists()
            ):
                continue
            sandbox_failure_add(
                service="payment",
                operation="withhold",
                reason=reason,
                merchant=slug,
                subject=bill.out_trade_no,
            )
            bill_pay.order_bill_pay(
                order_id=order.pk, period=bill.period, actor=owner, idempotency_key=key
            )
            provider_settle(slug)
            made += 1
            break
    return made


def repayments_showcase_load(*, owner: Session, slug: str) -> dict[str, bool]:
    """One overdue bill the customer repaid by bank transfer, recorded with its voucher, and
    one lease settled early through the provider (bought out). Each has its key: a second
    run finds it and changes nothing."""
    today = timezone.localdate()
    offline_key, early_key = f"demo-{slug}-offline-1", f"demo-{slug}-early-1"
    running = (
        Order.objects.filter(
            kind="lease", status=machine.IN_LEASE, has_open_after_sale=False, is_deleted=False
        )
        .exclude(pk__in=_recovery_debts())
        .exclude(idempotency_key__contains=ZHIMA_KEY)  # the deposit-free stories' own
        .order_by("id")
    )
    if not OfflineReceipt.objects.filter(idempotency_key=offline_key).exists():
        overdue = (
            Bill.objects.filter(
                order_id__in=running.values("pk"),
                status=BillStatus.UNPAID,
                due_date__lt=today,
                period__gte=1,
            )
            .exclude(order_id__in=Bill.objects.filter(status=BillStatus.PAYING).values("order_id"))
            .order_by("order_id", "period")
        )
        # The oldest open bill of an overdue order whose customer, after the nights' failed
        # auto-debits, paid by bank transfer (one the demo waived nothing of).
        oldest: dict[int, Bill] = {}
        for candidate in overdue:
            oldest.setdefault(candidate.order_id, candidate)
        bill = next(
            (b for b in oldest.values() if not b.waivers.exists()),
            None,
        )
        if bill is not None:
            amount = bill.late_fee_owed + bill.rent_owed
            repayments.offline_repay(
                actor=owner,
                order_id=bill.order_id,
                period=bill.period,
                amount=amount,
                details=OfflineDetails(
                    channel="bank_transfer",
                    paid_on=today,
                    payer_name="王芳",
                    bank_reference=f"CMB{today:%Y%m%d}{bill.pk:06d}",
                    remark="客户逾期后银行转账还款，凭证已核对",
                    voucher_base64=base64.b64encode(
                        transfer_slip_png(
                            TransferSlip(
                                bank="招商银行",
                                payer_name="王芳",
                                payer_account="6214830100021234",
                                payee_name=tenant_connection.tenant.name,
                                payee_account="6225880000001234",
                                amount=amount,
                                day=today,
                                reference=f"CMB{today:%Y%m%d}{bill.pk:06d}",
                                purpose=f"租金还款 {bill.order_no} 第{bill.period}期",
                            )
                        )
                    ).decode(),
                ),
                idempotency_key=offline_key,
            )
    if not EarlySettlement.objects.filter(idempotency_key=early_key).exists():
        # A lease paid on time, nothing overdue: the customer settles the rest now.
        order = next(
            (
                o
                for o in running.filter(overdue_since__isnull=True, ownership_transfer=True)
                .exclude(withhold_agreement_no="")
                .exclude(pk__in=Bill.objects.filter(status=BillStatus.PAYING).values("order_id"))
                if Bill.objects.filter(order_id=o.pk, status=BillStatus.UNPAID).exists()
            ),
            None,
        )
        if order is not None:
            quote = repayments.early_settlement_quote(actor=owner, order_id=order.pk)
            repayments.early_settle(
                actor=owner,
                order_id=order.pk,
                total=Decimal(quote["total"]),
                idempotency_key=early_key,
            )
            provider_settle(slug)
    return {
        "offline": OfflineReceipt.objects.filter(idempotency_key=offline_key).exists(),
        "early": EarlySettlement.objects.filter(
            idempotency_key=early_key, status=EarlySettlement.Status.SUCCEEDED
        ).exists(),
    }
