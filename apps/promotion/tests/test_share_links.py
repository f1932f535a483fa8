"""Share links (docs/promotion.md): created within the shop's channels and landings, each
with its code, URL and QR picture; orders placed through a link attributed to it once, with
its salesman and sub-shop; visits counted once per visitor and day; a deleted link keeps its
history; every call keeps the session's scope."""

from __future__ import annotations

import pytest
from django.db import connection
from django_tenants.utils import tenant_context

from apps.orders.models import Order
from apps.subshops.tests.factories import sign_in, staff_make, sub_shop_account_make, sub_shop_make
from tests.leases import DEMO, IntakeClient, awaiting_shipment, goods_on_shelf, place
from zulin.audit.models import AuditEntry
from zulin.providers.sandbox import sandbox_failure_add

CREATE = "/api/general/shareLink"
LIST = "/api/general/shareLinkList"
GET = "/api/general/getShareLink"
EDIT = "/api/general/editShareLink"
DELETE = "/api/general/delShareLink"
ORDERS = "/api/general/shareUserOrderList"
OPTIONS = "/api/platform/getShareLinkMap"
SCHEME = "/api/general/front/wxGenerateScheme"
VISIT = "/api/applet/shareLinkVisit"


@pytest.fixture
def app(demo):
    return IntakeClient(demo, DEMO)


@pytest.fixture
def h5_offer(demo_owner):
    """Goods on shelf sold in the H5 channel."""
    return goods_on_shelf(demo_owner, channels=["h5"])


def _link(client, **fields):
    body = {"name": "朋友圈推广", "channel": "h5", "landing_type": "shop", **fields}
    answer = client.post(CREATE, body)
    assert answer.ok, answer
    return answer.data


def _listed(client, **filters):
    answer = client.get(LIST, filters)
    assert answer.ok, answer
    return {row["id"]: row for row in answer.data["list"]}


def test_a_link_has_a_code_a_url_a_qr_picture_and_the_shops_channels(
    settings, demo, demo_owner, h5_offer
):
    settings.PUBLIC_WEB_ORIGIN = "http://192.168.1.20:3000"  # the shop's H5 pages: on it
    options = demo_owner.get(OPTIONS)
    assert options.ok, options
    assert {"h5", "alipay_mini", "wechat_mini"} <= {c["label"] for c in options.data["channels"]}
    assert [t["value"] for t in options.data["landing_types"]] == ["shop", "category", "goods"]

    link = _link(demo_owner, landing_type="goods", landing_id=h5_offer.goods_id, remark="双十一")
    assert len(link["code"]) == 8
    assert (
        link["url"]
        == f"http://192.168.1.20:3000/h5/demo/goods/{h5_offer.goods_id}?share={link['code']}"
    )
    assert link["qr_code"].startswith("data:image/svg+xml")
    assert link["landing_name"]
    assert (link["visits"], link["orders"], link["deal_value"]) == (0, 0, "0.00")
    assert _listed(demo_owner)[link["id"]]["code"] == link["code"]
    assert demo_owner.get(GET, {"id": link["id"]}).data["qr_code"] == link["qr_code"]
    with tenant_context(demo):
        assert AuditEntry.objects.filter(action="share_link.create", target_id=link["id"]).exists()
    connection.set_schema_to_public()


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"channel": "douyin"}, "channel"),  # not one of the shop's channels
        ({"landing_type": "goods"}, "landing_id"),  # goods without an id
        ({"landing_type": "shop", "landing_id": 5}, "landing_id"),
        ({"landing_type": "category", "landing_id": 999999}, "landing_id"),
        ({"salesman_id": 1}, "salesman_id"),  # the platform's admin is no salesman of the shop
    ],
)
def test_bad_input_is_refused_and_makes_no_link(demo_owner, fields, field):
    before = demo_owner.get(LIST).data["total"]
    body = {"name": "坏链接", "channel": "h5", "landing_type": "shop", **fields}
    answer = demo_owner.post(CREATE, body)
    assert answer.code == 400, answer
    assert field in answer.data["fields"]
    assert demo_owner.get(LIST).data["total"] == before


