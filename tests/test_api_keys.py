"""A merchant's API keys on the calls (tenants.accounts.api_keys, docs/api-keys.md): a key
opens the calls of its scopes on its merchant's host and nothing else; revoked, expired,
rolled, foreign and mistyped keys are refused; a sub-shop's key sees its sub-shop's orders;
the audit trail names the key; each key has its rate."""

from __future__ import annotations

import dataclasses
import time
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.subshops.tests.factories import sign_in, sub_shop_account_make, sub_shop_make
from tenants.accounts.api_keys import api_key_create, key_well_formed
from tenants.accounts.models import ApiKey
from tests.fixtures import ApiClient, api_key_make, session_of
from tests.leases import DEMO, IntakeClient, goods_on_shelf, place, placed
from zulin.api import api
from zulin.audit.models import AuditEntry
from zulin.core.errors import ApplicationError, ErrorCode

GOODS_LIST = "/api/platform/goodsList"
ORDERS = "/api/platform/backendOrderList"
ORDER = "/api/merchant/orderInfo"


def keyed(key: dict, host: str = "demo.localhost") -> ApiClient:
    return ApiClient(host, api_key=key["key"])


def test_a_key_is_answered_once_and_only_its_digest_is_kept(demo_owner):
    made = api_key_make(demo_owner, "goods:read", name="仓库系统")

    assert key_well_formed(made["key"]) and made["key"].startswith("zl_test_")
    assert made["key"].startswith(made["prefix"]) and len(made["prefix"]) < len(made["key"])
    listed = demo_owner.get("/api/backend/getApiKeys").data
    assert [(k["name"], k["status"], k["scopes"]) for k in listed] == [
        ("仓库系统", "active", ["goods:read"])
    ]
    assert "key" not in listed[0]
    row = ApiKey.objects.get(pk=made["id"])
    assert made["key"] not in (row.digest, row.prefix) and len(row.digest) == 64


def test_a_key_opens_the_calls_of_its_scope_and_counts_each_use(demo, demo_owner):
    goods_on_shelf(demo_owner)
    key = api_key_make(demo_owner, "goods:read")

    answer = keyed(key).get(GOODS_LIST, {"page": 1, "page_size": 10})

    assert answer.ok, answer
    assert (
        answer.data["total"]
        == demo_owner.get(GOODS_LIST, {"page": 1, "page_size": 10}).data["total"]
    )
    row = ApiKey.objects.get(pk=key["id"])
    assert row.use_count == 1 and row.last_used_at is not None


def test_a_key_is_refused_outside_its_scopes(demo, demo_owner):
    key = keyed(api_key_make(demo_owner, "goods:read"))

    wrong_scope = key.get(ORDERS, {"page": 1, "page_size": 10})
    assert wrong_scope.code == ErrorCode.FORBIDDEN and "orders:read" in wrong_scope.msg
    # Calls no scope opens: the session's own, and the keys' own calls.
    assert key.get("/api/platform/getLoginUserInfo").code == ErrorCode.FORBIDDEN
    assert key.post("/api/backend/createApiKey", {"name": "x", "scopes": ["goods:read"]}).code == (
        ErrorCode.FORBIDDEN
    )
    assert ApiKey.objects.count() == 1


def test_a_write_scope_changes_goods_and_the_audit_names_the_key(demo, demo_owner):
    offer = goods_on_shelf(demo_owner)
    made = api_key_make(demo_owner, "goods:write", name="ERP")

    answer = keyed(made).post(
        "/api/platform/updateGoodsStatus", {"ids": [offer.goods_id], "status": "off_shelf"}
    )

    assert answer.ok, answer
    with tenant_context(demo):
        entry = AuditEntry.objects.filter(action="goods.off_shelf").latest("id")
    assert entry.actor_account_id is None
    assert entry.actor_name == f"API key ERP ({made['prefix']}…)"


