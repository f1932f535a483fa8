"""GET /api/files/<token>: a private file through its signed link (any host; the link says
which)."""

from __future__ import annotations

from django.http import FileResponse, HttpRequest
from ninja import Router

from zulin.core.routes import call

from .links import link_claims
from .services import private_file_open

router = Router(tags=["files"])


@call(
    router.get,
    "/files/{token}",
    operation_id="privateFileDownload",
    auth=None,
    summary="A private file through a signed short-lived link (added)",
)
def private_file_download(request: HttpRequest, token: str) -> FileResponse:
    """The file itself (Content-Disposition: attachment, or inline for a link issued so)
    while the link is genuine, unexpired and used on the host it was issued for; otherwise
    the envelope: 1801 not valid, 1802 expired, 1803 another site's link, 404 no such file."""
    claims = link_claims(token)
    stored, path = private_file_open(
        claims=claims,
        side=request.side,  # type: ignore[attr-defined]
        tenant=request.tenant,  # type: ignore[attr-defined]
    )
    response = FileResponse(
        path.open("rb"),
        as_attachment=not claims.inline,
        filename=stored.name,
        content_type=stored.content_type,
    )
    # Whoever shares the browser or a proxy cache must not get it again without a link.
    response["Cache-Control"] = "private, no-store"
    response["X-Content-Type-Options"] = "nosniff"
    response.zulin_code = 200  # type: ignore[attr-defined]  # read by the request log
    return response
