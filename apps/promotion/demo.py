"""Demo share links: one per channel of the shop, one for a salesman, one for a sub-shop and
one deleted with its history, with visits and orders placed through them by the intake
service (`apps.orders.demo`). Made through the services; a link is known by its name, so a
second run adds nothing."""

from __future__ import annotations

from apps.goods.selectors import goods_page
from apps.orders.demo import ShareAttribution, orders_through_share_link_load
from apps.subshops.selectors import accounts_with_role, sub_shop_options
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError

from .models import ShareLink, ShareVisit
from .services import LinkInput, share_link_create, share_link_delete, share_visit_record

# name, channel, landing, attributed to ("salesman", "sub_shop" or ""), visitors, orders
# (target states), deleted
LINKS: list[tuple[str, str, str, str, int, tuple[str, ...], bool]] = [
    ("支付宝小程序首页", "alipay_mini", "shop", "", 46, ("awaiting_audit", "in_lease"), False),
    ("微信小程序爆款直达", "wechat_mini", "goods", "", 31, ("awaiting_shipment",), False),
    ("H5 朋友圈分类页", "h5", "category", "salesman", 18, ("in_lease", "completed"), False),
    ("APP 开屏活动", "app", "shop", "", 9, (), False),
    ("城东旗舰店地推", "alipay_mini", "goods", "sub_shop", 24, ("in_lease", "refused"), False),
    ("双十一旧活动", "alipay_mini", "shop", "", 57, ("completed",), True),
]


def _landings(owner: Session) -> list[tuple[int, int | None]]:
    """(goods id, its category id) of goods on shelf, the first of the list first."""
    rows = goods_page(
        session=owner, status="on_shelf", category_id=None, keyword="", page=1, page_size=50
    )["list"]
    return [(row["id"], row["category_id"]) for row in rows if not row["force_down"]]


def _create(owner: Session, base: LinkInput, landings: list[tuple[int, int | None]]) -> ShareLink:
    if base.landing_type == "shop":
        return share_link_create(actor=owner, data=base)
    for goods_id, category_id in landings:
        landing_id = goods_id if base.landing_type == "goods" else category_id
        if landing_id is None:
            continue
        try:
            return share_link_create(
                actor=owner, data=LinkInput(**{**base.__dict__, "landing_id": landing_id})
            )
        except ApplicationError:  # not sold in this channel or sub-shop: the next one
            continue
    return share_link_create(
        actor=owner, data=LinkInput(**{**base.__dict__, "landing_type": "shop"})
    )


def share_links_showcase_load(*, owner: Session, slug: str) -> int:
    """The links above for the active merchant; answers how many links it has."""
    salesmen = accounts_with_role(merchant=owner.merchant, role_code="salesman")
    shops = sub_shop_options(session=owner)
    for number, (name, channel, landing, attributed, visitors, targets, deleted) in enumerate(
        LINKS
    ):
        link = ShareLink.objects.filter(name=name).first()
        if link is None:
            base = LinkInput(
                name=name,
                channel=channel,
                landing_type=landing,
                salesman_id=salesmen[0]["id"] if attributed == "salesman" and salesmen else None,
                sub_shop_id=shops[0]["id"] if attributed == "sub_shop" and shops else None,
                remark="演示推广链接",
            )
            link = _create(owner, base, _landings(owner))
        if not ShareVisit.objects.filter(link=link).exists() and not link.is_deleted:
            for visitor in range(visitors):
                share_visit_record(code=link.code, visitor=f"demo-visitor-{visitor}")
        if targets:
            orders_through_share_link_load(
                owner=owner,
                slug=slug,
                channel=link.channel,
                share=ShareAttribution(
                    share_link_id=link.pk,
                    salesman_account_id=link.salesman_account_id,
                    sub_shop_id=link.sub_shop_id,
                ),
                orders=[(f"promo-{slug}-{number}-{n}", t) for n, t in enumerate(targets)],
                first_index=600 + number * 10,
            )
        if deleted and not link.is_deleted:
            share_link_delete(actor=owner, link_id=link.pk)
    return ShareLink.objects.count()
