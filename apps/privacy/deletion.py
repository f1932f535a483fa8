"""Deletion requests (PIPL Art. 47, docs/privacy.md "Deletion and restriction"): what holds
a customer's data and until when, its erasure where nothing holds it, and its restriction
where something does.

Erasure goes through each app's own `personal` module (orders: the customer, parcels'
receivers, the platform's index, the suppression list; recovery, credit, risk, customer
service, billing: what of theirs names the person); the ledger and journals hold opaque ids
only and are kept. Every status moves through the state machine; a second run changes
nothing."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db import transaction
from django.utils import timezone

from apps.billing.personal import order_payers_erase
from apps.credit.personal import order_accounts_erase, order_adverse_facts
from apps.orders.reads import customer_facts
from apps.orders.services import customer_erase, customer_restrict
from apps.recovery.personal import order_case_facts, order_notes_erase
from apps.risk.personal import order_checks_erase
from apps.service.personal import order_messages_erase
from zulin.audit.services import actor_name
from zulin.audit.state import Machine, move, status_created, transition_locked
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.outbox.services import event_emit

from .models import (
    OPEN_STATUSES,
    LegalHold,
    LegalHoldStatus,
    PrivacyRequest,
    RequestKind,
    Restriction,
    RestrictionStatus,
)
from .selectors import MANAGE
from .services import REQUEST, locked_request

RESTRICTION_TARGET = "privacy_restriction"
RESTRICTION = Machine(
    model=Restriction,
    target_type=RESTRICTION_TARGET,
    moves=(move(RestrictionStatus.RESTRICTED, "erase", RestrictionStatus.ERASED, MANAGE),),
    labels={"restricted": ("已限制处理", "restricted"), "erased": ("已删除", "erased")},
)
# Transaction records: 3 years after the transaction (E-Commerce Law Art. 31); a recovery
# case's records as long (Civil Code Art. 188); adverse credit information 5 years after the
# conduct ended (征信业管理条例 Art. 16).
RECORD_YEARS = 3
ADVERSE_YEARS = 5
# What may hold a customer's data (zh, en); `until` None: until it ends, then its period.
HOLDS: dict[str, tuple[str, str]] = {
    "open_order": ("有未结束的订单", "an order not ended"),
    "debt": ("尚有欠款", "money still owed"),
    "dispute": ("有未结的售后或争议", "an open after-sale or dispute"),
    "recovery_case": ("有进行中的催收案件", "an open recovery case"),
    "recovery_records": ("催收记录保存期（3 年）", "recovery records kept 3 years"),
    "credit_adverse": ("征信不良信息保存期（5 年）", "adverse credit information kept 5 years"),
    "legal_hold": ("司法或监管机关要求保存", "a legal hold (a court's or an authority's order)"),
    "transaction_records": (
        "交易记录法定保存期（电子商务法第三十一条，3 年）",
        "transaction records kept 3 years (E-Commerce Law Art. 31)",
    ),
}


def _years_after(day: date, years: int) -> date:
    try:
        return day.replace(year=day.year + years)
    except ValueError:  # 29 February
        return day.replace(year=day.year + years, day=28)


def customer_holds(
    customer_id: int, today: date | None = None, *, record_years: int = RECORD_YEARS
) -> list[dict[str, Any]]:
    """What holds the customer's data today, each `{code, until}` (`until` None: until it
    ends, then its retention period; a legal hold adds `ref`, the authority and its
    reference); [] when nothing does. `record_years`: the transaction records' period — the
    law's 3 on a customer's request, the shop's own (never shorter) in the nightly job."""
    facts = customer_facts(customer_id)
    if facts is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    today = today or timezone.localdate()
    holds: list[dict[str, Any]] = []

    def held(code: str, until: date | None) -> None:
        if until is None or until > today:
            holds.append({"code": code, "until": until})

    if facts.open_orders:
        held("open_order", None)
    if facts.owed > 0:
        held("debt", None)
    if facts.open_after_sales:
        held("dispute", None)
    open_cases, case_closed = order_case_facts(facts.order_ids)
    if open_cases:
        held("recovery_case", None)
    elif case_closed:
        held("recovery_records", _years_after(case_closed, RECORD_YEARS))
    open_adverse, adverse_closed = order_adverse_facts(facts.order_ids)
    if open_adverse or adverse_closed:
        held(
            "credit_adverse",
            _years_after(adverse_closed, ADVERSE_YEARS)
            if adverse_closed and not open_adverse
            else None,
        )
    for legal in LegalHold.objects.filter(
        customer_id=customer_id, status=LegalHoldStatus.ACTIVE, starts_on__lte=today
    ).order_by("starts_on", "pk"):
        if legal.ends_on is None or legal.ends_on > today:
            holds.append(
                {
                    "code": "legal_hold",
                    "until": legal.ends_on,
                    "ref": f"{legal.authority_name} {legal.reference}",
                }
            )
    if facts.last_ended_on:
        held("transaction_records", _years_after(facts.last_ended_on, record_years))
    return holds