def test_goods_not_sold_in_the_links_channel_are_refused(demo_owner, h5_offer):
    answer = demo_owner.post(
        CREATE,
        {
            "name": "错渠道",
            "channel": "wechat_mini",
            "landing_type": "goods",
            "landing_id": h5_offer.goods_id,
        },
    )
    assert answer.code == 400 and "landing_id" in answer.data["fields"]


def test_an_order_through_a_link_counts_once_for_the_link_its_salesman_and_sub_shop(
    demo, demo_owner, app, h5_offer
):
    east = sub_shop_make(demo_owner, "城东店")
    sub_shop_account_make(demo_owner, east["id"], "east")
    sam = staff_make(demo_owner, "sam", ["salesman"])
    link = _link(demo_owner, salesman_id=sam["id"], sub_shop_id=east["id"])
    other = _link(demo_owner, name="另一个")

    body = {"share_code": link["code"].lower(), "channel": ""}
    first = place(app, h5_offer, key="share-order-0001", **body)
    assert first.ok, first
    again = place(app, h5_offer, key="share-order-0001", **body)  # the app retries
    assert again.data["order_no"] == first.data["order_no"]

    with tenant_context(demo):
        order = Order.objects.get(order_no=first.data["order_no"])
        assert (order.share_link_id, order.channel) == (link["id"], "h5")
        assert (order.salesman_account_id, order.sub_shop_id) == (sam["id"], east["id"])
    connection.set_schema_to_public()

    rows = _listed(demo_owner)
    assert (rows[link["id"]]["orders"], rows[other["id"]]["orders"]) == (1, 0)
    listed = demo_owner.get(ORDERS, {"id": link["id"]}).data
    assert [row["order_no"] for row in listed["list"]] == [first.data["order_no"]]
    assert listed["list"][0]["customer_name"] != "张三"  # masked

    # The salesman and the sub-shop see the order as theirs, and the link among their own.
    salesman, clerk = sign_in(DEMO, "sam"), sign_in(DEMO, "east")
    for client in (salesman, clerk):
        orders = client.get("/api/platform/backendOrderList").data["list"]
        assert [row["order_no"] for row in orders] == [first.data["order_no"]]
        assert set(_listed(client)) == {link["id"]}
        assert client.get(ORDERS, {"id": link["id"]}).data["total"] == 1


def test_a_links_deals_and_their_value_count_as_the_data_centre_counts_them(
    demo, demo_owner, app, h5_offer
):
    link = _link(demo_owner)
    waiting = place(app, h5_offer, key="share-deal-0001", share_code=link["code"], channel="")
    assert waiting.ok, waiting
    paid = awaiting_shipment(
        demo, demo_owner, app, h5_offer, key="share-deal-0002", share_code=link["code"], channel=""
    )
    with tenant_context(demo):
        deal = Order.objects.get(pk=paid.id)
    connection.set_schema_to_public()

    row = _listed(demo_owner)[link["id"]]

    # Two orders, one of them paid and signed: a deal worth the lease's total rent.
    assert (row["orders"], row["deals"], row["deal_value"]) == (2, 1, f"{deal.total_rent:.2f}")


def test_the_intake_names_override_the_links_attribution(demo, demo_owner, app, h5_offer):
    east = sub_shop_make(demo_owner, "城东店")
    west = sub_shop_make(demo_owner, "城西店", phone="13600000011")
    link = _link(demo_owner, sub_shop_id=east["id"])
    placed = place(
        app,
        h5_offer,
        key="share-order-0002",
        share_code=link["code"],
        channel="h5",
        sub_shop_id=west["id"],
    )
    assert placed.ok, placed
    with tenant_context(demo):
        order = Order.objects.get(order_no=placed.data["order_no"])
        assert (order.share_link_id, order.sub_shop_id) == (link["id"], west["id"])
    connection.set_schema_to_public()
    assert _listed(demo_owner)[link["id"]]["orders"] == 1


def test_an_unknown_code_is_refused_and_places_nothing(demo, app, h5_offer):
    answer = place(app, h5_offer, key="share-order-0003", share_code="NOSUCH22", channel="h5")
    assert answer.code == 400 and "share_code" in answer.data["fields"]
    with tenant_context(demo):
        assert not Order.objects.filter(idempotency_key="share-order-0003").exists()
    connection.set_schema_to_public()


