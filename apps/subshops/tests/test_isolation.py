"""One merchant never reads or changes another's shop data, whatever id it sends; store and
platform tokens work only on their own side."""

import pytest

from apps.subshops.models import ReturnAddress, SubShop
from tenants.accounts.models import Account
from tests.fixtures import ApiClient, login

from .factories import ADDRESS, staff_make, sub_shop_account_make, sub_shop_make


@pytest.fixture
def demo_data(demo_owner):
    shop = sub_shop_make(demo_owner, "演示城东店")
    clerk = sub_shop_account_make(demo_owner, shop["id"], "east")
    staff = staff_make(demo_owner, "alice", ["auditor", "salesman"])
    address = demo_owner.post("/api/backend/saveReturnAddress", ADDRESS).data
    return {"shop": shop, "clerk": clerk, "staff": staff, "address": address}


def test_acme_owner_cannot_read_demo_data_by_any_id(acme_owner, demo_data):
    shop_id = demo_data["shop"]["id"]

    assert acme_owner.get("/api/backend/getSubShopDetail", {"id": shop_id}).code == 404
    assert acme_owner.get("/api/backend/getSubShopList").data["total"] == 0
    assert acme_owner.get("/api/backend/getSubShopOptions").data == []
    staff = acme_owner.get("/api/backend/getStaffList").data
    assert staff["total"] == 0
    assert acme_owner.get("/api/backend/returnAddrSelections").data == []
    assert acme_owner.get("/api/backend/getOrderAuditors").data == []
    assert acme_owner.get("/api/platform/getShopSalesMan").data == []


def test_acme_owner_cannot_change_demo_data_by_any_id(acme_owner, demo_data, demo):
    shop_id = demo_data["shop"]["id"]

    assert acme_owner.post("/api/backend/updateSubShop", {"id": shop_id, "name": "x"}).code == 404
    assert (
        acme_owner.post(
            "/api/backend/updateStaff", {"id": demo_data["staff"]["id"], "name": "x"}
        ).code
        == 404
    )
    assert (
        acme_owner.post(
            "/api/backend/updateSubShopAccount", {"id": demo_data["clerk"]["id"], "name": "x"}
        ).code
        == 404
    )
    assert (
        acme_owner.post(
            "/api/backend/saveReturnAddress", {**ADDRESS, "id": demo_data["address"]["id"]}
        ).code
        == 404
    )
    account = acme_owner.post(
        "/api/backend/createSubShopAccount",
        {"sub_shop_id": shop_id, "username": "x", "name": "x", "password": "Shop@2026x"},
    )
    assert account.code == 404
    from django_tenants.utils import tenant_context

    with tenant_context(demo):
        assert SubShop.objects.get(pk=shop_id).name == "演示城东店"
        assert ReturnAddress.objects.get(pk=demo_data["address"]["id"]).name == ADDRESS["name"]
    assert Account.objects.get(pk=demo_data["staff"]["id"]).name == "alice 员工"


def test_a_demo_token_does_not_work_on_acme(demo_owner, acme):
    stolen = ApiClient("acme.localhost", token=demo_owner.token)

    assert stolen.get("/api/backend/getSubShopList").code == 109
    assert stolen.post("/api/backend/createSubShop", {"name": "x"}).code == 109


STORE_CALLS = [
    ("GET", "/api/backend/getSubShopList", {}),
    ("GET", "/api/backend/getSubShopOptions", {}),
    ("GET", "/api/backend/getSubShopDetail", {"id": 1}),
    ("POST", "/api/backend/createSubShop", {"name": "x"}),
    ("POST", "/api/backend/updateSubShop", {"id": 1, "name": "x"}),
    ("POST", "/api/backend/createSubShopAccount", {}),
    ("POST", "/api/backend/updateSubShopAccount", {"id": 1}),
    ("GET", "/api/backend/getStaffList", {}),
    ("POST", "/api/backend/createStaff", {}),
    ("POST", "/api/backend/updateStaff", {"id": 1}),
    ("GET", "/api/backend/getOrderAuditors", {}),
    ("GET", "/api/backend/getAllAuditors", {}),
    ("GET", "/api/platform/getShopSalesMan", {}),
    ("GET", "/api/backend/returnAddrSelections", {}),
    ("POST", "/api/backend/saveReturnAddress", ADDRESS),
    ("GET", "/api/backend/getChannels", {}),
    ("GET", "/api/backend/getShowPlts", {}),
]


@pytest.mark.parametrize(("method", "path", "body"), STORE_CALLS)
def test_store_calls_refuse_platform_tokens_and_anonymous_callers(demo, method, path, body):
    admin = login("admin.localhost", "admin")

    assert admin.call(method, path, body).code == 1002
    assert ApiClient("demo.localhost", token=admin.token).call(method, path, body).code == 109
    assert ApiClient("demo.localhost").call(method, path, body).code == 109
