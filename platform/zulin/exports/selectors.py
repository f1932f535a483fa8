"""Reads of export jobs: an account sees its own (in its sub-shop scope) and nobody else's."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models import QuerySet

from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, message_for
from zulin.core.pagination import page_of
from zulin.files.links import private_file_link

from .models import ExportJob, ExportStatus
from .registry import exporter_get, exporter_list


def _own_jobs(session: Session) -> QuerySet[ExportJob]:
    """The account's jobs asked on this side in its current sub-shop scope (the schema is
    the host's: another merchant's jobs are not even in it)."""
    return ExportJob.objects.filter(
        created_by_account_id=session.account.pk,
        side=session.side,
        sub_shop_id=session.sub_shop_id,
    ).select_related("file")


def _may_read(session: Session, job: ExportJob) -> bool:
    exporter = exporter_get(job.kind)
    return exporter is not None and session.can(exporter.action)


def _error_message(job: ExportJob, language: str) -> str:
    if job.status != ExportStatus.FAILED:
        return ""
    try:
        code = ErrorCode(job.error_code or ErrorCode.EXPORT_FAILED)
    except ValueError:
        code = ErrorCode.EXPORT_FAILED
    return message_for(code, language)


def export_job_row(job: ExportJob, *, session: Session, language: str) -> dict[str, Any]:
    """One job as answered; a finished one carries a fresh download link (each answer signs
    its own, so a link in an old answer expires while the job stays downloadable)."""
    exporter = exporter_get(job.kind)
    stored = job.file if job.status == ExportStatus.DONE else None
    return {
        "id": job.pk,
        "kind": job.kind,
        "title": exporter.title(language) if exporter else job.kind,
        "filters": job.filters,
        "status": job.status,
        "progress": job.progress,
        "rows": job.rows,
        "error_code": job.error_code if job.status == ExportStatus.FAILED else None,
        "error": _error_message(job, language),
        "file_name": stored.name if stored else "",
        "file_size": stored.size if stored else 0,
        "download_url": private_file_link(stored, session=session) if stored else "",
        "download_expires_in": settings.PRIVATE_LINK_TTL_SECONDS if stored else 0,
        "created_at": job.created_at,
        "finished_at": job.finished_at,
    }


def export_status(*, session: Session, job_id: int, language: str) -> dict[str, Any]:
    """NOT_FOUND for another account's job as for none; FORBIDDEN once the session's role
    no longer has the exporter's action."""
    job = _own_jobs(session).filter(pk=job_id).first()
    if job is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    if not _may_read(session, job):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    return export_job_row(job, session=session, language=language)


def export_page(
    *, session: Session, kind: str | None, page: int, page_size: int, language: str
) -> dict[str, Any]:
    """The account's exports, newest first, of the kinds its role may still run."""
    kinds = [exporter.kind for exporter in exporter_list() if session.can(exporter.action)]
    if kind is not None:
        kinds = [k for k in kinds if k == kind]
    queryset = _own_jobs(session).filter(kind__in=kinds).order_by("-id")
    return page_of(
        queryset,
        page=page,
        page_size=page_size,
        row=lambda job: export_job_row(job, session=session, language=language),
    )


def export_job_of_kind(*, job_id: int, kind: str) -> ExportJob | None:
    """A job of one kind by id in this schema, whoever asked for it: a file builder's own
    call decides who may read it (an evidence pack: whoever may see its order)."""
    return ExportJob.objects.filter(pk=job_id, kind=kind).select_related("file").first()
