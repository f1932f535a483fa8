"""Export jobs: asked for in a request, written by a Celery task (`export_run`, at the end)
in the schema they were asked in, the workbook kept as a private file there."""

from __future__ import annotations

import logging
import tempfile
from datetime import timedelta
from typing import IO, Any

import pydantic
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django_tenants.utils import schema_context
from ninja.errors import ValidationError

from zulin.audit.services import ActorRef, actor_ref, audit_record
from zulin.celery import app
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.files.models import StoredFile
from zulin.files.services import private_file_save

from .models import ExportJob, ExportStatus
from .registry import Exporter, ExportScope, exporter_get, exporter_list
from .writer import workbook_write

logger = logging.getLogger("zulin.task")

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
ACTIVE = (ExportStatus.QUEUED, ExportStatus.RUNNING)
# A job still queued or running after this long no longer counts against the account's
# limit (a worker that died mid-run must not block its exports for good).
ACTIVE_WINDOW = timedelta(hours=1)


def exporters_on_side(side: int) -> list[str]:
    """The kinds `exportCreate` takes on a side: a file builder's jobs are queued by its own
    call, which checks what the job is about."""
    return [
        exporter.kind
        for exporter in exporter_list()
        if side in exporter.sides and not exporter.is_file_builder
    ]


def _exporter_for(session: Session, kind: str) -> Exporter:
    exporter = exporter_get(kind)
    if exporter is None or session.side not in exporter.sides or exporter.is_file_builder:
        expected = ", ".join(repr(k) for k in exporters_on_side(session.side))
        raise ValidationError(
            [
                {
                    "type": "literal_error",
                    "loc": ("kind",),
                    "msg": f"Input should be one of: {expected}",
                    "ctx": {"expected": expected},
                }
            ]
        )
    if not session.can(exporter.action):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    return exporter


def _filters_valid(exporter: Exporter, filters: dict[str, Any]) -> dict[str, Any]:
    """The exporter's own filter schema (the list's), stored as validated JSON."""
    try:
        return exporter.filters.model_validate(filters).model_dump(mode="json")
    except pydantic.ValidationError as error:
        raise ValidationError(
            [{**dict(e), "loc": ("filters", *e["loc"])} for e in error.errors(include_url=False)]
        ) from None


def export_create(
    *, session: Session, kind: str, filters: dict[str, Any], language: str
) -> ExportJob:
    """Queues an export of `kind` with the list's `filters`, narrowed as this session's list
    is (its sub-shop). The task is sent once the job is committed, in this schema."""
    exporter = _exporter_for(session, kind)
    return export_job_queue(
        session=session,
        exporter=exporter,
        filters=_filters_valid(exporter, filters),
        language=language,
    )


def export_job_queue(
    *, session: Session, exporter: Exporter, filters: dict[str, Any], language: str
) -> ExportJob:
    """Records a job of `exporter` with filters already valid (JSON) and sends its task once
    committed: `export_create`'s, and a file builder's own call once it has checked what the
    job is about. EXPORT_TOO_MANY_ACTIVE while the account has its limit of unfinished jobs."""
    if not session.can(exporter.action):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    schema = tenant_connection.schema_name
    who = actor_ref(session)
    account_id = int(session.account.pk)
    with transaction.atomic():
        active = ExportJob.objects.filter(
            created_by_account_id=account_id,
            status__in=ACTIVE,
            created_at__gte=timezone.now() - ACTIVE_WINDOW,
        ).count()
        if active >= settings.EXPORT_MAX_ACTIVE_PER_ACCOUNT:
            raise ApplicationError(ErrorCode.EXPORT_TOO_MANY_ACTIVE)
        job = ExportJob.objects.create(
            kind=exporter.kind,
            filters=filters,
            created_by_account_id=account_id,
            created_by_name=who.name[:50],
            side=session.side,
            sub_shop_id=session.sub_shop_id,
            language="en" if language == "en" else "zh",
        )
        audit_record(
            actor=session,
            action="export.create",
            target_type="export",
            target_id=job.pk,
            after={"kind": exporter.kind, "filters": filters},
        )
        transaction.on_commit(lambda: _queue(job.pk, schema))
    return job


def _queue(job_id: int, schema: str) -> None:
    """Sends the task with the job's schema named explicitly (not read from the connection
    when the commit hook runs). No broker: the job fails at once and the caller gets 503."""
    try:
        export_run.apply_async(args=[job_id], headers={"_schema_name": schema})
    except Exception:  # noqa: BLE001 — any failure to reach the broker
        logger.warning("export %s of %s not queued", job_id, schema, exc_info=True)
        with schema_context(schema):
            ExportJob.objects.filter(pk=job_id).update(
                status=ExportStatus.FAILED,
                error_code=int(ErrorCode.UNAVAILABLE),
                error="the task queue is unavailable",
                finished_at=timezone.now(),
            )
        raise ApplicationError(ErrorCode.UNAVAILABLE) from None


def _job_fail(job: ExportJob, code: ErrorCode, error: str) -> None:
    ExportJob.objects.filter(pk=job.pk).update(
        status=ExportStatus.FAILED,
        error_code=int(code),
        error=error[:500],
        finished_at=timezone.now(),
    )


