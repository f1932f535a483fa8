"""Changes of share links: create, edit, delete (a mark: the history stays), a visit the
shop's app reports, and a mini-program scheme for a link through the messaging provider."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.goods.selectors import goods_find
from apps.subshops.selectors import accounts_with_role, channels, sub_shop_names
from tenants.catalog.selectors import category_names, category_tree
from zulin.audit.services import audit_record
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.providers.interfaces import MiniProgramScheme, ProviderError
from zulin.providers.messaging import get_messaging_provider

from .models import LandingType, ShareLink, ShareVisit
from .selectors import SALESMAN_ROLE_CODE, link_in_scope, mini_program_target

AUDIT_TARGET = "share_link"
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L: read aloud, typed by hand
CODE_LENGTH = 8


@dataclass(frozen=True)
class LinkInput:
    name: str
    channel: str
    landing_type: str
    landing_id: int | None = None
    salesman_id: int | None = None
    sub_shop_id: int | None = None
    remark: str = ""


@dataclass(frozen=True)
class _SubShopScope:
    sub_shop_id: int | None


def _enabled_category_ids() -> set[int]:
    found: set[int] = set()

    def walk(nodes: list[dict[str, Any]]) -> None:
        for node in nodes:
            found.add(node["id"])
            walk(node["children"])

    walk(category_tree(enabled_only=True))
    return found


def _landing_name(data: LinkInput, session: Session) -> str:
    """The landing checked: the shop's home takes no id; a category must be enabled; goods
    must be on shelf, sold in the link's channel and in its sub-shop."""
    if data.landing_type == LandingType.SHOP:
        if data.landing_id is not None:
            raise field_error(
                "landing_id", Text("店铺首页不需要编号", "the shop's home page takes no id")
            )
        return ""
    if data.landing_id is None:
        raise field_error(
            "landing_id",
            Text("落地页为分类或商品时必填", "required for a category or goods landing"),
        )
    if data.landing_type == LandingType.CATEGORY:
        if data.landing_id not in _enabled_category_ids():
            raise field_error("landing_id", Text("没有该启用中的分类", "no such enabled category"))
        return category_names({data.landing_id}).get(data.landing_id, "")
    try:
        goods = goods_find(data.landing_id, session=_SubShopScope(data.sub_shop_id))  # type: ignore[arg-type]
    except ApplicationError as error:
        raise field_error(
            "landing_id", Text("该子店没有此商品", "no such goods in this sub-shop")
        ) from error
    if goods.status != "on_shelf" or goods.force_down:
        raise field_error("landing_id", Text("该商品未上架", "the goods are not on shelf"))
    if goods.channels and data.channel not in goods.channels:
        raise field_error(
            "landing_id", Text("该渠道不销售此商品", "the goods are not sold in this channel")
        )
    return goods.title[:100]


def _attribution(data: LinkInput, session: Session) -> tuple[int | None, int | None]:
    """(salesman, sub-shop) the link is attributed to, within what the session may give: a
    sub-shop's account only its own sub-shop, a salesman only themselves."""
    salesman_id, sub_shop_id = data.salesman_id, data.sub_shop_id
    if session.sub_shop_id is not None:
        if sub_shop_id not in (None, session.sub_shop_id):
            raise ApplicationError(ErrorCode.NOT_FOUND)
        if salesman_id is not None:
            raise field_error(
                "salesman_id",
                Text("子店的推广链接不指定业务员", "a sub-shop's link names no salesman"),
            )
        sub_shop_id = session.sub_shop_id
    elif not session.can("order.view"):
        if salesman_id not in (None, session.account.pk):
            raise field_error(
                "salesman_id",
                Text("业务员只能使用自己的推广链接", "a salesman's links are their own"),
            )
        salesman_id = session.account.pk
    if salesman_id is not None:
        salesmen = accounts_with_role(merchant=session.merchant, role_code=SALESMAN_ROLE_CODE)
        if salesman_id not in {row["id"] for row in salesmen}:
            raise field_error(
                "salesman_id", Text("不是本店在职的业务员", "not an active salesman of this shop")
            )
    if sub_shop_id is not None:
        found = sub_shop_names([sub_shop_id]).get(sub_shop_id)
        if found is None:
            raise field_error("sub_shop_id", Text("没有该子店", "no such sub-shop"))
        if not found[1]:
            raise ApplicationError(ErrorCode.SUB_SHOP_DISABLED)
    return salesman_id, sub_shop_id


