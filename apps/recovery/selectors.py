"""Reads of recovery: which cases a session may see (the same scope for the list, the
counts, a case's page and every action), the list and its counts, a case, collectors and
the settings."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Count, Q, QuerySet, Sum
from django.utils import timezone

from apps.orders.selectors import customer_ids_matching, recovery_order_facts
from apps.subshops.selectors import sub_shop_names
from tenants.accounts.selectors import store_accounts_with_role
from tenants.catalog.selectors import money
from zulin.audit.selectors import audit_trail
from zulin.audit.state import status_history
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.pagination import page_of

from . import rules
from .models import (
    Bucket,
    CaseState,
    ContactRecord,
    PromiseToPay,
    RecoveryCase,
    RecoverySetting,
)

COLLECTOR_ROLE_CODE = "collector"
CASE_TARGET = "recovery_case"
# Every case (owner, finance); the cases assigned to the account (collector).
VIEW_ALL, WORK, ASSIGN, CONFIG = (
    "recovery.view",
    "recovery.work",
    "recovery.assign",
    "recovery.config",
)
ZERO = Decimal("0.00")


def visible_cases(session: Session | None) -> QuerySet[RecoveryCase]:
    """The cases a session may see and act on: every case for system work and for
    `recovery.view` (owner, finance); a sub-shop's account its sub-shop's; a collector
    (`recovery.work` alone) the cases assigned to it. Anyone else: FORBIDDEN."""
    cases = RecoveryCase.objects.all()
    if session is None:
        return cases
    if session.sub_shop_id is not None:
        if not (session.can(WORK) or session.can(VIEW_ALL)):
            raise ApplicationError(ErrorCode.FORBIDDEN)
        return cases.filter(sub_shop_id=session.sub_shop_id)
    if session.can(VIEW_ALL):
        return cases
    if session.can(WORK):
        return cases.filter(assignee_account_id=session.account.pk)
    raise ApplicationError(ErrorCode.FORBIDDEN)


def case_in_scope(session: Session | None, case_id: int, *, lock: bool = False) -> RecoveryCase:
    """One case by id within the session's scope; a case outside it answers NOT_FOUND, as
    one that does not exist."""
    cases = visible_cases(session)
    if lock:
        cases = cases.select_for_update()
    found = cases.filter(pk=case_id).first()
    if found is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return found


@dataclass(frozen=True)
class CaseFilters:
    bucket: str | None = None
    state: str | None = None
    assignee_id: int | None = None
    unassigned: bool = False
    mine: bool = False
    sub_shop_id: int | None = None
    keyword: str = ""


def filtered_cases(session: Session | None, filters: CaseFilters) -> QuerySet[RecoveryCase]:
    """The cases the list shows: the session's scope and every filter. The counts use the
    same (without the filter they count by)."""
    cases = visible_cases(session)
    if filters.bucket:
        cases = cases.filter(bucket=filters.bucket)
    if filters.state:
        cases = cases.filter(state=filters.state)
    if filters.unassigned:
        cases = cases.filter(assignee_account_id__isnull=True)
    elif filters.assignee_id:
        cases = cases.filter(assignee_account_id=filters.assignee_id)
    if filters.mine and session is not None:
        cases = cases.filter(assignee_account_id=session.account.pk)
    if filters.sub_shop_id:
        cases = cases.filter(sub_shop_id=filters.sub_shop_id)
    keyword = filters.keyword.strip()
    if keyword:
        cases = cases.filter(
            Q(order_no=keyword.upper()) | Q(customer_id__in=customer_ids_matching(keyword))
        )
    return cases.order_by("next_action_on", "-priority", "id")


def _row(
    case: RecoveryCase, facts: dict[str, Any], shops: dict[int, tuple[str, bool]]
) -> dict[str, Any]:
    return {
        "id": case.pk,
        "order_id": case.order_id,
        "order_no": case.order_no,
        "sub_shop_id": case.sub_shop_id,
        "sub_shop_name": shops.get(case.sub_shop_id or 0, ("", True))[0],
        "customer_name": facts.get("customer_name", ""),
        "customer_phone": facts.get("customer_phone", ""),
        "goods_title": facts.get("goods_title", ""),
        "state": case.state,
        "state_name": CaseState(case.state).label,
        "opened_on": case.opened_on,
        "closed_on": case.closed_on,
        "oldest_due_on": case.oldest_due_on,
        "days_past_due": case.days_past_due,
        "bucket": case.bucket,
        "rent_owed": money(case.rent_owed),
        "late_fee_owed": money(case.late_fee_owed),
        "charges_owed": money(case.charges_owed),
        "total_owed": money(case.total_owed),
        "assignee_id": case.assignee_account_id,
        "assignee_name": case.assignee_name,
        "priority": case.priority,
        "broken_promises": case.broken_promises,
        "next_action_on": case.next_action_on,
    }


def case_rows(cases: list[RecoveryCase]) -> list[dict[str, Any]]:
    facts = recovery_order_facts([c.order_id for c in cases])
    shops = sub_shop_names({c.sub_shop_id for c in cases if c.sub_shop_id})
    return [_row(c, facts.get(c.order_id, {}), shops) for c in cases]


def case_page(
    *, session: Session, filters: CaseFilters, page: int = 1, page_size: int = 20
) -> dict[str, Any]:
    answer = page_of(filtered_cases(session, filters), page=page, page_size=page_size)
    answer["list"] = case_rows(answer["list"])
    return answer


def case_counts(*, session: Session, filters: CaseFilters) -> dict[str, Any]:
    """Per bucket and per state: the number of cases and what they owe, for the list's
    filters without the one it counts by (each count is that list's total: the same
    selector). `all` is the list's total for the filters as given."""
    by_bucket = filtered_cases(session, _without(filters, bucket=None))
    by_state = filtered_cases(session, _without(filters, state=None))

    def grouped(cases: QuerySet[RecoveryCase], field: str) -> dict[str, dict[str, Any]]:
        rows = cases.order_by().values(field).annotate(count=Count("id"), owed=Sum("total_owed"))
        return {row[field]: row for row in rows}

    buckets = grouped(by_bucket, "bucket")
    states = grouped(by_state, "state")
    overall = filtered_cases(session, filters).aggregate(count=Count("id"), owed=Sum("total_owed"))
    return {
        "buckets": [
            {
                "bucket": bucket.value,
                "count": buckets.get(bucket.value, {}).get("count", 0),
                "total_owed": money(buckets.get(bucket.value, {}).get("owed") or ZERO),
            }
            for bucket in Bucket
        ],
        "states": [
            {
                "state": state.value,
                "state_name": state.label,
                "count": states.get(state.value, {}).get("count", 0),
                "total_owed": money(states.get(state.value, {}).get("owed") or ZERO),
            }
            for state in CaseState
        ],
        "all": {"count": overall["count"] or 0, "total_owed": money(overall["owed"] or ZERO)},
    }


