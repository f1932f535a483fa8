from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Model

from zulin.core.auth import Session

from .models import AuditEntry


@dataclass(frozen=True)
class ActorRef:
    """Who acts when no session is at hand: a worker doing what an account queued (an
    export), or the account a signed download link was issued to."""

    account_id: int | None
    name: str
    side: int | None


def actor_ref(actor: Session | ActorRef | None) -> ActorRef:
    """The session's account as recorded, kept for work done later on its behalf."""
    if actor is None:
        return ActorRef(account_id=None, name="system", side=None)
    if isinstance(actor, ActorRef):
        return actor
    return ActorRef(
        account_id=actor.account.pk,
        name=actor.account.name or actor.account.username,
        side=actor.side,
    )


def actor_name(actor: Session | ActorRef | None) -> str:
    return actor_ref(actor).name


def audit_record(
    *,
    actor: Session | ActorRef | None,
    action: str,
    target_type: str,
    target_id: Any,
    before: Any = None,
    after: Any = None,
    reason: str = "",
) -> AuditEntry:
    """Call inside the transaction of the change it records, in the schema it belongs to."""
    who = actor_ref(actor)
    return AuditEntry.objects.create(
        actor_account_id=who.account_id,
        actor_name=who.name,
        actor_side=who.side,
        action=action,
        target_type=target_type,
        target_id=str(target_id),
        before=before,
        after=after,
        reason=reason,
    )


def audit_field_set(
    row: Model,
    field: str,
    value: Any,
    *,
    actor: Session | ActorRef | None,
    action: str,
    target_type: str,
    reason: str = "",
) -> AuditEntry:
    """`row`'s `field` set to `value` and saved (with its `updated_at`), and recorded with
    its value before and after; inside the transaction of the change."""
    before = getattr(row, field)
    setattr(row, field, value)
    row.save(update_fields=[field, "updated_at"])
    return audit_record(
        actor=actor,
        action=action,
        target_type=target_type,
        target_id=row.pk,
        before={field: before},
        after={field: value},
        reason=reason,
    )


def audit_settings_change(
    *,
    actor: Session | ActorRef | None,
    action: str,
    target_type: str,
    target_id: Any,
    before: dict[str, Any],
    after: dict[str, Any],
) -> AuditEntry:
    """A settings record saved: its answer before and after, less the save time."""
    return audit_record(
        actor=actor,
        action=action,
        target_type=target_type,
        target_id=target_id,
        before={k: v for k, v in before.items() if k != "updated_at"},
        after={k: v for k, v in after.items() if k != "updated_at"},
    )
