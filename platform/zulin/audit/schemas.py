from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field

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


class ReviewActionOut(Schema):
    """One action the caller could take on a reviewed request (zulin.audit.review): whether
    they may now and, when not, why."""

    action: str = Field(description="approve, reject, cancel …")
    allowed: bool
    reason_code: str = Field(description="when not allowed: status, permission, same_approver")
    reason: str = Field(description="when not allowed: why, worded for people")


# One row of a record's status history (zulin.audit.state.status_history). No docstring:
# the screens' schemas name it after their record and carry no description.
class StatusHistoryOut(Schema):
    id: int
    action: str
    from_status: str
    to_status: str
    reason: str
    actor: str
    created_at: datetime