def _without(filters: CaseFilters, **changes: Any) -> CaseFilters:
    from dataclasses import replace

    return replace(filters, **changes)


def contact_row(contact: ContactRecord) -> dict[str, Any]:
    return {
        "id": contact.pk,
        "channel": contact.channel,
        "outcome": contact.outcome,
        "note": contact.note,
        "contacted_at": contact.contacted_at,
        "actor": contact.actor_name,
    }


def promise_row(promise: PromiseToPay) -> dict[str, Any]:
    return {
        "id": promise.pk,
        "promised_on": promise.promised_on,
        "amount": money(promise.amount),
        "state": promise.state,
        "decided_on": promise.decided_on,
        "note": promise.note,
        "actor": promise.actor_name,
        "created_at": promise.created_at,
    }


def case_detail(*, session: Session, case_id: int) -> dict[str, Any]:
    """One case in the session's scope: its row, the order's summary, the contacts, the
    promises, its state history and what was done on it (assignments, links, reminders)."""
    case = case_in_scope(session, case_id)
    [row] = case_rows([case])
    facts = recovery_order_facts([case.order_id]).get(case.order_id, {})
    return {
        **row,
        "close_reason": case.close_reason,
        "order": {
            "id": case.order_id,
            "order_no": case.order_no,
            "kind": facts.get("kind", ""),
            "status": facts.get("status", ""),
            "status_name": facts.get("status_name", ""),
            "stage": facts.get("stage", ""),
            "lease_start": facts.get("lease_start"),
            "lease_end": facts.get("lease_end"),
            "term": facts.get("term", 0),
            "rent": money(facts.get("rent") or ZERO),
        },
        "contacts": [contact_row(c) for c in case.contacts.all()[:200]],
        "promises": [promise_row(p) for p in case.promises.all()[:100]],
        "history": status_history(target_type=CASE_TARGET, target_id=case.pk),
        "events": audit_trail(target_type=CASE_TARGET, target_id=case.pk),
        "other_cases": list(
            RecoveryCase.objects.filter(order_id=case.order_id)
            .exclude(pk=case.pk)
            .order_by("-id")
            .values("id", "state", "opened_on", "closed_on")[:20]
        ),
    }


