"""Reads of privacy requests. The log is the shop's whole (a sub-shop's account sees none):
it is kept by the roles with `privacy.manage` (the owner's and customer service's)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone

from apps.orders.reads import customer_people
from tenants.accounts.selectors import store_accounts_with_action
from zulin.audit.state import status_history
from zulin.core.auth import Session
from zulin.core.crypto import lookup_hash, mask_phone
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.pagination import page_of
from zulin.core.workdays import working_days_between

from .models import (
    DEFAULT_DUE_WORKING_DAYS,
    OPEN_STATUSES,
    PrivacyRequest,
    PrivacySetting,
    RequestChannel,
    RequestKind,
    RequestStatus,
    Restriction,
    RestrictionStatus,
    Verification,
)

MANAGE = "privacy.manage"
REQUEST_TARGET = "privacy_request"
# How the log shows the requester of a request about a restricted customer: as the order
# lists show the customer (apps.orders.projection.customer_masked).
RESTRICTED_SHOWN = "***"


def privacy_setting() -> PrivacySetting:
    found = PrivacySetting.objects.filter(pk=1).first()
    return found or PrivacySetting(pk=1, due_working_days=DEFAULT_DUE_WORKING_DAYS)


def setting_answer(setting: PrivacySetting) -> dict[str, Any]:
    return {
        "due_working_days": setting.due_working_days,
        "default_due_working_days": DEFAULT_DUE_WORKING_DAYS,
    }


def visible_requests(session: Session | None) -> QuerySet[PrivacyRequest]:
    """Every request for a shop-wide account with the right; none for a sub-shop's."""
    if session is not None and (session.sub_shop_id is not None or not session.can(MANAGE)):
        return PrivacyRequest.objects.none()
    return PrivacyRequest.objects.all()


@dataclass(frozen=True)
class RequestFilters:
    status: str | None = None
    kind: str | None = None
    attention: str | None = None  # "overdue": open and past its due day
    handler_id: int | None = None
    mine: bool = False
    keyword: str = ""


def overdue(rows: QuerySet[PrivacyRequest], today: date | None = None) -> QuerySet[PrivacyRequest]:
    """Open requests whose due day has passed (China day)."""
    return rows.filter(status__in=OPEN_STATUSES, due_on__lt=today or timezone.localdate())


def filtered_requests(session: Session | None, filters: Any) -> QuerySet[PrivacyRequest]:
    rows = visible_requests(session)
    if filters.status:
        rows = rows.filter(status=filters.status)
    if filters.kind:
        rows = rows.filter(kind=filters.kind)
    if getattr(filters, "attention", None) == "overdue":
        rows = overdue(rows)
    if filters.handler_id:
        rows = rows.filter(handler_account_id=filters.handler_id)
    if filters.mine and session is not None:
        rows = rows.filter(handler_account_id=session.account.pk)
    word = (filters.keyword or "").strip()
    if word:
        rows = rows.filter(
            Q(request_no=word)
            | Q(requester_phone=word)
            | Q(lookup_phone=word)
            | Q(lookup_id_hash=lookup_hash(word, context="customer.id_number"))
        )
    return rows.order_by("-received_on", "-id")


# The workbench's privacy to-do: the `attention` selection of `/privacyRequests`, so its count
# is the total of the list its tile opens.
PRIVACY_TODOS = {"privacy_overdue": "overdue"}


def privacy_todo_counts(*, session: Session) -> dict[str, int]:
    from .schemas import PrivacyRequestListIn

    return {
        todo: filtered_requests(
            session, PrivacyRequestListIn.model_validate({"attention": attention})
        ).count()
        for todo, attention in PRIVACY_TODOS.items()
    }


def working_days_left(row: PrivacyRequest, today: date | None = None) -> int | None:
    """Working days from today to the due day (0 on the due day, negative once overdue);
    None once answered."""
    if row.status not in OPEN_STATUSES:
        return None
    return working_days_between(today or timezone.localdate(), row.due_on)


def _text(choices: Any, value: str) -> str:
    return str(dict(choices.choices).get(value, value))


def restricted_customers(ids: list[int | None]) -> set[int]:
    """Which of these customers are restricted (a deletion request something holds)."""
    wanted = [i for i in ids if i is not None]
    if not wanted:
        return set()
    return set(
        Restriction.objects.filter(
            customer_id__in=wanted, status=RestrictionStatus.RESTRICTED
        ).values_list("customer_id", flat=True)
    )


def request_row(
    row: PrivacyRequest, today: date | None = None, *, restricted: bool | None = None
) -> dict[str, Any]:
    """A request as the log shows it. The requester of a request about a restricted
    customer is hidden as the customer is everywhere (restriction: storage only)."""
    today = today or timezone.localdate()
    left = working_days_left(row, today)
    if restricted is None:
        restricted = bool(restricted_customers([row.customer_id]))
    return {
        "id": row.pk,
        "request_no": row.request_no,
        "kind": row.kind,
        "kind_name": _text(RequestKind, row.kind),
        "status": row.status,
        "status_name": _text(RequestStatus, row.status),
        "requester_name": RESTRICTED_SHOWN if restricted else row.requester_name,
        "requester_phone": RESTRICTED_SHOWN if restricted else mask_phone(row.requester_phone),
        "customer_id": row.customer_id,
        "channel": row.channel,
        "channel_name": _text(RequestChannel, row.channel),
        "received_on": row.received_on,
        "due_on": row.due_on,
        "working_days_left": left,
        "overdue": left is not None and left < 0,
        "handler_id": row.handler_account_id,
        "handler_name": row.handler_name,
        "answered_at": row.answered_at,
    }


def request_page(*, session: Session | None, filters: Any) -> dict[str, Any]:
    today = timezone.localdate()
    page = page_of(
        filtered_requests(session, filters),
        page=filters.page,
        page_size=filters.page_size,
        row=lambda r: r,
    )
    hidden = restricted_customers([r.customer_id for r in page["list"]])
    page["list"] = [request_row(r, today, restricted=r.customer_id in hidden) for r in page["list"]]
    return page


def request_in_scope(session: Session | None, request_id: int) -> PrivacyRequest:
    found = visible_requests(session).filter(pk=request_id).first()
    if found is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return found


def request_detail(*, session: Session | None, request_id: int) -> dict[str, Any]:
    row = request_in_scope(session, request_id)
    customer = customer_people([row.customer_id]).get(row.customer_id) if row.customer_id else None
    return {
        **request_row(row),
        "lookup_by": row.lookup_by,
        "lookup": mask_phone(row.lookup_phone) if row.lookup_phone else "",
        "customer": (
            {k: customer[k] for k in ("id", "name", "phone", "id_number")} if customer else None
        ),
        "verification": row.verification,
        "verification_name": _text(Verification, row.verification),
        "verification_note": row.verification_note,
        "detail": row.detail,
        "outcome": row.outcome,
        "refusal_reason": row.refusal_reason,
        "created_by_name": row.created_by_name,
        "created_at": row.created_at,
        "history": status_history(target_type=REQUEST_TARGET, target_id=row.pk),
    }


def handlers() -> list[dict[str, Any]]:
    """The shop-wide active accounts whose roles hold `privacy.manage` (who may handle)."""
    merchant = tenant_connection.tenant
    return store_accounts_with_action(merchant_id=int(merchant.pk), action=MANAGE)
