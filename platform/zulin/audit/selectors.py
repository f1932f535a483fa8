from __future__ import annotations

from datetime import date
from typing import Any

from zulin.core.dates import on_days
from zulin.core.i18n import pick
from zulin.core.pagination import page_of

from .models import AuditEntry
from .reasons import reason_text
from .reveals import REVEAL_ACTIONS


def audit_trail(*, target_type: str, target_id: Any, limit: int = 100) -> list[dict[str, Any]]:
    entries = AuditEntry.objects.filter(target_type=target_type, target_id=str(target_id))
    return [
        {
            "id": entry.pk,
            "actor": entry.actor_name,
            "action": entry.action,
            "before": entry.before,
            "after": entry.after,
            "reason": reason_text(entry.reason),
            "created_at": entry.created_at,
        }
        for entry in entries[:limit]
    ]


def reveal_page(
    *,
    action: str | None,
    actor_account_id: int | None,
    date_from: date | None,
    date_to: date | None,
    page: int,
    page_size: int,
) -> dict[str, Any]:
    """The reveals recorded in this schema (zulin.audit.reveals), newest first: who, when,
    what was shown and why; filtered by kind, by who asked and by China day."""
    entries = AuditEntry.objects.filter(action__in=list(REVEAL_ACTIONS))
    if action:
        entries = entries.filter(action=action)
    if actor_account_id is not None:
        entries = entries.filter(actor_account_id=actor_account_id)
    entries = on_days(entries, date_from, date_to)

    def row(entry: AuditEntry) -> dict[str, Any]:
        after = entry.after if isinstance(entry.after, dict) else {}
        return {
            "id": entry.pk,
            "actor": entry.actor_name,
            "actor_account_id": entry.actor_account_id,
            "action": entry.action,
            "action_name": pick(REVEAL_ACTIONS[entry.action]),
            "target_type": entry.target_type,
            "target_id": entry.target_id,
            "order_id": int(entry.target_id)
            if entry.target_type == "order"
            else after.get("order_id"),
            "customer_id": after.get("customer_id"),
            "reason": reason_text(entry.reason),
            "created_at": entry.created_at,
        }

    return page_of(entries, page=page, page_size=page_size, row=row)
