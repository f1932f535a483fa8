"""Recovery's part of an order's evidence pack (docs/disputes.md, part 20): every case of the
order with the work done on it — its state moves, assignments, contacts with the customer,
promises to pay and their outcome, and a write-off with who and why.

Only stored facts go in, so an unchanged order packs to the same bytes: a case's aging and
the amounts of its last refresh are left out (they move with the day the night runs, as the
bills' "overdue" does), and so are the times a row was last touched.
"""

from __future__ import annotations

from typing import Any

from apps.disputes.parts import EvidenceFile, PackSubject, json_file, register_part
from tenants.catalog.selectors import money
from zulin.audit.selectors import audit_trail
from zulin.audit.state import status_history

from .models import ContactChannel, ContactOutcome, PromiseState, RecoveryCase, WriteOff
from .selectors import CASE_TARGET

NUMBER, KEY = 20, "recovery"
# What a case's trail records beside its state moves (state moves come from the history).
WORK_ACTIONS = {
    "recovery_case.assign": "分配催收员",
    "recovery_case.payment_link": "发送付款链接",
}


def _contact(row: Any) -> dict[str, Any]:
    return {
        "contacted_at": row.contacted_at,
        "channel": row.channel,
        "channel_name": ContactChannel(row.channel).label,
        "outcome": row.outcome,
        "outcome_name": ContactOutcome(row.outcome).label,
        "note": row.note,
        "by": row.actor_name,
    }


def _promise(row: Any) -> dict[str, Any]:
    return {
        "made_at": row.created_at,
        "promised_on": row.promised_on,
        "amount": money(row.amount),
        "paid_before": money(row.paid_before),
        "state": row.state,
        "state_name": PromiseState(row.state).label,
        "decided_on": row.decided_on,
        "note": row.note,
        "by": row.actor_name,
    }


def _write_off(case: RecoveryCase) -> dict[str, Any] | None:
    found = WriteOff.objects.filter(case=case).first()
    if found is None:
        return None
    return {
        "written_off_on": found.written_off_on,
        "amount": money(found.amount),
        "days_past_due": found.days_past_due,
        "bills": found.bills,
        "reason": found.reason,
        "by": found.actor_name,
        "at": found.created_at,
    }


def _work(case: RecoveryCase) -> list[dict[str, Any]]:
    rows = [
        {
            "at": row["created_at"],
            "action": row["action"],
            "action_name": WORK_ACTIONS[row["action"]],
            "after": row.get("after"),
            "by": row["actor"],
        }
        for row in audit_trail(target_type=CASE_TARGET, target_id=case.pk, limit=10_000)
        if row["action"] in WORK_ACTIONS
    ]
    return sorted(rows, key=lambda row: (row["at"], row["action"]))


def _case(case: RecoveryCase) -> dict[str, Any]:
    return {
        "case_no": case.pk,
        "state": case.state,
        "opened_on": case.opened_on,
        "closed_on": case.closed_on,
        "close_reason": case.close_reason,
        "state_moves": [
            {k: row[k] for k in ("created_at", "from_status", "to_status", "reason", "actor")}
            for row in sorted(
                status_history(target_type=CASE_TARGET, target_id=case.pk),
                key=lambda row: (row["created_at"], row["id"]),
            )
        ],
        "work": _work(case),
        "contacts": [_contact(row) for row in case.contacts.order_by("contacted_at", "id")],
        "promises": [_promise(row) for row in case.promises.order_by("created_at", "id")],
        "write_off": _write_off(case),
    }


def recovery_evidence_files(subject: PackSubject) -> list[EvidenceFile]:
    cases = list(RecoveryCase.objects.filter(order_id=subject.order_id).order_by("id"))
    if not cases:
        return []
    return [
        json_file(
            "cases.json",
            {"order_no": subject.order_no, "cases": [_case(case) for case in cases]},
            title_zh="催收案件（联系记录、承诺还款、核销）",
            title_en="Recovery cases (contacts, promises to pay, write-off)",
        )
    ]


def recovery_part_register() -> None:
    register_part(
        number=NUMBER,
        key=KEY,
        title_zh="催收记录",
        title_en="Collection log",
        build=recovery_evidence_files,
    )
