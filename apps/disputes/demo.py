"""The disputes showcase: one evidence pack, asked for by the owner through the service the
call uses and built the way the worker builds it, so `make run` shows a pack ready to
download (the owner's exports). Runs in the merchant's schema (the caller enters it); safe to
run again (an order with a finished pack gets no second one)."""

from __future__ import annotations

from zulin.core.auth import Session
from zulin.exports.models import ExportJob, ExportStatus
from zulin.exports.services import export_job_run

from .services import PACK_KIND, evidence_pack_create


def evidence_pack_showcase_load(*, owner: Session, order_id: int) -> int:
    """The id of a finished pack of the order: the one already made, else a new one."""
    done = (
        ExportJob.objects.filter(
            kind=PACK_KIND, status=ExportStatus.DONE, filters__order_id=order_id
        )
        .order_by("id")
        .first()
    )
    if done is not None:
        return int(done.pk)
    job = evidence_pack_create(
        session=owner, order_id=order_id, language="zh", reason="客户起诉前准备证据"
    )
    # Built here rather than left to the worker (which `make run` starts after the demo);
    # the worker then finds the job taken and leaves it.
    export_job_run(job_id=job.pk)
    return int(job.pk)
