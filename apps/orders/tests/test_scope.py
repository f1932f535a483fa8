"""Who sees and acts on which order (docs/orders.md, "Who may do what"), and the order lists'
Excel export: every detail and action call keeps the scope of its list."""

from __future__ import annotations

import base64
from io import BytesIO

import pytest
from django_tenants.utils import tenant_context
from openpyxl import load_workbook

from apps.subshops.tests.factories import sign_in, staff_make, sub_shop_account_make, sub_shop_make
from tests.leases import customer, place
from zulin.audit.models import AuditEntry

LIST = "/api/platform/backendOrderList"
DETAIL = "/api/merchant/orderInfo"


@pytest.fixture
def three_orders(demo_owner, app, offer):
    """Three lease orders awaiting audit, newest last: (first, second, third) ids."""
    ids = []
    for n in range(3):
        placed = place(app, offer, key=f"scope-key-{n:04d}", phone=f"1391234560{n}")
        assert placed.ok, placed
        listed = demo_owner.get(LIST, {"order_no": placed.data["order_no"]}).data["list"]
        ids.append(listed[0]["id"])
    return ids


def _listed(client, **filters):
    answer = client.get(LIST, filters)
    assert answer.ok, answer
    return [row["id"] for row in answer.data["list"]]


def test_a_sub_merchant_sees_and_acts_on_its_own_sub_shops_orders_only(demo_owner, three_orders):
    first, second, third = three_orders
    east = sub_shop_make(demo_owner, "城东店")
    west = sub_shop_make(demo_owner, "城西店", phone="13600000011")
    sub_shop_account_make(demo_owner, east["id"], "east")
    assert demo_owner.post(
        "/api/backend/allocateToSubShop", {"ids": [first], "sub_shop_id": east["id"]}
    ).ok
    assert demo_owner.post(
        "/api/backend/allocateToSubShop", {"ids": [second], "sub_shop_id": west["id"]}
    ).ok
    clerk = sign_in("demo.localhost", "east")

    assert _listed(clerk) == [first]
    assert _listed(clerk, sub_shops=True) == [first]
    assert clerk.get(DETAIL, {"id": first}).data["id"] == first
    # A sibling sub-shop's order and the shop's own answer as if they did not exist.
    for other in (second, third):
        assert clerk.get(DETAIL, {"id": other}).code == 404
        remark = clerk.post("/api/platform/addRemark", {"order_id": other, "remark": "看看"})
        assert remark.code == 404
    assert clerk.post("/api/platform/addRemark", {"order_id": first, "remark": "已联系"}).ok
    # Audit stays with the merchant's roles.
    assert clerk.post("/api/backend/auditOrder", {"id": first, "passed": True}).code == 403
    remarks = demo_owner.get("/api/platform/getRemarkList", {"order_id": first}).data
    assert [(r["remark"], r["actor"]) for r in remarks] == [("已联系", "east 店员")]


def test_a_salesman_sees_the_orders_allocated_to_them_only(demo_owner, three_orders):
    first, second, _ = three_orders
    salesman = staff_make(demo_owner, "sam", ["salesman"])
    assert demo_owner.post(
        "/api/backend/allocateOrders", {"ids": [second], "account_id": salesman["id"]}
    ).ok
    sam = sign_in("demo.localhost", "sam")

    assert _listed(sam) == [second]
    assert sam.get(DETAIL, {"id": first}).code == 404
    assert sam.post("/api/platform/addRemark", {"order_id": second, "remark": "明天回访"}).ok
    assert sam.post("/api/backend/auditOrder", {"id": second, "passed": True}).code == 403
    # An export would hand over every customer: it needs `order.view`.
    exported = sam.post("/api/platform/exportCreate", {"kind": "lease_orders", "filters": {}})
    assert exported.code == 403


def _export(client, filters, capture):
    with capture(execute=True):
        created = client.post(
            "/api/platform/exportCreate", {"kind": "lease_orders", "filters": filters}
        )
    assert created.ok, created
    status = client.get("/api/platform/exportStatus", {"id": created.data["id"]})
    assert status.data["status"] == "done", status
    response = client.client.get(status.data["download_url"], HTTP_HOST=client.host)
    sheet = load_workbook(BytesIO(b"".join(response.streaming_content))).active
    return list(sheet.iter_rows(values_only=True))


