"""Reads of the risk price list and of recharges: a merchant's own (its host), every
merchant's (the platform's audit)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import segno
from django.db.models import Count, QuerySet
from django_tenants.utils import get_public_schema_name, schema_context

from tenants.catalog.selectors import money
from zulin.audit.review import review_actions, review_timeline
from zulin.core.auth import Session
from zulin.core.dates import on_days
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.core.pagination import page_of

from . import governance, rules
from .models import QueryKind, RechargeMethod, RechargeStatus, RiskQueryType, RiskRecharge
from .review import REVIEW, recharge_request

REJECT_REASONS = (
    ("未收到该笔转账", "The transfer has not arrived"),
    ("转账金额与申请金额不符", "The amount transferred differs from the request"),
    ("凭证不清晰，请重新上传", "The voucher cannot be read; upload it again"),
    ("付款账户与商户信息不符", "The paying account does not match the merchant"),
)


# --- the price list ------------------------------------------------------------------------


def query_type_row(row: RiskQueryType) -> dict[str, Any]:
    return {
        "value": row.code,
        "kind": row.kind,
        "label": row.name_zh,
        "label_en": row.name_en,
        "description": row.description_zh,
        "description_en": row.description_en,
        "price": money(row.price),
    }


def query_types() -> list[dict[str, Any]]:
    """The query types the platform sells now, with their prices (getRiskTypeMap)."""
    return [query_type_row(row) for row in RiskQueryType.objects.filter(enabled=True)]


def query_type_names() -> dict[str, tuple[str, str]]:
    """Every type ever sold (a type turned off still names its past queries)."""
    return {row.code: (row.name_zh, row.name_en) for row in RiskQueryType.objects.all()}


def query_type_price(code: str, *, kind: str = QueryKind.RISK) -> Decimal:
    """The price of one query of `code` (a `kind` query); VALIDATION when the platform does
    not sell it."""
    found = RiskQueryType.objects.filter(code=code, kind=kind, enabled=True).first()
    if found is None:
        raise field_error(
            "query_type", Text("平台不提供该查询类型", "not a query type the platform sells")
        )
    return found.price


def low_balance_threshold() -> Decimal:
    """Below this the workbench warns: fewer intake checks left than LOW_BALANCE_CHECKS."""
    found = RiskQueryType.objects.filter(code=rules.INTAKE_QUERY_TYPE).first()
    return (found.price if found else Decimal("0.00")) * rules.LOW_BALANCE_CHECKS


# --- recharges -----------------------------------------------------------------------------


def recharges(
    *,
    merchant_id: int | None,
    status: str | None = None,
    method: str | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
    recharge_no: str = "",
) -> QuerySet[RiskRecharge]:
    rows = RiskRecharge.objects.all()
    if merchant_id is not None:
        rows = rows.filter(merchant_id=merchant_id)
    if status:
        rows = rows.filter(status=status)
    if method:
        rows = rows.filter(method=method)
    rows = on_days(rows, date_from, date_to)
    if recharge_no:
        rows = rows.filter(recharge_no=recharge_no.strip().upper())
    return rows


def recharge_row(row: RiskRecharge, session: Session) -> dict[str, Any]:
    """One recharge's facts and what `session` may do with it now."""
    return {
        "id": row.pk,
        "recharge_no": row.recharge_no,
        "merchant_id": row.merchant_id,
        "merchant_name": row.merchant.name,
        "method": row.method,
        "method_name": str(RechargeMethod(row.method).label),
        "amount": money(row.amount),
        "status": row.status,
        "status_name": str(RechargeStatus(row.status).label),
        "remark": row.remark,
        "applicant": row.applicant_name,
        "has_voucher": row.voucher_file_id is not None,
        "provider_trade_no": row.provider_reference,
        "failure_reason": row.failure_reason,
        "reject_reason": row.reject_reason,
        "reviewer": row.reviewer_name,
        "reviewed_at": row.reviewed_at,
        "credited_at": row.credited_at,
        "created_at": row.created_at,
        "actions": review_actions(REVIEW, recharge_request(status=row.status), actor=session),
    }


def recharge_counts(*, merchant_id: int | None, **filters: Any) -> list[dict[str, Any]]:
    """Each status with how many recharges (the tabs), every status listed."""
    found = dict(
        recharges(merchant_id=merchant_id, **filters)
        .values_list("status")
        .annotate(n=Count("id"))
        .values_list("status", "n")
    )
    return [
        {"value": s.value, "label": str(s.label), "count": found.get(s.value, 0)}
        for s in RechargeStatus
    ]


def recharge_page(*, session: Session, page: int, page_size: int, **filters: Any) -> dict[str, Any]:
    """Newest first, with the tabs' counts (the other filters applied, not the status)."""
    rows = recharges(**filters).select_related("merchant")
    counted = {key: value for key, value in filters.items() if key != "status"}
    return {
        **page_of(
            rows.order_by("-created_at", "-id"),
            page=page,
            page_size=page_size,
            row=lambda recharge: recharge_row(recharge, session),
            counted=recharges(**filters),
        ),
        "statuses": recharge_counts(**counted),
    }


def qr_picture(text: str) -> str:
    """The QR code of `text` as an SVG data URI an <img> shows."""
    return segno.make(text, error="m").svg_data_uri(scale=6, border=2)


def recharge_detail(
    *, recharge_id: int, merchant_id: int | None, session: Session
) -> dict[str, Any]:
    """One recharge with its timeline, a short-lived link to its voucher and, while a QR
    payment waits, its QR code; a merchant sees only its own (NOT_FOUND else)."""
    found = (
        recharges(merchant_id=merchant_id).select_related("merchant").filter(pk=recharge_id).first()
    )
    if found is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    waiting = found.status == RechargeStatus.PAYING and bool(found.qr_code)
    with schema_context(get_public_schema_name()):  # kept with the recharge, in public
        timeline = review_timeline(REVIEW, found.pk)
    return {
        **recharge_row(found, session),
        "timeline": timeline,
        "voucher_url": governance.voucher_link(found, session=session),
        "qr_code": found.qr_code if waiting else "",
        "qr_image": qr_picture(found.qr_code) if waiting else "",
        "reject_reasons": reject_reasons(),
    }


def reject_reasons() -> list[dict[str, str]]:
    return [{"label": zh, "label_en": en} for zh, en in REJECT_REASONS]