def holds_until(holds: list[dict[str, Any]]) -> date | None:
    """The day the last hold ends; None while one has no end yet (or none holds)."""
    if not holds or any(h["until"] is None for h in holds):
        return None
    return max(h["until"] for h in holds)


def holds_text(holds: list[dict[str, Any]], language: int = 0) -> str:
    """The holds as a sentence for the answer: each with its end."""
    parts = []
    for hold in holds:
        label = _label(hold, language)
        if hold["until"] is None:
            parts.append(
                label + ("（至其结束后起算保存期）" if language == 0 else " (until it ends)")
            )
        else:
            parts.append(
                label
                + (f"（至 {hold['until']}）" if language == 0 else f" (until {hold['until']})")
            )
    return ("；" if language == 0 else "; ").join(parts)


def _label(hold: dict[str, Any], language: int) -> str:
    label = HOLDS[hold["code"]][language]
    return f"{label} {hold['ref']}" if hold.get("ref") else label


def stored_holds(holds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The holds as the restriction row keeps them (days as ISO text)."""
    return [
        {**h, "until": h["until"] and h["until"].isoformat()}  # type: ignore[union-attr]
        for h in holds
    ]


def restriction_refresh(customer_id: int, today: date | None = None) -> list[dict[str, Any]]:
    """A restricted customer's holds and end recomputed (a legal hold recorded or lifted,
    an order ended since): the row keeps what holds the data now. The holds; the caller
    erases the customer where none is left."""
    holds = customer_holds(customer_id, today)
    restriction = (
        Restriction.objects.select_for_update()
        .filter(customer_id=customer_id, status=RestrictionStatus.RESTRICTED)
        .first()
    )
    if restriction is not None:
        stored, until = stored_holds(holds), holds_until(holds)
        if (restriction.holds, restriction.until) != (stored, until):
            restriction.holds, restriction.until = stored, until
            restriction.save(update_fields=["holds", "until", "updated_at"])
    return holds


def deletion_block(row: PrivacyRequest) -> dict[str, Any] | None:
    """The request screen's deletion facts: what holds the data now, whether it can be
    erased, and the customer's restriction; None for another kind or no customer."""
    if row.kind != RequestKind.DELETE or row.customer_id is None:
        return None
    restriction = Restriction.objects.filter(customer_id=row.customer_id).first()
    holds = customer_holds(row.customer_id)
    return {
        "holds": [
            {
                "code": h["code"],
                "label": _label(h, 0),
                "label_en": _label(h, 1),
                "until": h["until"],
            }
            for h in holds
        ],
        "until": holds_until(holds),
        "erasable": not holds,
        "restriction": (
            {
                "status": restriction.status,
                "until": restriction.until,
                "erased_at": restriction.erased_at,
                "counts": restriction.counts,
            }
            if restriction
            else None
        ),
    }


def _open_deletion(actor: Session, request_id: int) -> tuple[PrivacyRequest, int]:
    row = locked_request(actor, request_id)
    if row.kind != RequestKind.DELETE:
        raise field_error("id", Text("只能处理删除请求", "only a deletion request"))
    if row.status not in OPEN_STATUSES:  # answered once, never again
        raise REQUEST.conflict(row.status, "complete")
    if row.customer_id is None:
        raise field_error(
            "id", Text("本店没有该请求涉及的客户信息", "the shop holds no customer for it")
        )
    return row, row.customer_id


def erase_everywhere(
    *, actor: Session | None, customer_id: int, reason: str, suppress: bool = True
) -> dict[str, int]:
    """Anonymises the customer in every table of the shop that names them; counts per
    table. Already erased rows are left as they are (their counts 0). `suppress`: their
    hashes put on the suppression list (a deletion they asked for; not a period's end)."""
    order_ids = customer_facts(customer_id).order_ids  # type: ignore[union-attr]
    counts = customer_erase(actor=actor, customer_id=customer_id, reason=reason, suppress=suppress)
    counts.update(
        recovery_notes=order_notes_erase(order_ids),
        credit_accounts=order_accounts_erase(order_ids),
        risk_checks=order_checks_erase(order_ids),
        messages=order_messages_erase(order_ids),
        payers=order_payers_erase(order_ids),
        requests=PrivacyRequest.objects.filter(customer_id=customer_id)
        .exclude(lookup_phone="")
        .update(lookup_phone=""),
    )
    return counts


