"""Reads of the merchant's risk queries and of its prepaid risk balance: the balance, the
queries (chartRiskListDetail), the balance's lines — recharges in, charges out, read from the
ledger (getRiskBillList) — and an order's results (its detail)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.db.models import (
    Case,
    CharField,
    DecimalField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.fields.json import KT
from django.db.models.functions import Coalesce
from django.utils import timezone

from tenants.catalog.selectors import money
from tenants.risk.selectors import query_type_names
from zulin.core.auth import Session
from zulin.core.dates import on_days
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.pagination import page_of
from zulin.ledger.models import Journal
from zulin.ledger.selectors import account_balance

from .models import CreditQuery, QuerySource, RiskQuery

ZERO = Decimal("0.00")
BALANCE_ACCOUNT = "risk_prepaid"
# type → (journal kind, 中文, English), in the order the tabs show them.
BILL_TYPES: dict[str, tuple[str, str, str]] = {
    "recharge": ("risk_recharge", "充值", "Recharge"),
    "charge": ("risk_charge", "查询扣费", "Query charge"),
}
DECISIONS = {
    "pass": ("通过", "Pass"),
    "review": ("人工复核", "Review"),
    "refuse": ("拒绝", "Refuse"),
}


# --- who reads the balance and the queries -------------------------------------------------


def risk_reader_check(session: Session) -> None:
    """The balance and the queries are the merchant's: who recharges it and the auditors who
    spend it read them; a sub-shop's account never does (they span every sub-shop)."""
    if session.sub_shop_id is not None:
        raise ApplicationError(ErrorCode.FORBIDDEN)
    if not (session.can("risk.recharge") or session.can("order.audit")):
        raise ApplicationError(ErrorCode.FORBIDDEN)


def credit_auditor_check(session: Session) -> None:
    """A credit report is the merchant's to ask for: its auditors, never a sub-shop."""
    if session.sub_shop_id is not None or not session.can("order.audit"):
        raise ApplicationError(ErrorCode.FORBIDDEN)


def risk_balance() -> Decimal:
    """The merchant's prepaid risk balance now (kept on its ledger row)."""
    return account_balance(BALANCE_ACCOUNT, cached=True)


# --- queries -------------------------------------------------------------------------------


def risk_queries(
    *,
    query_type: str | None = None,
    source: str | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
    order_no: str = "",
    order_id: int | None = None,
) -> QuerySet[RiskQuery]:
    rows = RiskQuery.objects.exclude(grade="")  # only answered queries are kept; belt and braces
    if query_type:
        rows = rows.filter(query_type=query_type)
    if source:
        rows = rows.filter(source=source)
    rows = on_days(rows, date_from, date_to)
    if order_no:
        rows = rows.filter(order_no=order_no.strip().upper())
    if order_id is not None:
        rows = rows.filter(order_id=order_id)
    return rows


def risk_query_row(row: RiskQuery, names: dict[str, tuple[str, str]]) -> dict[str, Any]:
    zh, en = names.get(row.query_type, (row.query_type, row.query_type))
    decision_zh, decision_en = DECISIONS.get(row.decision, (row.decision, row.decision))
    return {
        "id": row.pk,
        "query_no": row.query_no,
        "query_type": row.query_type,
        "query_type_name": zh,
        "query_type_name_en": en,
        "price": money(row.price),
        "source": row.source,
        "source_name": str(QuerySource(row.source).label),
        "order_id": row.order_id,
        "order_no": row.order_no,
        "name": row.subject_name,
        "id_number": row.id_number_masked,
        "phone": row.phone_masked,
        "score": row.score,
        "grade": row.grade,
        "decision": row.decision,
        "decision_name": decision_zh,
        "decision_name_en": decision_en,
        "hit_rules": row.hit_rules,
        "reference": row.provider_reference,
        "actor": row.actor_name,
        "created_at": row.created_at,
    }


def risk_query_page(*, page: int, page_size: int, **filters: Any) -> dict[str, Any]:
    """chartRiskListDetail: the shop's answered queries, newest first."""
    names = query_type_names()
    rows = risk_queries(**filters).order_by("-created_at", "-id")
    return page_of(rows, page=page, page_size=page_size, row=lambda r: risk_query_row(r, names))


