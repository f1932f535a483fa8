"""Credit reporting's reads: records, files and settlement batches of the shop, an order's
credit file (its accounts and records as a file would carry them, and its tree), and the
status codes. A sub-shop's account reads none of it (the API refuses it); a session bound
to a sub-shop would only ever see its own orders' accounts."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from apps.orders.reads import order_credit_facts
from tenants.catalog.selectors import money
from zulin.core.auth import Session
from zulin.core.crypto import mask_name
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.pagination import page_of
from zulin.core.scoping import scope_to_sub_shop

from . import derive
from .models import (
    LIVE_STATES,
    CreditAccount,
    CreditAuthorisation,
    CreditRecord,
    CreditReportFile,
    CreditSettlement,
)
from .xmlfile import FileAccount, build_xml, read_stored, sha256_of, xml_tree


def records_in_scope(session: Session | None) -> QuerySet[CreditRecord]:
    return scope_to_sub_shop(CreditRecord.objects.all(), session, field="account__sub_shop_id")


def _whole_shop(session: Session | None, queryset: QuerySet[Any]) -> QuerySet[Any]:
    """Files and batches span every sub-shop: a session bound to one sees none."""
    if session is not None and session.sub_shop_id is not None:
        return queryset.none()
    return queryset


def files_in_scope(session: Session | None) -> QuerySet[CreditReportFile]:
    return _whole_shop(session, CreditReportFile.objects.all())


def settlements_in_scope(session: Session | None) -> QuerySet[CreditSettlement]:
    return _whole_shop(session, CreditSettlement.objects.all())


def status_map() -> list[dict[str, str]]:
    return [
        {"code": code, "name": zh, "name_en": en} for code, (zh, en) in derive.STATUS_CODES.items()
    ]


def record_row(record: CreditRecord) -> dict[str, Any]:
    account = record.account
    replaced_by = getattr(record, "replaced_by", None) if record.state == "replaced" else None
    return {
        "id": record.pk,
        "record_no": record.record_no,
        "order_id": account.order_id,
        "order_no": account.order_no,
        "account_no": account.account_no,
        "account_type": account.account_type,
        "customer_name": mask_name(account.customer_name),
        "kind": record.kind,
        "key": record.key,
        "period": record.period,
        "instalment": record.instalment,
        "occurred_on": record.occurred_on,
        "status_code": record.status_code,
        "balance": money(record.balance),
        "amount_due": money(record.amount_due),
        "amount_paid": money(record.amount_paid),
        "overdue_amount": money(record.overdue_amount),
        "overdue_periods": record.overdue_periods,
        "state": record.state,
        "errors": list(record.errors or []),
        "replaces_no": record.replaces.record_no if record.replaces is not None else "",
        "replaced_by_no": replaced_by.record_no if replaced_by is not None else "",
        "correction_reason": record.correction_reason,
        "file_no": record.file.file_no if record.file is not None else "",
        "created_at": record.created_at,
    }


def _records(queryset: QuerySet[CreditRecord]) -> QuerySet[CreditRecord]:
    return queryset.select_related("account", "replaces", "file", "replaced_by")


def record_page(
    session: Session | None,
    *,
    state: str = "",
    kind: str = "",
    order_no: str = "",
    period: str = "",
    page: int = 1,
    page_size: int = 20,
) -> dict[str, Any]:
    found = records_in_scope(session)
    if state:
        found = found.filter(state=state)
    if kind:
        found = found.filter(kind=kind)
    if order_no:
        found = found.filter(account__order_no=order_no)
    if period:
        found = found.filter(period=period)
    counts = dict(records_in_scope(session).values_list("state").annotate(n=Count("id")).order_by())
    answer = page_of(
        _records(found).order_by("-id"), page=page, page_size=page_size, row=record_row
    )
    answer["state_counts"] = {state: counts.get(state, 0) for state, _ in _STATES}
    return answer


_STATES = CreditRecord._meta.get_field("state").choices or []


def file_row(found: CreditReportFile) -> dict[str, Any]:
    return {
        "id": found.pk,
        "file_no": found.file_no,
        "period": found.period,
        "status": found.status,
        "file_name": found.file_name,
        "sha256": found.sha256,
        "size": found.size,
        "record_count": found.record_count,
        "accepted_count": found.accepted_count,
        "rejected_count": found.rejected_count,
        "provider_reference": found.provider_reference,
        "feedback_reason": found.failure_reason,
        "created_by": found.actor_name,
        "created_at": found.created_at,
        "submitted_at": found.submitted_at,
        "finished_at": found.finished_at,
    }


def file_page(
    session: Session | None, *, status: str = "", page: int = 1, page_size: int = 20
) -> dict[str, Any]:
    found = files_in_scope(session)
    if status:
        found = found.filter(status=status)
    return page_of(found.order_by("-id"), page=page, page_size=page_size, row=file_row)


def file_detail(session: Session, *, file_id: int, language: int = 0) -> dict[str, Any]:
    """A file with its tree (read from the XML kept, names and ID numbers masked) and its
    records. The XML itself is taken away through `file_export`, with a reason."""
    found = files_in_scope(session).filter(pk=file_id).first()
    if found is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    content = read_stored(found.stored_file_id)
    return {
        **file_row(found),
        "intact": sha256_of(content) == found.sha256,
        "tree": xml_tree(content, language=language),
        "records": [record_row(r) for r in _records(found.records.all()).order_by("id")],
    }


def settlement_row(batch: CreditSettlement) -> dict[str, Any]:
    return {
        "id": batch.pk,
        "batch_no": batch.batch_no,
        "period": batch.period,
        "status": batch.status,
        "record_count": batch.record_count,
        "created_by": batch.actor_name,
        "created_at": batch.created_at,
        "confirmed_at": batch.confirmed_at,
    }


def settlement_result(session: Session | None, *, batch_id: int) -> dict[str, Any]:
    """A batch with its records' states counted (what the bureau accepted, rejected) and its
    records."""
    batch = settlements_in_scope(session).filter(pk=batch_id).first()
    if batch is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    counts = dict(batch.records.values_list("state").annotate(n=Count("id")).order_by())
    return {
        **settlement_row(batch),
        "state_counts": {state: counts.get(state, 0) for state, _ in _STATES},
        "records": [record_row(r) for r in _records(batch.records.all()).order_by("id")],
    }


def settlement_page(session: Session | None, *, page: int = 1, page_size: int = 20) -> Any:
    return page_of(
        settlements_in_scope(session).order_by("-id"),
        page=page,
        page_size=page_size,
        row=settlement_row,
    )


# --- report files: the accounts a file carries -------------------------------------------------


def file_accounts(records: list[CreditRecord]) -> list[FileAccount]:
    """The accounts of `records` as the file carries them (identity from the order)."""
    by_account: dict[int, list[CreditRecord]] = {}
    accounts: dict[int, CreditAccount] = {}
    for record in records:
        by_account.setdefault(record.account_id, []).append(record)
        accounts[record.account_id] = record.account
    facts_of: dict[int, dict[str, Any]] = {}
    contracts = dict(
        CreditAuthorisation.objects.filter(
            order_id__in={a.order_id for a in accounts.values()}
        ).values_list("order_id", "contract_no")
    )
    found = []
    for account_id, account in sorted(accounts.items()):
        if account.order_id not in facts_of:
            facts_of[account.order_id] = order_credit_facts(session=None, order_id=account.order_id)
        facts = facts_of[account.order_id]
        found.append(
            FileAccount(
                account_no=account.account_no,
                account_type=account.account_type,
                order_no=account.order_no,
                contract_no=contracts.get(account.order_id, ""),
                name=facts["customer_name"],
                id_number=facts["customer_id_number"],
                opened_on=account.opened_on,
                due_on=account.due_on,
                credit_limit=account.credit_limit,
                term=account.term,
                collector=account.collector,
                records=[
                    {
                        "record_no": r.record_no,
                        "kind": r.kind,
                        "period": r.period,
                        "occurred_on": r.occurred_on,
                        "instalment": r.instalment,
                        "status_code": r.status_code,
                        "balance": r.balance,
                        "amount_due": r.amount_due,
                        "amount_paid": r.amount_paid,
                        "overdue_amount": r.overdue_amount,
                        "overdue_periods": r.overdue_periods,
                        "corrects": r.replaces.record_no
                        if r.replaces is not None and r.replaces.file_id is not None
                        else "",
                    }
                    for r in by_account[account_id]
                ],
            )
        )
    return found


def institution_code() -> str:
    return str(getattr(tenant_connection.tenant, "slug", "") or tenant_connection.schema_name)


# --- an order's credit file ------------------------------------------------------------------


def _order_records(order_id: int) -> list[CreditRecord]:
    return list(
        CreditRecord.objects.filter(account__order_id=order_id, state__in=LIVE_STATES)
        .exclude(state="draft")
        .select_related("account", "replaces")
        .order_by("account_id", "occurred_on", "id")
    )


def order_credit_file(order_id: int) -> dict[str, Any] | None:
    """The order's credit accounts and their live records as a report file would carry them:
    {xml, sha256, tree} (None while the order has no credit account). The notary attaches it
    as evidence."""
    records = _order_records(order_id)
    if not records:
        return None
    account = records[0].account
    content = build_xml(
        file_no=f"ORDER-{account.order_no}",
        institution=institution_code(),
        period=max(record.period for record in records),
        generated_at=max(record.updated_at for record in records).astimezone(
            timezone.get_current_timezone()
        ),
        accounts=file_accounts(records),
    )
    return {"xml": content, "sha256": sha256_of(content), "tree": xml_tree(content)}


def order_credit(session: Session | None, *, order_id: int, language: int = 0) -> dict[str, Any]:
    """What the order detail shows of reporting: the authorisation, the accounts, every
    record (corrections with what they replace) and the credit file's tree."""
    facts = order_credit_facts(session=session, order_id=order_id)  # the order's scope: 404
    authorisation = CreditAuthorisation.objects.filter(order_id=order_id).first()
    accounts = list(CreditAccount.objects.filter(order_id=order_id).order_by("id"))
    records = _records(records_in_scope(session).filter(account__order_id=order_id)).order_by(
        "account_id", "occurred_on", "id"
    )
    credit_file = order_credit_file(order_id)
    tree = xml_tree(credit_file["xml"], language=language) if credit_file else []
    return {
        "order_id": order_id,
        "order_no": facts["order_no"],
        "lease_started": facts["started"],
        "authorisation": (
            {
                "sign_no": authorisation.sign_no,
                "channel": authorisation.channel,
                "signed_at": authorisation.signed_at,
                "contract_no": authorisation.contract_no,
            }
            if authorisation
            else None
        ),
        "accounts": [
            {
                "account_no": a.account_no,
                "account_type": a.account_type,
                "state": a.state,
                "opened_on": a.opened_on,
                "closed_on": a.closed_on,
                "credit_limit": money(a.credit_limit),
                "collector": a.collector,
            }
            for a in accounts
        ],
        "records": [record_row(r) for r in records],
        "sha256": credit_file["sha256"] if credit_file else "",
        "tree": tree,
    }


def pending_summary(session: Session | None) -> dict[str, Any]:
    found = records_in_scope(session)
    return found.aggregate(
        pending=Count("id", filter=Q(state="pending")),
        rejected=Count("id", filter=Q(state="rejected")),
    )
