"""Reads of evidence packs: whoever may pack an order may follow its packs, within the scope
of the orders they see."""

from __future__ import annotations

from typing import Any

from apps.orders.reads import order_brief
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.exports.selectors import export_job_of_kind, export_job_row

from .services import EVIDENCE_RIGHT, PACK_KIND


def evidence_pack_status(*, session: Session, pack_id: int, language: str) -> dict[str, Any]:
    """One pack: status, progress, files, and when done a download link valid a few minutes
    (each answer signs a fresh one). NOT_FOUND for a pack of an order outside the session's
    scope as for none."""
    if not session.can(EVIDENCE_RIGHT):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    job = export_job_of_kind(job_id=pack_id, kind=PACK_KIND)
    if job is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    order = order_brief(session=session, order_id=int(job.filters.get("order_id") or 0))
    return {
        **export_job_row(job, session=session, language=language),
        "order_id": order["id"],
        "order_no": order["order_no"],
    }
