"""Reads of recovery: which cases a session may see (the same scope for the list, the
counts, a case's page and every action), the list and its counts, a case, collectors and
the settings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.db.models import Count, OuterRef, Q, QuerySet, Sum
from django.utils import timezone

from apps.billing.selectors import (
    orders_owed,
    owed_parts,
    payment_outcomes,
    succeeded_payments_of_orders,
)
from apps.orders.reads import (
    customer_ids_matching,
    order_device,
    order_stage_of,
    recovery_list_facts,
    recovery_order_facts,
)
from apps.subshops.selectors import sub_shop_names
from tenants.accounts.selectors import store_accounts_with_role
from tenants.catalog.selectors import money
from zulin.audit.reasons import reason_text
from zulin.audit.selectors import audit_trail
from zulin.audit.state import status_history
from zulin.core.auth import Session
from zulin.core.dates import day_start
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.pagination import page_of

from . import rules
from .models import (
    Bucket,
    CaseState,
    ContactRecord,
    PromiseState,
    PromiseToPay,
    RecoveryCase,
    RecoverySetting,
    WriteOff,
)

COLLECTOR_ROLE_CODE = "collector"
CASE_TARGET = "recovery_case"
# Every case (owner, finance); the cases assigned to the account (collector).
VIEW_ALL, WORK, ASSIGN, CONFIG, WRITE_OFF = (
    "recovery.view",
    "recovery.work",
    "recovery.assign",
    "recovery.config",
    "recovery.writeoff",
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


# What a row of the list reads of its case (the page query selects no more).
ROW_FIELDS = (
    "order_id",
    "order_no",
    "sub_shop_id",
    "state",
    "opened_on",
    "closed_on",
    "oldest_due_on",
    "days_past_due",
    "bucket",
    "rent_owed",
    "late_fee_owed",
    "charges_owed",
    "total_owed",
    "assignee_account_id",
    "assignee_name",
    "priority",
    "broken_promises",
    "next_action_on",
)


def cases_owed(cases: list[RecoveryCase], today: Any = None) -> dict[int, dict[str, Decimal]]:
    """What each case owes now, asked of billing's one owed selector (`order_owed`; never
    the amounts a case keeps from its last refresh, which a waiver, an offline repayment or
    a payment after a write-off leave behind until the night): an open case, its order's
    lines past due still in collection (not written off); a written-off one, what its order
    still owes of the written-off bills (a payment or waiver since is taken off; the amount
    written off is the write-off's own figure); a closed one, nothing (a later debt opens a
    case of its own). Case id → {rent, late_fee, charges, total}; one query."""
    today = today or timezone.localdate()
    owed = orders_owed({case.order_id for case in cases if case.state != CaseState.CLOSED})
    found: dict[int, dict[str, Decimal]] = {}
    for case in cases:
        if case.state == CaseState.CLOSED:
            lines: Any = ()
        elif case.state == CaseState.WRITTEN_OFF:
            lines = [line for line in owed[case.order_id].lines if line.written_off]
        else:
            lines = [line for line in owed[case.order_id].past_due(today) if not line.written_off]
        found[case.pk] = owed_parts(lines)
    return found


def _row(
    case: RecoveryCase,
    facts: dict[str, Any],
    shops: dict[int, tuple[str, bool]],
    owed: dict[str, Decimal],
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
        "rent_owed": money(owed["rent"]),
        "late_fee_owed": money(owed["late_fee"]),
        "charges_owed": money(owed["charges"]),
        "total_owed": money(owed["total"]),
        "assignee_id": case.assignee_account_id,
        "assignee_name": case.assignee_name,
        "priority": case.priority,
        "broken_promises": case.broken_promises,
        "next_action_on": case.next_action_on,
    }


def case_rows(cases: list[RecoveryCase]) -> list[dict[str, Any]]:
    facts = recovery_list_facts([c.order_id for c in cases])
    shops = sub_shop_names({c.sub_shop_id for c in cases if c.sub_shop_id})
    owed = cases_owed(cases)
    return [_row(c, facts.get(c.order_id, {}), shops, owed[c.pk]) for c in cases]


def case_page(
    *, session: Session, filters: CaseFilters, page: int = 1, page_size: int = 20
) -> dict[str, Any]:
    cases = filtered_cases(session, filters)
    answer = page_of(cases.only(*ROW_FIELDS), page=page, page_size=page_size, counted=cases)
    answer["list"] = case_rows(answer["list"])
    return answer


def case_counts(*, session: Session, filters: CaseFilters) -> dict[str, Any]:
    """Per bucket and per state: the number of cases and what they owe, for the list's
    filters without the one it counts by (each count is that list's total: the same
    selector). `all` is the list's total for the filters as given."""
    fields = ("id", "order_id", "state", "bucket")
    by_bucket = list(filtered_cases(session, _without(filters, bucket=None)).only(*fields))
    by_state = list(filtered_cases(session, _without(filters, state=None)).only(*fields))
    listed = list(
        filtered_cases(session, filters)
        .annotate(order_stage=order_stage_of(OuterRef("order_id")))
        .only(*fields)
    )
    # What each case owes is what its row says (`cases_owed`: the one owed selector), so a
    # tab's sum is the sum of its rows.
    owed = cases_owed(list({case.pk: case for case in by_bucket + by_state + listed}.values()))

    def grouped(cases: Sequence[RecoveryCase], field: str) -> dict[str, dict[str, Any]]:
        rows: dict[str, dict[str, Any]] = {}
        for case in cases:
            row = rows.setdefault(getattr(case, field), {"count": 0, "owed": ZERO})
            row["count"] += 1
            row["owed"] += owed[case.pk]["total"]
        return {key: {field: key, **row} for key, row in rows.items()}

    buckets = grouped(by_bucket, "bucket")
    states = grouped(by_state, "state")
    overall_owed = sum((owed[case.pk]["total"] for case in listed), ZERO)
    # The list as given, by the order list (stage) each case's order is in: how these cases
    # reconcile with the workbench's and the order list's "overdue" (running leases only).
    stages = grouped(listed, "order_stage")
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
        "all": {"count": len(listed), "total_owed": money(overall_owed)},
        "order_stages": [
            {
                "stage": row["order_stage"] or "",
                "count": row["count"],
                "total_owed": money(row["owed"] or ZERO),
            }
            for row in sorted(
                stages.values(), key=lambda row: (-row["count"], row["order_stage"] or "")
            )
        ],
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
    events = audit_trail(target_type=CASE_TARGET, target_id=case.pk)
    return {
        **row,
        "close_reason": reason_text(case.close_reason),
        "write_off_after_days": recovery_setting().write_off_after_days,
        "write_off": write_off_row(case),
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
            # The device (tracked by unit): out with the customer, lost with a write-off.
            "device": order_device(case.order_id),
        },
        "contacts": [contact_row(c) for c in case.contacts.all()[:200]],
        "promises": [promise_row(p) for p in case.promises.all()[:100]],
        "history": status_history(target_type=CASE_TARGET, target_id=case.pk),
        "events": events,
        "payment_links": payment_link_rows(events),
        "other_cases": list(
            RecoveryCase.objects.filter(order_id=case.order_id)
            .exclude(pk=case.pk)
            .order_by("-id")
            .values("id", "state", "opened_on", "closed_on")[:20]
        ),
    }


