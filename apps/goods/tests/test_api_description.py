"""The goods description is rich text kept to the allow-list on every save (docs/goods.md)."""

import importlib
import io
from types import SimpleNamespace

from django.apps import apps as django_apps
from django.db import connection
from django_tenants.utils import tenant_context

from apps.goods.demo import DEMO_CATALOGUE, _payload
from apps.goods.models import Goods
from apps.goods.services import goods_description_clean

from .factories import goods_payload, leaf_category, saved_goods

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


def _upload(client) -> str:
    file = io.BytesIO(PNG)
    file.name = "detail.png"
    response = client.client.post(
        "/api/getPicUrl", {"file": file}, HTTP_HOST=client.host, HTTP_JWT_TOKEN=client.token
    )
    answer = client._read(response)
    assert answer.ok, answer
    return str(answer.data["url"])


def test_a_saved_description_is_answered_cleaned(demo_owner, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    picture = _upload(demo_owner)
    description = (
        "<h2>参数</h2><p><strong>全新</strong>国行<script>alert(1)</script></p>"
        f'<p><img src="{picture}" alt="细节" onerror="alert(1)"></p>'
        '<p><img src=x onerror=alert(1)><a href="javascript:alert(1)" onclick="x()">链接</a></p>'
        '<iframe src="https://evil.example"></iframe>'
    )

    goods_id = saved_goods(demo_owner, leaf_category().pk, description=description)
    detail = demo_owner.post("/api/platform/goodsDetail", {"id": goods_id})

    assert detail.data["description"] == (
        "<h2>参数</h2><p><strong>全新</strong>国行</p>"
        f'<p><img src="{picture}" alt="细节"></p>'
        '<p><a rel="noopener noreferrer nofollow">链接</a></p>'
    )


def test_editing_cleans_the_description_too(demo_owner):
    goods_id = saved_goods(demo_owner, leaf_category().pk)
    payload = goods_payload(
        leaf_category("平板", "测试平板").pk,
        id=goods_id,
        description='<p onmouseover="steal()">好</p><svg onload="alert(1)"></svg>',
    )

    saved = demo_owner.post("/api/platform/saveGood", payload)
    detail = demo_owner.post("/api/platform/goodsDetail", {"id": goods_id})

    assert saved.ok and detail.data["description"] == "<p>好</p>"


def test_save_and_active_cleans_the_description(demo_owner, demo):
    payload = goods_payload(leaf_category().pk, description="<p>x</p><script>alert(1)</script>")

    saved = demo_owner.post("/api/platform/saveAndActiveGoods", payload)

    assert saved.ok, saved
    with tenant_context(demo):
        assert Goods.objects.get(pk=saved.data["id"]).description == "<p>x</p>"


def test_another_shops_pictures_do_not_survive(demo_owner, acme_owner, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    acme_picture = _upload(acme_owner)
    description = f'<p>a<img src="{acme_picture}"><img src="https://cdn.example/x.png"></p>'

    goods_id = saved_goods(demo_owner, leaf_category().pk, description=description)
    detail = demo_owner.post("/api/platform/goodsDetail", {"id": goods_id})

    assert acme_picture.startswith("/api/media/m_acme/goods/")
    assert detail.data["description"] == "<p>a</p>"


def test_the_demo_descriptions_survive_unchanged(demo):
    with tenant_context(demo):
        for number, product in enumerate(DEMO_CATALOGUE.products, start=1):
            description = _payload(
                product,
                number=number,
                category_id=1,
                pictures=[],
                gain_ids={},
                sub_shop_ids={},
                channels=DEMO_CATALOGUE.channels,
            )["description"]
            assert "<ul><li>" in description
            assert goods_description_clean(description) == description


def test_the_migration_cleans_descriptions_stored_before(demo):
    migration = importlib.import_module("apps.goods.migrations.0004_description_clean")
    with tenant_context(demo):
        kept = Goods.objects.create(title="早先的商品", description="<p>好</p>")
        dirty = Goods.objects.create(
            title="早先的商品二",
            description='<p>好</p><img src=x onerror="alert(1)"><script>1</script>',
        )

        migration.clean_descriptions(django_apps, SimpleNamespace(connection=connection))

        kept.refresh_from_db()
        dirty.refresh_from_db()
    assert kept.description == "<p>好</p>"
    assert dirty.description == "<p>好</p>"