def test_revoked_rolled_and_expired_keys_stop(demo, demo_owner):
    goods_on_shelf(demo_owner)
    revoked = api_key_make(demo_owner, "goods:read", name="revoked")
    rolled = api_key_make(demo_owner, "goods:read", name="rolled")
    page = {"page": 1, "page_size": 10}
    assert keyed(revoked).get(GOODS_LIST, page).ok  # cached as live

    assert demo_owner.post("/api/backend/revokeApiKey", {"id": revoked["id"]}).ok
    stopped = keyed(revoked).get(GOODS_LIST, page)
    # Its holder reads why: the key was revoked, not a sign-in gone stale.
    assert (stopped.code, stopped.msg) == (ErrorCode.NO_SESSION, "API 密钥已吊销")
    assert stopped.data == {"api_key": "revoked", "prefix": revoked["prefix"]}

    soon = demo_owner.post(
        "/api/backend/rollApiKey", {"id": rolled["id"], "old_expires_in_hours": 1}
    ).data
    assert soon["key"] != rolled["key"] and soon["rolled_from_id"] == rolled["id"]
    assert keyed(rolled).get(GOODS_LIST, page).ok  # works for the hour given
    assert keyed(soon).get(GOODS_LIST, page).ok
    ApiKey.objects.filter(pk=rolled["id"]).update(expires_at=timezone.now() - timedelta(seconds=1))
    from django.core.cache import cache

    cache.clear()
    expired = keyed(rolled).get(GOODS_LIST, page)
    assert (expired.code, expired.msg) == (ErrorCode.NO_SESSION, "API 密钥已过期")
    assert expired.data["api_key"] == "expired"

    at_once = demo_owner.post(
        "/api/backend/rollApiKey", {"id": soon["id"], "old_expires_in_hours": 0}
    ).data
    assert keyed(soon).get(GOODS_LIST, page).code == ErrorCode.NO_SESSION
    assert keyed(at_once).get(GOODS_LIST, page).ok
    statuses = {k["id"]: k["status"] for k in demo_owner.get("/api/backend/getApiKeys").data}
    assert statuses == {
        revoked["id"]: "revoked",
        rolled["id"]: "expired",
        soon["id"]: "expired",
        at_once["id"]: "active",
    }
    # A revoked or expired key cannot be rolled into a live one.
    again = demo_owner.post("/api/backend/rollApiKey", {"id": revoked["id"]})
    assert again.code == ErrorCode.CONFLICT


def test_a_key_works_only_on_its_own_merchants_host(demo, demo_owner, acme):
    key = api_key_make(demo_owner, "goods:read", "orders:read")

    assert keyed(key, "acme.localhost").get(GOODS_LIST).code == ErrorCode.NO_SESSION
    # The platform's side: a platform-only call is the wrong side; a call of both sides
    # refuses a key there.
    assert keyed(key, "admin.localhost").get("/api/platform/merchantList").code in (
        ErrorCode.NO_SESSION,
        ErrorCode.WRONG_SIDE,
    )
    assert keyed(key, "admin.localhost").get(ORDERS).code == ErrorCode.NO_SESSION


@pytest.mark.parametrize(
    "mangle",
    [
        lambda key: key[:-1] + ("A" if key[-1] != "A" else "B"),  # checksum broken
        lambda key: key.replace("zl_test_", "zl_live_"),
        lambda key: key[:-6],
        lambda key: "",
    ],
)
def test_a_mistyped_key_is_no_session(demo, demo_owner, mangle):
    key = api_key_make(demo_owner, "goods:read")["key"]

    assert ApiClient("demo.localhost", api_key=mangle(key)).get(GOODS_LIST).code == (
        ErrorCode.NO_SESSION
    )


def test_a_sub_shops_key_sees_that_sub_shops_orders_only(demo, demo_owner):
    offer = goods_on_shelf(demo_owner)
    east, west = sub_shop_make(demo_owner, name="城东店"), sub_shop_make(demo_owner, name="城西店")
    orders = [
        placed(demo, place(IntakeClient(demo, DEMO), offer, key=f"apikey-sub-{n}"))
        for n in range(2)
    ]
    for order, shop in zip(orders, (east, west), strict=True):
        moved = demo_owner.post(
            "/api/backend/allocateToSubShop", {"ids": [order.id], "sub_shop_id": shop["id"]}
        )
        assert moved.ok, moved
    key = keyed(api_key_make(demo_owner, "orders:read", sub_shop_id=east["id"]))

    listed = key.get(ORDERS, {"page": 1, "page_size": 20}).data["list"]

    assert [row["id"] for row in listed] == [orders[0].id]
    assert key.get(ORDER, {"id": orders[0].id}).ok
    assert key.get(ORDER, {"id": orders[1].id}).code == ErrorCode.NOT_FOUND
    listed_keys = demo_owner.get("/api/backend/getApiKeys").data
    assert listed_keys[0]["sub_shop_name"] == "城东店"


