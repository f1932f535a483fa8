"""The platform's side of add-on services: types it offers, every merchant's add-ons, and
disabling one with a reason the merchant sees (through apps.goods.governance)."""

from django_tenants.utils import tenant_context

from apps.goods.models import Addon
from tenants.catalog.models import PlatformAddon


def _addon(client, name="碎屏保障", addon_type="damage_cover", price="19.90"):
    answer = client.post(
        "/api/platform/addGoodsGain", {"name": name, "gain_type": addon_type, "price": price}
    )
    assert answer.ok, answer
    return answer.data["id"]


def _platform_id(merchant, addon_id):
    return PlatformAddon.objects.get(merchant=merchant, addon_id=addon_id).pk


def test_platform_lists_every_merchants_addons_filterable_by_merchant(
    admin_client, demo_owner, acme_owner, demo, acme
):
    _addon(demo_owner, name="演示保障")
    _addon(acme_owner, name="Acme 配件", addon_type="accessory")

    everything = admin_client.get("/api/platform/getGoodsGainList").data
    only_acme = admin_client.get("/api/platform/getGoodsGainList", {"merchant_id": acme.pk}).data

    names = {(row["merchant_name"], row["name"]) for row in everything["list"]}
    assert {(demo.name, "演示保障"), (acme.name, "Acme 配件")} <= names
    assert [row["name"] for row in only_acme["list"]] == ["Acme 配件"]
    # A merchant never sees another's add-ons.
    assert [
        row["name"] for row in demo_owner.get("/api/platform/getGoodsGainList").data["list"]
    ] == ["演示保障"]


def test_platform_disables_an_addon_with_a_reason_the_merchant_sees_and_cannot_override(
    admin_client, demo_owner, demo
):
    addon_id = _addon(demo_owner)
    platform_id = _platform_id(demo, addon_id)

    no_reason = admin_client.post(
        "/api/platform/setGoodsGainStatus", {"id": platform_id, "status": 0}
    )
    assert no_reason.code == 400 and "reason" in no_reason.data["fields"]

    disabled = admin_client.post(
        "/api/platform/setGoodsGainStatus",
        {"id": platform_id, "status": 0, "reason": "保障条款未备案"},
    )
    assert disabled.ok and disabled.data["platform_disabled"] is True

    mine = demo_owner.get("/api/platform/getGoodsGainList").data["list"][0]
    assert (mine["status"], mine["platform_disabled"], mine["platform_reason"]) == (
        0,
        True,
        "保障条款未备案",
    )
    refused = demo_owner.post("/api/platform/setGoodsGainStatus", {"id": addon_id, "status": 1})
    assert refused.code == 409 and "保障条款未备案" in refused.msg
    with tenant_context(demo):
        assert Addon.objects.get(pk=addon_id).status == 0

    lifted = admin_client.post("/api/platform/setGoodsGainStatus", {"id": platform_id, "status": 1})
    assert lifted.ok and lifted.data["platform_disabled"] is False
    assert demo_owner.post("/api/platform/setGoodsGainStatus", {"id": addon_id, "status": 1}).ok


def test_addon_types_are_the_platforms_and_a_disabled_type_is_offered_no_more(
    admin_client, demo_owner
):
    types = {row["code"] for row in admin_client.get("/api/platform/getAddonTypeList").data}
    assert {"damage_cover", "accessory", "warranty"} <= types

    added = admin_client.post(
        "/api/platform/saveAddonType",
        {"code": "cleaning", "name": "清洁护理", "name_en": "Cleaning", "sort": 60},
    )
    assert added.ok
    offered = demo_owner.get("/api/platform/newGetGoodsGainTypeMap").data
    assert {"value": "cleaning", "label": "清洁护理"} in offered
    assert _addon(demo_owner, name="深度清洁", addon_type="cleaning")

    admin_client.post(
        "/api/platform/saveAddonType",
        {"code": "cleaning", "name": "清洁护理", "name_en": "Cleaning", "is_active": False},
    )
    offered = demo_owner.get("/api/platform/newGetGoodsGainTypeMap").data
    assert "cleaning" not in [row["value"] for row in offered]
    refused = demo_owner.post(
        "/api/platform/addGoodsGain", {"name": "再清洁", "gain_type": "cleaning", "price": "9.90"}
    )
    assert refused.code == 400 and "gain_type" in refused.data["fields"]


def test_store_tokens_cannot_manage_addon_types(demo_owner):
    assert demo_owner.get("/api/platform/getAddonTypeList").code == 1002


def test_an_addon_keeps_a_type_the_platform_disabled_since(admin_client, demo_owner):
    admin_client.post(
        "/api/platform/saveAddonType",
        {"code": "repair", "name": "维修", "name_en": "Repair", "sort": 70},
    )
    addon_id = _addon(demo_owner, name="上门维修", addon_type="repair")
    admin_client.post(
        "/api/platform/saveAddonType",
        {"code": "repair", "name": "维修", "name_en": "Repair", "is_active": False},
    )

    edited = demo_owner.post(
        "/api/platform/editGoodsGain",
        {"id": addon_id, "name": "上门维修（含配件）", "gain_type": "repair", "price": "39.00"},
    )

    assert edited.ok and edited.data["name"] == "上门维修（含配件）"


def test_addon_lists_read_the_type_names_once_whatever_their_length(admin_client, demo_owner):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def reads(client) -> int:
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/api/platform/getGoodsGainList").ok
        return len([q for q in queries.captured_queries if not q["sql"].startswith("SET ")])

    _addon(demo_owner, name="一号")
    reads(demo_owner), reads(admin_client)  # sessions warm: their state is cached
    store_one, platform_one = reads(demo_owner), reads(admin_client)
    for name in ("二号", "三号", "四号"):
        _addon(demo_owner, name=name)

    assert (reads(demo_owner), reads(admin_client)) == (store_one, platform_one)
