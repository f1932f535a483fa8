"""Reads of share links: which links a session may see, their rows with visits, orders and
deal value (SQL aggregates), one link with its QR picture, the options of the link form, and
the code's attribution the intake applies."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import segno
from django.db.models import Count, Q, QuerySet

from apps.orders.events import Attribution
from apps.orders.reads import account_names, share_link_order_figures
from apps.subshops.selectors import (
    accounts_with_role,
    channels,
    sub_shop_names,
    sub_shop_options,
)
from tenants.catalog.selectors import money
from zulin.core.auth import Session
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text, choice_name
from zulin.core.pagination import page_of
from zulin.core.public_web import share_link_base

from .models import LandingType, ShareLink, ShareVisit

LANDING_TYPES_EN = {
    "shop": "Shop home page",
    "category": "Goods category",
    "goods": "Goods details",
}

SALESMAN_ROLE_CODE = "salesman"
# The mini-program's page of each landing (wxGenerateScheme) and the H5 path (the link).
MINI_PROGRAM_PAGES = {
    LandingType.SHOP: "pages/index/index",
    LandingType.CATEGORY: "pages/category/index",
    LandingType.GOODS: "pages/goods/detail",
}
H5_PATHS = {LandingType.SHOP: "", LandingType.CATEGORY: "/category", LandingType.GOODS: "/goods"}


def visible_links(session: Session | None, *, include_deleted: bool = False) -> QuerySet[ShareLink]:
    """The links a session may see and change, as orders are scoped: a sub-shop's account its
    sub-shop's links; a session that sees every order (`order.view`: the owner) every link;
    anyone else (a salesman) the links attributed to them."""
    links = ShareLink.objects.all()
    if not include_deleted:
        links = links.filter(is_deleted=False)
    if session is None:
        return links
    if session.sub_shop_id is not None:
        return links.filter(sub_shop_id=session.sub_shop_id)
    if session.can("order.view"):
        return links
    return links.filter(salesman_account_id=session.account.pk)


def link_in_scope(
    session: Session | None, link_id: int, *, include_deleted: bool = False, lock: bool = False
) -> ShareLink:
    links: Any = visible_links(session, include_deleted=include_deleted)
    if lock:
        links = links.select_for_update()
    found = links.filter(pk=link_id).first()
    if found is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return found


def share_url(link: ShareLink) -> str:
    base = share_link_base(tenant_connection.tenant.slug)
    landing = H5_PATHS[LandingType(link.landing_type)]
    if link.landing_id is not None:
        landing += f"/{link.landing_id}"
    return f"{base}{landing}?share={link.code}"


def mini_program_target(link: ShareLink) -> tuple[str, str]:
    """The mini-program's page and query that open the link's landing with its code."""
    query = f"share={link.code}"
    if link.landing_id is not None:
        query = f"id={link.landing_id}&{query}"
    return MINI_PROGRAM_PAGES[LandingType(link.landing_type)], query


def qr_picture(text: str) -> str:
    return str(segno.make(text, error="m").svg_data_uri(scale=6, border=2))


def _rows(links: list[ShareLink]) -> list[dict[str, Any]]:
    ids = [link.pk for link in links]
    visits = dict(
        ShareVisit.objects.filter(link_id__in=ids)
        .values("link_id")
        .annotate(n=Count("id"))
        .values_list("link_id", "n")
    )
    figures = share_link_order_figures(ids)
    shops = sub_shop_names({link.sub_shop_id for link in links if link.sub_shop_id})
    people = account_names({link.salesman_account_id for link in links if link.salesman_account_id})
    channel_names = {row["label"]: row["name"] for row in channels()}
    rows = []
    for link in links:
        figure = figures.get(link.pk, {})
        rows.append(
            {
                "id": link.pk,
                "code": link.code,
                "name": link.name,
                "url": share_url(link),
                "channel": link.channel,
                "channel_name": channel_names.get(link.channel, link.channel),
                "salesman_id": link.salesman_account_id,
                "salesman_name": people.get(link.salesman_account_id or 0, ""),
                "sub_shop_id": link.sub_shop_id,
                "sub_shop_name": shops.get(link.sub_shop_id or 0, ("", True))[0],
                "landing_type": link.landing_type,
                "landing_type_name": choice_name(LandingType(link.landing_type), LANDING_TYPES_EN),
                "landing_id": link.landing_id,
                "landing_name": link.landing_name,
                "remark": link.remark,
                "visits": visits.get(link.pk, 0),
                "orders": figure.get("orders", 0),
                "deals": figure.get("deals", 0),
                "deal_value": money(figure.get("deal_value")) or "0.00",
                "is_deleted": link.is_deleted,
                "deleted_at": link.deleted_at,
                "created_at": link.created_at,
                "updated_at": link.updated_at,
            }
        )
    return rows


def link_row(link: ShareLink) -> dict[str, Any]:
    return _rows([link])[0]


@dataclass(frozen=True)
class LinkFilters:
    keyword: str = ""
    channel: str = ""
    salesman_id: int | None = None
    sub_shop_id: int | None = None
    landing_type: str = ""
    status: str = "active"  # active, deleted, all


def link_page(
    *, session: Session, filters: LinkFilters, page: int, page_size: int
) -> dict[str, Any]:
    links = visible_links(session, include_deleted=filters.status != "active")
    if filters.status == "deleted":
        links = links.filter(is_deleted=True)
    keyword = filters.keyword.strip()
    if keyword:
        links = links.filter(Q(name__icontains=keyword) | Q(code__iexact=keyword))
    if filters.channel:
        links = links.filter(channel=filters.channel)
    if filters.salesman_id is not None:
        links = links.filter(salesman_account_id=filters.salesman_id)
    if filters.sub_shop_id is not None:
        links = links.filter(sub_shop_id=filters.sub_shop_id)
    if filters.landing_type:
        links = links.filter(landing_type=filters.landing_type)
    answer = page_of(links.order_by("-id"), page=page, page_size=page_size)
    answer["list"] = _rows(answer["list"])
    return answer


def link_detail(*, session: Session, link_id: int) -> dict[str, Any]:
    """One link (a deleted one too: its history stays readable) with its QR picture."""
    link = link_in_scope(session, link_id, include_deleted=True)
    row = link_row(link)
    row["qr_code"] = qr_picture(row["url"])
    return row


def link_form_options(*, session: Session) -> dict[str, Any]:
    """What the link form offers this session: the shop's channels, the landings, and whom a
    link may be attributed to (a sub-shop's account: its sub-shop; a salesman: themselves)."""
    salesmen = [
        {"id": row["id"], "name": row["name"] or row["username"]}
        for row in accounts_with_role(merchant=session.merchant, role_code=SALESMAN_ROLE_CODE)
    ]
    shops = sub_shop_options(session=session)  # a sub-shop's account: its own only
    if session.sub_shop_id is not None:
        salesmen = []
    elif not session.can("order.view"):
        salesmen = [s for s in salesmen if s["id"] == session.account.pk]
    return {
        "channels": [{"label": row["label"], "name": row["name"]} for row in channels()],
        "landing_types": [
            {"value": t.value, "label": choice_name(t, LANDING_TYPES_EN)} for t in LandingType
        ],
        "salesmen": salesmen,
        "sub_shops": shops,
    }


def attribution_of(code: str) -> Attribution | None:
    """The attribution of an order placed with a link's code: None for a deleted link (its
    history stays, it brings no new orders); a code no link has is bad input."""
    link = ShareLink.objects.filter(code=code.strip().upper()).first()
    if link is None:
        raise field_error("share_code", Text("没有该推广链接", "no such share link"))
    if link.is_deleted:
        return None
    # A salesman who left or a sub-shop closed since the link was shared must not keep the
    # customer from ordering: the order is the link's, without them.
    salesman_id = link.salesman_account_id
    if salesman_id is not None:
        salesmen = accounts_with_role(
            merchant=tenant_connection.tenant, role_code=SALESMAN_ROLE_CODE
        )
        if salesman_id not in {row["id"] for row in salesmen}:
            salesman_id = None
    sub_shop_id = link.sub_shop_id
    if (
        sub_shop_id is not None
        and not sub_shop_names([sub_shop_id]).get(sub_shop_id, ("", False))[1]
    ):
        sub_shop_id = None
    return Attribution(
        link_id=link.pk,
        channel=link.channel,
        salesman_account_id=salesman_id,
        sub_shop_id=sub_shop_id,
    )