def _job_take(job_id: int) -> ExportJob | None:
    """The queued job, now running; None when it is gone or already taken (a message
    delivered twice writes the workbook once)."""
    with transaction.atomic():
        job = ExportJob.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.status != ExportStatus.QUEUED:
            return None
        job.status = ExportStatus.RUNNING
        job.started_at = timezone.now()
        job.save(update_fields=["status", "started_at"])
    return job


def _job_inputs(job: ExportJob, exporter: Exporter) -> tuple[Any, ExportScope]:
    """What the exporter is called with: the job's filters, validated again, and the scope of
    the one who asked for it (what its rows and counts may see)."""
    scope = ExportScope(
        account_id=job.created_by_account_id,
        side=job.side,
        sub_shop_id=job.sub_shop_id,
        language=job.language,
    )
    return exporter.filters.model_validate(job.filters), scope


def _job_file_save(job: ExportJob, out: IO[bytes], *, name: str, content_type: str) -> StoredFile:
    """The job's file, kept as a private file saved by the one who asked for it."""
    return private_file_save(
        kind="exports",
        name=name,
        content=out,
        content_type=content_type,
        actor=ActorRef(
            account_id=job.created_by_account_id, name=job.created_by_name, side=job.side
        ),
    )


def _workbook_store(job: ExportJob, exporter: Exporter) -> tuple[int, Any]:
    filters, scope = _job_inputs(job, exporter)
    total = exporter.count_fn(filters, scope)
    if total > settings.EXPORT_MAX_ROWS:
        raise ApplicationError(ErrorCode.EXPORT_TOO_MANY_ROWS)
    reported = {"progress": 0}

    def report(written: int) -> None:
        if written > settings.EXPORT_MAX_ROWS:
            raise ApplicationError(ErrorCode.EXPORT_TOO_MANY_ROWS)
        # 99 at most until the file is stored; rows added since the count do not overshoot.
        progress = min(99, written * 100 // total) if total else 99
        if progress != reported["progress"]:
            reported["progress"] = progress
            ExportJob.objects.filter(pk=job.pk).update(progress=progress, rows=written)

    title = exporter.title(job.language)
    with tempfile.TemporaryFile(suffix=".xlsx") as out:
        rows = workbook_write(
            out,
            title=title,
            columns=exporter.columns,
            language=job.language,
            chunks=exporter.rows_fn(filters, scope),
            on_chunk=report,
        )
        out.seek(0)
        stamp = timezone.localtime().strftime("%Y%m%d_%H%M%S")
        stored = _job_file_save(job, out, name=f"{title}_{stamp}.xlsx", content_type=XLSX)
    return rows, stored


def _built_store(job: ExportJob, exporter: Exporter) -> tuple[int, Any]:
    """A file builder's job: its writer fills a temporary file, kept as a private file."""
    assert exporter.write_fn is not None
    filters, scope = _job_inputs(job, exporter)
    reported = {"progress": 0}

    def report(progress: int) -> None:
        progress = max(0, min(99, int(progress)))
        if progress != reported["progress"]:
            reported["progress"] = progress
            ExportJob.objects.filter(pk=job.pk).update(progress=progress)

    with tempfile.TemporaryFile() as out:
        built = exporter.write_fn(filters, scope, out, report)
        out.seek(0)
        stored = _job_file_save(job, out, name=built.name, content_type=built.content_type)
    return built.items, stored


def export_job_run(*, job_id: int) -> dict[str, Any]:
    """Writes the workbook of a queued job in the active schema, reporting progress as it
    goes; a failure of the exporter marks the job failed with what happened."""
    schema = tenant_connection.schema_name
    job = _job_take(job_id)
    if job is None:
        return {"schema": schema, "job": job_id, "ran": False}
    exporter = exporter_get(job.kind)
    try:
        if exporter is None:
            raise ApplicationError(ErrorCode.EXPORT_FAILED, f"no exporter of kind {job.kind}")
        store = _built_store if exporter.is_file_builder else _workbook_store
        rows, stored = store(job, exporter)
    except ApplicationError as error:
        _job_fail(job, error.code, error.message(job.language))
        return {"schema": schema, "job": job_id, "ran": True, "status": ExportStatus.FAILED}
    except Exception as error:  # noqa: BLE001 — whatever the exporter raised fails the job
        logger.exception("export %s (%s) of %s failed", job_id, job.kind, schema)
        _job_fail(job, ErrorCode.EXPORT_FAILED, f"{error.__class__.__name__}: {error}")
        return {"schema": schema, "job": job_id, "ran": True, "status": ExportStatus.FAILED}
    ExportJob.objects.filter(pk=job.pk).update(
        status=ExportStatus.DONE,
        progress=100,
        rows=rows,
        file=stored,
        finished_at=timezone.now(),
    )
    return {"schema": schema, "job": job_id, "ran": True, "status": ExportStatus.DONE, "rows": rows}


@app.task(name="exports.run")
def export_run(job_id: int) -> dict[str, Any]:
    """The export worker: runs in the schema the job was asked in (tenant-schemas-celery)."""
    return export_job_run(job_id=job_id)
