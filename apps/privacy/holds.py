"""Legal holds (docs/privacy.md, "Legal holds"): an authority's order to keep a customer's
data — a court's preservation ruling, a procuratorate's, the police's or a regulator's
request. While active and not past its end it holds the customer's data: a deletion request
is answered with it (and until when), the retention job leaves the customer as they are,
and a restricted customer stays restricted. Recorded and lifted by `privacy.manage`
through the state machine (history and audit)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from apps.orders.reads import customer_facts
from zulin.audit.services import actor_name, audit_record
from zulin.audit.state import Machine, move, status_created, status_history, transition_locked
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.core.pagination import page_of

from .deletion import restriction_refresh
from .models import LegalHold, LegalHoldStatus
from .selectors import MANAGE

HOLD_TARGET = "privacy_legal_hold"
LEGAL_HOLD = Machine(
    model=LegalHold,
    target_type=HOLD_TARGET,
    moves=(move(LegalHoldStatus.ACTIVE, "lift", LegalHoldStatus.LIFTED, MANAGE),),
    labels={"active": ("保全中", "active"), "lifted": ("已解除", "lifted")},
)
# A hold is recorded on the day its order reached the shop, or up to this many days later.
STARTS_DAYS_BACK = 90


@dataclass(frozen=True)
class HoldInput:
    customer_id: int
    authority: str
    authority_name: str
    reference: str
    reason: str
    starts_on: date | None = None
    ends_on: date | None = None
    order_id: int | None = None


def _in_reach(actor: Session) -> None:
    # The shop is the handler: a sub-shop's account sees no hold (as no request).
    if actor.sub_shop_id is not None:
        raise ApplicationError(ErrorCode.NOT_FOUND)


def hold_create(*, actor: Session, data: HoldInput) -> LegalHold:
    """Records a legal hold on a customer (or one of their orders): audited, and a
    restricted customer's holds recomputed (the hold joins them, with its end)."""
    _in_reach(actor)
    facts = customer_facts(data.customer_id)
    if facts is None:
        raise field_error("customer_id", Text("没有该客户", "no such customer"))
    if data.order_id is not None and data.order_id not in facts.order_ids:
        raise field_error("order_id", Text("不是该客户的订单", "not an order of this customer"))
    if facts.erased:
        raise field_error(
            "customer_id",
            Text("该客户的个人信息已删除，无可保全", "the customer's data is already erased"),
        )
    today = timezone.localdate()
    starts_on = data.starts_on or today
    if not today - timedelta(days=STARTS_DAYS_BACK) <= starts_on <= today:
        raise field_error(
            "starts_on",
            Text("须为今天或 {days} 天内", "today or up to {days} days back").format(
                days=STARTS_DAYS_BACK
            ),
        )
    if data.ends_on is not None and data.ends_on <= today:
        raise field_error("ends_on", Text("须晚于今天", "after today"))
    with transaction.atomic():
        hold = LegalHold.objects.create(
            customer_id=data.customer_id,
            order_id=data.order_id,
            authority=data.authority,
            authority_name=data.authority_name.strip(),
            reference=data.reference.strip(),
            reason=data.reason.strip(),
            starts_on=starts_on,
            ends_on=data.ends_on,
            recorded_by_account_id=actor.account.pk,
            recorded_by_name=actor_name(actor),
        )
        status_created(LEGAL_HOLD, row=hold, actor=actor, reason=hold.reference)
        _audit_created(actor, hold)
        restriction_refresh(hold.customer_id)
    return hold


def _audit_created(actor: Session, hold: LegalHold) -> None:
    audit_record(
        actor=actor,
        action=f"{HOLD_TARGET}.create",
        target_type=HOLD_TARGET,
        target_id=hold.pk,
        after={
            "customer_id": hold.customer_id,
            "order_id": hold.order_id,
            "authority": hold.authority,
            "reference": hold.reference,
            "starts_on": str(hold.starts_on),
            "ends_on": hold.ends_on and str(hold.ends_on),
        },
        reason=hold.reason,
    )


def hold_lift(*, actor: Session, hold_id: int, reason: str) -> LegalHold:
    """Lifts an active hold (the authority's release, or its end brought forward): moved to
    lifted with who, when and why; a restricted customer's holds recomputed — the retention
    job erases them the night nothing holds them any more."""
    _in_reach(actor)
    with transaction.atomic():
        hold = LegalHold.objects.select_for_update().filter(pk=hold_id).first()
        if hold is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        now, name = timezone.now(), actor_name(actor)

        def lifted(locked: LegalHold) -> dict[str, Any]:
            locked.lifted_at, locked.lifted_by_name = now, name
            locked.lift_reason = reason.strip()
            return {"lift_reason": locked.lift_reason}

        transition_locked(
            LEGAL_HOLD, row=hold, action="lift", actor=actor, reason=reason, change=lifted
        )
        restriction_refresh(hold.customer_id)
    return hold


def visible_holds(actor: Session) -> QuerySet[LegalHold]:
    if actor.sub_shop_id is not None or not actor.can(MANAGE):
        return LegalHold.objects.none()
    return LegalHold.objects.all()


def hold_row(hold: LegalHold, today: date | None = None) -> dict[str, Any]:
    today = today or timezone.localdate()
    holding = hold.status == LegalHoldStatus.ACTIVE and (
        hold.starts_on <= today and (hold.ends_on is None or hold.ends_on > today)
    )
    return {
        "id": hold.pk,
        "customer_id": hold.customer_id,
        "order_id": hold.order_id,
        "authority": hold.authority,
        "authority_label": hold.get_authority_display(),
        "authority_name": hold.authority_name,
        "reference": hold.reference,
        "reason": hold.reason,
        "starts_on": hold.starts_on,
        "ends_on": hold.ends_on,
        "status": hold.status,
        "holding": holding,
        "recorded_by": hold.recorded_by_name,
        "created_at": hold.created_at,
        "lifted_at": hold.lifted_at,
        "lifted_by": hold.lifted_by_name,
        "lift_reason": hold.lift_reason,
    }


def hold_page(
    *, actor: Session, customer_id: int | None, status: str | None, page: int, page_size: int
) -> dict[str, Any]:
    """Legal holds, latest start first: filtered by customer and status."""
    rows = visible_holds(actor)
    if customer_id is not None:
        rows = rows.filter(customer_id=customer_id)
    if status:
        rows = rows.filter(status=status)
    today = timezone.localdate()
    return page_of(rows, page=page, page_size=page_size, row=lambda hold: hold_row(hold, today))


def hold_detail(*, actor: Session, hold_id: int) -> dict[str, Any]:
    hold = visible_holds(actor).filter(pk=hold_id).first()
    if hold is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return {
        **hold_row(hold),
        "history": status_history(target_type=HOLD_TARGET, target_id=hold.pk),
    }
