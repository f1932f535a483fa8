"""What the fuzzer found: bad input under /api answers the envelope with a clear 400 (the
field named, in the caller's language) and changes nothing — never a 500, never HTML."""

import json
from unittest import mock

from django.db import DataError
from django.test import Client
from django_tenants.utils import tenant_context

from apps.subshops.models import SubShop
from tests.fixtures import ApiClient

HUGE = 10**25


def _fields(answer):
    assert (answer.code, answer.status) == (400, 200), answer
    return answer.data["fields"]


def test_ids_beyond_bigint_are_field_errors(demo_owner, admin_client):
    assert "id" in _fields(demo_owner.post("/api/platform/goodsDetail", {"id": HUGE}))
    assert "goods_id" in _fields(demo_owner.get("/api/platform/getRentPlan", {"goods_id": HUGE}))
    assert "goods_id" in _fields(demo_owner.get("/api/platform/getSkuStock", {"goods_id": HUGE}))
    assert "id" in _fields(demo_owner.get("/api/backend/getSubShopDetail", {"id": HUGE}))
    setting = admin_client.get("/api/platform/getGoodsReviewSetting", {"merchant_id": HUGE})
    assert "merchant_id" in _fields(setting)


def test_json_numbers_beyond_bigint_are_refused_for_every_call(admin_client):
    # createCategory's schema bounds no id: the global guard answers for it.
    answer = admin_client.post("/api/platform/createCategory", {"name": "x", "parent_id": HUGE})

    assert _fields(answer) == {"parent_id": ["数字超出范围"]}


def test_a_page_far_past_the_end_is_a_field_error(demo_owner, admin_client):
    page = 19957790903669

    assert "page" in _fields(demo_owner.get("/api/platform/goodsList", {"page": page}))
    assert "page" in _fields(demo_owner.get("/api/backend/getSubShopList", {"page": page}))
    # platformGoodsList's schema bounds no page: page_of refuses it for every list.
    listed = admin_client.get("/api/platform/platformGoodsList", {"page": page})
    assert _fields(listed) == {"page": ["应不大于 100000"]}
    beyond_offset = admin_client.get(
        "/api/platform/platformGoodsList", {"page": 10**18, "page_size": 100}
    )
    assert "page" in _fields(beyond_offset)


def test_nul_in_a_query_is_refused_with_its_field(demo_owner):
    answer = demo_owner.get("/api/platform/goodsList", {"keyword": "a\x00b"})

    assert _fields(answer) == {"keyword": ["不能包含空字符（NUL）"]}


def test_nul_anywhere_in_a_json_body_is_refused_with_its_path(demo_owner, demo):
    body = {"name": "城东店", "address": "路\x00", "extra": [{"k\x00": 1}]}

    answer = demo_owner.post("/api/backend/createSubShop", body)

    assert set(_fields(answer)) == {"address", "extra.0.k\x00"}
    with tenant_context(demo):
        assert not SubShop.objects.filter(name="城东店").exists()


def test_nul_in_a_form_is_refused(demo_owner):
    client = Client()
    response = client.post(
        "/api/platform/goodsDetail",
        "id=1&note=a%00b",
        content_type="application/x-www-form-urlencoded",
        HTTP_HOST="demo.localhost",
        HTTP_JWT_TOKEN=demo_owner.token,
    )

    body = response.json()
    assert (response.status_code, body["code"]) == (200, 400)
    assert list(body["data"]["fields"]) == ["note"]


def test_nul_is_refused_in_english_too(demo):
    answer = ApiClient("demo.localhost", language="en").post(
        "/api/platform/mainLand", {"username": "owner\x00", "password": "x"}
    )

    assert _fields(answer) == {"username": ["must not contain NUL (\\u0000) characters"]}


def test_multipart_without_a_boundary_is_a_clear_400(demo_owner):
    for content_type in ("multipart/form-data", "multipart/form-data; boundary="):
        response = Client().post(
            "/api/getPicUrl",
            b"--x\r\nnot really multipart",
            content_type=content_type,
            HTTP_HOST="demo.localhost",
            HTTP_JWT_TOKEN=demo_owner.token,
            HTTP_ACCEPT_LANGUAGE="en",
        )

        body = json.loads(response.content)
        assert (response.status_code, body["code"]) == (200, 400)
        assert body["data"]["fields"] == {
            "_": ["is not valid multipart/form-data (a boundary is required)"]
        }


def test_a_body_over_djangos_limit_is_a_400_not_a_500(demo_owner, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100

    answer = demo_owner.post("/api/backend/createSubShop", {"name": "x" * 200})

    assert _fields(answer) == {"_": ["请求内容过大"]}


def test_control_characters_in_names_are_refused_and_nothing_is_saved(demo_owner, demo):
    english = ApiClient("demo.localhost", token=demo_owner.token, language="en")

    chinese_answer = demo_owner.post("/api/backend/createSubShop", {"name": "a\nb\rc"})
    english_answer = english.post("/api/backend/createSubShop", {"name": "a\tb"})

    assert _fields(chinese_answer) == {"name": ["只能是一行文字，不能包含换行、制表符等控制字符"]}
    assert _fields(english_answer) == {
        "name": ["must be one line without control characters (line breaks, tabs, NUL …)"]
    }
    with tenant_context(demo):
        assert not SubShop.objects.exists()


def test_names_are_trimmed_and_reasons_keep_their_lines(demo_owner):
    shop = demo_owner.post("/api/backend/createSubShop", {"name": "  城东店  "}).data

    updated = demo_owner.post(
        "/api/backend/updateSubShop",
        {"id": shop["id"], "status": "disabled", "reason": "装修\n暂停营业"},
    )
    detail = demo_owner.get("/api/backend/getSubShopDetail", {"id": shop["id"]}).data

    assert shop["name"] == "城东店"
    assert updated.ok
    assert detail["audit"][0]["reason"] == "装修\n暂停营业"


def test_a_value_the_database_refuses_is_a_400_not_a_500(demo_owner):
    with mock.patch(
        "apps.goods.selectors.goods_page", side_effect=DataError("bigint out of range")
    ):
        answer = demo_owner.get("/api/platform/goodsList")

    assert (answer.code, answer.status) == (400, 200)
