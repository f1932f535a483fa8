from django_tenants.utils import tenant_context

from apps.goods.models import Goods
from tenants.catalog.models import PlatformGoods
from tests.events import events_of
from zulin.audit.models import AuditEntry

from .factories import goods_payload, leaf_category, saved_goods


def _on_shelf(client, category_id, **overrides):
    answer = client.post(
        "/api/platform/saveAndActiveGoods", goods_payload(category_id, **overrides)
    )
    assert answer.ok, answer
    return answer.data["id"]


def _projection(merchant, goods_id):
    return PlatformGoods.objects.get(merchant=merchant, goods_id=goods_id)


def test_goods_of_one_merchant_never_appear_on_another(
    demo_owner, acme_owner, admin_client, demo, acme
):
    category = leaf_category()
    demo_goods = saved_goods(demo_owner, category.pk, title="演示商品")
    acme_goods = saved_goods(acme_owner, category.pk, title="艾克米商品")

    acme_titles = [row["title"] for row in acme_owner.get("/api/platform/goodsList").data["list"]]
    demo_titles = [row["title"] for row in demo_owner.get("/api/platform/goodsList").data["list"]]
    platform = admin_client.get("/api/platform/platformGoodsList").data
    only_acme = admin_client.get("/api/platform/platformGoodsList", {"merchant_id": acme.pk}).data

    assert acme_titles == ["艾克米商品"] and demo_titles == ["演示商品"]
    # Ids are per schema: the same id on acme is acme's own goods or nothing, never demo's.
    same_id_on_acme = acme_owner.post("/api/platform/goodsDetail", {"id": demo_goods})
    assert same_id_on_acme.code == 404 or same_id_on_acme.data["title"] == "艾克米商品"
    assert {(row["merchant_name"], row["title"]) for row in platform["list"]} >= {
        (demo.name, "演示商品"),
        (acme.name, "艾克米商品"),
    }
    assert [row["goods_id"] for row in only_acme["list"]] == [acme_goods]
    with tenant_context(acme):
        assert not Goods.objects.filter(title="演示商品").exists()


def test_demo_goods_detail_is_not_readable_from_acme(demo_owner, acme_owner):
    category = leaf_category()
    demo_goods = saved_goods(demo_owner, category.pk, title="仅演示")

    answer = acme_owner.post("/api/platform/goodsDetail", {"id": demo_goods})

    assert answer.code == 404 or answer.data["title"] != "仅演示"


def test_platform_counts_and_shop_selections(admin_client, demo_owner, acme_owner, demo, acme):
    category = leaf_category()
    saved_goods(demo_owner, category.pk)
    _on_shelf(acme_owner, category.pk)

    counts = admin_client.get("/api/platform/getPlatformGoodsCount").data
    shops = admin_client.get("/api/platform/getShopSelections").data
    on_shelf = admin_client.get("/api/platform/platformGoodsList", {"status": "on_shelf"}).data

    assert counts["draft"] == 1 and counts["on_shelf"] == 1 and counts["all"] == 2
    assert {"id": demo.pk, "name": demo.name} in shops and {
        "id": acme.pk,
        "name": acme.name,
    } in shops
    assert on_shelf["total"] == 1 and on_shelf["list"][0]["min_rent"] == "399.00"


def test_force_down_takes_goods_off_shelf_with_a_reason(admin_client, demo_owner, demo):
    category = leaf_category()
    goods_id = _on_shelf(demo_owner, category.pk)
    projection = _projection(demo, goods_id)

    reasons = admin_client.get("/api/platform/getForceRefuseReasons").data
    no_text = admin_client.post(
        "/api/platform/forceGoodsDown", {"id": projection.pk, "reason_code": "other"}
    )
    forced = admin_client.post(
        "/api/platform/forceGoodsDown",
        {"id": projection.pk, "reason_code": "false_info", "reason_text": "图片与实物不符"},
    )
    again = admin_client.post(
        "/api/platform/forceGoodsDown", {"id": projection.pk, "reason_code": "prohibited"}
    )

    assert {"code": "other", "label": "其他原因", "needs_text": True} in reasons
    assert no_text.code == 400
    assert forced.ok and forced.data["status"] == "off_shelf"
    assert again.code == 1206
    detail = demo_owner.post("/api/platform/goodsDetail", {"id": goods_id}).data
    assert detail["status"] == "off_shelf" and detail["force_down"] is True
    assert detail["force_down_reason"] == "商品信息虚假或与实物不符：图片与实物不符"
    row = demo_owner.get("/api/platform/goodsList", {"status": "force_down"}).data["list"][0]
    assert row["id"] == goods_id and row["force_down_reason"].endswith("图片与实物不符")
    assert _projection(demo, goods_id).force_down is True
    with tenant_context(demo):
        entry = AuditEntry.objects.get(action="goods.force_down", target_id=str(goods_id))
        assert entry.reason.endswith("图片与实物不符") and entry.actor_side == 0
    # The shop's systems hear it: on the shelf, then forced off it.
    changed = events_of(demo, "goods.status_changed", goods_id)
    assert [(e["previous_status"], e["status"]) for e in changed][-1] == ("on_shelf", "off_shelf")
    assert changed[-1]["force_down"] is True and changed[-1]["id"] == goods_id
    assert [e["_version"] for e in changed] == list(range(1, len(changed) + 1))

    # Back on shelf only after an edit: the save clears the flag.
    refused = demo_owner.post(
        "/api/platform/updateGoodsStatus", {"ids": [goods_id], "status": "on_shelf"}
    )
    assert refused.code == 1207
    saved = demo_owner.post("/api/platform/saveGood", goods_payload(category.pk, id=goods_id))
    assert saved.ok
    back = demo_owner.post(
        "/api/platform/updateGoodsStatus", {"ids": [goods_id], "status": "on_shelf"}
    )
    assert back.ok and back.data[0]["status"] == "on_shelf"
    assert _projection(demo, goods_id).force_down is False


