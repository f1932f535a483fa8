"""A sub-shop account reads and changes only goods offered in its own sub-shop: every
detail and action call answers NOT_FOUND for goods only a sibling sub-shop sells, as the
list (goodsList) never shows them."""

from typing import Any

import pytest
from django_tenants.utils import tenant_context

from apps.goods.models import Goods, Sku
from apps.subshops.tests.factories import sign_in, sub_shop_account_make, sub_shop_make
from tests.fixtures import grant_sub_merchants
from zulin.audit.models import AuditEntry

from .factories import goods_payload, leaf_category, saved_goods


@pytest.fixture
def shops(demo_owner, demo) -> dict[str, Any]:
    """East and west sub-shops, a sign-in for east, and goods each sells alone."""
    category = leaf_category()
    east = sub_shop_make(demo_owner, "城东店")
    west = sub_shop_make(demo_owner, "城西店")
    sub_shop_account_make(demo_owner, east["id"], "east")
    own = saved_goods(demo_owner, category.pk, sub_shop_ids=[east["id"]], title="东店独售")
    sibling = saved_goods(demo_owner, category.pk, sub_shop_ids=[west["id"]], title="西店独售")
    with tenant_context(demo):
        skus = {
            goods_id: Sku.objects.filter(goods_id=goods_id).order_by("id").first().pk
            for goods_id in (own, sibling)
        }
    grant_sub_merchants("goods.edit")
    return {
        "clerk": sign_in("demo.localhost", "east"),
        "category": category.pk,
        "east": east["id"],
        "own": own,
        "sibling": sibling,
        "skus": skus,
    }


def _detail(s, goods_id):
    return s["clerk"].post("/api/platform/goodsDetail", {"id": goods_id})


def _rent_plan(s, goods_id):
    return s["clerk"].get("/api/platform/getRentPlan", {"goods_id": goods_id})


def _sku_stock(s, goods_id):
    return s["clerk"].get("/api/platform/getSkuStock", {"goods_id": goods_id})


def _save(s, goods_id):
    body = goods_payload(s["category"], id=goods_id, title="改名", sub_shop_ids=[s["east"]])
    return s["clerk"].post("/api/platform/saveGood", body)


def _save_and_activate(s, goods_id):
    body = goods_payload(s["category"], id=goods_id, sub_shop_ids=[s["east"]])
    return s["clerk"].post("/api/platform/saveAndActiveGoods", body)


def _status(s, goods_id):
    return s["clerk"].post(
        "/api/platform/updateGoodsStatus", {"ids": [goods_id], "status": "on_shelf"}
    )


def _delete(s, goods_id):
    return s["clerk"].post("/api/platform/deleteGood", {"id": goods_id})


def _category(s, goods_id):
    body = {"ids": [goods_id], "category_id": s["category"]}
    return s["clerk"].post("/api/platform/setGoodsCategory", body)


def _sort(s, goods_id):
    return s["clerk"].post("/api/platform/updateGoodsSort", {"id": goods_id, "sort": 7})


def _stock(s, goods_id):
    body = {"sku_id": s["skus"][goods_id], "mode": "set", "quantity": 3}
    return s["clerk"].post("/api/platform/updateSkuStock", body)


CALLS = {
    "goodsDetail": _detail,
    "getRentPlan": _rent_plan,
    "getSkuStock": _sku_stock,
    "saveGood": _save,
    "saveAndActiveGoods": _save_and_activate,
    "updateGoodsStatus": _status,
    "deleteGood": _delete,
    "setGoodsCategory": _category,
    "updateGoodsSort": _sort,
    "updateSkuStock": _stock,
}


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
def test_a_sibling_sub_shops_goods_are_not_found(shops, demo, call):
    with tenant_context(demo):
        before = Goods.objects.values().get(pk=shops["sibling"])
        stock_before = Sku.objects.get(pk=shops["skus"][shops["sibling"]]).stock

    answer = call(shops, shops["sibling"])

    assert answer.code == 404, answer
    with tenant_context(demo):
        assert Goods.objects.values().get(pk=shops["sibling"]) == before
        assert Sku.objects.get(pk=shops["skus"][shops["sibling"]]).stock == stock_before


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
def test_its_own_sub_shops_goods_answer(shops, call):
    answer = call(shops, shops["own"])

    assert answer.code == 200, answer


def test_goods_offered_everywhere_are_its_own_too(shops, demo_owner):
    everywhere = saved_goods(demo_owner, shops["category"], sub_shop_ids=[], title="全店通售")

    assert _detail(shops, everywhere).code == 200


def test_the_list_and_counts_hold_the_same_scope(shops):
    listed = shops["clerk"].get("/api/platform/goodsList").data
    counts = shops["clerk"].get("/api/platform/getGoodStatusCount").data

    assert [row["id"] for row in listed["list"]] == [shops["own"]]
    assert counts["all"] == 1


def test_a_sub_shop_account_offers_goods_in_its_own_sub_shop_only(shops, demo):
    clerk, category = shops["clerk"], shops["category"]

    new = clerk.post("/api/platform/saveGood", goods_payload(category, sub_shop_ids=[]))
    wider = clerk.post(
        "/api/platform/saveGood",
        goods_payload(category, sub_shop_ids=[shops["east"], shops["east"] + 1]),
    )

    assert new.ok
    assert _detail(shops, new.data["id"]).data["sub_shop_ids"] == [shops["east"]]
    assert wider.code == 400 and "sub_shop_ids" in wider.data["fields"]


def test_sort_change_is_audited_with_its_actor(demo_owner, demo):
    goods_id = saved_goods(demo_owner, leaf_category().pk, sort=10)

    answer = demo_owner.post("/api/platform/updateGoodsSort", {"id": goods_id, "sort": 3})

    assert answer.ok
    with tenant_context(demo):
        entry = AuditEntry.objects.filter(action="goods.sort", target_id=str(goods_id)).get()
    assert (entry.before, entry.after) == ({"sort": 10}, {"sort": 3})
    assert entry.actor_name and entry.actor_account_id is not None
