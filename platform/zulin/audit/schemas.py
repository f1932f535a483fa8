from __future__ import annotations

from datetime import datetime
from typing import Any

from zulin.core.schema import Schema


class AuditOut(Schema):
    """One entry of an audit trail (zulin.audit.selectors.audit_trail)."""

    id: int
    actor: str
    action: str
    before: Any
    after: Any
    reason: str
    created_at: datetime