def test_the_export_holds_the_filtered_lists_rows_in_its_order_with_customers_masked(
    celery_eager, django_capture_on_commit_callbacks, demo_owner, three_orders
):
    first, _, third = three_orders
    assert demo_owner.post(
        "/api/backend/auditOrder", {"id": first, "passed": False, "reason": "资料不全"}
    ).ok
    listed = demo_owner.get(LIST, {"status": "awaiting_audit"}).data["list"]

    rows = _export(demo_owner, {"status": "awaiting_audit"}, django_capture_on_commit_callbacks)

    assert rows[0][:4] == ("订单号", "状态", "列表", "客户")
    assert [r[0] for r in rows[1:]] == [o["order_no"] for o in listed]
    assert len(rows) == 3  # the refused order is filtered out
    newest = rows[1]
    assert newest[1:3] == ("待审核", "常规订单")
    assert newest[3] == listed[0]["customer_name"] and "*" in newest[3]
    assert newest[4] == "139****5602"
    assert float(newest[8]) == float(listed[0]["rent"])

    oldest_first = _export(
        demo_owner,
        {"status": "awaiting_audit", "sort": "oldest"},
        django_capture_on_commit_callbacks,
    )
    assert [r[0] for r in oldest_first[1:]] == [r[0] for r in reversed(rows[1:])]
    assert third == listed[0]["id"]


PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 2


def test_the_full_identity_is_shown_only_to_order_identity_and_each_look_is_audited(
    demo, demo_owner, acme_owner, app, offer, client
):
    placed = place(app, offer, key="identity-0001")
    order_no = placed.data["order_no"]
    picture = base64.b64encode(PNG).decode()
    uploaded = app.post(
        "/api/applet/uploadIdCard", {"order_no": order_no, "side": "front", "image_base64": picture}
    )
    assert uploaded.ok, uploaded
    not_a_picture = base64.b64encode(b"%PDF-1.7" + bytes(200)).decode()
    refused = app.post(
        "/api/applet/uploadIdCard",
        {"order_no": order_no, "side": "back", "image_base64": not_a_picture},
    )
    assert refused.code == 400 and "image_base64" in refused.data["fields"]
    order_id = demo_owner.get(LIST, {"order_no": order_no}).data["list"][0]["id"]
    detail = demo_owner.get(DETAIL, {"id": order_id}).data
    assert detail["customer"]["id_number"].count("*") >= 8 and detail["customer"]["has_id_card"]
    assert "reveal_identity" in detail["actions"]

    shown = demo_owner.post(
        "/api/backend/revealCustomerIdentity", {"order_id": order_id, "reason": "核对身份"}
    )

    assert shown.ok, shown
    assert shown.data["id_number"] == customer("B")["id_number"]
    assert shown.data["phone"] == "13912345678" and shown.data["id_card_back_url"] is None
    response = client.get(shown.data["id_card_front_url"], HTTP_HOST="demo.localhost")
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == PNG
    with tenant_context(demo):
        looks = AuditEntry.objects.filter(action="order.identity_view", target_id=str(order_id))
        assert looks.count() == 1 and looks.get().actor_name
    # Without the action, or from another shop: nothing shown, nothing logged.
    staff_make(demo_owner, "audrey", ["auditor"])
    auditor = sign_in("demo.localhost", "audrey")
    assert "reveal_identity" not in auditor.get(DETAIL, {"id": order_id}).data["actions"]
    denied = auditor.post(
        "/api/backend/revealCustomerIdentity", {"order_id": order_id, "reason": "核对身份"}
    )
    assert denied.code == 403
    elsewhere = acme_owner.post(
        "/api/backend/revealCustomerIdentity", {"order_id": order_id, "reason": "核对身份"}
    )
    assert elsewhere.code == 404
    with tenant_context(demo):
        assert AuditEntry.objects.filter(action="order.identity_view").count() == 1
