"""The only module of sub-shops that writes public rows: the sub-shop directory sign-in
reads (`tenants.merchants.SubShopEntry`). Called inside the transaction of the change."""

from __future__ import annotations

from tenants.merchants.models import SubShopEntry
from zulin.core.db import tenant_connection

from .models import SubShop, SubShopStatus


def sub_shop_project(sub_shop: SubShop) -> None:
    SubShopEntry.objects.update_or_create(
        merchant_id=tenant_connection.tenant.pk,
        sub_shop_id=sub_shop.pk,
        defaults={"name": sub_shop.name, "is_active": sub_shop.status == SubShopStatus.ACTIVE},
    )
