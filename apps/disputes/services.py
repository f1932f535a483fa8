"""Evidence packs: asked for on an order in the session's scope, built by the export
machinery's Celery task (a file builder, `zulin/exports`), kept as a private file."""

from __future__ import annotations

from typing import IO, Any

from django.db import transaction
from ninja import Schema
from pydantic import Field

from apps.orders.reads import order_brief
from zulin.audit.reveals import reveal_reason, reveal_record
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.exports.models import ExportJob
from zulin.exports.registry import (
    BuiltFile,
    ExportScope,
    exporter_get,
    register_file_builder,
)
from zulin.exports.services import export_job_queue

from .pack import evidence_pack_build
from .parts import PackSubject

EVIDENCE_RIGHT = "dispute.evidence"
PACK_KIND = "evidence_pack"
ZIP = "application/zip"


class EvidencePackFilters(Schema):
    order_id: int = Field(..., ge=1)
    order_no: str = Field(..., max_length=32)


def _pack_write(
    filters: EvidencePackFilters, scope: ExportScope, out: IO[bytes], report: Any
) -> BuiltFile:
    """The worker's side: the order was found in the asking session's scope when the job was
    queued; the pack holds every part of it."""
    built = evidence_pack_build(
        PackSubject(order_id=filters.order_id, order_no=filters.order_no), report=report
    )
    out.write(built.content)
    return BuiltFile(name=f"证据包_{filters.order_no}.zip", content_type=ZIP, items=built.files)


def evidence_pack_builder_register() -> None:
    register_file_builder(
        kind=PACK_KIND,
        write_fn=_pack_write,
        title_zh="证据包",
        title_en="Evidence pack",
        action=EVIDENCE_RIGHT,
        filters=EvidencePackFilters,
    )


def evidence_pack_create(
    *, session: Session, order_id: int, language: str, reason: str
) -> ExportJob:
    """Queues the pack of an order in the session's scope (NOT_FOUND outside it, as for a
    missing order: another merchant's, a sibling sub-shop's). The job is an export job of
    kind `evidence_pack`; its creation is audited there (`export.create`). The pack holds the
    customer's identity whole (a court needs it), so asking for it is a reveal: a reason is
    required and recorded (`order.identity_export`, in the owner's reveal log)."""
    if not session.can(EVIDENCE_RIGHT):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    reason = reveal_reason(reason)
    order = order_brief(session=session, order_id=order_id)
    builder = exporter_get(PACK_KIND)
    assert builder is not None, "apps.disputes registers its builder when it is ready"
    with transaction.atomic():
        job = export_job_queue(
            session=session,
            exporter=builder,
            filters={"order_id": order["id"], "order_no": order["order_no"]},
            language=language,
        )
        # On the job, not the order: a pack holds the order's timeline, and asking for one
        # must not change what the next pack of the unchanged order holds.
        reveal_record(
            actor=session,
            action="order.identity_export",
            target_type="export",
            target_id=job.pk,
            after={"order_id": order["id"]},
            reason=reason,
        )
    return job