def test_visits_count_once_per_visitor_and_day(demo_owner, app):
    link = _link(demo_owner)
    for visitor in ("openid-a", "openid-a", "openid-b"):
        answer = app.post(VISIT, {"code": link["code"], "visitor": visitor})
        assert answer.ok and answer.data["counted"], answer
    assert _listed(demo_owner)[link["id"]]["visits"] == 2
    # Unsigned, the call is refused.
    assert demo_owner.post(VISIT, {"code": link["code"], "visitor": "x"}).code != 200


def test_a_deleted_link_keeps_its_history_and_brings_nothing_new(demo, demo_owner, app, h5_offer):
    link = _link(demo_owner)
    assert app.post(VISIT, {"code": link["code"], "visitor": "openid-a"}).ok
    placed = place(app, h5_offer, key="share-order-0004", share_code=link["code"], channel="")
    assert placed.ok, placed

    deleted = demo_owner.get(DELETE, {"id": link["id"]})  # the contract's GET
    assert deleted.ok and deleted.data["is_deleted"], deleted
    assert link["id"] not in _listed(demo_owner)
    kept = _listed(demo_owner, status="deleted")[link["id"]]
    assert (kept["visits"], kept["orders"]) == (1, 1)
    assert demo_owner.get(GET, {"id": link["id"]}).data["orders"] == 1
    assert demo_owner.get(ORDERS, {"id": link["id"]}).data["total"] == 1

    # Its code brings no new visit nor attribution; the order itself is still taken.
    assert app.post(VISIT, {"code": link["code"], "visitor": "openid-b"}).data["counted"] is False
    later = place(
        app,
        h5_offer,
        key="share-order-0005",
        share_code=link["code"],
        channel="h5",
        seed=1,
        phone="13912345679",
    )
    assert later.ok, later
    with tenant_context(demo):
        assert Order.objects.get(order_no=later.data["order_no"]).share_link_id is None
    connection.set_schema_to_public()
    assert demo_owner.get(GET, {"id": link["id"]}).data["visits"] == 1
    # It cannot be changed or deleted again.
    assert (
        demo_owner.post(
            EDIT, {"id": link["id"], "name": "x", "channel": "h5", "landing_type": "shop"}
        ).code
        == 404
    )
    assert demo_owner.post(DELETE, {"id": link["id"]}).code == 404


def test_edit_changes_the_link_and_keeps_its_code_by_get_or_post(demo_owner, h5_offer):
    link = _link(demo_owner)
    by_get = demo_owner.get(
        EDIT, {"id": link["id"], "name": "新名字", "channel": "wechat_mini", "landing_type": "shop"}
    )
    assert by_get.ok, by_get
    assert (by_get.data["name"], by_get.data["channel"], by_get.data["code"]) == (
        "新名字",
        "wechat_mini",
        link["code"],
    )
    by_post = demo_owner.post(
        EDIT,
        {
            "id": link["id"],
            "name": "商品页",
            "channel": "h5",
            "landing_type": "goods",
            "landing_id": h5_offer.goods_id,
        },
    )
    assert by_post.ok, by_post
    assert by_post.data["url"].endswith(f"/goods/{h5_offer.goods_id}?share={link['code']}")
    bad = demo_owner.post(
        EDIT, {"id": link["id"], "name": "坏", "channel": "nope", "landing_type": "shop"}
    )
    assert bad.code == 400
    assert demo_owner.get(GET, {"id": link["id"]}).data["name"] == "商品页"


