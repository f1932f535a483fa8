from __future__ import annotations

from typing import Any

from .models import AuditEntry
from .reasons import reason_text


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