def deletion_erase(*, actor: Session, request_id: int) -> PrivacyRequest:
    """Carries out a deletion request where nothing holds the customer's data: erased in
    every table, the restriction row erased, `customer.redact` for the shop's systems, the
    request completed with what was done. Where something holds it: an error naming it."""
    with transaction.atomic():
        row, customer_id = _open_deletion(actor, request_id)
        holds = customer_holds(customer_id)
        if holds:
            raise ApplicationError(
                ErrorCode.CONFLICT,
                "仍有须保留的数据，不能删除：" + holds_text(holds),
                msg_en="Something still holds the data: " + holds_text(holds, 1),
                data={"holds": [h["code"] for h in holds]},
            )
        counts = erase_everywhere(actor=actor, customer_id=customer_id, reason=row.request_no)
        restriction = (
            Restriction.objects.select_for_update().filter(customer_id=customer_id).first()
        )
        now = timezone.now()
        fresh = restriction is None or restriction.status != RestrictionStatus.ERASED

        def erased(locked: Restriction) -> dict[str, Any]:
            locked.holds, locked.until, locked.erased_at = [], None, now
            locked.counts, locked.request_id = counts, row.pk
            return {"counts": counts}

        if restriction is None:
            restriction = Restriction.objects.create(
                customer_id=customer_id,
                status=RestrictionStatus.ERASED,
                request_id=row.pk,
                erased_at=now,
                counts=counts,
            )
            status_created(RESTRICTION, row=restriction, actor=actor, reason=row.request_no)
        elif restriction.status == RestrictionStatus.RESTRICTED:
            transition_locked(
                RESTRICTION,
                row=restriction,
                action="erase",
                actor=actor,
                reason=row.request_no,
                change=erased,
            )
        if fresh:
            event_emit(
                "customer.redact",
                object_type="customer",
                object_id=customer_id,
                data={"customer_id": customer_id},
            )
        outcome = (
            "已删除该客户的个人信息：姓名仅保留姓氏，手机号与身份证号仅以密钥散列保存（列入禁止回流名单），"
            "身份证照片已删除，收货地址仅保留省市；账单与账簿只保留不含个人信息的编号。"
            if fresh
            else "该客户的个人信息此前已删除，本次无需再处理。"
        )
        return _complete(actor, row, outcome, {"erased": counts})


def deletion_restrict(*, actor: Session, request_id: int) -> PrivacyRequest:
    """Answers a deletion request where something holds the data: the customer restricted
    (storage and security only) until the last hold ends, the request completed with what
    holds it and until when. Where nothing holds it: an error (erase it instead)."""
    with transaction.atomic():
        row, customer_id = _open_deletion(actor, request_id)
        holds = customer_holds(customer_id)
        if not holds:
            raise ApplicationError(
                ErrorCode.CONFLICT,
                "没有须保留的数据，请直接删除",
                msg_en="Nothing holds the data: erase it instead",
            )
        until = holds_until(holds)
        stored = stored_holds(holds)
        restriction = (
            Restriction.objects.select_for_update().filter(customer_id=customer_id).first()
        )
        if restriction is None:
            restriction = Restriction.objects.create(
                customer_id=customer_id,
                status=RestrictionStatus.RESTRICTED,
                holds=stored,
                until=until,
                request_id=row.pk,
            )
            status_created(RESTRICTION, row=restriction, actor=actor, reason=row.request_no)
        elif restriction.status == RestrictionStatus.ERASED:
            raise RESTRICTION.conflict(restriction.status, "restrict", RestrictionStatus.RESTRICTED)
        elif (restriction.holds, restriction.until) != (stored, until):
            restriction.holds, restriction.until, restriction.request_id = stored, until, row.pk
            restriction.save(update_fields=["holds", "until", "request_id", "updated_at"])
        customer_restrict(actor=actor, customer_id=customer_id, reason=row.request_no)
        outcome = (
            "依法暂不能删除，已限制处理（仅存储和采取安全保护措施，不再用于其他处理，不用于营销、导出或分享）："
            + holds_text(holds)
            + "。保存期届满后删除。"
        )
        return _complete(
            actor, row, outcome, {"holds": stored, "until": until and until.isoformat()}
        )


def restriction_erase(*, customer_id: int, reason: str, today: date) -> dict[str, int] | None:
    """The retention job's erasure of a restricted customer the day their last hold ended
    (they asked for the deletion): erased everywhere and put on the suppression list, the
    restriction moved to erased by the system, `customer.redact` sent. None when something
    still holds the data (the restriction keeps the holds found)."""
    with transaction.atomic():
        restriction = (
            Restriction.objects.select_for_update()
            .filter(customer_id=customer_id, status=RestrictionStatus.RESTRICTED)
            .first()
        )
        if restriction is None or restriction_refresh(customer_id, today):
            return None
        counts = erase_everywhere(actor=None, customer_id=customer_id, reason=reason)
        now = timezone.now()

        def erased(locked: Restriction) -> dict[str, Any]:
            locked.holds, locked.until, locked.erased_at, locked.counts = [], None, now, counts
            return {"counts": counts}

        transition_locked(
            RESTRICTION, row=restriction, action="erase", actor=None, reason=reason, change=erased
        )
        event_emit(
            "customer.redact",
            object_type="customer",
            object_id=customer_id,
            data={"customer_id": customer_id},
        )
    return counts


def _complete(
    actor: Session, row: PrivacyRequest, outcome: str, extra: dict[str, Any]
) -> PrivacyRequest:
    def answered(locked: PrivacyRequest) -> dict[str, Any]:
        locked.outcome, locked.refusal_reason, locked.answered_at = outcome, "", timezone.now()
        if locked.handler_account_id is None:
            locked.handler_account_id = actor.account.pk
            locked.handler_name = actor_name(actor)
        return {"outcome": outcome, **extra}

    return transition_locked(REQUEST, row=row, action="complete", actor=actor, change=answered)
