from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection

from apps.goods.models import Goods, Sku
from apps.goods.services import sku_tracked_set
from tenants.merchants.models import Merchant

from .factories import Shop


@pytest.fixture
def shop(demo: Merchant) -> Iterator[Shop]:
    """The demo shop's schema, with new goods of one SKU tracked by unit (sold everywhere)."""
    connection.set_tenant(demo)
    goods = Goods.objects.create(title="测试手机", fineness="99", sub_shop_ids=[])
    sku = Sku.objects.create(goods=goods, specs={"颜色": "黑"}, stock=0)
    sku_tracked_set(actor=None, sku_id=sku.pk)
    yield Shop(merchant=demo, goods=goods, sku=sku)
    connection.set_schema_to_public()


@pytest.fixture
def counted_sku(shop: Shop) -> Any:
    """A SKU of the same goods still counted, stock 3."""
    return Sku.objects.create(goods=shop.goods, specs={"颜色": "白"}, stock=3)
