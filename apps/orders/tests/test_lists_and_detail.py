"""The order lists as the shop reads them: purchase orders and their counts, the stage
counts moving with an order, one customer's orders, each list filter narrowing, the
auditor picker, and deleting orders that ended (gone from every list and the detail).

The demo shop holds the demo's orders too: every check narrows by this test's customers
(phones 137…, no demo customer has one) or compares counts before and after."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.orders.exports import order_export_chunks
from apps.orders.models import Order
from apps.orders.selectors import OrderFilters
from tests.leases import DETAIL, awaiting_shipment, goods_on_shelf, place, placed, provider_settles
from zulin.money.schedule import lease_end

LEASES = "/api/platform/backendOrderList"
PURCHASES = "/api/platform/ecommerceOrderList"
LEASE_COUNT = "/api/platform/orderNumberCount"
PURCHASE_COUNT = "/api/platform/ecommerceOrderCount"
PHONE_1, PHONE_2 = "13700000001", "13700000002"


def _nos(owner, path: str, **filters) -> list[str]:
    answer = owner.get(path, filters)
    assert answer.ok, answer
    assert answer.data["total"] == len(answer.data["list"])
    return [row["order_no"] for row in answer.data["list"]]


def _delta(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    return {
        stage: after[stage] - before[stage] for stage in before if after[stage] != before[stage]
    }


def test_purchase_orders_have_their_own_list_and_counts(demo, demo_owner, admin_client, app, offer):
    before = demo_owner.get(PURCHASE_COUNT).data
    order = placed(demo, place(app, offer, key="purchase-0001", phone=PHONE_1, rent_plan_id=None))

    rows = demo_owner.get(PURCHASES, {"phone": PHONE_1}).data["list"]

    assert [(r["order_no"], r["kind"], r["status"], r["stage"]) for r in rows] == [
        (order.no, "purchase", "awaiting_payment", "regular")
    ]
    assert rows[0]["sale_price"] == "7999.00" and rows[0]["customer_phone"] == "137****0001"
    assert _nos(demo_owner, LEASES, phone=PHONE_1) == []
    on_platform = admin_client.get(PURCHASES, {"order_no": order.no}).data["list"]
    assert [(r["order_no"], r["merchant_id"]) for r in on_platform] == [(order.no, demo.pk)]
    assert admin_client.get(LEASES, {"order_no": order.no}).data["list"] == []
    assert _delta(before, demo_owner.get(PURCHASE_COUNT).data) == {"regular": 1, "all": 1}

    paid = app.post(
        "/api/applet/payBill", {"order_no": order.no, "period": 1, "idempotency_key": "buy-0001"}
    )
    assert paid.ok, paid
    provider_settles(demo, customer_pays=f"{order.no}B001")

    assert _nos(demo_owner, PURCHASES, phone=PHONE_1, status="paid") == [order.no]
    assert _delta(before, demo_owner.get(PURCHASE_COUNT).data) == {"dealing": 1, "all": 1}


def test_the_stage_counts_follow_an_order_as_it_moves(demo, demo_owner, app, offer):
    before = demo_owner.get(LEASE_COUNT).data
    order = placed(demo, place(app, offer, key="count-0001", phone=PHONE_1))
    assert _delta(before, demo_owner.get(LEASE_COUNT).data) == {"regular": 1, "all": 1}
    demo_owner.post("/api/platform/closeOrders", {"ids": [order.id], "reason": "客户不要了"})
    assert _delta(before, demo_owner.get(LEASE_COUNT).data) == {"finished": 1, "all": 1}

    leased = awaiting_shipment(demo, demo_owner, app, offer, key="count-0002", phone=PHONE_1)
    assert _delta(before, demo_owner.get(LEASE_COUNT).data) == {
        "finished": 1,
        "dealing": 1,
        "all": 2,
    }
    assert app.post("/api/applet/applyAfterSale", {"order_no": leased.no, "kind": "refund"}).ok

    assert _delta(before, demo_owner.get(LEASE_COUNT).data) == {
        "finished": 1,
        "after_sale": 1,
        "all": 2,
    }


def test_a_customers_orders_are_theirs_alone_newest_first(demo, demo_owner, app, offer):
    first = placed(demo, place(app, offer, key="mine-0001", phone=PHONE_1, seed=1))
    second = placed(demo, place(app, offer, key="mine-0002", phone=PHONE_1, seed=1))
    other = placed(demo, place(app, offer, key="other-0001", phone=PHONE_2, seed=2))

    answer = demo_owner.get("/api/general/userOrderList", {"order_id": first.id})

    assert answer.ok, answer
    assert [row["order_no"] for row in answer.data] == [second.no, first.no]
    assert [
        row["order_no"]
        for row in demo_owner.get("/api/general/userOrderList", {"order_id": other.id}).data
    ] == [other.no]
    assert demo_owner.get("/api/general/userOrderList", {"order_id": 99999999}).code == 404


def test_each_list_filter_narrows_the_list(demo, demo_owner, app):
    # Titles without digits: a goods id searched for cannot match them as text.
    first_goods = goods_on_shelf(demo_owner, title="筛选测试甲款")
    other_goods = goods_on_shelf(demo_owner, title="筛选测试乙款")
    old = placed(demo, place(app, first_goods, key="filter-0001", phone=PHONE_1, seed=3))
    closed = placed(demo, place(app, first_goods, key="filter-0002", phone=PHONE_1, seed=3))
    other = placed(demo, place(app, other_goods, key="filter-0003", phone=PHONE_1, seed=3))
    assert demo_owner.post(
        "/api/platform/closeOrders", {"ids": [closed.id], "reason": "重复下单"}
    ).ok
    with tenant_context(demo):
        Order.objects.filter(pk=old.id).update(created_at=timezone.now() - timedelta(days=10))
    five_days_ago = (timezone.localdate() - timedelta(days=5)).isoformat()
    today = timezone.localdate().isoformat()

    assert _nos(demo_owner, LEASES, phone=PHONE_1) == [other.no, closed.no, old.no]
    assert _nos(demo_owner, LEASES, phone=PHONE_1, sort="oldest") == [old.no, closed.no, other.no]
    assert _nos(demo_owner, LEASES, phone=PHONE_2) == []
    assert _nos(demo_owner, LEASES, phone=PHONE_1, stage="finished") == [closed.no]
    assert _nos(demo_owner, LEASES, phone=PHONE_1, stage="regular") == [other.no, old.no]
    assert _nos(demo_owner, LEASES, phone=PHONE_1, status="closed") == [closed.no]
    assert _nos(demo_owner, LEASES, order_no=other.no.lower()) == [other.no]
    assert _nos(demo_owner, LEASES, phone=PHONE_1, goods=str(other_goods.goods_id)) == [other.no]
    assert _nos(demo_owner, LEASES, phone=PHONE_1, goods="乙款") == [other.no]
    assert _nos(demo_owner, LEASES, phone=PHONE_1, goods="丙款") == []
    assert _nos(demo_owner, LEASES, phone=PHONE_1, date_to=five_days_ago) == [old.no]
    assert _nos(demo_owner, LEASES, phone=PHONE_1, date_from=five_days_ago) == [
        other.no,
        closed.no,
    ]
    assert _nos(demo_owner, LEASES, phone=PHONE_1, date_from=today, date_to=today) == [
        other.no,
        closed.no,
    ]
    # The calendar's first and last days are open ends, not a server error.
    assert _nos(demo_owner, LEASES, phone=PHONE_1, date_to="9999-12-31") == [
        other.no,
        closed.no,
        old.no,
    ]
    assert _nos(demo_owner, LEASES, phone=PHONE_1, date_from="0001-01-01") == [
        other.no,
        closed.no,
        old.no,
    ]
    assert _nos(demo_owner, LEASES, phone=PHONE_1, date_from="9999-12-31") == []
    assert _nos(demo_owner, LEASES, phone=PHONE_1, date_to="0001-01-01") == []
    assert demo_owner.get(LEASES, {"stage": "nowhere"}).code == 400


def test_the_sort_orders_by_the_time_an_order_was_placed_not_by_its_id(
    demo, demo_owner, app, offer
):
    # An imported (or demo) order is stored after others yet placed before them.
    earlier_id = placed(demo, place(app, offer, key="sort-0001", phone=PHONE_1, seed=4))
    later_id = placed(demo, place(app, offer, key="sort-0002", phone=PHONE_1, seed=4))
    with tenant_context(demo):
        Order.objects.filter(pk=later_id.id).update(created_at=timezone.now() - timedelta(days=3))
        chunks = list(
            order_export_chunks(
                sub_shop_id=None,
                kind="lease",
                filters=OrderFilters(phone=PHONE_1),
                chunk_size=1,
            )
        )

    assert _nos(demo_owner, LEASES, phone=PHONE_1) == [earlier_id.no, later_id.no]
    assert _nos(demo_owner, LEASES, phone=PHONE_1, sort="oldest") == [later_id.no, earlier_id.no]
    assert [chunk[0]["order_no"] for chunk in chunks] == [earlier_id.no, later_id.no]


def test_an_order_goes_to_an_auditor_from_the_picker(demo, demo_owner, app, offer):
    auditors = demo_owner.get("/api/backend/getOrderAuditors").data
    manager = next(a for a in auditors if a["username"] == "manager")
    order = placed(demo, place(app, offer, key="assign-0001", phone=PHONE_1))

    given = demo_owner.post(
        "/api/backend/allocateOrders", {"ids": [order.id], "account_id": manager["id"]}
    )

    assert given.ok and given.data == {"count": 1}, given
    row = demo_owner.get(LEASES, {"phone": PHONE_1}).data["list"][0]
    assert row["auditor_name"] == manager["name"]


def test_only_ended_orders_are_deleted_and_then_vanish(demo, demo_owner, admin_client, app, offer):
    refused = placed(demo, place(app, offer, key="delete-0001", phone=PHONE_1))
    cancelled = placed(demo, place(app, offer, key="delete-0002", phone=PHONE_1))
    running = placed(demo, place(app, offer, key="delete-0003", phone=PHONE_1))
    assert demo_owner.post(
        "/api/backend/auditOrder", {"id": refused.id, "passed": False, "reason": "资料不全"}
    ).ok
    assert app.post("/api/applet/cancelOrder", {"order_no": cancelled.no}).ok
    counts_before = demo_owner.get(LEASE_COUNT).data
    assert len(admin_client.get(LEASES, {"order_no": cancelled.no}).data["list"]) == 1

    mixed = demo_owner.post("/api/platform/deleteOrders", {"ids": [refused.id, running.id]})

    assert mixed.code == 1312 and mixed.data == {"order_nos": [running.no]}
    assert len(_nos(demo_owner, LEASES, phone=PHONE_1)) == 3  # all or none: none

    deleted = demo_owner.post("/api/platform/deleteOrders", {"ids": [refused.id, cancelled.id]})

    assert deleted.ok and deleted.data == {"count": 2}, deleted
    assert _nos(demo_owner, LEASES, phone=PHONE_1) == [running.no]
    assert _delta(counts_before, demo_owner.get(LEASE_COUNT).data) == {"regular": -2, "all": -2}
    assert demo_owner.get(DETAIL, {"id": refused.id}).code == 404
    mine = demo_owner.get("/api/general/userOrderList", {"order_id": running.id}).data
    assert [row["order_no"] for row in mine] == [running.no]
    assert admin_client.get(LEASES, {"order_no": cancelled.no}).data["list"] == []
    assert app.post("/api/applet/cancelOrder", {"order_no": cancelled.no}).code == 404
    again = demo_owner.post("/api/platform/deleteOrders", {"ids": [refused.id]})
    assert again.code == 404


def test_a_lease_not_yet_paid_shows_its_dates_planned_from_today(demo, demo_owner, app, offer):
    order = placed(demo, place(app, offer, key="planned-0001"))

    detail = demo_owner.get(DETAIL, {"id": order.id}).data

    assert detail["status"] == "awaiting_audit"
    today = timezone.localdate()
    planned = lease_end(start=today, term=detail["term"], term_unit=detail["term_unit"])
    assert (detail["lease_start"], detail["lease_end"]) == (today.isoformat(), planned.isoformat())
    with tenant_context(demo):  # planned, not kept: the first bill's payment sets them
        kept = Order.objects.values_list("lease_start", "lease_end").get(pk=order.id)
    assert kept == (None, None)
