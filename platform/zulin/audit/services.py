from __future__ import annotations

from typing import Any

from zulin.core.auth import Session

from .models import AuditEntry


def actor_name(actor: Session | None) -> str:
    if actor is None:
        return "system"
    return actor.account.name or actor.account.username


def audit_record(
    *,
    actor: Session | None,
    action: str,
    target_type: str,
    target_id: Any,
    before: Any = None,
    after: Any = None,
    reason: str = "",
) -> AuditEntry:
    """Call inside the transaction of the change it records, in the schema it belongs to."""
    return AuditEntry.objects.create(
        actor_account_id=actor.account.pk if actor else None,
        actor_name=actor_name(actor),
        actor_side=actor.side if actor else None,
        action=action,
        target_type=target_type,
        target_id=str(target_id),
        before=before,
        after=after,
        reason=reason,
    )
