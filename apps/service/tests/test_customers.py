"""The customers list and a customer's page, and the blacklist the intake refuses."""

from __future__ import annotations

from django.db import connection
from django_tenants.utils import tenant_context

from apps.orders.models import Customer, Order
from apps.subshops.tests.factories import sign_in, staff_make, sub_shop_account_make, sub_shop_make
from tests.fixtures import grant_sub_merchants
from tests.leases import customer, place

LIST, DETAIL = "/api/backend/getCustomerList", "/api/backend/getCustomerDetail"
SET, LIFT = "/api/backend/setCustomerBlacklist", "/api/backend/removeCustomerBlacklist"


def _customer_id(demo, phone: str) -> int:
    with tenant_context(demo):
        found = Customer.objects.get(phone=phone).pk
    connection.set_schema_to_public()
    return found


def test_one_row_per_customer_with_their_orders_masked(demo, demo_owner, app, offer):
    place(app, offer, key="people-0001", phone="13922220001")
    place(app, offer, key="people-0002", phone="13922220001")
    place(app, offer, key="people-0003", phone="13922220002", seed=1)

    answer = demo_owner.get(LIST, {"keyword": "13922220001"})
    assert answer.ok, answer
    [row] = answer.data["list"]
    assert (row["orders"], row["phone"], row["name"]) == (2, "139****0001", "张*")
    assert "*" in row["id_number"] and row["risk_grade"] == "B"
    assert (row["owed"], row["blacklisted"], row["messages"]) == ("0.00", False, 0)

    listed = demo_owner.get(LIST, {"page_size": 50}).data
    phones = [r["phone"] for r in listed["list"]]
    assert phones[:2] == ["139****0002", "139****0001"]  # newest activity first
    assert listed["total"] == 2

    detail = demo_owner.get(DETAIL, {"customer_id": row["id"]})
    assert detail.ok, detail
    assert len(detail.data["orders_list"]) == 2
    assert {c["grade"] for c in detail.data["risk_checks"]} == {"B"}
    assert detail.data["blacklist"] == []


def test_another_shop_and_a_salesman_see_none_of_them(demo, demo_owner, acme_owner, app, offer):
    place(app, offer, key="people-0004", phone="13922220003")
    customer_id = _customer_id(demo, "13922220003")
    assert acme_owner.get(DETAIL, {"customer_id": customer_id}).code == 404
    assert acme_owner.get(LIST).data["total"] == 0
    staff_make(demo_owner, "sam", ["salesman"])
    sam = sign_in("demo.localhost", "sam")
    assert sam.get(LIST).code == 403
    assert sam.post(SET, {"customer_id": customer_id, "reason": "x"}).code == 403
    assert acme_owner.post(SET, {"customer_id": customer_id, "reason": "骗租"}).code == 404


def test_a_blacklisted_customer_is_refused_at_intake_until_lifted(demo, demo_owner, app, offer):
    place(app, offer, key="black-0001", phone="13922220004")
    customer_id = _customer_id(demo, "13922220004")

    listed = demo_owner.post(SET, {"customer_id": customer_id, "reason": "多次逾期不还"})
    assert listed.ok, listed
    assert listed.data["status"] == "active" and "*" in listed.data["id_number"]
    assert listed.data["created_by"] and listed.data["phone"] == "139****0004"
    assert demo_owner.post(SET, {"customer_id": customer_id, "reason": "again"}).code == 409

    with tenant_context(demo):
        orders_before = Order.objects.count()
    connection.set_schema_to_public()
    refused = place(app, offer, key="black-0002", phone="13922220004")
    assert refused.code == 1660, refused
    # Another phone, the same ID number: refused too; nothing recorded.
    assert place(app, offer, key="black-0003", phone="13922229999").code == 1660
    with tenant_context(demo):
        assert Order.objects.count() == orders_before
    connection.set_schema_to_public()
    row = demo_owner.get(LIST, {"blacklisted": True}).data["list"]
    assert [r["id"] for r in row] == [customer_id]
    assert demo_owner.get(LIST, {"blacklisted": False, "keyword": "13922220004"}).data["total"] == 0

    lifted = demo_owner.post(LIFT, {"id": listed.data["id"], "reason": "已结清欠款"})
    assert lifted.ok, lifted
    assert (lifted.data["status"], lifted.data["lift_reason"]) == ("lifted", "已结清欠款")
    assert demo_owner.post(LIFT, {"id": listed.data["id"], "reason": "again"}).code == 409
    assert place(app, offer, key="black-0004", phone="13922220004").ok

    history = demo_owner.get(DETAIL, {"customer_id": customer_id}).data["blacklist"]
    assert [(h["action"], h["to_status"]) for h in history[0]["history"]] == [
        ("lift", "lifted"),
        ("create", "active"),
    ]


def test_a_person_without_orders_is_blacklisted_by_id_number_or_phone(demo_owner, app, offer):
    person = customer("B", seed=7, phone="13922220005")
    entry = demo_owner.post(
        SET, {"id_number": person["id_number"], "name": "李四", "reason": "冒用身份"}
    )
    assert entry.ok, entry
    assert entry.data["name"] == "李*" and entry.data["customer_id"] is None
    assert place(app, offer, key="black-0005", seed=7, phone="13922220005").code == 1660
    # A phone listed refuses a different person using it.
    other = customer("B", seed=8)
    assert demo_owner.post(
        SET, {"id_number": other["id_number"], "phone": "13922220006", "reason": "黑产号码"}
    ).ok
    assert place(app, offer, key="black-0006", seed=9, phone="13922220006").code == 1660
    bad = demo_owner.post(SET, {"id_number": "123", "reason": "x"})
    assert bad.code == 400 and "id_number" in bad.data["fields"]
    page = demo_owner.get("/api/backend/getCustomerBlacklist", {"status": "active"}).data
    assert page["total"] == 2


def test_a_sub_shop_given_the_customers_sees_and_lists_its_own_customers_only(
    demo, demo_owner, app, offer
):
    grant_sub_merchants("customer.view", "customer.blacklist")
    place(app, offer, key="subshop-people-0001", phone="13922220007")
    place(app, offer, key="subshop-people-0002", phone="13922220008", seed=1)
    mine, other = _customer_id(demo, "13922220007"), _customer_id(demo, "13922220008")
    east = sub_shop_make(demo_owner, "城东店")
    sub_shop_account_make(demo_owner, east["id"], "east")
    with tenant_context(demo):
        order_id = Order.objects.get(customer_id=mine).pk
    connection.set_schema_to_public()
    assert demo_owner.post(
        "/api/backend/allocateToSubShop", {"ids": [order_id], "sub_shop_id": east["id"]}
    ).ok
    clerk = sign_in("demo.localhost", "east")

    assert [row["id"] for row in clerk.get(LIST).data["list"]] == [mine]
    assert clerk.get(DETAIL, {"customer_id": other}).code == 404
    assert clerk.post(SET, {"customer_id": other, "reason": "x"}).code == 404
    assert clerk.post(SET, {"customer_id": mine, "reason": "骗租"}).ok
