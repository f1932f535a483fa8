"""A sub-shop account changes only its own sub-shop and its accounts, even with a role that
allows changes: a sibling's ids answer NOT_FOUND, and changes beyond one sub-shop (a new
sub-shop, merchant-wide staff) are refused."""

from typing import Any

import pytest
from django_tenants.utils import tenant_context

from apps.subshops.models import SubShop
from tenants.accounts.models import Account
from tests.fixtures import grant_sub_merchants

from .factories import ACCOUNT_PASSWORD, sign_in, staff_make, sub_shop_account_make, sub_shop_make


@pytest.fixture
def shops(demo_owner) -> dict[str, Any]:
    east = sub_shop_make(demo_owner, "城东店")
    west = sub_shop_make(demo_owner, "城西店")
    east_account = sub_shop_account_make(demo_owner, east["id"], "east")
    west_account = sub_shop_account_make(demo_owner, west["id"], "west")
    staff = staff_make(demo_owner, "alice")
    grant_sub_merchants("subshop.view", "subshop.manage", "staff.manage")
    return {
        "clerk": sign_in("demo.localhost", "east"),
        "east": east["id"],
        "west": west["id"],
        "accounts": {east["id"]: east_account["id"], west["id"]: west_account["id"]},
        "staff": staff["id"],
    }


def _detail(s, shop_id):
    return s["clerk"].get("/api/backend/getSubShopDetail", {"id": shop_id})


def _update(s, shop_id):
    return s["clerk"].post("/api/backend/updateSubShop", {"id": shop_id, "contact_name": "新"})


def _add_account(s, shop_id):
    body = {
        "sub_shop_id": shop_id,
        "username": f"clerk{shop_id}",
        "password": ACCOUNT_PASSWORD,
        "name": "新店员",
    }
    return s["clerk"].post("/api/backend/createSubShopAccount", body)


def _update_account(s, shop_id):
    body = {"id": s["accounts"][shop_id], "name": "改名"}
    return s["clerk"].post("/api/backend/updateSubShopAccount", body)


CALLS = {
    "getSubShopDetail": _detail,
    "updateSubShop": _update,
    "createSubShopAccount": _add_account,
    "updateSubShopAccount": _update_account,
}


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
def test_a_sibling_sub_shop_is_not_found(shops, demo, call):
    with tenant_context(demo):
        before = SubShop.objects.values().get(pk=shops["west"])
    accounts_before = list(Account.objects.filter(sub_shop_id=shops["west"]).values())

    answer = call(shops, shops["west"])

    assert answer.code == 404, answer
    with tenant_context(demo):
        assert SubShop.objects.values().get(pk=shops["west"]) == before
    assert list(Account.objects.filter(sub_shop_id=shops["west"]).values()) == accounts_before


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
def test_its_own_sub_shop_answers(shops, call):
    answer = call(shops, shops["east"])

    assert answer.code == 200, answer


def test_merchant_wide_changes_are_refused_to_a_sub_shop_account(shops):
    clerk = shops["clerk"]
    staff_body = {"username": "bob", "password": ACCOUNT_PASSWORD, "name": "bob"}

    new_shop = clerk.post("/api/backend/createSubShop", {"name": "城北店"})
    new_staff = clerk.post("/api/backend/createStaff", {**staff_body, "role_codes": ["auditor"]})
    staff_change = clerk.post("/api/backend/updateStaff", {"id": shops["staff"], "name": "x"})
    staff_list = clerk.get("/api/backend/getStaffList").data

    assert (new_shop.code, new_staff.code, staff_change.code) == (403, 403, 404)
    assert staff_list["total"] == 0
    assert Account.objects.get(pk=shops["staff"]).name == "alice 员工"
