"""Share links of the shop's H5 pages: create, list with their figures, edit, delete, one
with its QR picture, the form's options, the orders placed through one, a mini-program
scheme; and the visit the shop's customer-facing app reports (signed intake)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from apps.orders.intake_auth import AppSignatureAuth
from apps.orders.reads import share_link_order_page
from zulin.core.auth import current_session, store_auth
from zulin.core.params import read_params
from zulin.core.routes import call

from . import schemas, selectors, services

platform_router = Router(tags=["platform: promotion"])
general_router = Router(tags=["general: promotion"])
applet_router = Router(tags=["applet: order intake (signed application key)"])

MANAGE = store_auth("promotion.manage")


def _input(payload: schemas.ShareLinkIn) -> services.LinkInput:
    return services.LinkInput(
        name=payload.name.strip(),
        channel=payload.channel.strip(),
        landing_type=payload.landing_type,
        landing_id=payload.landing_id,
        salesman_id=payload.salesman_id,
        sub_shop_id=payload.sub_shop_id,
        remark=payload.remark.strip(),
    )


@call(platform_router.get, "/getShareLinkMap", schemas.ShareLinkMapOut, auth=MANAGE)
def get_share_link_map(request: HttpRequest) -> Any:
    """The link form's options: the shop's channels, the landings (shop, category, goods),
    the salesmen and sub-shops this session may attribute a link to."""
    return selectors.link_form_options(session=current_session(request))


@call(general_router.post, "/shareLink", schemas.ShareLinkDetailOut, auth=MANAGE)
def share_link(request: HttpRequest, payload: schemas.ShareLinkIn) -> Any:
    """Creates a share link with its short code (a sub-shop's account: for its sub-shop; a
    salesman: attributed to themselves); answers it with its QR picture."""
    session = current_session(request)
    link = services.share_link_create(actor=session, data=_input(payload))
    return selectors.link_detail(session=session, link_id=link.pk)


@call(general_router.get, "/shareLinkList", schemas.ShareLinkPageOut, auth=MANAGE)
def share_link_list(request: HttpRequest, filters: Query[schemas.ShareLinkListIn]) -> Any:
    """The links this session may see, newest first, each with its visits, orders, deals and
    deal value; `status` deleted or all shows deleted links with their history."""
    return selectors.link_page(
        session=current_session(request),
        filters=selectors.LinkFilters(
            keyword=filters.keyword,
            channel=filters.channel,
            salesman_id=filters.salesman_id,
            sub_shop_id=filters.sub_shop_id,
            landing_type=filters.landing_type or "",
            status=filters.status,
        ),
        page=filters.page,
        page_size=filters.page_size,
    )


@call(
    general_router.api_operation,
    "/editShareLink",
    schemas.ShareLinkDetailOut,
    auth=MANAGE,
    methods=["GET", "POST"],
    get_or_post=schemas.ShareLinkEditIn,
)
def edit_share_link(request: HttpRequest) -> Any:
    """Changes a link (name, channel, attribution, landing, remark); its code stays and
    orders already placed keep their attribution."""
    params = read_params(request, schemas.ShareLinkEditIn)
    session = current_session(request)
    link = services.share_link_update(actor=session, link_id=params.id, data=_input(params))
    return selectors.link_detail(session=session, link_id=link.pk)


@call(
    general_router.api_operation,
    "/delShareLink",
    schemas.ShareLinkOut,
    auth=MANAGE,
    methods=["GET", "POST"],
    get_or_post=schemas.ShareLinkIdIn,
)
def del_share_link(request: HttpRequest) -> Any:
    """Deletes a link: it brings no new visits or orders; its figures and orders stay."""
    params = read_params(request, schemas.ShareLinkIdIn)
    session = current_session(request)
    link = services.share_link_delete(actor=session, link_id=params.id)
    return selectors.link_row(link)


@call(general_router.get, "/getShareLink", schemas.ShareLinkDetailOut, auth=MANAGE)
def get_share_link(request: HttpRequest, query: Query[schemas.ShareLinkIdIn]) -> Any:
    """One link (a deleted one too) with its figures and its QR picture."""
    return selectors.link_detail(session=current_session(request), link_id=query.id)


@call(general_router.get, "/shareUserOrderList", schemas.ShareOrderPageOut, auth=MANAGE)
def share_user_order_list(request: HttpRequest, query: Query[schemas.ShareOrdersIn]) -> Any:
    """The orders placed through a link (a deleted one too), newest first, customers masked;
    within the session's order scope."""
    session = current_session(request)
    link = selectors.link_in_scope(session, query.id, include_deleted=True)
    return share_link_order_page(
        session=session, share_link_id=link.pk, page=query.page, page_size=query.page_size
    )


@call(
    general_router.post,
    "/front/wxGenerateScheme",
    schemas.SchemeOut,
    operation_id="front/wxGenerateScheme",
    auth=MANAGE,
)
def wx_generate_scheme(request: HttpRequest, payload: schemas.SchemeIn) -> Any:
    """A mini-program scheme (weixin://…) that opens the link's landing with its code, valid
    `expire_days` (1–30), from the messaging provider; code 1012 when it fails."""
    scheme = services.share_link_scheme(
        actor=current_session(request), link_id=payload.id, expire_days=payload.expire_days
    )
    return {
        "scheme": scheme.scheme,
        "path": scheme.path,
        "query": scheme.query,
        "expire_at": scheme.expire_at,
    }


@call(
    applet_router.post,
    "/shareLinkVisit",
    schemas.ShareVisitOut,
    operation_id="appletShareLinkVisit",
    auth=AppSignatureAuth(),
)
def share_link_visit(request: HttpRequest, payload: schemas.ShareVisitIn) -> Any:
    """Intake: a visitor opened a share link's page. Counted once per visitor and day."""
    return {"counted": services.share_visit_record(code=payload.code, visitor=payload.visitor)}
