"""A SKU tracked by unit: the stock a customer can order is derived from its units, and
updateSkuStock refuses it."""

import pytest
from django.db import connection

from apps.assets.models import Unit
from apps.assets.services import (
    transfer_receive,
    transfer_send,
    unit_adjust,
    unit_move,
    units_from_stock,
)
from apps.goods.models import Goods, Sku
from apps.goods.selectors import sku_stocks
from apps.goods.services import (
    sku_reservation_consume,
    sku_stock_release,
    sku_stock_reserve,
    sku_stock_update,
    sku_tracked_set,
)
from apps.subshops.models import SubShop
from zulin.core.errors import ApplicationError, ErrorCode

from .factories import units_in_stock


def _stock(sku):
    return {row["sku_id"]: row["stock"] for row in sku_stocks(sku.goods_id, session=None)}[sku.pk]


def test_units_in_stock_where_the_goods_are_sold_less_open_reservations(shop):
    east = SubShop.objects.create(name="城东店", contact_name="钱", phone="13600000001")
    west = SubShop.objects.create(name="城西店", contact_name="孙", phone="13600000002")
    shop.goods.sub_shop_ids = [east.pk]
    shop.goods.save()
    units = units_in_stock(shop.sku.pk, 6)
    assert _stock(shop.sku) == 6  # all in the warehouse, which serves every sub-shop
    east_transfer = transfer_send(actor=None, unit_ids=[units[0].pk], to_sub_shop_id=east.pk)
    west_transfer = transfer_send(actor=None, unit_ids=[units[1].pk], to_sub_shop_id=west.pk)
    assert _stock(shop.sku) == 4  # in transit is not in stock
    transfer_receive(actor=None, transfer_id=east_transfer.pk)
    transfer_receive(actor=None, transfer_id=west_transfer.pk)
    assert _stock(shop.sku) == 5  # east sells these goods, west does not
    unit_adjust(actor=None, unit_id=units[2].pk, action="lose", reason="丢失")
    units_from_stock(actor=None, sku_id=shop.sku.pk, in_warehouse=1, devices_out=[])
    assert _stock(shop.sku) == 4  # lost and awaiting a serial: not orderable

    sku_stock_reserve(sku_id=shop.sku.pk, quantity=1, reference="ORDER-A")
    sku_stock_reserve(sku_id=shop.sku.pk, quantity=1, reference="ORDER-A")  # a retry
    sku_stock_reserve(sku_id=shop.sku.pk, quantity=1, reference="ORDER-B")
    assert _stock(shop.sku) == 2
    sku_stock_release(sku_id=shop.sku.pk, quantity=1, reference="ORDER-B")
    assert _stock(shop.sku) == 3
    # ORDER-A ships: its unit leaves the stock and its reservation is consumed, together.
    shipped = Unit.objects.select_for_update().get(pk=units[3].pk)
    unit_move(shipped, action="ship", actor=None, order_id=1)
    sku_reservation_consume(sku_id=shop.sku.pk, reference="ORDER-A")
    assert _stock(shop.sku) == 3
    assert Sku.objects.get(pk=shop.sku.pk).stock is None  # no count is kept beside the units


def test_a_tracked_sku_is_reserved_against_its_units(shop):
    units_in_stock(shop.sku.pk, 2)
    sku_stock_reserve(sku_id=shop.sku.pk, quantity=2, reference="ORDER-1")
    with pytest.raises(ApplicationError) as short:
        sku_stock_reserve(sku_id=shop.sku.pk, quantity=1, reference="ORDER-2")
    assert short.value.code == ErrorCode.STOCK_INSUFFICIENT


def test_update_sku_stock_refuses_a_tracked_sku_and_keeps_a_counted_one(shop, counted_sku):
    with pytest.raises(ApplicationError) as refused:
        sku_stock_update(actor=None, sku_id=shop.sku.pk, mode="add", quantity=5)
    assert refused.value.code == ErrorCode.SKU_TRACKED_BY_UNIT
    assert "receipt" in refused.value.message("en")
    assert sku_stock_update(actor=None, sku_id=counted_sku.pk, mode="add", quantity=2).stock == 5


