"""Export calls (both sides): queue an export of a list, follow it, list one's own. Each
call needs a valid session; the exporter's own action is checked per kind."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from zulin.core.auth import any_side_auth, current_session
from zulin.core.envelope import request_language
from zulin.core.routes import call

from . import schemas, selectors, services

router = Router(tags=["platform: exports"])

SIGNED_IN = any_side_auth()


@call(router.post, "/exportCreate", schemas.ExportCreatedOut, auth=SIGNED_IN)
def export_create(request: HttpRequest, payload: schemas.ExportCreateIn) -> dict[str, Any]:
    """Queues an Excel export of a list (`kind`, e.g. `goods`) with that list's filters; the
    rows are those the list shows this session. 1810 while the account has
    EXPORT_MAX_ACTIVE_PER_ACCOUNT (3) unfinished exports; 503 when the task queue cannot be
    reached."""
    job = services.export_create(
        session=current_session(request),
        kind=payload.kind,
        filters=payload.filters,
        language=request_language(request),
    )
    return {"id": job.pk, "status": job.status}


@call(router.get, "/exportStatus", schemas.ExportJobOut, auth=SIGNED_IN)
def export_status(request: HttpRequest, params: Query[schemas.ExportIdIn]) -> dict[str, Any]:
    """One of the account's exports: status, progress, rows, and when done a download link
    valid for a few minutes (ask again for a fresh one)."""
    return selectors.export_status(
        session=current_session(request), job_id=params.id, language=request_language(request)
    )


@call(router.get, "/exportList", schemas.ExportPageOut, auth=SIGNED_IN)
def export_list(request: HttpRequest, params: Query[schemas.ExportListIn]) -> dict[str, Any]:
    """The account's exports, newest first (optionally of one kind)."""
    return selectors.export_page(
        session=current_session(request),
        kind=params.kind,
        page=params.page,
        page_size=params.page_size,
        language=request_language(request),
    )