def payment_link_rows(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The payment links sent from the case (its `recovery_case.payment_link` entries, newest
    first) with what became of each payment: the case's log shows "link made · paid ¥…"."""
    made = [e for e in events if e["action"] == "recovery_case.payment_link" and e["after"]]
    outcomes = payment_outcomes(str(e["after"].get("out_trade_no", "")) for e in made)
    rows = []
    for entry in made:
        after = entry["after"]
        outcome = outcomes.get(str(after.get("out_trade_no", "")), {})
        succeeded = outcome.get("status") == "succeeded"
        rows.append(
            {
                "out_trade_no": after.get("out_trade_no", ""),
                "period": after.get("period") or 0,
                "amount": after.get("amount") or "0.00",
                "sms": after.get("sms", ""),
                "actor": entry["actor"],
                "created_at": entry["created_at"],
                "status": outcome.get("status", ""),
                "paid_amount": money(outcome["amount"]) if succeeded else None,
                "paid_at": outcome.get("finished_at") if succeeded else None,
            }
        )
    return rows


def write_off_row(case: RecoveryCase) -> dict[str, Any] | None:
    """The case's write-off, and what came since (recovered after write-off)."""
    found = WriteOff.objects.filter(case=case).first()
    if found is None:
        return None
    since = succeeded_payments_of_orders(
        [found.order_id], since=found.created_at, until=timezone.now() + timedelta(days=1)
    )
    return {
        "id": found.pk,
        "amount": money(found.amount),
        "recovered": money(sum((p["amount"] for p in since), ZERO)),
        "days_past_due": found.days_past_due,
        "reason": found.reason,
        "actor": found.actor_name,
        "written_off_on": found.written_off_on,
        "bills": found.bills,
        "created_at": found.created_at,
    }


def collectors() -> list[dict[str, Any]]:
    """The shop's collectors (active accounts holding the collector role), each with its
    open cases and what they owe."""
    merchant = tenant_connection.tenant
    people = store_accounts_with_role(merchant_id=merchant.pk, role_code=COLLECTOR_ROLE_CODE)
    cases = list(
        RecoveryCase.objects.filter(
            state=CaseState.OPEN, assignee_account_id__in=[p["id"] for p in people]
        ).only("id", "order_id", "state", "assignee_account_id")
    )
    owed = cases_owed(cases)  # what each case's row says
    loads: dict[int | None, dict[str, Any]] = {}
    for case in cases:
        load = loads.setdefault(case.assignee_account_id, {"count": 0, "owed": ZERO})
        load["count"] += 1
        load["owed"] += owed[case.pk]["total"]
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
        "write_off_after_days": setting.write_off_after_days,
        "updated_at": setting.updated_at,
    }


