"""What a stock keeper compares for a SKU tracked by unit: the goods calls answer its
available stock with the units in stock and the open reservations it comes from; a counted
SKU answers its kept count and no parts."""

from django.db import connection

from apps.assets.services import unit_adjust
from apps.goods.models import Goods, Sku
from apps.goods.selectors import (
    TrackedStock,
    fineness_name,
    goods_detail,
    goods_page,
    sku_stocks,
    tracked_stock_parts,
    tracked_stocks,
)
from apps.goods.services import sku_stock_release, sku_stock_reserve, sku_tracked_set

from .factories import units_in_stock

COUNTED = {"stock": 3, "tracked": False, "in_stock": None, "reserved": None, "by_fineness": None}


def _listed(goods_id: int) -> dict:
    page = goods_page(
        session=None, status=None, category_id=None, keyword="", page=1, page_size=100
    )
    [row] = [row for row in page["list"] if row["id"] == goods_id]
    return row


def test_available_is_in_stock_less_open_reservations_in_every_call(shop, counted_sku):
    units_in_stock(shop.sku.pk, 8)
    sku_stock_reserve(sku_id=shop.sku.pk, quantity=2, reference="ORDER-A")
    sku_stock_reserve(sku_id=shop.sku.pk, quantity=1, reference="ORDER-B")
    sku_stock_reserve(sku_id=shop.sku.pk, quantity=1, reference="ORDER-C")
    sku_stock_release(sku_id=shop.sku.pk, quantity=1, reference="ORDER-C")  # no longer held

    parts = tracked_stock_parts({shop.sku.pk: []})
    assert parts == {shop.sku.pk: TrackedStock(in_stock=8, reserved=3)}
    assert parts[shop.sku.pk].available == 5
    assert tracked_stocks({shop.sku.pk: []}) == {shop.sku.pk: 5}  # still the available count

    tracked = {"stock": 5, "tracked": True, "in_stock": 8, "reserved": 3}
    rows = {row["sku_id"]: row for row in sku_stocks(shop.goods.pk, session=None)}
    at_goods_fineness = {
        "fineness": shop.goods.fineness,
        "fineness_name": fineness_name(shop.goods.fineness),
        "in_stock": 8,
        "reserved": 3,
        "available": 5,
    }
    assert rows[shop.sku.pk] == {
        "sku_id": shop.sku.pk,
        "specs": {"颜色": "黑"},
        "code": "",
        **tracked,
        "by_fineness": [at_goods_fineness],
    }
    assert rows[counted_sku.pk] == {
        "sku_id": counted_sku.pk,
        "specs": {"颜色": "白"},
        "code": "",
        **COUNTED,
    }
    detail = {row["id"]: row for row in goods_detail(shop.goods.pk, session=None)["spu_list"]}
    assert {key: detail[shop.sku.pk][key] for key in tracked} == tracked
    assert {key: detail[counted_sku.pk][key] for key in COUNTED} == COUNTED

    row = _listed(shop.goods.pk)
    assert row["total_stock"] == 5 + 3
    assert row["tracked_stock"] == {"sku_count": 1, "available": 5, "in_stock": 8, "reserved": 3}


def test_more_held_than_in_stock_shows_both_figures_and_none_available(shop):
    units = units_in_stock(shop.sku.pk, 2)
    sku_stock_reserve(sku_id=shop.sku.pk, quantity=2, reference="ORDER-A")
    unit_adjust(actor=None, unit_id=units[0].pk, action="lose", reason="盘点缺失")

    [row] = sku_stocks(shop.goods.pk, session=None)
    assert (row["stock"], row["in_stock"], row["reserved"]) == (0, 1, 2)


def test_a_goods_item_of_counted_skus_has_no_tracked_parts(shop, counted_sku):
    shop.sku.is_active = False
    shop.sku.save(update_fields=["is_active"])

    assert sku_stocks(shop.goods.pk, session=None) == [
        {"sku_id": counted_sku.pk, "specs": {"颜色": "白"}, "code": "", **COUNTED}
    ]
    row = _listed(shop.goods.pk)
    assert (row["total_stock"], row["tracked_stock"]) == (3, None)


def test_the_calls_answer_the_parts(demo_owner, demo):
    connection.set_tenant(demo)
    goods = Goods.objects.create(title="库存构成测试", sub_shop_ids=[])
    tracked = Sku.objects.create(goods=goods, specs={"颜色": "蓝"}, stock=0, position=0)
    counted = Sku.objects.create(goods=goods, specs={"颜色": "红"}, stock=4, position=1)
    sku_tracked_set(actor=None, sku_id=tracked.pk)
    units_in_stock(tracked.pk, 3)
    sku_stock_reserve(sku_id=tracked.pk, quantity=1, reference="ORDER-API")
    connection.set_schema_to_public()

    stock = demo_owner.get("/api/platform/getSkuStock", {"goods_id": goods.pk})
    assert stock.ok
    assert [(r["stock"], r["tracked"], r["in_stock"], r["reserved"]) for r in stock.data] == [
        (2, True, 3, 1),
        (4, False, None, None),
    ]
    detail = demo_owner.post("/api/platform/goodsDetail", {"id": goods.pk})
    assert [(r["stock"], r["in_stock"], r["reserved"]) for r in detail.data["spu_list"]] == [
        (2, 3, 1),
        (4, None, None),
    ]
    listed = demo_owner.get("/api/platform/goodsList", {"keyword": "库存构成测试"})
    [row] = listed.data["list"]
    assert row["total_stock"] == 6
    assert row["tracked_stock"] == {"sku_count": 1, "available": 2, "in_stock": 3, "reserved": 1}
    changed = demo_owner.post(
        "/api/platform/updateSkuStock", {"sku_id": counted.pk, "mode": "add", "quantity": 1}
    )
    assert changed.data == {
        "sku_id": counted.pk,
        "specs": {"颜色": "红"},
        "code": "",
        "stock": 5,
        "tracked": False,
        "in_stock": None,
        "reserved": None,
        "by_fineness": None,
    }
