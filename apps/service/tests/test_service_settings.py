"""The shop's customer-service settings (getBaseInfo, baseSet): who reads and saves them,
what is refused, the notices and the shop's own templates."""

from __future__ import annotations

from apps.orders.intake_auth import signed_headers
from apps.subshops.tests.factories import sign_in, staff_make
from tests.fixtures import ApiClient

GET, SET = "/api/general/getBaseInfo", "/api/general/baseSet"
SETTINGS = {
    "phone": "400-800-1234",
    "hours": "每天 09:00-21:00",
    "online_url": "https://kefu.example.com/shop/demo",
    "notices": [
        {"title": "发货时间", "content": "工作日16点前下单当天发货", "is_visible": True},
        {"title": "内部草稿", "content": "暂不展示", "is_visible": False},
    ],
    "templates": [{"name": "回访", "content": "{name}您好，{shop_name}回访订单{order_no}。"}],
}
ADDRESS = {
    "name": "售后部",
    "phone": "13800000000",
    "province": "浙江省",
    "city": "杭州市",
    "district": "西湖区",
    "detail": "文三路1号",
    "is_default": True,
}


def test_the_owner_saves_the_settings_and_reads_them_back_with_the_return_address(demo_owner):
    assert demo_owner.post("/api/backend/saveReturnAddress", ADDRESS).ok
    saved = demo_owner.post(SET, SETTINGS)
    assert saved.ok, saved

    info = demo_owner.post(GET).data
    assert (info["phone"], info["hours"], info["online_url"]) == (
        "400-800-1234",
        "每天 09:00-21:00",
        "https://kefu.example.com/shop/demo",
    )
    assert [(n["title"], n["is_visible"], n["sort"]) for n in info["notices"]] == [
        ("发货时间", True, 0),
        ("内部草稿", False, 1),
    ]
    own = [t for t in info["templates"] if not t["platform"]]
    assert [(t["name"], t["variables"]) for t in own] == [
        ("回访", ["name", "shop_name", "order_no"])
    ]
    assert own[0]["code"] == f"shop:{own[0]['id']}"
    assert {"bill_due", "bill_overdue"} <= {t["code"] for t in info["templates"]}
    # The after-sale address is the shop's return address, read where it is kept.
    assert [a["full_address"] for a in info["return_addresses"]] == ["浙江省杭州市西湖区 文三路1号"]


def test_templates_are_updated_added_and_removed_and_notices_left_out_stay(demo_owner):
    demo_owner.post(SET, SETTINGS)
    own = [t for t in demo_owner.post(GET).data["templates"] if not t["platform"]][0]
    answer = demo_owner.post(
        SET,
        {
            "phone": "13912340000",
            "templates": [
                {"name": "新模板", "content": "{name}，订单{order_no}已处理。"},
                {"id": own["id"], "name": "回访2", "content": "{name}您好", "is_active": False},
            ],
        },
    )
    assert answer.ok, answer
    templates = [t for t in answer.data["templates"] if not t["platform"]]
    assert [(t["name"], t["is_active"]) for t in templates] == [("新模板", True), ("回访2", False)]
    assert templates[1]["id"] == own["id"]
    assert len(answer.data["notices"]) == 2  # not given: kept

    removed = demo_owner.post(SET, {"phone": "13912340000", "templates": []})
    assert [t for t in removed.data["templates"] if not t["platform"]] == []


def test_bad_input_is_refused_and_changes_nothing(demo_owner):
    demo_owner.post(SET, SETTINGS)
    before = demo_owner.post(GET).data
    for body, field in (
        ({**SETTINGS, "phone": "12345"}, "phone"),
        ({**SETTINGS, "online_url": "javascript:alert(1)"}, "online_url"),
        (
            {**SETTINGS, "templates": [{"name": "x", "content": "您好{id_number}"}]},
            "templates.0.content",
        ),
        (
            {**SETTINGS, "templates": [{"name": "x", "content": "证件110101199003074514"}]},
            "templates.0.content",
        ),
        (
            {**SETTINGS, "templates": [{"id": 999999, "name": "x", "content": "hi"}]},
            "templates.0.id",
        ),
    ):
        answer = demo_owner.post(SET, body)
        assert answer.code == 400, (field, answer)
        assert field in answer.data["fields"], answer
    assert demo_owner.post(GET).data == before


def test_customer_service_configures_and_a_salesman_may_not(
    demo_owner,
):
    staff_make(demo_owner, "cs", ["customer_service"])
    staff_make(demo_owner, "sam", ["salesman"])
    cs, sam = sign_in("demo.localhost", "cs"), sign_in("demo.localhost", "sam")
    assert cs.post(SET, SETTINGS).ok
    assert cs.post(GET).data["phone"] == "400-800-1234"
    assert sam.post(GET).code == 403
    assert sam.post(SET, SETTINGS).code == 403


def test_each_shop_keeps_its_own_settings(demo_owner, acme_owner):
    demo_owner.post(SET, SETTINGS)
    assert acme_owner.post(GET).data["phone"] == ""
    assert acme_owner.post(GET).data["notices"] == []


def test_the_customer_facing_app_reads_the_visible_notices_and_the_after_sale_address(
    demo_owner, app
):
    assert demo_owner.post("/api/backend/saveReturnAddress", ADDRESS).ok
    demo_owner.post(SET, SETTINGS)
    path = "/api/applet/serviceInfo"
    headers = signed_headers(
        app_id=app.app_id, secret=app.secret, method="GET", path=path, body=b""
    )
    extra = {f"HTTP_{k.upper().replace('-', '_')}": v for k, v in headers.items()}
    answer = ApiClient._read(app.client.get(path, HTTP_HOST=app.host, **extra))
    assert answer.code == 200, answer
    assert answer.data["phone"] == "400-800-1234"
    assert answer.data["notices"] == [{"title": "发货时间", "content": "工作日16点前下单当天发货"}]
    assert answer.data["after_sale_address"]["full_address"] == "浙江省杭州市西湖区 文三路1号"
    # A back-office token is not the app's signature.
    assert demo_owner.get(path).code == 1308