def today() -> Any:
    return timezone.localdate()


# --- the recovery report -------------------------------------------------------------------

REPORT_DAYS_MAX = 366
MONEY_FIGURES = ("recovered", "recovered_after_write_off", "owed", "written_off_amount")
FIGURES = (
    "cases",
    "recovered",
    "recovered_after_write_off",
    "owed",
    "promises_kept",
    "promises_broken",
    "closed",
    "written_off",
    "written_off_amount",
)


def recovery_rate(recovered: Decimal, owed: Decimal) -> str | None:
    """Percent, to two places: what came ÷ (what came + what the same cases still owe);
    None when both are nothing."""
    base = recovered + owed
    if base <= 0:
        return None
    return str((recovered * 100 / base).quantize(Decimal("0.01")))


def _case_figures(
    cases: list[RecoveryCase], *, date_from: Any, date_to: Any
) -> dict[int, dict[str, Any]]:
    """Per case, its figures of the range: money that came while it was open (or after its
    write-off) for bills already past due, promises decided, whether it closed or was
    written off in the range, and what it still owes now."""
    figures: dict[int, dict[str, Any]] = {
        case.pk: {
            "cases": 1,
            **{k: ZERO for k in ("recovered", "recovered_after_write_off", "owed")},
            **{k: 0 for k in ("promises_kept", "promises_broken", "closed", "written_off")},
            "written_off_amount": ZERO,
        }
        for case in cases
    }
    write_offs = {w.case_id: w for w in WriteOff.objects.filter(case__in=cases)}
    by_order: dict[int, list[RecoveryCase]] = {}
    for case in sorted(cases, key=lambda c: c.opened_on):
        by_order.setdefault(case.order_id, []).append(case)
    payments = succeeded_payments_of_orders(
        by_order, since=day_start(date_from), until=day_start(date_to + timedelta(days=1))
    )
    for payment in payments:
        day = timezone.localdate(payment["finished_at"])
        if payment["due_date"] >= day:
            continue  # a bill not yet past due: not a recovery
        # The order's latest case opened by that day, if it was open then (or written off).
        owner = None
        for case in by_order.get(payment["order_id"], []):
            if case.opened_on <= day:
                owner = case
        if owner is None:
            continue
        written = write_offs.get(owner.pk)
        if owner.closed_on is not None and day > owner.closed_on and written is None:
            continue
        row = figures[owner.pk]
        row["recovered"] += payment["amount"]
        if written is not None and payment["finished_at"] > written.created_at:
            row["recovered_after_write_off"] += payment["amount"]
    for promise in PromiseToPay.objects.filter(
        case__in=cases, decided_on__gte=date_from, decided_on__lte=date_to
    ).values("case_id", "state"):
        if promise["state"] in (PromiseState.KEPT, PromiseState.BROKEN):
            figures[promise["case_id"]][f"promises_{promise['state']}"] += 1
    # What each case owes now, as its row says (`cases_owed`: the one owed selector).
    owed_now = cases_owed(cases)
    for case in cases:
        row = figures[case.pk]
        closed_in_range = case.closed_on is not None and date_from <= case.closed_on <= date_to
        written = write_offs.get(case.pk)
        if case.state == CaseState.OPEN:
            row["owed"] = owed_now[case.pk]["total"]
        elif case.state == CaseState.CLOSED:
            row["closed"] = 1 if closed_in_range else 0
        elif written is not None:
            # What of the written-off debt the order still owes: a payment or a waiver after
            # the write-off is taken off alike.
            row["owed"] = owed_now[case.pk]["total"]
            if date_from <= written.written_off_on <= date_to:
                row["written_off"] = 1
                row["written_off_amount"] = written.amount
    return figures