def test_each_session_sees_and_changes_its_own_links_only(demo_owner, acme_owner):
    east = sub_shop_make(demo_owner, "城东店")
    west = sub_shop_make(demo_owner, "城西店", phone="13600000011")
    sub_shop_account_make(demo_owner, east["id"], "east")
    sam = staff_make(demo_owner, "sam", ["salesman"])
    shop_wide = _link(demo_owner)
    wests = _link(demo_owner, sub_shop_id=west["id"])
    clerk, salesman = sign_in(DEMO, "east"), sign_in(DEMO, "sam")

    # A sub-shop's account makes links for its own sub-shop only.
    own = _link(clerk, name="城东链接")
    assert own["sub_shop_id"] == east["id"]
    assert (
        clerk.post(
            CREATE,
            {"name": "x", "channel": "h5", "landing_type": "shop", "sub_shop_id": west["id"]},
        ).code
        == 404
    )
    assert set(_listed(clerk)) == {own["id"]}
    assert [s["id"] for s in clerk.get(OPTIONS).data["sub_shops"]] == [east["id"]]
    # A salesman's links are attributed to them.
    mine = _link(salesman, name="业务员链接")
    assert mine["salesman_id"] == sam["id"]
    assert set(_listed(salesman)) == {mine["id"]}

    for client, foreign in (
        (clerk, wests),
        (clerk, shop_wide),
        (salesman, own),
        (acme_owner, shop_wide),
    ):
        assert client.get(GET, {"id": foreign["id"]}).code == 404
        assert client.get(ORDERS, {"id": foreign["id"]}).code == 404
        assert client.post(SCHEME, {"id": foreign["id"]}).code == 404
        assert (
            client.post(
                EDIT, {"id": foreign["id"], "name": "改", "channel": "h5", "landing_type": "shop"}
            ).code
            == 404
        )
        assert client.post(DELETE, {"id": foreign["id"]}).code == 404
    assert demo_owner.get(GET, {"id": wests["id"]}).data["is_deleted"] is False
    assert set(_listed(demo_owner)) == {shop_wide["id"], wests["id"], own["id"], mine["id"]}


def test_a_scheme_opens_the_mini_program_at_the_links_page(demo_owner, h5_offer):
    link = _link(demo_owner, landing_type="goods", landing_id=h5_offer.goods_id)
    answer = demo_owner.post(SCHEME, {"id": link["id"], "expire_days": 7})
    assert answer.ok, answer
    assert answer.data["scheme"].startswith("weixin://dl/business/?t=")
    assert answer.data["path"] == "pages/goods/detail"
    assert answer.data["query"] == f"id={h5_offer.goods_id}&share={link['code']}"

    sandbox_failure_add(service="messaging", operation="scheme", reason="SYSTEM_ERROR")
    failed = demo_owner.post(SCHEME, {"id": link["id"]})
    assert failed.code == 1012, failed
    assert demo_owner.post(SCHEME, {"id": link["id"]}).ok  # the rule was used up
    sandbox_failure_add(service="messaging", operation="scheme", reason="QUOTA_EXCEEDED")
    refused = demo_owner.post(SCHEME, {"id": link["id"]})
    assert (refused.code, refused.data["provider_code"]) == (1012, "QUOTA_EXCEEDED")
    # A deleted link gets no new scheme.
    assert demo_owner.post(DELETE, {"id": link["id"]}).ok
    assert demo_owner.post(SCHEME, {"id": link["id"]}).code == 404


def test_a_link_whose_salesman_left_still_takes_orders_without_them(
    demo, demo_owner, app, h5_offer
):
    east = sub_shop_make(demo_owner, "城东店")
    sam = staff_make(demo_owner, "sam", ["salesman"])
    link = _link(demo_owner, salesman_id=sam["id"], sub_shop_id=east["id"])
    assert demo_owner.post(
        "/api/backend/updateStaff", {"id": sam["id"], "status": "disabled", "reason": "离职"}
    ).ok
    assert demo_owner.post(
        "/api/backend/updateSubShop", {"id": east["id"], "status": "disabled", "reason": "闭店"}
    ).ok
    placed = place(app, h5_offer, key="share-order-0006", share_code=link["code"], channel="")
    assert placed.ok, placed
    with tenant_context(demo):
        order = Order.objects.get(order_no=placed.data["order_no"])
        assert (order.share_link_id, order.salesman_account_id, order.sub_shop_id) == (
            link["id"],
            None,
            None,
        )
    connection.set_schema_to_public()
    assert demo_owner.get(GET, {"id": link["id"]}).data["orders"] == 1
