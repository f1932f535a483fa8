from django_tenants.utils import tenant_context

from tenants.accounts.models import Account, Menu
from tenants.workbench.models import ShortcutPin


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


def test_pins_belong_to_their_account_and_never_show_on_another_merchant(
    demo, acme, demo_owner, acme_owner
):
    saved = demo_owner.post("/api/v2/saveCommonFunctionMenu", {"menu_ids": [_menu_id(1, "/staff")]})
    assert saved.ok

    demo_shortcuts = demo_owner.get("/api/v2/getCommonFunctionMenu").data
    acme_shortcuts = acme_owner.get("/api/v2/getCommonFunctionMenu").data

    assert [entry["path"] for entry in demo_shortcuts] == ["/staff"]
    assert "/staff" not in [entry["path"] for entry in acme_shortcuts][:1]
    assert len(acme_shortcuts) == 8  # the defaults: acme's owner pinned nothing
    acme_owner_id = Account.objects.get(merchant=acme, username="owner").pk
    assert ShortcutPin.objects.filter(account_id=acme_owner_id).count() == 0


def test_demo_token_cannot_read_or_write_on_acme_host(demo_owner, acme):
    demo_owner.host = "acme.localhost"

    assert demo_owner.get("/api/v2/getCommonFunctionMenu").code == 109
    assert (
        demo_owner.post("/api/v2/saveCommonFunctionMenu", {"menu_ids": [_menu_id(1, "/")]}).code
        == 109
    )
    assert ShortcutPin.objects.count() == 0