def risk_query_count(**filters: Any) -> int:
    return risk_queries(**filters).count()


def risk_query_chunks(chunk_size: int = 1000, **filters: Any) -> Iterator[list[dict[str, Any]]]:
    """Every query the list shows for these filters, newest first, a chunk at a time (read
    below the last chunk's id: no OFFSET grows)."""
    names = query_type_names()
    rows = risk_queries(**filters).order_by("-id")
    after: int | None = None
    while True:
        chunk = list((rows if after is None else rows.filter(id__lt=after))[:chunk_size])
        if not chunk:
            return
        yield [risk_query_row(row, names) for row in chunk]
        after = chunk[-1].pk


def order_risk_checks(order_id: int) -> list[dict[str, Any]]:
    """An order's risk results, one row per query asked about its customer, oldest first."""
    names = query_type_names()
    rows = risk_queries(order_id=order_id).order_by("created_at", "id")
    return [risk_query_row(row, names) for row in rows]


# --- the balance's lines -------------------------------------------------------------------


MONEY: DecimalField = DecimalField(max_digits=14, decimal_places=2)


def _moved() -> Any:
    """Debits less credits of the journal on the balance's account: + in, - out."""

    def side(name: str) -> Any:
        return Coalesce(
            Sum(
                "entries__amount",
                filter=Q(entries__account__code=BALANCE_ACCOUNT, entries__side=name),
            ),
            Value(ZERO),
            output_field=MONEY,
        )

    return side("debit") - side("credit")


def _bill_journals(
    *, type: str | None = None, date_from: date | None = None, date_to: date | None = None
) -> QuerySet[Journal]:
    kinds = [BILL_TYPES[type][0]] if type else [kind for kind, _, _ in BILL_TYPES.values()]
    journals = Journal.objects.filter(kind__in=kinds)
    return on_days(journals, date_from, date_to)


def _bill_values(journals: QuerySet[Journal]) -> Any:
    query = RiskQuery.objects.filter(query_no=OuterRef("query_no"))
    credit = CreditQuery.objects.filter(apply_no=OuterRef("query_no"))
    return (
        journals.annotate(
            type=Case(
                *[When(kind=kind, then=Value(key)) for key, (kind, _, _) in BILL_TYPES.items()],
                output_field=CharField(),
            ),
            amount=_moved(),
            query_no=KT("meta__query_no"),
            recharge_no=KT("meta__recharge_no"),
            query_type=KT("meta__query_type"),
            order_no=Coalesce(
                Subquery(query.values("order_no")[:1]), Subquery(credit.values("order_no")[:1])
            ),
        )
        .order_by("-id")
        .values(
            "id",
            "created_at",
            "type",
            "amount",
            "memo",
            "reference",
            "query_no",
            "recharge_no",
            "query_type",
            "order_id",
            "order_no",
            "actor_name",
        )
    )


def _bill_row(names: dict[str, tuple[str, str]]) -> Any:
    def row(item: dict[str, Any]) -> dict[str, Any]:
        _, zh, en = BILL_TYPES[item["type"]]
        type_zh, type_en = names.get(item["query_type"] or "", ("", ""))
        return {
            "id": item["id"],
            "created_at": item["created_at"],
            "type": item["type"],
            "type_name": zh,
            "type_name_en": en,
            "amount": money(item["amount"]),
            "memo": item["memo"],
            "reference": item["reference"],
            "recharge_no": item["recharge_no"] or "",
            "query_no": item["query_no"] or "",
            "query_type_name": type_zh,
            "query_type_name_en": type_en,
            "order_id": item["order_id"],
            "order_no": item["order_no"] or "",
            "actor": item["actor_name"],
        }

    return row


