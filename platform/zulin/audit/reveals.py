"""Reveals: a whole phone or ID number shown to a person or written into a file they take
away (docs/privacy.md, "Reveals"). Each one needs a reason given by whoever asks and is an
audit entry (who, when, why) in the schema of the data; the owner reads them all in one
list (`getRevealLog`). The entries hold opaque ids only, never the number revealed."""

from __future__ import annotations

from typing import Any

from zulin.core.auth import Session
from zulin.core.errors import field_error
from zulin.core.i18n import Text

from .models import AuditEntry
from .services import audit_record

REASON_MIN = 2
REASON_MAX = 200

# Every audit action that records a reveal, with its name in both catalogue languages.
REVEAL_ACTIONS: dict[str, Text] = {
    "order.identity_view": Text("查看客户完整身份信息", "Full identity shown"),
    "order.identity_export": Text("证据包含完整身份信息", "Evidence pack with full identity"),
    "privacy.copy_identity": Text(
        "个人信息副本含完整身份信息", "Customer's copy with full identity"
    ),
    "credit.file_export": Text(
        "下载征信报送文件（含完整身份信息）", "Credit report file taken whole"
    ),
}


def reveal_reason(raw: str | None) -> str:
    """The reason as given, trimmed; a field error on `reason` when it is missing, blank or
    too short to say anything (the reveal is then refused and nothing is recorded)."""
    reason = (raw or "").strip()
    if len(reason) < REASON_MIN:
        raise field_error(
            "reason",
            Text(
                "请填写查看完整信息的原因（至少2个字）",
                "give the reason for showing the full data (at least 2 characters)",
            ),
        )
    if len(reason) > REASON_MAX:
        raise field_error("reason", Text("原因最多200个字", "the reason is at most 200 characters"))
    return reason


def reveal_record(
    *,
    actor: Session,
    action: str,
    target_type: str,
    target_id: Any,
    reason: str,
    after: dict[str, Any] | None = None,
) -> AuditEntry:
    """Call inside the transaction that shows or queues the data, with a reason already
    checked by `reveal_reason`."""
    assert action in REVEAL_ACTIONS, f"{action} is not a reveal action"
    return audit_record(
        actor=actor,
        action=action,
        target_type=target_type,
        target_id=target_id,
        after=after,
        reason=reason,
    )
