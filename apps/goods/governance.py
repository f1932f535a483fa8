"""The platform's actions inside a merchant's goods: force take-down, review decisions and
the review setting. Each enters the merchant's schema through `_in_merchant` only, the one
place goods code crosses from the public schema into a merchant's."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone
from django_tenants.utils import tenant_context

from tenants.catalog.models import PlatformGoods
from tenants.catalog.selectors import platform_addon_get
from zulin.audit.services import audit_record
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.i18n import Text

from . import rules
from .models import Addon, GoodsSetting, GoodsStatus
from .projection import addon_project, goods_project
from .services import _fields_error, _goods_get, _status_change, goods_setting, goods_setting_set

if TYPE_CHECKING:
    from tenants.merchants.models import Merchant


@contextmanager
def _in_merchant(merchant: Merchant) -> Iterator[None]:
    """The merchant's schema, in one transaction; back to public afterwards."""
    with tenant_context(merchant), transaction.atomic():
        yield


def _projection(platform_goods_id: int) -> PlatformGoods:
    projection = (
        PlatformGoods.objects.select_related("merchant").filter(pk=platform_goods_id).first()
    )
    if projection is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return projection


def goods_force_down(
    *, actor: Session | None, platform_goods_id: int, reason_code: str, reason_text: str
) -> PlatformGoods:
    """The platform takes a merchant's goods off shelf: the one write into a merchant's
    schema from the admin side. The merchant sees the reason and must edit the goods before
    they can go back on shelf."""
    if reason_code not in rules.FORCE_DOWN_REASONS:
        raise _fields_error({"reason_code": [Text("未知的原因", "unknown reason")]})
    reason_text = reason_text.strip()
    if reason_code == "other" and not reason_text:
        raise _fields_error(
            {"reason_text": [Text("原因为“其他”时必填", "required when the reason is other")]}
        )
    reason = rules.FORCE_DOWN_REASONS[reason_code]
    if reason_text:
        reason = f"{reason}：{reason_text}" if reason_code != "other" else reason_text
    projection = _projection(platform_goods_id)
    with _in_merchant(projection.merchant):
        goods = _goods_get(projection.goods_id, actor)
        if goods.status not in rules.LOCKING_STATUSES:
            raise ApplicationError(
                ErrorCode.GOODS_STATUS_NOT_ALLOWED,
                "只能强制下架在架或审核中的商品",
                msg_en="Only goods on shelf or under review can be forced down",
            )
        goods.force_down, goods.force_down_reason = True, reason
        goods.force_down_at = timezone.now()
        _status_change(
            actor=actor,
            goods=goods,
            action="force_down",
            audit_action="goods.force_down",
            reason=reason,
        )
        goods_project(goods)
    projection.refresh_from_db()
    return projection


def goods_review(
    *, actor: Session | None, platform_goods_id: int, approve: bool, reason: str
) -> PlatformGoods:
    """The platform decides on goods a merchant submitted for review: approved goods go on
    shelf; turned-down goods go off shelf with the reason, which the merchant sees."""
    reason = reason.strip()
    if not approve and not reason:
        raise _fields_error(
            {"reason": [Text("下架商品须填写", "required when turning goods down")]}
        )
    projection = _projection(platform_goods_id)
    with _in_merchant(projection.merchant):
        goods = _goods_get(projection.goods_id, actor)
        if goods.status != GoodsStatus.IN_REVIEW:
            raise ApplicationError(
                ErrorCode.GOODS_STATUS_NOT_ALLOWED,
                "只能审核待审核的商品",
                msg_en="Only goods under review can be reviewed",
            )
        goods.review_note = "" if approve else reason
        _status_change(
            actor=actor,
            goods=goods,
            action="approve" if approve else "reject",
            audit_action="goods.review_approved" if approve else "goods.review_rejected",
            reason=reason,
        )
        goods_project(goods)
    projection.refresh_from_db()
    return projection


def merchant_review_setting_set(
    *, actor: Session | None, merchant: Merchant, need_review: bool
) -> GoodsSetting:
    """(Platform) Whether the merchant's goods need the platform's review before going on
    shelf. Written in the merchant's schema, with an audit entry there."""
    with _in_merchant(merchant):
        before = goods_setting().goods_need_review
        setting = goods_setting_set(goods_need_review=need_review)
        audit_record(
            actor=actor,
            action="goods.review_setting",
            target_type="goods_setting",
            target_id=1,
            before={"need_review": before},
            after={"need_review": need_review},
        )
    return setting


def review_required(merchant: Merchant) -> bool:
    """Whether the merchant's goods go to the platform's review before going on shelf."""
    with tenant_context(merchant):
        setting = GoodsSetting.objects.filter(pk=1).first()
        return bool(setting and setting.goods_need_review)


def addon_platform_status_set(
    *, actor: Session | None, platform_addon_id: int, disable: bool, reason: str
) -> Addon:
    """The platform disables a merchant's add-on service with a reason the merchant sees
    (the merchant cannot enable it again), or lifts that; lifting leaves it disabled for the
    merchant to enable."""
    reason = reason.strip()
    if disable and not reason:
        raise _fields_error(
            {"reason": [Text("停用增值服务须填写", "required when disabling an add-on service")]}
        )
    projection = platform_addon_get(platform_addon_id)
    if projection is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    with _in_merchant(projection.merchant):
        addon = Addon.objects.select_for_update().filter(pk=projection.addon_id).first()
        if addon is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        before = {"status": addon.status, "platform_disabled": addon.platform_disabled}
        addon.platform_disabled, addon.platform_reason = disable, reason if disable else ""
        if disable:
            addon.status = 0
        addon.save()
        addon_project(addon)
        audit_record(
            actor=actor,
            action="addon.platform_disable" if disable else "addon.platform_enable",
            target_type="addon",
            target_id=addon.pk,
            before=before,
            after={"status": addon.status, "platform_disabled": disable},
            reason=reason,
        )
    return addon