def test_a_sub_shop_account_cannot_manage_keys(demo, demo_owner):
    shop = sub_shop_make(demo_owner, name="城南店")
    sub_shop_account_make(demo_owner, shop["id"], "southkeys")
    clerk = sign_in(DEMO, "southkeys")

    answer = clerk.post("/api/backend/createApiKey", {"name": "x", "scopes": ["orders:read"]})

    assert answer.code == ErrorCode.FORBIDDEN


def test_a_key_never_gets_more_than_its_maker_holds(demo, demo_owner):
    session = session_of(demo_owner)
    reader = dataclasses.replace(session, actions=frozenset({"webhook.manage", "goods.view"}))

    with pytest.raises(ApplicationError) as refused:
        api_key_create(
            session=reader, name="x", scopes=["goods:write"], sub_shop_id=None, expires_at=None
        )

    assert refused.value.code == ErrorCode.FORBIDDEN
    assert not ApiKey.objects.exists()
    scopes = {s["scope"]: s["granted"] for s in demo_owner.get("/api/backend/getApiKeyScopes").data}
    assert scopes == dict.fromkeys(
        ["orders:read", "bills:read", "goods:read", "goods:write", "units:read"], True
    )


def test_over_its_rate_a_key_is_told_when_to_come_back(demo, demo_owner, settings):
    settings.API_KEY_RATE_PER_MINUTE = 3
    key = api_key_make(demo_owner, "goods:read")["key"]
    other = api_key_make(demo_owner, "goods:read", name="other")
    client = Client()
    headers = {"HTTP_HOST": "demo.localhost", "HTTP_AUTHORIZATION": f"Bearer {key}"}

    # The window is a clock minute: start well inside one (a wait of at most 6 s).
    time.sleep(max(0.0, time.time() % 60 - 54) and 60.5 - time.time() % 60)
    answers = [client.get(GOODS_LIST, **headers) for _ in range(4)]

    assert [a.json()["code"] for a in answers] == [200, 200, 200, 429]
    assert 1 <= int(answers[-1]["Retry-After"]) <= 60
    assert answers[-1].json()["data"]["retry_after"] == int(answers[-1]["Retry-After"])
    assert ApiKey.objects.get(name="ERP").use_count == 3
    assert keyed(other).get(GOODS_LIST).ok  # each key has its own rate


def test_a_key_cannot_outlive_a_past_expiry_or_exceed_the_cap(demo, demo_owner):
    past = (timezone.now() - timedelta(minutes=1)).isoformat()
    answer = demo_owner.post(
        "/api/backend/createApiKey", {"name": "x", "scopes": ["goods:read"], "expires_at": past}
    )
    assert answer.code == ErrorCode.VALIDATION and "expires_at" in answer.data["fields"]
    for n in range(20):
        api_key_make(demo_owner, "goods:read", name=f"k{n}")

    over = demo_owner.post("/api/backend/createApiKey", {"name": "x", "scopes": ["goods:read"]})

    assert over.code == ErrorCode.CONFLICT
    assert ApiKey.objects.count() == 20


def test_the_openapi_document_names_each_keys_scope():
    schema = api.get_openapi_schema()

    goods = schema["paths"]["/api/platform/goodsList"]["get"]
    assert {"ApiKey": ["goods:read"]} in goods["security"]
    saving = schema["paths"]["/api/platform/saveGood"]["post"]
    assert {"ApiKey": ["goods:write"]} in saving["security"]
    keys = schema["paths"]["/api/backend/createApiKey"]["post"]
    assert not any("ApiKey" in entry for entry in keys.get("security", []))
    assert schema["components"]["securitySchemes"]["ApiKey"]["scheme"] == "bearer"