def test_display_status_on_the_platform_storefront(admin_client, demo_owner, demo):
    category = leaf_category()
    shelved = _on_shelf(demo_owner, category.pk)
    draft = saved_goods(demo_owner, category.pk)
    shelved_id = _projection(demo, shelved).pk
    draft_id = _projection(demo, draft).pk

    shown = admin_client.post(
        "/api/platform/updateGoodsDisplayStatus", {"ids": [shelved_id], "display_status": True}
    )
    refused = admin_client.post(
        "/api/platform/updateGoodsDisplayStatus", {"ids": [draft_id], "display_status": True}
    )
    listed = admin_client.get("/api/platform/getGoodsForDisplay", {"display_status": True}).data
    candidates = admin_client.get("/api/platform/getGoodsForDisplay").data

    assert shown.data == {"count": 1}
    assert refused.code == 1206
    assert [row["id"] for row in listed["list"]] == [shelved_id]
    assert draft_id not in [row["id"] for row in candidates["list"]]

    demo_owner.post("/api/platform/updateGoodsStatus", {"ids": [shelved], "status": "off_shelf"})
    assert _projection(demo, shelved).display_status is False
    with tenant_context(demo):
        assert AuditEntry.objects.filter(action="goods.off_shelf", target_id=str(shelved)).exists()


def test_a_merchant_cannot_force_down_or_change_display(demo_owner, demo):
    category = leaf_category()
    goods_id = _on_shelf(demo_owner, category.pk)
    projection_id = _projection(demo, goods_id).pk

    forced = demo_owner.post(
        "/api/platform/forceGoodsDown", {"id": projection_id, "reason_code": "prohibited"}
    )
    display = demo_owner.post(
        "/api/platform/updateGoodsDisplayStatus", {"ids": [projection_id], "display_status": True}
    )

    assert forced.code == 1002 and display.code == 1002
    assert _projection(demo, goods_id).display_status is False
    assert (
        demo_owner.post("/api/platform/goodsDetail", {"id": goods_id}).data["status"] == "on_shelf"
    )


def test_a_projection_write_rolls_back_with_the_merchant_change(demo_owner, demo, monkeypatch):
    category = leaf_category()
    goods_id = _on_shelf(demo_owner, category.pk)

    def broken(*args, **kwargs):
        raise RuntimeError("projection down")

    monkeypatch.setattr("apps.goods.services.goods_project", broken)
    answer = demo_owner.post(
        "/api/platform/updateGoodsStatus", {"ids": [goods_id], "status": "off_shelf"}
    )

    assert answer.code == 500
    with tenant_context(demo):
        assert Goods.objects.get(pk=goods_id).status == "on_shelf"


def test_the_merchant_sees_whether_the_platform_shows_its_goods(admin_client, demo_owner, demo):
    category = leaf_category()
    shelved = _on_shelf(demo_owner, category.pk)

    def merchant_view() -> tuple[bool, bool]:
        rows = demo_owner.get("/api/platform/goodsList").data["list"]
        row = next(row for row in rows if row["id"] == shelved)
        detail = demo_owner.post("/api/platform/goodsDetail", {"id": shelved}).data
        return row["display_status"], detail["display_status"]

    assert merchant_view() == (False, False)  # on shelf, but not on the platform's storefront

    admin_client.post(
        "/api/platform/updateGoodsDisplayStatus",
        {"ids": [_projection(demo, shelved).pk], "display_status": True},
    )

    assert merchant_view() == (True, True)


def test_another_merchants_displayed_goods_of_the_same_id_never_show_as_displayed(
    admin_client, demo_owner, acme_owner, demo, acme
):
    category = leaf_category()
    shelved = _on_shelf(demo_owner, category.pk)
    theirs = _projection(demo, shelved)
    # acme's row in the platform's listing for a goods item of the same id, displayed.
    PlatformGoods.objects.create(
        merchant=acme,
        goods_id=shelved,
        title="acme's",
        category=category,
        status="on_shelf",
        display_status=True,
        updated_at=theirs.updated_at,
    )

    row = next(
        r for r in demo_owner.get("/api/platform/goodsList").data["list"] if r["id"] == shelved
    )
    detail = demo_owner.post("/api/platform/goodsDetail", {"id": shelved}).data

    assert (row["display_status"], detail["display_status"]) == (False, False)
    assert (row["category_name"], detail["category_name"]) == (category.name, category.name)
