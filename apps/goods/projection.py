"""The only module of goods that writes public rows: each goods item's line in the
platform's listing (`tenants.catalog.PlatformGoods`) and each add-on service's
(`tenants.catalog.PlatformAddon`). Called inside the transaction of the
change, so the merchant's row and the platform's commit or roll back together; goods that
leave the shelf leave the platform storefront too."""

from __future__ import annotations

from typing import Any

from django.db.models import Min
from django.utils import timezone

from tenants.catalog.models import PlatformAddon, PlatformGoods
from zulin.core.db import tenant_connection

from .models import Addon, Goods, GoodsStatus, RentPlan


def goods_project(goods: Goods) -> None:
    merchant_id = tenant_connection.tenant.pk
    if goods.is_deleted:
        PlatformGoods.objects.filter(merchant_id=merchant_id, goods_id=goods.pk).delete()
        return
    min_rent = RentPlan.objects.filter(
        sku__goods=goods, sku__is_active=True, is_active=True
    ).aggregate(low=Min("rent"))["low"]
    fields: dict[str, Any] = {
        "title": goods.title,
        "category_id": goods.category_id,
        "status": goods.status,
        "force_down": goods.force_down,
        "force_down_reason": goods.force_down_reason,
        "min_rent": min_rent,
        "picture": goods.pictures[0] if goods.pictures else "",
        "updated_at": timezone.now(),
    }
    if goods.status != GoodsStatus.ON_SHELF:
        fields["display_status"] = False
    PlatformGoods.objects.update_or_create(
        merchant_id=merchant_id, goods_id=goods.pk, defaults=fields
    )


def addon_project(addon: Addon) -> None:
    PlatformAddon.objects.update_or_create(
        merchant_id=tenant_connection.tenant.pk,
        addon_id=addon.pk,
        defaults={
            "name": addon.name,
            "addon_type": addon.addon_type,
            "price": addon.price,
            "status": addon.status,
            "platform_disabled": addon.platform_disabled,
            "platform_reason": addon.platform_reason,
            "updated_at": timezone.now(),
        },
    )