def _checked(data: LinkInput, session: Session) -> dict[str, Any]:
    if data.channel not in {row["label"] for row in channels()}:
        raise field_error("channel", Text("不是本店的渠道", "not a channel of this shop"))
    salesman_id, sub_shop_id = _attribution(data, session)
    checked = LinkInput(**{**data.__dict__, "salesman_id": salesman_id, "sub_shop_id": sub_shop_id})
    return {
        "name": data.name,
        "channel": data.channel,
        "salesman_account_id": salesman_id,
        "sub_shop_id": sub_shop_id,
        "landing_type": data.landing_type,
        "landing_id": data.landing_id,
        "landing_name": _landing_name(checked, session),
        "remark": data.remark,
    }


def _snapshot(link: ShareLink) -> dict[str, Any]:
    return {
        "name": link.name,
        "channel": link.channel,
        "salesman_account_id": link.salesman_account_id,
        "sub_shop_id": link.sub_shop_id,
        "landing_type": link.landing_type,
        "landing_id": link.landing_id,
        "remark": link.remark,
    }


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def share_link_create(*, actor: Session, data: LinkInput) -> ShareLink:
    fields = _checked(data, actor)
    for _ in range(5):
        try:
            with transaction.atomic():
                link = ShareLink.objects.create(
                    code=_new_code(), created_by_account_id=actor.account.pk, **fields
                )
                audit_record(
                    actor=actor,
                    action="share_link.create",
                    target_type=AUDIT_TARGET,
                    target_id=link.pk,
                    after={"code": link.code, **_snapshot(link)},
                )
                return link
        except IntegrityError:  # the code was taken: draw another
            continue
    raise ApplicationError(ErrorCode.CONFLICT)


@transaction.atomic
def share_link_update(*, actor: Session, link_id: int, data: LinkInput) -> ShareLink:
    """Changes what the link says from now on; orders already placed keep their attribution
    and the code stays (links already shared keep working)."""
    link = link_in_scope(actor, link_id, lock=True)
    before = _snapshot(link)
    for name, value in _checked(data, actor).items():
        setattr(link, name, value)
    link.save()
    after = _snapshot(link)
    if after != before:
        audit_record(
            actor=actor,
            action="share_link.update",
            target_type=AUDIT_TARGET,
            target_id=link.pk,
            before=before,
            after=after,
        )
    return link


@transaction.atomic
def share_link_delete(*, actor: Session, link_id: int) -> ShareLink:
    """Marks the link deleted: it leaves the list of links in use and brings no new visits or
    orders; what it brought stays counted and listed."""
    link = link_in_scope(actor, link_id, lock=True)
    link.is_deleted, link.deleted_at = True, timezone.now()
    link.save(update_fields=["is_deleted", "deleted_at", "updated_at"])
    audit_record(
        actor=actor,
        action="share_link.delete",
        target_type=AUDIT_TARGET,
        target_id=link.pk,
        before={"code": link.code, **_snapshot(link)},
    )
    return link


def share_visit_record(*, code: str, visitor: str) -> bool:
    """A visitor opened the link's page (the shop's app reports it): counted once per visitor
    and day, so reloads and replays change nothing. False when the link is deleted."""
    link = ShareLink.objects.filter(code=code.strip().upper()).first()
    if link is None:
        raise field_error("code", Text("没有该推广链接", "no such share link"))
    if link.is_deleted:
        return False
    ShareVisit.objects.bulk_create(
        [
            ShareVisit(
                link=link,
                visitor=hashlib.sha256(visitor.encode()).hexdigest(),
                day=timezone.localdate(),
            )
        ],
        ignore_conflicts=True,
    )
    return True


def share_link_scheme(*, actor: Session, link_id: int, expire_days: int) -> MiniProgramScheme:
    """A mini-program scheme opening the link's landing with its code, from the messaging
    provider (a new one each call; nothing is stored)."""
    link = link_in_scope(actor, link_id)
    path, query = mini_program_target(link)
    failure: ProviderError | None = None
    # The sandbox's books (its failure rules) are kept in the database: a refused request is
    # committed like an answered one, so a rule is used up once.
    with transaction.atomic():
        try:
            return get_messaging_provider().generate_scheme(
                path=path, query=query, expire_days=expire_days
            )
        except ProviderError as error:
            failure = error
    raise ApplicationError(
        ErrorCode.PROVIDER_FAILED, data={"provider_code": failure.code}
    ) from failure
