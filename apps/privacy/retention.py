"""The nightly retention job (docs/privacy.md, "Retention table" and "The retention job"):
each night, per merchant, what is past its period and held by nothing is erased or
anonymised, and what it did is recorded as counts per data class — never the data.

- a **restricted** customer (a deletion request something held) is erased the day the last
  hold ends (and put on the suppression list: they asked to be deleted);
- a customer whose last order ended more than the transaction records' period ago
  (3 years, E-Commerce Law Art. 31; the shop may keep longer) and whom nothing holds (a
  debt, a dispute, a recovery case, an adverse credit record, a legal hold) is anonymised
  (not suppressed: a retention period's end is not the customer's wish to stay away);
- messages sent more than 3 years ago lose their text and phone;
- the privacy request log's requester (name, phone, verification note, words) is deleted
  3 years after the answer;
- the audit trail's entries 3 years after the fact, those about money 30 years after their
  fiscal year, never one about a customer a legal hold holds (`zulin.audit.retention`).

The dry run is the same night inside a transaction that is rolled back: it shows exactly
what the run would do, and changes nothing (file bytes go only on commit)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from apps.orders.reads import customer_facts, customers_ended_before
from apps.service.personal import messages_erase_before
from zulin.audit.retention import audit_expired
from zulin.audit.services import audit_settings_change
from zulin.core.auth import Session
from zulin.core.dates import day_start
from zulin.core.errors import field_error
from zulin.core.i18n import Text
from zulin.outbox.services import event_emit

from .deletion import RECORD_YEARS, _years_after, customer_holds, erase_everywhere
from .deletion import restriction_erase as restriction_erase
from .holds import HOLD_TARGET
from .models import (
    LegalHold,
    LegalHoldStatus,
    PrivacyRequest,
    PrivacySetting,
    Restriction,
    RestrictionStatus,
    RetentionRun,
)

# The periods the shop may lengthen (years), each with the law's minimum: never shorter.
RETENTION_LAW_YEARS: dict[str, int] = {
    "transaction_records": RECORD_YEARS,  # E-Commerce Law Art. 31
    "messages": RECORD_YEARS,  # E-Commerce Law Art. 31 [counsel]
    "request_log": RECORD_YEARS,  # evidence of the answer, PIPL Art. 50 [counsel]
}
RETENTION_MAX_YEARS = 30
# The classes a night counts (zh, en), in the order a screen shows them.
RETENTION_CLASSES: dict[str, tuple[str, str]] = {
    "restricted_erased": ("限制处理期满删除的客户", "restricted customers erased"),
    "expired_anonymised": ("保存期满匿名化的客户", "customers anonymised at their period's end"),
    "contact_identity": ("姓名、手机号、身份证号", "names, phones, ID numbers"),
    "id_photos": ("身份证照片", "ID card photos"),
    "addresses": ("收货地址", "delivery addresses"),
    "recovery_notes": ("催收记录备注", "recovery notes"),
    "credit_accounts": ("征信报送记录中的姓名", "names in credit reports"),
    "risk_results": ("风控查询结果", "risk results"),
    "messages": ("短信内容", "message texts"),
    "payers": ("线下付款人", "offline payers"),
    "request_log": ("个人信息请求的请求人信息", "requesters in the request log"),
    "suppressed": ("列入禁止回流名单", "put on the suppression list"),
    "audit_entries": ("超过保存期的审计日志", "audit entries past their period"),
}
# What an erasure's counts per table add to.
_ERASE_CLASSES = {
    "customers": "contact_identity",
    "files": "id_photos",
    "receivers": "addresses",
    "recovery_notes": "recovery_notes",
    "credit_accounts": "credit_accounts",
    "risk_checks": "risk_results",
    "messages": "messages",
    "payers": "payers",
    "requests": "request_log",
    "suppressed": "suppressed",
}


def retention_years(setting: PrivacySetting | None = None) -> dict[str, int]:
    """The shop's periods: the law's, or the longer ones it set."""
    setting = setting or PrivacySetting.objects.filter(pk=1).first()
    kept = (setting.retention_years if setting else None) or {}
    return {code: max(law, int(kept.get(code, law))) for code, law in RETENTION_LAW_YEARS.items()}


def retention_setting_save(*, actor: Session, years: dict[str, int]) -> dict[str, int]:
    """Lengthens (or brings back to the law's) the periods; shorter than the law: a 400 on
    the class's field, nothing saved. Audited."""
    for code, value in years.items():
        law = RETENTION_LAW_YEARS[code]
        if not law <= value <= RETENTION_MAX_YEARS:
            raise field_error(
                code,
                Text(
                    "只能延长：不少于法定的 {law} 年，至多 {high} 年",
                    "may only lengthen it: {law} (the law's) to {high} years",
                ).format(law=law, high=RETENTION_MAX_YEARS),
            )
    with transaction.atomic():
        setting, _ = PrivacySetting.objects.select_for_update().get_or_create(pk=1)
        before = retention_years(setting)
        setting.retention_years = {**before, **years}
        setting.save()
        after = retention_years(setting)
        audit_settings_change(
            actor=actor,
            action="privacy.retention_update",
            target_type="privacy_setting",
            target_id=setting.pk,
            before=before,
            after=after,
        )
    return after


def _night(today: date) -> tuple[dict[str, int], list[dict[str, Any]]]:
    """Applies the table on `today` (China day): the counts per class and the customers
    touched (opaque ids and what was done)."""
    years = retention_years()
    counts = dict.fromkeys(RETENTION_CLASSES, 0)
    customers: list[dict[str, Any]] = []
    reason = f"retention {today.isoformat()}"

    def add(erased: dict[str, int]) -> None:
        for table, value in erased.items():
            counts[_ERASE_CLASSES.get(table, table)] += value

    restricted = Restriction.objects.filter(status=RestrictionStatus.RESTRICTED).filter(
        Q(until__lte=today) | Q(until=None)
    )
    for customer_id in restricted.order_by("customer_id").values_list("customer_id", flat=True):
        erased = restriction_erase(customer_id=customer_id, reason=reason, today=today)
        if erased is not None:
            counts["restricted_erased"] += 1
            customers.append({"customer_id": customer_id, "action": "erase"})
            add(erased)

    record_years = years["transaction_records"]
    ended_before = _years_after(today, -record_years) + timedelta(days=1)
    for customer_id in customers_ended_before(ended_before):
        with transaction.atomic():
            if customer_holds(customer_id, today, record_years=record_years):
                continue
            erased = erase_everywhere(
                actor=None, customer_id=customer_id, reason=reason, suppress=False
            )
            if not erased.get("customers"):
                continue  # erased meanwhile by a request
            event_emit(
                "customer.redact",
                object_type="customer",
                object_id=customer_id,
                data={"customer_id": customer_id},
            )
        counts["expired_anonymised"] += 1
        customers.append({"customer_id": customer_id, "action": "anonymise"})
        add(erased)

    counts["messages"] += messages_erase_before(day_start(_years_after(today, -years["messages"])))
    old_answers = PrivacyRequest.objects.filter(
        answered_at__lt=day_start(_years_after(today, -years["request_log"]))
    ).exclude(requester_name="", requester_phone="", lookup_phone="", detail="")
    counts["request_log"] += old_answers.update(
        requester_name="", requester_phone="", lookup_phone="", verification_note="", detail=""
    )
    expired = audit_expired(today, kept=_held_targets(today))
    counts["audit_entries"] += expired["staff"] + expired["money"]
    return counts, customers


def _held_targets(today: date) -> list[tuple[str, list[int]]]:
    """The audit targets a legal hold holding today covers: its customer, their orders,
    their privacy requests, the holds themselves."""
    holding = LegalHold.objects.filter(status=LegalHoldStatus.ACTIVE, starts_on__lte=today).filter(
        Q(ends_on=None) | Q(ends_on__gt=today)
    )
    holds = list(holding.values_list("pk", "customer_id"))
    customer_ids = sorted({customer_id for _, customer_id in holds})
    order_ids: list[int] = []
    for customer_id in customer_ids:
        facts = customer_facts(customer_id)
        order_ids += list(facts.order_ids) if facts else []
    request_ids = list(
        PrivacyRequest.objects.filter(customer_id__in=customer_ids).values_list("pk", flat=True)
    )
    return [
        ("customer", customer_ids),
        ("order", order_ids),
        ("privacy_request", request_ids),
        (HOLD_TARGET, [pk for pk, _ in holds]),
    ]


class _DryRun(Exception):
    pass


def retention_dry_run(today: date | None = None) -> dict[str, Any]:
    """What tonight's run would do — the same night rolled back: counts per class and the
    customers (opaque ids) with what would be done. Changes nothing."""
    today = today or timezone.localdate()
    found: dict[str, Any] = {}
    try:
        with transaction.atomic():
            found["counts"], found["customers"] = _night(today)
            raise _DryRun
    except _DryRun:
        pass
    return {"run_on": today, "years": retention_years(), **found}


def retention_night(today: date | None = None) -> dict[str, Any]:
    """The night's run: applies the table and records it (one row per China day, a rerun
    adds what it found — nothing, as the first left nothing due). Concurrent runs of one
    merchant queue on the day's row."""
    today = today or timezone.localdate()
    with transaction.atomic():
        run, _ = RetentionRun.objects.select_for_update().get_or_create(
            run_on=today, defaults={"started_at": timezone.now()}
        )
        counts, customers = _night(today)
        run.counts = {code: run.counts.get(code, 0) + value for code, value in counts.items()}
        run.runs += 1
        run.finished_at = timezone.now()
        run.save()
    return {"run_on": today.isoformat(), "counts": counts, "customers": len(customers)}


def retention_runs(limit: int = 30) -> list[dict[str, Any]]:
    """The last nights, newest first: counts per class."""
    return [
        {
            "run_on": run.run_on,
            "started_at": run.started_at,
            "finished_at": run.finished_at,
            "runs": run.runs,
            "counts": class_counts(run.counts),
        }
        for run in RetentionRun.objects.all()[:limit]
    ]


def class_counts(counts: dict[str, int]) -> list[dict[str, Any]]:
    return [
        {"code": code, "label": zh, "label_en": en, "count": int(counts.get(code, 0))}
        for code, (zh, en) in RETENTION_CLASSES.items()
    ]
