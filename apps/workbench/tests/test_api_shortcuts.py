from django_tenants.utils import tenant_context

from apps.workbench.models import ShortcutPin
from tenants.models import Account, Menu


def _menu_id(platform_type: int, path: str) -> int:
    return Menu.objects.get(platform_type=platform_type, path=path).pk


def test_shortcuts_default_to_the_first_menu_entries(demo_owner):
    answer = demo_owner.get("/api/v2/getCommonFunctionMenu")

    assert answer.code == 200
    assert [entry["path"] for entry in answer.data][:2] == ["/", "/productManage"]
    assert len(answer.data) == 8


def test_pinned_shortcuts_replace_the_defaults_in_order(demo_owner):
    wanted = [_menu_id(1, "/subMerchant"), _menu_id(1, "/billList")]

    saved = demo_owner.post("/api/v2/saveCommonFunctionMenu", {"menu_ids": wanted})

    assert saved.code == 200
    assert [entry["path"] for entry in demo_owner.get("/api/v2/getCommonFunctionMenu").data] == [
        "/subMerchant",
        "/billList",
    ]


def test_pinning_an_entry_outside_the_role_menu_is_refused(demo_owner, demo):
    admin_only = _menu_id(0, "/merchant")

    answer = demo_owner.post("/api/v2/saveCommonFunctionMenu", {"menu_ids": [admin_only]})

    assert answer.code == 400
    with tenant_context(demo):
        assert ShortcutPin.objects.count() == 0


def test_pins_live_in_the_merchant_schema_and_never_show_on_another(
    demo, acme, demo_owner, acme_owner
):
    acme_owner_id = Account.objects.get(merchant=acme, username="owner").pk
    # A row in demo's schema that even carries acme's account id.
    with tenant_context(demo):
        ShortcutPin.objects.create(account_id=acme_owner_id, menu_id=_menu_id(1, "/staff"))

    acme_shortcuts = acme_owner.get("/api/v2/getCommonFunctionMenu").data

    assert "/staff" not in [entry["path"] for entry in acme_shortcuts][:1]
    assert len(acme_shortcuts) == 8  # the defaults: acme's schema has no pins
    with tenant_context(acme):
        assert ShortcutPin.objects.count() == 0


def test_demo_token_cannot_read_or_write_on_acme_host(demo_owner, acme):
    demo_owner.host = "acme.localhost"

    assert demo_owner.get("/api/v2/getCommonFunctionMenu").code == 109
    assert (
        demo_owner.post("/api/v2/saveCommonFunctionMenu", {"menu_ids": [_menu_id(1, "/")]}).code
        == 109
    )
    with tenant_context(acme):
        assert ShortcutPin.objects.count() == 0
