import io

import pytest
from django.test import Client
from django_tenants.utils import tenant_context

from apps.goods.models import StockMovement
from apps.goods.services import sku_stock_release, sku_stock_reserve

from .factories import leaf_category, saved_goods

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
WEBP = b"RIFF\x00\x00\x00\x00WEBPVP8 " + b"\x00" * 32


def _sku_ids(client, goods_id):
    return [
        row["sku_id"]
        for row in client.get("/api/platform/getSkuStock", {"goods_id": goods_id}).data
    ]


def test_sku_stock_set_and_add_never_below_zero(demo_owner, demo):
    goods_id = saved_goods(demo_owner, leaf_category().pk)
    sku_id = _sku_ids(demo_owner, goods_id)[0]

    set_ = demo_owner.post("/api/platform/updateSkuStock", {"sku_id": sku_id, "quantity": 8})
    added = demo_owner.post(
        "/api/platform/updateSkuStock", {"sku_id": sku_id, "mode": "add", "quantity": -3}
    )
    too_much = demo_owner.post(
        "/api/platform/updateSkuStock", {"sku_id": sku_id, "mode": "add", "quantity": -6}
    )
    negative_set = demo_owner.post(
        "/api/platform/updateSkuStock", {"sku_id": sku_id, "quantity": -1}
    )

    assert set_.data["stock"] == 8
    assert added.data["stock"] == 5
    assert too_much.code == 1208
    assert negative_set.code == 400
    assert demo_owner.get("/api/platform/getSkuStock", {"goods_id": goods_id}).data[0]["stock"] == 5
    with tenant_context(demo):
        assert list(
            StockMovement.objects.filter(sku_id=sku_id)
            .order_by("id")
            .values_list("quantity", flat=True)
        ) == [3, -3]


def test_reserve_and_release_are_recorded_and_idempotent(demo_owner, demo):
    goods_id = saved_goods(demo_owner, leaf_category().pk)
    sku_id = _sku_ids(demo_owner, goods_id)[0]  # stock 5

    with tenant_context(demo):
        first = sku_stock_reserve(sku_id=sku_id, quantity=2, reference="order-1")
        again = sku_stock_reserve(sku_id=sku_id, quantity=2, reference="order-1")
        with pytest.raises(Exception) as refused:
            sku_stock_reserve(sku_id=sku_id, quantity=4, reference="order-2")
        released = sku_stock_release(sku_id=sku_id, quantity=2, reference="order-1")
        released_again = sku_stock_release(sku_id=sku_id, quantity=2, reference="order-1")
        with pytest.raises(Exception) as unknown:
            sku_stock_release(sku_id=sku_id, quantity=1, reference="nope")

    assert first.pk == again.pk and first.stock_after == 3
    assert refused.value.code == 1208
    assert released.pk == released_again.pk and released.stock_after == 5
    assert unknown.value.code == 1209


