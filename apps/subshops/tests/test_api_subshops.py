"""Sub-shops and their accounts; sub-merchants see only their own sub-shop."""

import pytest
from django_tenants.utils import tenant_context

from apps.subshops.models import SubShop
from tenants.accounts.models import Account
from tests.fixtures import login
from zulin.audit.models import AuditEntry

from .factories import ACCOUNT_PASSWORD, sign_in, sub_shop_account_make, sub_shop_make


def test_create_sub_shop_and_list_it(demo_owner, demo):
    created = sub_shop_make(demo_owner, "城东店")

    assert created["status"] == "active" and created["account_count"] == 0
    listed = demo_owner.get("/api/backend/getSubShopList").data
    assert listed["total"] == 1
    assert listed["list"][0]["name"] == "城东店"
    with tenant_context(demo):
        assert AuditEntry.objects.filter(action="sub_shop.create").count() == 1


def test_sub_shop_list_searches_filters_and_pages(demo_owner):
    first = sub_shop_make(demo_owner, "城东店")
    sub_shop_make(demo_owner, "城西店", contact_name="周店长")
    demo_owner.post(
        "/api/backend/updateSubShop", {"id": first["id"], "status": "disabled", "reason": "装修"}
    )

    by_contact = demo_owner.get("/api/backend/getSubShopList", {"keyword": "周"}).data
    disabled = demo_owner.get("/api/backend/getSubShopList", {"status": "disabled"}).data
    paged = demo_owner.get("/api/backend/getSubShopList", {"page": 2, "page_size": 1}).data

    assert [s["name"] for s in by_contact["list"]] == ["城西店"]
    assert [s["name"] for s in disabled["list"]] == ["城东店"]
    assert paged["total"] == 2 and len(paged["list"]) == 1 and paged["page"] == 2
    assert demo_owner.get("/api/backend/getSubShopList", {"status": "x"}).code == 400
    assert demo_owner.get("/api/backend/getSubShopList", {"page_size": 1000}).code == 400


def test_create_sub_shop_refuses_bad_input_and_duplicate_names(demo_owner, demo):
    sub_shop_make(demo_owner, "城东店")

    duplicate = demo_owner.post("/api/backend/createSubShop", {"name": "城东店"})
    empty = demo_owner.post("/api/backend/createSubShop", {"name": ""})
    bad_phone = demo_owner.post("/api/backend/createSubShop", {"name": "新店", "phone": "123"})

    assert duplicate.code == 400 and "name" in duplicate.data["fields"]
    assert empty.code == 400 and "name" in empty.data["fields"]
    assert bad_phone.code == 400 and "phone" in bad_phone.data["fields"]
    with tenant_context(demo):
        assert SubShop.objects.count() == 1


def test_update_sub_shop_records_before_and_after(demo_owner):
    shop = sub_shop_make(demo_owner, "城东店")

    answer = demo_owner.post(
        "/api/backend/updateSubShop", {"id": shop["id"], "address": "城东路2号"}
    )

    assert answer.code == 200 and answer.data["address"] == "城东路2号"
    detail = demo_owner.get("/api/backend/getSubShopDetail", {"id": shop["id"]}).data
    assert detail["audit"][0]["action"] == "sub_shop.update"
    assert detail["audit"][0]["before"] == {"address": "城东路1号"}
    assert detail["audit"][0]["after"] == {"address": "城东路2号"}
    assert demo_owner.post("/api/backend/updateSubShop", {"id": 999999, "name": "x"}).code == 404


def test_disabling_a_sub_shop_needs_a_reason_and_signs_its_accounts_out(demo_owner):
    shop = sub_shop_make(demo_owner)
    sub_shop_account_make(demo_owner, shop["id"], "east")
    clerk = sign_in("demo.localhost", "east")

    no_reason = demo_owner.post(
        "/api/backend/updateSubShop", {"id": shop["id"], "status": "disabled"}
    )
    assert no_reason.code == 400 and "reason" in no_reason.data["fields"]

    disabled = demo_owner.post(
        "/api/backend/updateSubShop", {"id": shop["id"], "status": "disabled", "reason": "停业"}
    )

    assert disabled.data["status"] == "disabled"
    assert clerk.get("/api/platform/getLoginUserInfo").code == 109
    refused = clerk.post(
        "/api/platform/mainLand", {"username": "east", "password": ACCOUNT_PASSWORD}
    )
    assert refused.code == 1102
    detail = demo_owner.get("/api/backend/getSubShopDetail", {"id": shop["id"]}).data
    assert detail["audit"][0]["reason"] == "停业"
    assert detail["audit"][0]["after"] == {"status": "disabled"}

    demo_owner.post("/api/backend/updateSubShop", {"id": shop["id"], "status": "active"})
    assert sign_in("demo.localhost", "east").get("/api/platform/getLoginUserInfo").code == 200


def test_sub_shop_options_answer_active_ones_for_selects(demo_owner):
    east = sub_shop_make(demo_owner, "城东店")
    west = sub_shop_make(demo_owner, "城西店")
    demo_owner.post(
        "/api/backend/updateSubShop", {"id": west["id"], "status": "disabled", "reason": "停业"}
    )

    options = demo_owner.get("/api/backend/getSubShopOptions").data
    every = demo_owner.get("/api/backend/getSubShopOptions", {"include_disabled": "true"}).data

    assert options == [{"id": east["id"], "name": "城东店"}]
    assert {o["name"] for o in every} == {"城东店", "城西店"}