def _zeros() -> dict[str, Any]:
    return {k: (ZERO if k in MONEY_FIGURES else 0) for k in FIGURES}


def _summed(rows: list[dict[str, Any]]) -> dict[str, Any]:
    total = _zeros()
    for row in rows:
        for k in FIGURES:
            total[k] += row[k]
    return total


def _answer(figures: dict[str, Any]) -> dict[str, Any]:
    return {
        **{
            k: money(v) if isinstance(v, Decimal) else v for k, v in figures.items() if k in FIGURES
        },
        "recovery_rate": recovery_rate(figures["recovered"], figures["owed"]),
    }


def recovery_report(*, session: Session, date_from: Any, date_to: Any) -> dict[str, Any]:
    """What recovery did over China days [date_from, date_to] (docs/recovery.md), by
    collector and by bucket, with totals: the cases in the session's scope open at some
    time in the range (or written off, whose later recoveries still count), money recovered
    (after write-off among it), what they still owe, the recovery rate, promises kept and
    broken, cases closed and written off. Each group is the sum of its cases' figures; the
    totals are the sum of every case's."""
    cases = list(
        visible_cases(session)
        .filter(opened_on__lte=date_to)
        .filter(
            Q(closed_on__isnull=True) | Q(closed_on__gte=date_from) | Q(state=CaseState.WRITTEN_OFF)
        )
        .order_by("id")
    )
    figures = _case_figures(cases, date_from=date_from, date_to=date_to)
    collectors: dict[int | None, dict[str, Any]] = {}
    buckets: dict[str, dict[str, Any]] = {b.value: _zeros() for b in Bucket}
    names: dict[int | None, str] = {}
    for case in cases:
        row = figures[case.pk]
        names.setdefault(case.assignee_account_id, case.assignee_name)
        group = collectors.setdefault(case.assignee_account_id, _zeros())
        for k in FIGURES:
            group[k] += row[k]
            buckets[case.bucket][k] += row[k]
    ordered = sorted(collectors, key=lambda c: (c is None, names.get(c, ""), c or 0))
    return {
        "date_from": date_from,
        "date_to": date_to,
        "by_collector": [
            {
                "collector_id": c,
                "collector_name": names.get(c, "") if c is not None else "",
                **_answer(collectors[c]),
            }
            for c in ordered
        ],
        "by_bucket": [{"bucket": b, **_answer(buckets[b])} for b in buckets],
        "totals": _answer(_summed(list(figures.values()))),
    }


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
