"""Reads of withdrawals: the merchant's own (its host), every merchant's (the platform)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.db.models import Count, QuerySet
from django_tenants.utils import get_public_schema_name, schema_context

from tenants.catalog.selectors import money
from zulin.audit.state import status_history
from zulin.core.crypto import mask_bank_account
from zulin.core.dates import day_start
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.pagination import page_of

from .models import Withdrawal, WithdrawalStatus

REJECT_REASONS = (
    ("结算账户信息有误", "The settlement account details are wrong"),
    ("存在未处理的客诉或售后", "Open complaints or after-sale cases"),
    ("账户存在风险，需人工核实", "The account needs a manual check"),
    ("金额与结算单不符", "The amount does not match the statements"),
)


def withdrawals(
    *,
    merchant_id: int | None,
    status: str | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
    withdrawal_no: str = "",
) -> QuerySet[Withdrawal]:
    rows = Withdrawal.objects.all()
    if merchant_id is not None:
        rows = rows.filter(merchant_id=merchant_id)
    if status:
        rows = rows.filter(status=status)
    if date_from:
        rows = rows.filter(created_at__gte=day_start(date_from))
    if date_to:
        rows = rows.filter(created_at__lt=day_start(date_to + timedelta(days=1)))
    if withdrawal_no:
        rows = rows.filter(withdrawal_no=withdrawal_no.strip().upper())
    return rows


def withdrawal_row(row: Withdrawal) -> dict[str, Any]:
    approvals = list(row.approvals.all())
    return {
        "id": row.pk,
        "withdrawal_no": row.withdrawal_no,
        "merchant_id": row.merchant_id,
        "merchant_name": row.merchant.name,
        "amount": money(row.amount),
        "status": row.status,
        "status_name": WithdrawalStatus(row.status).label,
        "needs_two": row.needs_two,
        "approvals_needed": (2 if row.needs_two else 1) - len(approvals)
        if row.status in (WithdrawalStatus.PENDING, WithdrawalStatus.REVIEWING)
        else 0,
        "approvals": [
            {"account_id": a.account_id, "name": a.account_name, "created_at": a.created_at}
            for a in approvals
        ],
        "bank_name": row.bank_name,
        "account_name": row.account_name,
        "account_number": mask_bank_account(row.account_number),
        "remark": row.remark,
        "applicant": row.applicant_name,
        "reject_reason": row.reject_reason,
        "failure_reason": row.failure_reason,
        "provider_trade_no": row.provider_trade_no,
        "created_at": row.created_at,
        "paid_at": row.paid_at,
    }


def withdrawal_page(*, page: int, page_size: int, **filters: Any) -> dict[str, Any]:
    rows = withdrawals(**filters).select_related("merchant").prefetch_related("approvals")
    return page_of(
        rows.order_by("-created_at", "-id"),
        page=page,
        page_size=page_size,
        row=withdrawal_row,
        counted=withdrawals(**filters),
    )


def withdrawal_detail(*, withdrawal_id: int, merchant_id: int | None) -> dict[str, Any]:
    """One withdrawal with its timeline; a merchant sees only its own (NOT_FOUND else)."""
    rows = withdrawals(merchant_id=merchant_id).select_related("merchant")
    found = rows.prefetch_related("approvals").filter(pk=withdrawal_id).first()
    if found is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return {
        **withdrawal_row(found),
        "timeline": _timeline(found.pk),
    }


def _timeline(withdrawal_id: int) -> list[dict[str, Any]]:
    with schema_context(get_public_schema_name()):  # kept with the withdrawal, in public
        return status_history(target_type="withdrawal", target_id=withdrawal_id)


def withdrawal_counts(*, merchant_id: int | None, **filters: Any) -> list[dict[str, Any]]:
    """Each status with how many withdrawals (the tabs), every status listed."""
    found = dict(
        withdrawals(merchant_id=merchant_id, **filters)
        .values_list("status")
        .annotate(n=Count("id"))
        .values_list("status", "n")
    )
    return [
        {"value": s.value, "label": str(s.label), "count": found.get(s.value, 0)}
        for s in WithdrawalStatus
    ]


def reject_reasons() -> list[dict[str, str]]:
    return [{"label": zh, "label_en": en} for zh, en in REJECT_REASONS]