def collectors() -> list[dict[str, Any]]:
    """The shop's collectors (active accounts holding the collector role), each with its
    open cases and what they owe."""
    merchant = tenant_connection.tenant
    people = store_accounts_with_role(merchant_id=merchant.pk, role_code=COLLECTOR_ROLE_CODE)
    loads = {
        row["assignee_account_id"]: row
        for row in RecoveryCase.objects.filter(
            state=CaseState.OPEN, assignee_account_id__in=[p["id"] for p in people]
        )
        .order_by()
        .values("assignee_account_id")
        .annotate(count=Count("id"), owed=Sum("total_owed"))
    }
    return [
        {
            "id": person["id"],
            "username": person["username"],
            "name": person["name"] or person["username"],
            "open_cases": loads.get(person["id"], {}).get("count", 0),
            "total_owed": money(loads.get(person["id"], {}).get("owed") or ZERO),
        }
        for person in people
    ]


def collector_ids() -> list[int]:
    merchant = tenant_connection.tenant
    return [
        p["id"]
        for p in store_accounts_with_role(merchant_id=merchant.pk, role_code=COLLECTOR_ROLE_CODE)
    ]


def recovery_setting() -> RecoverySetting:
    setting, _ = RecoverySetting.objects.get_or_create(pk=1)
    return setting


def bounds_of(setting: RecoverySetting) -> rules.Bounds:
    return rules.Bounds(setting.m1_max_days, setting.m2_max_days, setting.m3_max_days)


def setting_answer(setting: RecoverySetting) -> dict[str, Any]:
    return {
        "m1_max_days": setting.m1_max_days,
        "m2_max_days": setting.m2_max_days,
        "m3_max_days": setting.m3_max_days,
        "reminders_per_day": setting.reminders_per_day,
        "assignment_rule": setting.assignment_rule,
        "sub_shop_collectors": [
            {"sub_shop_id": int(shop), "collector_id": int(account)}
            for shop, account in sorted(setting.sub_shop_collectors.items())
        ],
        "bucket_templates": [
            {"bucket": bucket, "template_code": code}
            for bucket, code in {
                **rules.DEFAULT_BUCKET_TEMPLATES,
                **setting.bucket_templates,
            }.items()
        ],
        "updated_at": setting.updated_at,
    }


def today() -> Any:
    return timezone.localdate()


def open_cases_by_bucket() -> dict[str, dict[str, Any]]:
    """Every bucket (none left out) with its open cases and what they owe — rent, late fees,
    other charges and the total — over every case of the shop (what the platform's aging
    projects: `projection.aging_project`)."""
    rows = {
        row["bucket"]: row
        for row in RecoveryCase.objects.filter(state=CaseState.OPEN)
        .order_by()
        .values("bucket")
        .annotate(
            cases=Count("id"),
            rent_owed=Sum("rent_owed"),
            late_fee_owed=Sum("late_fee_owed"),
            charges_owed=Sum("charges_owed"),
            total_owed=Sum("total_owed"),
        )
    }
    amounts = ("rent_owed", "late_fee_owed", "charges_owed", "total_owed")
    return {
        bucket.value: {
            "cases": rows.get(bucket.value, {}).get("cases", 0),
            **{name: money(rows.get(bucket.value, {}).get(name) or ZERO) for name in amounts},
        }
        for bucket in Bucket
    }
