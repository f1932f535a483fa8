from django_tenants.utils import tenant_context

from apps.goods.models import Goods, RentPlan, Sku
from apps.goods.services import goods_setting_set
from tenants.catalog.models import Category, PlatformGoods
from zulin.audit.models import AuditEntry

from .factories import goods_payload, leaf_category, saved_goods


def test_save_good_creates_a_draft_with_its_editing_state(demo_owner, demo):
    category = leaf_category()

    saved = demo_owner.post("/api/platform/saveGood", goods_payload(category.pk))
    detail = demo_owner.post("/api/platform/goodsDetail", {"id": saved.data["id"]})

    assert saved.ok and saved.data["status"] == "draft"
    data = detail.data
    assert data["category_name"] == "手机"
    assert [sku["specs"] for sku in data["spu_list"]] == [
        {"颜色": "黑", "容量": "256G"},
        {"颜色": "白", "容量": "256G"},
    ]
    assert data["rent_list"][0]["rent"] == "399.00"
    assert data["rent_list"][1]["rent"] == "459.50"
    assert data["rent_list"][0]["total_rent"] == "4788.00"
    assert data["sell_list"][0] == {
        "id": data["sell_list"][0]["id"],
        "sku_index": 0,
        "sku_id": data["spu_list"][0]["id"],
        "price": "7999.00",
        "original_price": "8999.00",
    }
    assert data["disabled"] == {"locked": False, "fields": [], "reason": ""}
    projection = PlatformGoods.objects.get(merchant=demo, goods_id=saved.data["id"])
    assert projection.status == "draft"
    assert str(projection.min_rent) == "399.00"


def test_money_bounds_and_terms_are_checked(demo_owner):
    category = leaf_category()
    plan = goods_payload(category.pk)["rent_list"][0]

    def save_with(**change):
        return demo_owner.post(
            "/api/platform/saveGood", goods_payload(category.pk, rent_list=[{**plan, **change}])
        )

    negative = save_with(rent="-1.00")
    no_term = demo_owner.post(
        "/api/platform/saveGood",
        goods_payload(category.pk, rent_list=[{k: v for k, v in plan.items() if k != "term"}]),
    )
    odd_term = save_with(term=5)
    over_cap = save_with(deposit="200000.01")
    over_multiple = save_with(term=1, rent="100.00", deposit="1000.01")
    at_multiple = save_with(term=1, rent="100.00", deposit="1000.00")
    three_places = save_with(rent="1.234")
    float_money = save_with(rent=12.5)

    assert negative.code == 400 and "rent_list.0.rent" in negative.data["fields"]
    assert no_term.code == 400 and "rent_list.0.term" in no_term.data["fields"]
    assert odd_term.code == 400 and "rent_list.0.term" in odd_term.data["fields"]
    assert over_cap.code == 400 and "rent_list.0.deposit" in over_cap.data["fields"]
    assert over_multiple.code == 400 and "rent_list.0.deposit" in over_multiple.data["fields"]
    assert at_multiple.ok
    assert three_places.code == 400
    assert float_money.ok
    negative_sell = demo_owner.post(
        "/api/platform/saveGood",
        goods_payload(category.pk, sell_list=[{"sku_index": 0, "price": "-5"}]),
    )
    assert negative_sell.code == 400


def test_bad_references_in_the_editing_state_are_refused(demo_owner):
    category = leaf_category()
    payload = goods_payload(category.pk)
    payload["rent_list"][0]["sku_index"] = 9
    payload["package_list"] = [{"name": "套餐", "rent_index": 7, "gain_ids": [999999]}]
    payload["spu_list"].append(dict(payload["spu_list"][0]))

    answer = demo_owner.post("/api/platform/saveGood", payload)

    assert answer.code == 400
    assert {"rent_list.0.sku_index", "package_list.0.rent_index", "package_list.0.gain_ids"} <= set(
        answer.data["fields"]
    )
    assert "spu_list" in answer.data["fields"]


def test_a_disabled_or_parent_category_cannot_hold_goods(demo_owner):
    category = leaf_category()
    disabled = Category.objects.create(name="停用", parent_id=category.parent_id, level=2, status=0)

    assert demo_owner.post("/api/platform/saveGood", goods_payload(disabled.pk)).code == 1203
    assert demo_owner.post("/api/platform/saveGood", goods_payload(category.parent_id)).code == 1203