def test_sub_shop_account_signs_in_with_its_sub_shop_name(demo_owner, demo):
    shop = sub_shop_make(demo_owner, "城东店")

    account = sub_shop_account_make(demo_owner, shop["id"], "east")

    assert account["status"] == "active"
    stored = Account.objects.get(pk=account["id"])
    assert stored.merchant_id == demo.pk and stored.sub_shop_id == shop["id"]
    assert [r.code for r in stored.roles.all()] == ["sub_merchant"]
    session = login("demo.localhost", "east", ACCOUNT_PASSWORD)
    info = session.get("/api/platform/getLoginUserInfo").data
    assert info["user"]["sub_shop"] == {"id": shop["id"], "name": "城东店"}
    detail = demo_owner.get("/api/backend/getSubShopDetail", {"id": shop["id"]}).data
    assert [a["username"] for a in detail["accounts"]] == ["east"]
    assert detail["sub_shop"]["account_count"] == 1
    assert detail["audit"][0]["action"] == "sub_shop.account_create"


def test_create_sub_shop_account_refuses_taken_usernames_weak_passwords_and_unknown_shops(
    demo_owner,
):
    shop = sub_shop_make(demo_owner)
    body = {"sub_shop_id": shop["id"], "name": "店员", "password": ACCOUNT_PASSWORD}

    taken = demo_owner.post("/api/backend/createSubShopAccount", {**body, "username": "owner"})
    weak = demo_owner.post(
        "/api/backend/createSubShopAccount", {**body, "username": "x1", "password": "abc"}
    )
    unknown = demo_owner.post(
        "/api/backend/createSubShopAccount", {**body, "username": "x2", "sub_shop_id": 999999}
    )
    bad_name = demo_owner.post("/api/backend/createSubShopAccount", {**body, "username": "a b"})

    assert taken.code == 1100
    assert weak.code == 1009
    assert unknown.code == 404
    assert bad_name.code == 400 and "username" in bad_name.data["fields"]


def test_no_account_for_a_disabled_sub_shop(demo_owner):
    shop = sub_shop_make(demo_owner)
    demo_owner.post(
        "/api/backend/updateSubShop", {"id": shop["id"], "status": "disabled", "reason": "停业"}
    )

    answer = demo_owner.post(
        "/api/backend/createSubShopAccount",
        {"sub_shop_id": shop["id"], "username": "x", "name": "x", "password": ACCOUNT_PASSWORD},
    )

    assert answer.code == 1102


def test_update_sub_shop_account_disables_it_and_ends_its_sessions(demo_owner):
    shop = sub_shop_make(demo_owner)
    account = sub_shop_account_make(demo_owner, shop["id"], "east")
    clerk = sign_in("demo.localhost", "east")

    no_reason = demo_owner.post(
        "/api/backend/updateSubShopAccount", {"id": account["id"], "status": "disabled"}
    )
    answer = demo_owner.post(
        "/api/backend/updateSubShopAccount",
        {"id": account["id"], "status": "disabled", "reason": "离职"},
    )

    assert no_reason.code == 400
    assert answer.data["status"] == "disabled"
    assert clerk.get("/api/platform/getLoginUserInfo").code == 109
    detail = demo_owner.get("/api/backend/getSubShopDetail", {"id": shop["id"]}).data
    assert detail["audit"][0]["action"] == "sub_shop.account_update"
    assert detail["audit"][0]["reason"] == "离职"
    # A staff account is not a sub-shop account.
    owner_id = Account.objects.get(merchant__slug="demo", username="owner").pk
    assert (
        demo_owner.post("/api/backend/updateSubShopAccount", {"id": owner_id, "name": "x"}).code
        == 404
    )


# --- a sub-merchant sees only its own sub-shop ---------------------------------------------


@pytest.fixture
def two_shops(demo_owner):
    east = sub_shop_make(demo_owner, "城东店")
    west = sub_shop_make(demo_owner, "城西店")
    sub_shop_account_make(demo_owner, east["id"], "east")
    sub_shop_account_make(demo_owner, west["id"], "west")
    return east, west


def test_sub_merchant_sees_only_its_own_sub_shop(two_shops):
    east, west = two_shops
    clerk = sign_in("demo.localhost", "east")

    listed = clerk.get("/api/backend/getSubShopList").data
    options = clerk.get("/api/backend/getSubShopOptions").data
    own = clerk.get("/api/backend/getSubShopDetail", {"id": east["id"]})
    sibling = clerk.get("/api/backend/getSubShopDetail", {"id": west["id"]})

    assert [s["id"] for s in listed["list"]] == [east["id"]] and listed["total"] == 1
    assert options == [{"id": east["id"], "name": "城东店"}]
    assert own.code == 200 and own.data["sub_shop"]["name"] == "城东店"
    assert sibling.code == 404


def test_sub_merchant_menu_leads_to_its_own_sub_shop(two_shops):
    clerk = sign_in("demo.localhost", "east")

    menus = clerk.get("/api/platform/getLoginUserInfo").data["menus"]
    paths = [child["path"] for node in menus for child in node["children"]]

    assert "/subMerchant" in paths
    assert "/staff" not in paths


def test_sub_merchant_cannot_change_sub_shops_or_staff(two_shops, demo):
    east, west = two_shops
    clerk = sign_in("demo.localhost", "east")

    assert clerk.post("/api/backend/updateSubShop", {"id": east["id"], "name": "x"}).code == 403
    assert clerk.post("/api/backend/updateSubShop", {"id": west["id"], "name": "x"}).code == 403
    assert clerk.post("/api/backend/createSubShop", {"name": "x"}).code == 403
    assert clerk.get("/api/backend/getStaffList").code == 403
    with tenant_context(demo):
        assert SubShop.objects.get(pk=west["id"]).name == "城西店"