def risk_bill_page(*, page: int, page_size: int, **filters: Any) -> dict[str, Any]:
    """getRiskBillList: the balance's lines newest first, the balance now and, for the
    period of the filters, what came in and what the queries took."""
    journals = _bill_journals(**filters)
    answer = page_of(
        _bill_values(journals),
        page=page,
        page_size=page_size,
        row=_bill_row(query_type_names()),
        counted=journals,
    )
    period = {key: value for key, value in filters.items() if key != "type"}
    totals = {
        key: _bill_journals(type=key, **period).aggregate(total=_moved())["total"] or ZERO
        for key in BILL_TYPES
    }
    return {
        **answer,
        "balance": money(risk_balance()),
        "recharged": money(totals["recharge"]),
        "charged": money(-totals["charge"]),
        "types": [
            {"value": key, "label": zh, "label_en": en} for key, (_, zh, en) in BILL_TYPES.items()
        ],
    }


def risk_bill_count(**filters: Any) -> int:
    return _bill_journals(**filters).count()


def risk_bill_chunks(chunk_size: int = 1000, **filters: Any) -> Iterator[list[dict[str, Any]]]:
    names = query_type_names()
    journals = _bill_journals(**filters)
    row = _bill_row(names)
    after: int | None = None
    while True:
        chunk = list(
            _bill_values(journals if after is None else journals.filter(id__lt=after))[:chunk_size]
        )
        if not chunk:
            return
        yield [row(item) for item in chunk]
        after = chunk[-1]["id"]


# --- credit-bureau queries -----------------------------------------------------------------

CREDIT_STATUSES = {
    "processing": ("查询中", "Compiling"),
    "done": ("已出报告", "Report ready"),
    "failed": ("查询失败", "Failed"),
}
CREDIT_LEVELS = {
    "excellent": ("优秀", "Excellent"),
    "good": ("良好", "Good"),
    "fair": ("一般", "Fair"),
    "poor": ("较差", "Poor"),
}


def credit_query_row(row: CreditQuery) -> dict[str, Any]:
    status_zh, status_en = CREDIT_STATUSES.get(row.status, (row.status, row.status))
    level_zh, level_en = CREDIT_LEVELS.get(row.level, (row.level, row.level))
    return {
        "id": row.pk,
        "apply_no": row.apply_no,
        "order_id": row.order_id,
        "order_no": row.order_no,
        "name": row.subject_name,
        "id_number": row.id_number_masked,
        "price": money(row.price),
        "status": row.status,
        "status_name": status_zh,
        "status_name_en": status_en,
        "score": row.score,
        "level": row.level,
        "level_name": level_zh,
        "level_name_en": level_en,
        "overdue_accounts": row.overdue_accounts,
        "open_accounts": row.open_accounts,
        "queries_90_days": row.queries_90_days,
        "reason": row.failure_reason,
        "reference": row.provider_reference,
        "actor": row.actor_name,
        "created_at": row.created_at,
        "finished_at": row.finished_at,
    }


def credit_queries(
    *, order_id: int | None = None, order_no: str = "", status: str | None = None
) -> QuerySet[CreditQuery]:
    rows = CreditQuery.objects.all()
    if order_id is not None:
        rows = rows.filter(order_id=order_id)
    if order_no:
        rows = rows.filter(order_no=order_no.strip().upper())
    if status:
        rows = rows.filter(status=status)
    return rows


def credit_query_page(*, page: int, page_size: int, **filters: Any) -> dict[str, Any]:
    """userCreditQuery: the shop's credit queries, newest first."""
    rows = credit_queries(**filters).order_by("-created_at", "-id")
    return page_of(rows, page=page, page_size=page_size, row=credit_query_row)


def credit_query_detail(query_id: int) -> dict[str, Any]:
    found = CreditQuery.objects.filter(pk=query_id).first()
    if found is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return credit_query_row(found)


def credit_query_times(*, id_number_hash: str, days: int) -> dict[str, Any]:
    """How often the shop queried the person's credit in the last `days` days, when last,
    and how many institutions the bureau counted in its latest report (90 days before it)."""
    since = timezone.now() - timedelta(days=days)
    mine = CreditQuery.objects.filter(id_number_hash=id_number_hash)
    latest = mine.order_by("-created_at", "-id").first()
    reported = mine.filter(status="done").order_by("-finished_at", "-id").first()
    return {
        "days": days,
        "times": mine.filter(created_at__gte=since).count(),
        "last_query_at": latest.created_at if latest else None,
        "bureau_times_90_days": reported.queries_90_days if reported else None,
        "bureau_reported_at": reported.finished_at if reported else None,
    }