def test_goods_gains_lifecycle(demo_owner):
    added = demo_owner.post(
        "/api/platform/addGoodsGain",
        {"name": "碎屏险", "gain_type": "damage_cover", "price": "29.90", "description": "一年"},
    )
    gain_id = added.data["id"]
    edited = demo_owner.post(
        "/api/platform/editGoodsGain",
        {"id": gain_id, "name": "碎屏保障", "gain_type": "damage_cover", "price": "39.90"},
    )
    disabled = demo_owner.get("/api/platform/setGoodsGainStatus", {"id": gain_id, "status": 0})
    listed = demo_owner.get("/api/platform/getGoodsGainList", {"status": 0})
    gain_set_disabled = demo_owner.get("/api/platform/getGainSet").data
    enabled = demo_owner.post("/api/platform/setGoodsGainStatus", {"id": gain_id, "status": 1})
    gain_set = demo_owner.get("/api/platform/getGainSet").data
    types = demo_owner.get("/api/platform/newGetGoodsGainTypeMap").data

    assert added.ok and added.data["price"] == "29.90"
    assert edited.data["name"] == "碎屏保障" and edited.data["price"] == "39.90"
    assert disabled.data["status"] == 0
    assert [row["id"] for row in listed.data["list"]] == [gain_id] and listed.data["total"] == 1
    assert gain_set_disabled == []
    assert enabled.data["status"] == 1
    assert gain_set[0]["gain_type"] == "damage_cover" and gain_set[0]["gains"][0]["id"] == gain_id
    assert set(gain_set[0]) == {"gain_type", "gain_type_name", "gains"}
    assert gain_set[0]["gain_type_name"] and gain_set[0]["gains"][0]["price"] == "39.90"
    assert {"value": "accessory", "label": "配件"} in types
    bad_type = demo_owner.post(
        "/api/platform/addGoodsGain", {"name": "x", "gain_type": "nope", "price": "1"}
    )
    negative = demo_owner.post(
        "/api/platform/addGoodsGain", {"name": "x", "gain_type": "other", "price": "-1"}
    )
    assert bad_type.code == 400 and negative.code == 400


def test_packages_bundle_a_rent_plan_with_gains(demo_owner):
    gain_id = demo_owner.post(
        "/api/platform/addGoodsGain", {"name": "配件包", "gain_type": "accessory", "price": "50.00"}
    ).data["id"]
    category = leaf_category()
    goods_id = saved_goods(
        demo_owner,
        category.pk,
        package_list=[{"name": "安心套餐", "rent_index": 1, "gain_ids": [gain_id]}],
    )

    detail = demo_owner.post("/api/platform/goodsDetail", {"id": goods_id}).data

    package = detail["package_list"][0]
    assert package["rent_index"] == 1 and package["rent_plan_id"] == detail["rent_list"][1]["id"]
    assert package["gain_ids"] == [gain_id] and package["gains_price"] == "50.00"


def _upload_named(client, content, name):
    file = io.BytesIO(content)
    file.name = name
    response = client.client.post(
        "/api/getPicUrl", {"file": file}, HTTP_HOST=client.host, HTTP_JWT_TOKEN=client.token
    )
    return client._read(response)


def test_picture_upload_stores_images_per_schema(demo_owner, admin_client, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path

    png = _upload_named(demo_owner, PNG, "photo.png")
    webp = _upload_named(demo_owner, WEBP, "photo.txt")  # the content decides, not the name
    icon = _upload_named(admin_client, PNG, "icon.png")

    assert png.ok and png.data["url"].startswith("/api/media/m_demo/goods/")
    assert png.data["url"].endswith(".png")
    assert webp.data["url"].endswith(".webp")
    assert icon.data["url"].startswith("/api/media/public/category/")
    stored = tmp_path / png.data["url"].removeprefix("/api/media/")
    assert stored.read_bytes() == PNG
    served = Client().get(png.data["url"], HTTP_HOST="demo.localhost")
    assert served.status_code == 200 and b"".join(served.streaming_content) == PNG


def test_picture_upload_refuses_bad_files(demo_owner, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path

    text = _upload_named(demo_owner, b"<html>not an image</html>", "evil.png")
    large = _upload_named(demo_owner, PNG + b"\x00" * (5 * 1024 * 1024), "big.png")
    missing = demo_owner.client.post(
        "/api/getPicUrl", {}, HTTP_HOST=demo_owner.host, HTTP_JWT_TOKEN=demo_owner.token
    )

    assert text.code == 1210 and "JPEG" in text.msg
    assert large.code == 1211
    assert demo_owner._read(missing).code == 400
    assert not any(tmp_path.rglob("*.*"))


def test_picture_upload_needs_a_session(demo_owner):
    demo_owner.token = None
    file = io.BytesIO(PNG)
    file.name = "p.png"
    response = demo_owner.client.post("/api/getPicUrl", {"file": file}, HTTP_HOST="demo.localhost")
    assert demo_owner._read(response).code == 109
