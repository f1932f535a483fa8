"""Reservations on real PostgreSQL connections, committed: no test transaction hides races.

`available_apps=["apps.goods"]` limits the flush after the test to the goods tables of the
schema active then (public, which has none): the public data of the session tenants stays.
The rows this test commits in the merchant's schema are removed at its end.
"""

import threading

import pytest
from django.db import connection, connections

from apps.goods.models import Goods, Sku, StockMovement
from apps.goods.services import sku_stock_reserve
from tenants.merchants.models import Merchant
from zulin.core.errors import ApplicationError

WORKERS = 50
STOCK = 10


@pytest.mark.django_db(transaction=True, available_apps=["apps.goods"])
def test_fifty_parallel_reservations_of_a_stock_of_ten():
    demo = Merchant.objects.get(slug="demo")
    connection.set_tenant(demo)
    goods = Goods.objects.create(title="并发测试商品")
    sku = Sku.objects.create(goods=goods, specs={"颜色": "黑"}, stock=STOCK)
    barrier = threading.Barrier(WORKERS)
    outcomes: list[object] = []
    lock = threading.Lock()

    def reserve(number: int) -> None:
        try:
            connection.set_tenant(demo)  # this thread's own connection
            barrier.wait(timeout=30)
            try:
                sku_stock_reserve(sku_id=sku.pk, quantity=1, reference=f"order-{number}")
                outcome: object = "ok"
            except ApplicationError as error:
                outcome = int(error.code)
            with lock:
                outcomes.append(outcome)
        finally:
            connections.close_all()

    try:
        threads = [threading.Thread(target=reserve, args=(n,)) for n in range(WORKERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)

        sku.refresh_from_db()
        assert outcomes.count("ok") == STOCK
        assert outcomes.count(1208) == WORKERS - STOCK
        assert sku.stock == 0
        assert StockMovement.objects.filter(sku=sku, kind="reserve").count() == STOCK
    finally:
        # Raw deletes: django-tenants' post_delete handler needs the tenants app, which
        # available_apps leaves out.
        StockMovement.objects.filter(sku__goods=goods)._raw_delete(connection.alias)
        Sku.objects.filter(goods=goods)._raw_delete(connection.alias)
        Goods.objects.filter(pk=goods.pk)._raw_delete(connection.alias)
        assert not Goods.objects.filter(pk=goods.pk).exists()
        connection.set_schema_to_public()