def test_save_and_active_puts_complete_goods_on_shelf(demo_owner, demo):
    category = leaf_category()

    answer = demo_owner.post("/api/platform/saveAndActiveGoods", goods_payload(category.pk))

    assert answer.ok and answer.data["status"] == "on_shelf"
    assert PlatformGoods.objects.get(merchant=demo, goods_id=answer.data["id"]).status == "on_shelf"
    with tenant_context(demo):
        assert AuditEntry.objects.filter(
            action="goods.on_shelf", target_id=str(answer.data["id"])
        ).exists()


def test_save_and_active_goes_to_review_when_the_merchant_requires_it(demo_owner, demo):
    with tenant_context(demo):
        goods_setting_set(goods_need_review=True)
    category = leaf_category()

    answer = demo_owner.post("/api/platform/saveAndActiveGoods", goods_payload(category.pk))

    assert answer.data["status"] == "in_review"
    detail = demo_owner.post("/api/platform/goodsDetail", {"id": answer.data["id"]}).data
    assert detail["disabled"]["locked"] is True


def test_incomplete_goods_are_refused_with_every_reason(demo_owner, demo):
    category = leaf_category()
    payload = goods_payload(category.pk, pictures=[], rent_list=[], sell_list=[])
    payload["spu_list"] = [{"specs": {"颜色": "黑"}, "stock": 0}]

    answer = demo_owner.post("/api/platform/saveAndActiveGoods", payload)

    assert answer.code == 1204
    assert answer.data["goods"][0]["reasons"] == ["no_picture", "no_rent_plan", "no_stock"]
    assert "没有商品图片" in answer.msg
    with tenant_context(demo):
        assert not Goods.objects.filter(title=payload["title"]).exists()

    no_sku = saved_goods(demo_owner, category.pk, spu_list=[], rent_list=[], sell_list=[])
    refused = demo_owner.post(
        "/api/platform/updateGoodsStatus", {"ids": [no_sku], "status": "on_shelf"}
    )
    assert refused.code == 1204
    assert "no_sku" in refused.data["goods"][0]["reasons"]


def test_status_transitions(demo_owner):
    category = leaf_category()
    goods_id = saved_goods(demo_owner, category.pk)

    off_from_draft = demo_owner.post(
        "/api/platform/updateGoodsStatus", {"ids": [goods_id], "status": "off_shelf"}
    )
    on = demo_owner.post(
        "/api/platform/updateGoodsStatus", {"ids": [goods_id], "status": "on_shelf"}
    )
    delete_on_shelf = demo_owner.post("/api/platform/deleteGood", {"id": goods_id})
    off = demo_owner.post(
        "/api/platform/updateGoodsStatus", {"ids": [goods_id], "status": "off_shelf"}
    )
    bad = demo_owner.post("/api/platform/updateGoodsStatus", {"ids": [goods_id], "status": "gone"})

    assert off_from_draft.code == 1206
    assert on.ok and on.data == [{"id": goods_id, "status": "on_shelf"}]
    assert delete_on_shelf.code == 1206
    assert off.ok and off.data[0]["status"] == "off_shelf"
    assert bad.code == 400
    assert (
        demo_owner.post(
            "/api/platform/updateGoodsStatus", {"ids": [999999], "status": "on_shelf"}
        ).code
        == 404
    )


def test_locked_fields_cannot_change_on_shelf_but_others_can(demo_owner):
    category = leaf_category()
    payload = goods_payload(category.pk)
    goods_id = demo_owner.post("/api/platform/saveAndActiveGoods", payload).data["id"]
    detail = demo_owner.post("/api/platform/goodsDetail", {"id": goods_id}).data
    assert detail["disabled"] == {
        "locked": True,
        "fields": ["spu_list", "rent_list", "sell_list", "package_list"],
        "reason": "on_shelf",
    }

    changed_price = goods_payload(category.pk, id=goods_id)
    changed_price["rent_list"][0]["rent"] = "300.00"
    refused = demo_owner.post("/api/platform/saveGood", changed_price)
    retitled = demo_owner.post(
        "/api/platform/saveGood", goods_payload(category.pk, id=goods_id, title="新标题")
    )

    assert refused.code == 1205 and refused.data == {"fields": ["rent_list"]}
    assert retitled.ok and retitled.data["status"] == "on_shelf"
    after = demo_owner.post("/api/platform/goodsDetail", {"id": goods_id}).data
    assert after["title"] == "新标题"
    assert after["rent_list"] == detail["rent_list"]  # same rows, not rewritten