def test_the_calls_answer_the_derived_stock_and_the_refusal(demo_owner, demo):
    connection.set_tenant(demo)
    goods = Goods.objects.create(title="接口测试手机", sub_shop_ids=[])
    sku = Sku.objects.create(goods=goods, specs={"颜色": "蓝"}, stock=9)
    sku_tracked_set(actor=None, sku_id=sku.pk)
    units_in_stock(sku.pk, 2)
    connection.set_schema_to_public()

    answer = demo_owner.get("/api/platform/getSkuStock", {"goods_id": goods.pk})
    assert answer.ok and [row["stock"] for row in answer.data] == [2]
    refused = demo_owner.post("/api/platform/updateSkuStock", {"sku_id": sku.pk, "quantity": 8})
    assert refused.code == ErrorCode.SKU_TRACKED_BY_UNIT


def test_goods_lists_and_the_shelf_check_read_the_derived_stock_of_a_tracked_sku(shop):
    from apps.goods.selectors import goods_detail, goods_page
    from apps.goods.services import incomplete_reasons

    counted = Sku.objects.create(goods=shop.goods, specs={"颜色": "白"}, stock=3)

    def listed() -> tuple[int, dict[int, int]]:
        [row] = [
            g
            for g in goods_page(
                session=None, status=None, category_id=None, keyword="", page=1, page_size=100
            )["list"]
            if g["id"] == shop.goods.pk
        ]
        detail = goods_detail(shop.goods.pk, session=None)
        return row["total_stock"], {s["id"]: s["stock"] for s in detail["spu_list"]}

    assert listed() == (3, {shop.sku.pk: 0, counted.pk: 3})
    units_in_stock(shop.sku.pk, 2)
    sku_stock_reserve(sku_id=shop.sku.pk, quantity=1, reference="ORDER-L")
    assert listed() == (4, {shop.sku.pk: 1, counted.pk: 3})

    counted.is_active = False
    counted.save()
    assert "no_stock" not in incomplete_reasons(shop.goods)
    sku_stock_reserve(sku_id=shop.sku.pk, quantity=1, reference="ORDER-M")
    assert "no_stock" in incomplete_reasons(shop.goods)  # 50 in the column, none orderable


def test_a_tracked_sku_keeps_no_count_and_the_database_refuses_one(shop, counted_sku):
    """One truth: tracking retires the counted stock (NULL) in the same row lock, answers what
    it retired, and PostgreSQL refuses a count on a tracked SKU or none on a counted one."""
    from django.db import IntegrityError, transaction

    assert sku_tracked_set(actor=None, sku_id=counted_sku.pk) == 3
    assert Sku.objects.get(pk=counted_sku.pk).stock is None
    assert sku_tracked_set(actor=None, sku_id=counted_sku.pk) == 0  # tracked already
    with pytest.raises(IntegrityError), transaction.atomic():
        Sku.objects.filter(pk=shop.sku.pk).update(stock=50)
    plain = Sku.objects.create(goods=shop.goods, specs={"颜色": "紫"}, stock=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Sku.objects.filter(pk=plain.pk).update(stock=None)


def test_the_one_read_of_a_count_refuses_a_tracked_sku(shop, counted_sku):
    from apps.goods.selectors import counted_stock, orderable_stocks, sku_orderable

    with pytest.raises(ApplicationError) as refused:
        counted_stock(Sku.objects.get(pk=shop.sku.pk))
    assert refused.value.code == ErrorCode.SKU_TRACKED_BY_UNIT
    units_in_stock(shop.sku.pk, 2)
    sku_stock_reserve(sku_id=shop.sku.pk, quantity=1, reference="ORDER-R")
    skus = list(Sku.objects.filter(pk__in=[shop.sku.pk, counted_sku.pk]))
    assert orderable_stocks(skus, []) == {shop.sku.pk: 1, counted_sku.pk: 3}
    assert (sku_orderable(shop.sku.pk), sku_orderable(counted_sku.pk)) == (1, 3)
