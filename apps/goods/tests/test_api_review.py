from django_tenants.utils import tenant_context

from tenants.catalog.models import PlatformGoods
from zulin.audit.models import AuditEntry

from .factories import goods_payload, leaf_category


def _require_review(admin_client, merchant, need_review=True):
    answer = admin_client.post(
        "/api/platform/setGoodsReviewSetting",
        {"merchant_id": merchant.pk, "need_review": need_review},
    )
    assert answer.ok, answer
    return answer.data


def _submit(client, category_id, **overrides):
    answer = client.post(
        "/api/platform/saveAndActiveGoods", goods_payload(category_id, **overrides)
    )
    assert answer.ok, answer
    return answer.data


def test_goods_of_a_merchant_under_review_wait_for_the_platform(admin_client, demo_owner, demo):
    assert _require_review(admin_client, demo) == {"merchant_id": demo.pk, "need_review": True}
    assert (
        admin_client.get("/api/platform/getGoodsReviewSetting", {"merchant_id": demo.pk}).data[
            "need_review"
        ]
        is True
    )

    saved = _submit(demo_owner, leaf_category().pk)

    assert saved["status"] == "in_review"
    projection = PlatformGoods.objects.get(merchant=demo, goods_id=saved["id"])
    assert projection.status == "in_review"


def test_approved_goods_go_on_shelf(admin_client, demo_owner, demo):
    _require_review(admin_client, demo)
    saved = _submit(demo_owner, leaf_category().pk)
    projection = PlatformGoods.objects.get(merchant=demo, goods_id=saved["id"])

    answer = admin_client.post("/api/platform/reviewGoods", {"id": projection.pk, "approve": True})

    assert answer.data["status"] == "on_shelf"
    detail = demo_owner.post("/api/platform/goodsDetail", {"id": saved["id"]}).data
    assert detail["status"] == "on_shelf"
    assert detail["review_note"] == ""


def test_turned_down_goods_go_off_shelf_with_the_reason_the_merchant_sees(
    admin_client, demo_owner, demo
):
    _require_review(admin_client, demo)
    saved = _submit(demo_owner, leaf_category().pk)
    projection = PlatformGoods.objects.get(merchant=demo, goods_id=saved["id"])

    without_reason = admin_client.post(
        "/api/platform/reviewGoods", {"id": projection.pk, "approve": False}
    )
    answer = admin_client.post(
        "/api/platform/reviewGoods",
        {"id": projection.pk, "approve": False, "reason": "图片与实物不符"},
    )

    assert without_reason.code == 400 and "reason" in without_reason.data["fields"]
    assert answer.data["status"] == "off_shelf"
    rows = demo_owner.get("/api/platform/goodsList").data["list"]
    assert [r["review_note"] for r in rows if r["id"] == saved["id"]] == ["图片与实物不符"]
    with tenant_context(demo):
        entry = AuditEntry.objects.get(action="goods.review_rejected")
    assert entry.reason == "图片与实物不符"
    # Submitting again clears the note and waits for review again.
    again = demo_owner.post(
        "/api/platform/updateGoodsStatus", {"ids": [saved["id"]], "status": "on_shelf"}
    )
    assert again.data == [{"id": saved["id"], "status": "in_review"}]
    assert (
        demo_owner.post("/api/platform/goodsDetail", {"id": saved["id"]}).data["review_note"] == ""
    )


def test_only_goods_under_review_can_be_reviewed(admin_client, demo_owner, demo):
    saved = _submit(demo_owner, leaf_category().pk)  # no review required: on shelf
    projection = PlatformGoods.objects.get(merchant=demo, goods_id=saved["id"])

    answer = admin_client.post("/api/platform/reviewGoods", {"id": projection.pk, "approve": True})

    assert answer.code == 1206


def test_a_merchant_cannot_review_or_change_the_review_setting(demo_owner, demo):
    assert (
        demo_owner.post(
            "/api/platform/setGoodsReviewSetting", {"merchant_id": demo.pk, "need_review": False}
        ).code
        == 1002
    )
    assert demo_owner.post("/api/platform/reviewGoods", {"id": 1, "approve": True}).code == 1002


def test_review_setting_of_an_unknown_merchant_is_not_found(admin_client):
    assert (
        admin_client.get("/api/platform/getGoodsReviewSetting", {"merchant_id": 999_999}).code
        == 404
    )
