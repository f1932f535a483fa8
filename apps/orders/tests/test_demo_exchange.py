"""The demo's exchange in progress (apps/orders/demo.py `exchange_in_progress_load`): started
by the shop for the customer on a lease of a device tracked by unit, dated after the lease's
delivery (yesterday), waiting for the old device to be received by scan; a second load
changes nothing."""

from __future__ import annotations

from datetime import timedelta

from django.db import connection
from django_tenants.utils import tenant_context

from apps.assets.tests.factories import units_in_stock
from apps.goods.services import sku_tracked_set
from apps.orders.demo_stories import exchange_in_progress_load
from apps.orders.models import AfterSale, Order
from tenants.accounts.demo import demo_actor
from tests.leases import detail_of, goods_on_shelf
from zulin.core.clock import clock_at, real_now
from zulin.core.sides import PlatformType


def test_the_demo_has_one_exchange_the_shop_started_dated_after_the_delivery(demo, demo_owner):
    offer = goods_on_shelf(demo_owner, channels=["alipay_mini"])  # the demo's channel
    with tenant_context(demo):
        sku_tracked_set(actor=None, sku_id=offer.sku_id)
        # Bought before the lease (the demo ships only a unit the shop owned by then).
        with clock_at(real_now() - timedelta(days=60)):
            units = units_in_stock(offer.sku_id, 2)
        owner = demo_actor(platform_type=PlatformType.STORE, merchant=demo, username="owner")
        order_id = exchange_in_progress_load(owner=owner, slug="demo")
        assert order_id is not None
        order = Order.objects.get(pk=order_id)
        [business] = AfterSale.objects.filter(order=order)
        delivered = order.shipments.get(direction="out").delivered_at
        again = exchange_in_progress_load(owner=owner, slug="demo")
        businesses = AfterSale.objects.filter(order=order).count()
    connection.set_schema_to_public()

    assert (business.kind, business.status, business.started_by) == ("exchange", "approved", "shop")
    assert delivered is not None and order.created_at < delivered < business.created_at
    assert (business.created_at - delivered).days >= 30
    detail = detail_of(demo_owner, order_id)
    # Shipped by scan (a unit of the tracked SKU): swapped by scan.
    assert detail["unit"]["id"] in {unit.pk for unit in units}
    assert detail["status"] == "in_lease" and "return_receive" in detail["actions"]
    assert (again, businesses) == (order_id, 1)