def test_editing_off_shelf_goods_keeps_sku_ids_and_retires_dropped_rows(demo_owner, demo):
    category = leaf_category()
    goods_id = saved_goods(demo_owner, category.pk)
    detail = demo_owner.post("/api/platform/goodsDetail", {"id": goods_id}).data
    black = detail["spu_list"][0]
    payload = goods_payload(
        category.pk,
        id=goods_id,
        spu_list=[{"id": black["id"], "specs": black["specs"], "code": "B256", "stock": 99}],
        rent_list=[goods_payload(category.pk)["rent_list"][0]],
    )

    answer = demo_owner.post("/api/platform/saveGood", payload)

    assert answer.ok
    after = demo_owner.post("/api/platform/goodsDetail", {"id": goods_id}).data
    assert [sku["id"] for sku in after["spu_list"]] == [black["id"]]
    assert after["spu_list"][0]["stock"] == 5  # stock changes through updateSkuStock only
    with tenant_context(demo):
        assert Sku.objects.filter(goods_id=goods_id, is_active=False).count() == 1
        assert RentPlan.objects.filter(sku__goods_id=goods_id, is_active=False).count() == 2


def test_goods_list_filters_and_paginates(demo_owner):
    phones = leaf_category("手机")
    laptops = leaf_category("电脑", parent_name="测试电脑")
    first = saved_goods(demo_owner, phones.pk, title="iPhone 甲")
    saved_goods(demo_owner, phones.pk, title="iPhone 乙")
    laptop = saved_goods(demo_owner, laptops.pk, title="MacBook")
    demo_owner.post("/api/platform/updateGoodsStatus", {"ids": [first], "status": "on_shelf"})

    page = demo_owner.get("/api/platform/goodsList", {"page": 1, "page_size": 2})
    by_parent = demo_owner.get("/api/platform/goodsList", {"category_id": laptops.parent_id})
    by_keyword = demo_owner.get("/api/platform/goodsList", {"keyword": "iphone"})
    on_shelf = demo_owner.get("/api/platform/goodsList", {"status": "on_shelf"})
    counts = demo_owner.get("/api/platform/getGoodStatusCount")

    assert page.data["total"] == 3 and len(page.data["list"]) == 2 and page.data["page_size"] == 2
    assert [row["id"] for row in by_parent.data["list"]] == [laptop]
    assert by_keyword.data["total"] == 2
    row = on_shelf.data["list"][0]
    assert row["id"] == first and row["min_rent"] == "399.00" and row["total_stock"] == 5
    assert row["sku_count"] == 2 and row["status_name"] == "已上架"
    assert counts.data == {
        "draft": 2,
        "in_review": 0,
        "on_shelf": 1,
        "off_shelf": 0,
        "force_down": 0,
        "all": 3,
    }
    assert demo_owner.get("/api/platform/goodsList", {"page_size": 500}).code == 400


def test_delete_is_soft_and_hides_the_goods(demo_owner, demo):
    category = leaf_category()
    goods_id = saved_goods(demo_owner, category.pk)

    assert demo_owner.post("/api/platform/deleteGood", {"id": goods_id}).ok

    assert demo_owner.post("/api/platform/goodsDetail", {"id": goods_id}).code == 404
    assert demo_owner.get("/api/platform/goodsList").data["total"] == 0
    assert not PlatformGoods.objects.filter(merchant=demo, goods_id=goods_id).exists()
    with tenant_context(demo):
        assert Goods.objects.get(pk=goods_id).is_deleted


