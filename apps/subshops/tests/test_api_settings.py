"""Return addresses, channels and display platforms."""

from django_tenants.utils import tenant_context

from apps.subshops.models import ReturnAddress

from .factories import ADDRESS, sign_in, staff_make


def test_first_address_becomes_the_default(demo_owner):
    answer = demo_owner.post("/api/backend/saveReturnAddress", ADDRESS)

    assert answer.code == 200
    assert answer.data["is_default"] is True
    assert answer.data["full_address"] == "浙江省杭州市西湖区 文三路1号"


def test_only_one_address_is_default(demo_owner, demo):
    first = demo_owner.post("/api/backend/saveReturnAddress", ADDRESS).data
    second = demo_owner.post(
        "/api/backend/saveReturnAddress", {**ADDRESS, "name": "二号仓", "is_default": True}
    ).data

    listed = demo_owner.get("/api/backend/returnAddrSelections").data

    assert [a["id"] for a in listed if a["is_default"]] == [second["id"]]
    assert listed[0]["id"] == second["id"]
    with tenant_context(demo):
        assert ReturnAddress.objects.get(pk=first["id"]).is_default is False


def test_save_return_address_updates_by_id_and_keeps_a_default(demo_owner, demo):
    first = demo_owner.post("/api/backend/saveReturnAddress", ADDRESS).data

    # Unsetting the only default is not possible: some address must be the default.
    updated = demo_owner.post(
        "/api/backend/saveReturnAddress",
        {**ADDRESS, "id": first["id"], "detail": "文三路2号", "is_default": False},
    )

    assert updated.data["detail"] == "文三路2号"
    assert updated.data["is_default"] is True
    with tenant_context(demo):
        assert ReturnAddress.objects.count() == 1


def test_save_return_address_refuses_bad_input_and_unknown_ids(demo_owner, demo):
    missing = demo_owner.post("/api/backend/saveReturnAddress", {**ADDRESS, "detail": ""})
    phone = demo_owner.post("/api/backend/saveReturnAddress", {**ADDRESS, "phone": "12"})
    unknown = demo_owner.post("/api/backend/saveReturnAddress", {**ADDRESS, "id": 999999})

    assert missing.code == 400 and "detail" in missing.data["fields"]
    assert phone.code == 400 and "phone" in phone.data["fields"]
    assert unknown.code == 404
    with tenant_context(demo):
        assert ReturnAddress.objects.count() == 0


def test_return_address_needs_order_rights(demo_owner):
    staff_make(demo_owner, "cs", ["customer_service"])
    service = sign_in("demo.localhost", "cs")

    assert service.get("/api/backend/returnAddrSelections").code == 200
    assert service.post("/api/backend/saveReturnAddress", ADDRESS).code == 403


def test_channels_and_display_platforms_are_seeded_per_merchant(demo_owner):
    channels = demo_owner.get("/api/backend/getChannels")
    platforms = demo_owner.get("/api/backend/getShowPlts")

    assert channels.code == 200
    assert {"label": "alipay_mini", "name": "支付宝小程序"} in channels.data
    assert [c["label"] for c in channels.data] == ["alipay_mini", "wechat_mini", "h5", "app"]
    assert {"label": "wechat", "name": "微信"} in platforms.data


def test_channels_are_the_merchants_own_rows(demo_owner, acme_owner, demo):
    from apps.subshops.models import Channel

    with tenant_context(demo):
        Channel.objects.create(label="douyin", name="抖音小程序", sort=50)

    assert "douyin" in {c["label"] for c in demo_owner.get("/api/backend/getChannels").data}
    assert "douyin" not in {c["label"] for c in acme_owner.get("/api/backend/getChannels").data}
