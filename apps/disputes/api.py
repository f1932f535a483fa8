"""Evidence pack calls (store side, `dispute.evidence`): ask for an order's pack and follow
it to its download link."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from zulin.core.auth import current_session, store_auth
from zulin.core.envelope import request_language
from zulin.core.routes import call

from . import schemas, selectors, services

router = Router(tags=["disputes"])

EVIDENCE = store_auth(services.EVIDENCE_RIGHT)


@call(router.post, "/evidencePackCreate", schemas.EvidencePackCreatedOut, auth=EVIDENCE)
def evidence_pack_create(request: HttpRequest, payload: schemas.EvidencePackCreateIn) -> Any:
    """Queues the evidence pack of an order (a ZIP: contract, e-signature, notarization,
    identity, shipping, bills with late-fee arithmetic, charges and waivers, ledger, contact
    log, timeline, and a manifest with each file's SHA-256). The pack holds the customer's
    identity whole: a reason (2–200) is required and recorded in the reveal log. 404 for an
    order outside the session's scope; 1810 while the account has its limit of unfinished
    exports; 503 when the task queue cannot be reached."""
    job = services.evidence_pack_create(
        session=current_session(request),
        order_id=payload.order_id,
        language=request_language(request),
        reason=payload.reason,
    )
    return {"id": job.pk, "status": job.status}


@call(router.get, "/evidencePackStatus", schemas.EvidencePackOut, auth=EVIDENCE)
def evidence_pack_status(request: HttpRequest, params: Query[schemas.EvidencePackIdIn]) -> Any:
    """One evidence pack: status, progress 0–100, files, and when done a signed download
    link valid a few minutes (ask again for a fresh one)."""
    return selectors.evidence_pack_status(
        session=current_session(request), pack_id=params.id, language=request_language(request)
    )