def test_set_category_and_sort(demo_owner, demo):
    phones = leaf_category("手机")
    tablets = leaf_category("平板", parent_name="测试平板")
    goods_id = saved_goods(demo_owner, phones.pk)

    moved = demo_owner.post(
        "/api/platform/setGoodsCategory", {"ids": [goods_id], "category_id": tablets.pk}
    )
    sorted_ = demo_owner.post("/api/platform/updateGoodsSort", {"id": goods_id, "sort": 3})

    assert moved.data == {"count": 1}
    assert sorted_.ok
    detail = demo_owner.post("/api/platform/goodsDetail", {"id": goods_id}).data
    assert detail["category_id"] == tablets.pk and detail["sort"] == 3
    assert PlatformGoods.objects.get(merchant=demo, goods_id=goods_id).category_id == tablets.pk
    refused = demo_owner.post(
        "/api/platform/setGoodsCategory", {"ids": [goods_id], "category_id": tablets.parent_id}
    )
    assert refused.code == 1203
    assert (
        demo_owner.post("/api/platform/updateGoodsSort", {"id": goods_id, "sort": -1}).code == 400
    )


def test_options_and_rent_plans(demo_owner):
    category = leaf_category()
    goods_id = saved_goods(demo_owner, category.pk)

    fineness = demo_owner.get("/api/platform/getGoodFineness").data
    terms = demo_owner.get("/api/platform/getTerms").data
    plans = demo_owner.get("/api/platform/getRentPlan", {"goods_id": goods_id}).data

    assert {"value": "new", "label": "全新"} in fineness
    assert {"value": "90", "label": "9成新"} in fineness
    assert {"term": 12, "term_unit": "month", "label": "12个月"} in terms
    assert any(t["term_unit"] == "day" for t in terms)
    assert plans[0]["specs"] == {"颜色": "黑", "容量": "256G"}
    assert plans[0]["total_with_buyout"] == "4789.00"
    # The answer schema keeps every field the selector gives (nothing dropped, nothing added).
    assert set(plans[0]) == {
        "id", "sku_index", "sku_id", "term", "term_unit", "rent", "deposit", "buyout_price",
        "ownership_transfer", "total_rent", "specs", "total_with_buyout",
        "min_term", "early_fee_mode", "early_fee_value", "credit_deposit_max",
        "fineness", "lease_fineness", "lease_fineness_name", "used", "stock",
    }  # fmt: skip
    # Leased at the goods' own fineness (99新), from its SKU's stock.
    assert (plans[0]["fineness"], plans[0]["lease_fineness"], plans[0]["stock"]) == ("", "99", 5)
    # No early-return terms of its own: the shop's defaults apply when it is ordered.
    assert (plans[0]["min_term"], plans[0]["early_fee_mode"]) == (None, "")


def test_store_roles_need_goods_actions(demo_owner, admin_client):
    assert admin_client.get("/api/platform/goodsList").code == 1002
    assert demo_owner.get("/api/platform/platformGoodsList").code == 1002


def test_goods_offer_only_known_sub_shops_and_channels(demo_owner):
    from .factories import goods_payload, leaf_category

    shop = demo_owner.post("/api/backend/createSubShop", {"name": "滨江店"}).data
    category = leaf_category().pk

    unknown = demo_owner.post(
        "/api/platform/saveGood",
        goods_payload(category, sub_shop_ids=[shop["id"] + 999], channels=["nowhere"]),
    )
    known = demo_owner.post(
        "/api/platform/saveGood",
        goods_payload(category, sub_shop_ids=[shop["id"]], channels=["alipay_mini", "h5"]),
    )

    assert unknown.code == 400
    assert set(unknown.data["fields"]) == {"sub_shop_ids", "channels"}
    assert known.ok
    detail = demo_owner.post("/api/platform/goodsDetail", {"id": known.data["id"]}).data
    assert detail["sub_shop_ids"] == [shop["id"]]
    assert detail["channels"] == ["alipay_mini", "h5"]


def test_a_list_row_counts_each_skus_stock_once_however_many_plans_it_has(demo_owner):
    phones = leaf_category("手机", parent_name="测试数码")
    plans = goods_payload(phones.pk)["rent_list"]
    shorter = {**plans[0], "term": 6, "rent": "299.00"}
    longer = {**plans[0], "term": 24, "rent": "249.00"}
    goods_id = saved_goods(demo_owner, phones.pk, rent_list=[*plans, shorter, longer])

    row = demo_owner.get("/api/platform/goodsList", {"keyword": str(goods_id)}).data["list"][0]

    # Black 256G (5 in stock) has three plans, white (0) one: stock 5 on 2 SKUs, not 15.
    assert (row["id"], row["total_stock"], row["sku_count"]) == (goods_id, 5, 2)
    assert row["min_rent"] == "249.00"
