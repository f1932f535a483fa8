"""Reads of withdrawals: the merchant's own (its host), every merchant's (the platform)."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db.models import Count, F, QuerySet, Sum
from django_tenants.utils import get_public_schema_name, schema_context

from tenants.catalog.selectors import money
from zulin.audit.review import review_actions, review_timeline
from zulin.core.auth import Session
from zulin.core.crypto import mask_bank_account
from zulin.core.dates import on_days
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.pagination import page_of

from .models import (
    MerchantMoneyDay,
    MismatchKind,
    MismatchStatus,
    ReconciliationMismatch,
    ReconciliationRun,
    Resolution,
    RunStatus,
    Withdrawal,
    WithdrawalApproval,
    WithdrawalStatus,
)
from .money import AMOUNT_COLUMNS, COUNT_COLUMNS, RECEIVED_COLUMNS, ZERO
from .review import REVIEW, withdrawal_request

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
    rows = on_days(rows, date_from, date_to)
    if withdrawal_no:
        rows = rows.filter(withdrawal_no=withdrawal_no.strip().upper())
    return rows


# What a withdrawal's row shows, read as values (the list reads its page this way).
_ROW_COLUMNS = (
    "id",
    "withdrawal_no",
    "merchant_id",
    "merchant__name",
    "amount",
    "status",
    "needs_two",
    "bank_name",
    "account_name",
    "account_number",
    "remark",
    "applicant_name",
    "reject_reason",
    "failure_reason",
    "provider_reference",
    "created_at",
    "paid_at",
)


def withdrawal_statuses(ids: list[int]) -> dict[int, str]:
    """id → status of these withdrawals (read from a merchant's schema too: the rows live in
    public, which every schema's path reaches)."""
    if not ids:
        return {}
    return dict(Withdrawal.objects.filter(pk__in=ids).values_list("pk", "status"))


def _withdrawal_rows(found: list[dict[str, Any]], session: Session) -> list[dict[str, Any]]:
    """Rows from `_ROW_COLUMNS` values, with the approvals of all of them in one query and
    what `session` may do with each."""
    approvals: dict[int, list[dict[str, Any]]] = {row["id"]: [] for row in found}
    if approvals:
        for approval in (
            WithdrawalApproval.objects.filter(withdrawal_id__in=list(approvals))
            .order_by("id")
            .values("withdrawal_id", "account_id", "account_name", "created_at")
        ):
            approvals[approval["withdrawal_id"]].append(
                {
                    "account_id": approval["account_id"],
                    "name": approval["account_name"],
                    "created_at": approval["created_at"],
                }
            )
    return [_withdrawal_row(row, approvals[row["id"]], session) for row in found]


def _withdrawal_row(
    row: dict[str, Any], approvals: list[dict[str, Any]], session: Session
) -> dict[str, Any]:
    waiting = row["status"] in (WithdrawalStatus.PENDING, WithdrawalStatus.REVIEWING)
    return {
        "id": row["id"],
        "withdrawal_no": row["withdrawal_no"],
        "merchant_id": row["merchant_id"],
        "merchant_name": row["merchant__name"],
        "amount": money(row["amount"]),
        "status": row["status"],
        "status_name": WithdrawalStatus(row["status"]).label,
        "needs_two": row["needs_two"],
        "approvals_needed": (2 if row["needs_two"] else 1) - len(approvals) if waiting else 0,
        "approvals": approvals,
        "bank_name": row["bank_name"],
        "account_name": row["account_name"],
        "account_number": mask_bank_account(row["account_number"]),
        "remark": row["remark"],
        "applicant": row["applicant_name"],
        "reject_reason": row["reject_reason"],
        "failure_reason": row["failure_reason"],
        "provider_trade_no": row["provider_reference"],
        "created_at": row["created_at"],
        "paid_at": row["paid_at"],
        "actions": review_actions(
            REVIEW,
            withdrawal_request(
                status=row["status"],
                needs_two=row["needs_two"],
                approvers=[approval["account_id"] for approval in approvals],
            ),
            actor=session,
        ),
    }


def withdrawal_page(
    *, session: Session, page: int, page_size: int, **filters: Any
) -> dict[str, Any]:
    rows = withdrawals(**filters).order_by("-created_at", "-id")
    answer = page_of(rows.values(*_ROW_COLUMNS), page=page, page_size=page_size, counted=rows)
    answer["list"] = _withdrawal_rows(answer["list"], session)
    return answer


def withdrawal_detail(
    *, withdrawal_id: int, merchant_id: int | None, session: Session
) -> dict[str, Any]:
    """One withdrawal with its timeline and what `session` may do with it; a merchant sees
    only its own (NOT_FOUND else)."""
    found = withdrawals(merchant_id=merchant_id).filter(pk=withdrawal_id).values(*_ROW_COLUMNS)
    if not found:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return {**_withdrawal_rows(list(found), session)[0], "timeline": _timeline(withdrawal_id)}


def _timeline(withdrawal_id: int) -> list[dict[str, Any]]:
    with schema_context(get_public_schema_name()):  # kept with the withdrawal, in public
        return review_timeline(REVIEW, withdrawal_id)


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


# --- reconciliation runs and their mismatches ----------------------------------------------

# Kinds a re-query of the provider can fix (tenants.finance.reconciliation.SYNCABLE).
SYNCABLE_KINDS = frozenset({MismatchKind.MISSING_IN_LEDGER})


def reconciliation_runs(
    *,
    merchant_id: int | None = None,
    status: str | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
) -> QuerySet[ReconciliationRun]:
    rows = ReconciliationRun.objects.all()
    if merchant_id is not None:
        rows = rows.filter(merchant_id=merchant_id)
    if status:
        rows = rows.filter(status=status)
    if date_from:
        rows = rows.filter(day__gte=date_from)
    if date_to:
        rows = rows.filter(day__lte=date_to)
    return rows


def reconciliation_run_row(run: ReconciliationRun) -> dict[str, Any]:
    return {
        "id": run.pk,
        "merchant_id": run.merchant_id,
        "merchant_name": run.merchant.name,
        "day": run.day,
        "status": run.status,
        "status_name": RunStatus(run.status).label,
        "provider_count": run.provider_count,
        "provider_amount": money(run.provider_amount),
        "ledger_count": run.ledger_count,
        "ledger_amount": money(run.ledger_amount),
        "matched_count": run.matched_count,
        "matched_amount": money(run.matched_amount),
        "mismatch_count": run.mismatch_count,
        "mismatch_amount": money(run.mismatch_amount),
        "open_count": run.open_count,
        "error": run.error,
        "attempts": run.attempts,
        "started_at": run.started_at,
        "finished_at": run.finished_at,
    }


def reconciliation_run_page(*, page: int, page_size: int, **filters: Any) -> dict[str, Any]:
    """Runs newest day first, and how many runs each status holds under the other filters
    (the tabs)."""
    rows = reconciliation_runs(**filters).select_related("merchant")
    answer = page_of(
        rows.order_by("-day", "merchant_id"),
        page=page,
        page_size=page_size,
        row=reconciliation_run_row,
        counted=reconciliation_runs(**filters),
    )
    found = dict(
        reconciliation_runs(**{**filters, "status": None})
        .values_list("status")
        .annotate(n=Count("id"))
        .values_list("status", "n")
    )
    answer["statuses"] = [
        {"value": s.value, "label": str(s.label), "count": found.get(s.value, 0)} for s in RunStatus
    ]
    return answer


def mismatch_row(row: ReconciliationMismatch) -> dict[str, Any]:
    return {
        "id": row.pk,
        "run_id": row.run_id,
        "merchant_id": row.merchant_id,
        "day": row.day,
        "kind": row.kind,
        "kind_name": MismatchKind(row.kind).label,
        "operation": row.operation,
        "out_no": row.out_no,
        "trade_no": row.trade_no,
        "provider_status": row.provider_status,
        "provider_amount": money(row.provider_amount),
        "ledger_amount": money(row.ledger_amount),
        "ledger_reference": row.ledger_reference,
        "difference": money(row.difference),
        "detail": row.detail,
        "status": row.status,
        "resolution": row.resolution,
        "resolution_name": Resolution(row.resolution).label if row.resolution else "",
        "note": row.note,
        "resolved_by": row.resolved_by_name,
        "resolved_at": row.resolved_at,
        "can_sync": row.status == MismatchStatus.OPEN and row.kind in SYNCABLE_KINDS,
    }


def reconciliation_run_detail(*, run_id: int) -> dict[str, Any]:
    run = ReconciliationRun.objects.select_related("merchant").filter(pk=run_id).first()
    if run is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return {
        "run": reconciliation_run_row(run),
        "mismatches": [mismatch_row(row) for row in run.mismatches.order_by("status", "id")],
    }


def mismatch_detail(*, mismatch_id: int) -> dict[str, Any]:
    found = ReconciliationMismatch.objects.filter(pk=mismatch_id).first()
    if found is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return mismatch_row(found)


# --- money per merchant per day ------------------------------------------------------------

_FIGURES = (*AMOUNT_COLUMNS, *COUNT_COLUMNS)
_SUMS = {f"sum_{column}": Sum(column) for column in _FIGURES}


def _money_figures(sums: dict[str, Any]) -> dict[str, Any]:
    figures: dict[str, Any] = {c: money(sums[f"sum_{c}"] or ZERO) for c in AMOUNT_COLUMNS}
    figures.update({c: int(sums[f"sum_{c}"] or 0) for c in COUNT_COLUMNS})
    figures["received"] = money(sum((sums[f"sum_{c}"] or ZERO for c in RECEIVED_COLUMNS), ZERO))
    return figures


def money_daily(
    *,
    date_from: date,
    date_to: date,
    merchant_id: int | None = None,
    page: int = 1,
    page_size: int = 20,
) -> dict[str, Any]:
    """Money per day summed across merchants (or of `merchant_id`), per merchant over the
    range (most received first, a page of them), and the range's total. Reads the public
    rows only (`MerchantMoneyDay`)."""
    rows = MerchantMoneyDay.objects.filter(day__gte=date_from, day__lte=date_to)
    if merchant_id is not None:
        rows = rows.filter(merchant_id=merchant_id)
    days = [
        {"day": row["day"], **_money_figures(row)}
        for row in rows.values("day").annotate(**_SUMS).order_by("day")
    ]
    received = sum((F(f"sum_{c}") for c in RECEIVED_COLUMNS[1:]), F(f"sum_{RECEIVED_COLUMNS[0]}"))
    per_merchant = (
        rows.values("merchant_id", "merchant__name")
        .annotate(**_SUMS)
        .annotate(received_total=received)
        .order_by("-received_total", "merchant_id")
    )
    merchants = page_of(
        per_merchant,
        page=page,
        page_size=page_size,
        row=lambda row: {
            "merchant_id": row["merchant_id"],
            "merchant_name": row["merchant__name"],
            **_money_figures(row),
        },
        counted=rows.values("merchant_id").distinct(),
    )
    return {
        "date_from": date_from,
        "date_to": date_to,
        "days": days,
        "merchants": merchants,
        "total": _money_figures(rows.aggregate(**_SUMS)),
    }
