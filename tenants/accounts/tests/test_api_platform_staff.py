"""Platform staff (admin host, `staff.manage`): list, create, update (roles, status, password),
the role rules, self-protection, revocation on the very next request, and the audit trail."""

from __future__ import annotations

from typing import Any

from tenants.accounts.models import Account, Action, Role
from tenants.accounts.selectors import role_actions_forget
from tenants.accounts.services import account_create
from tests.fixtures import ApiClient, login
from zulin.audit.models import AuditEntry
from zulin.core.sides import PlatformType

ADMIN_HOST = "admin.localhost"
STAFF_PASSWORD = "Staff@2026x"
LIST = "/api/platform/getPlatformStaffList"
CREATE = "/api/platform/createPlatformStaff"
UPDATE = "/api/platform/updatePlatformStaff"


def staff_make(
    admin: ApiClient, username: str = "fin1", roles: list[str] | None = None
) -> dict[str, Any]:
    answer = admin.post(
        CREATE,
        {
            "username": username,
            "password": STAFF_PASSWORD,
            "name": f"{username} 员工",
            "phone": "13600000011",
            "role_codes": roles or ["platform_finance"],
        },
    )
    assert answer.ok, answer
    return answer.data


def sign_in(username: str, password: str = STAFF_PASSWORD) -> ApiClient:
    return login(ADMIN_HOST, username, password)


def grant(role_code: str, *actions: str) -> None:
    """What a platform does when it lets a role do more (a custom grant), for the calling test
    only (rolled back)."""
    role = Role.objects.get(merchant=None, platform_type=PlatformType.ADMIN, code=role_code)
    role.actions.add(*Action.objects.filter(platform_type=PlatformType.ADMIN, code__in=actions))
    role_actions_forget(role.pk)


def _menu_paths(tree: list[dict[str, Any]]) -> set[str]:
    paths: set[str] = set()
    for node in tree:
        paths.add(node["path"])
        paths |= _menu_paths(node["children"])
    return paths


# --- create and list -----------------------------------------------------------------------


def test_admin_creates_platform_staff_who_signs_in_with_the_role(admin_client):
    created = staff_make(admin_client, "fin1", ["platform_finance", "platform_auditor"])

    assert [r["code"] for r in created["roles"]] == ["platform_finance", "platform_auditor"]
    assert created["status"] == "active" and created["phone"] == "13600000011"
    account = Account.objects.get(pk=created["id"])
    assert account.platform_type == PlatformType.ADMIN and account.merchant_id is None
    entry = AuditEntry.objects.get(action="staff.create", target_id=str(created["id"]))
    assert entry.target_type == "staff" and entry.actor_name == "平台管理员"
    assert entry.after["roles"] == ["platform_auditor", "platform_finance"]

    staff = sign_in("fin1")
    roles = staff.get("/api/platform/getLoginUserInfo").data["roles"]
    finance = next(role for role in roles if role["code"] == "platform_finance")
    staff.token = staff.post("/api/platform/chooseRole", {"role_id": finance["id"]}).data["token"]
    info = staff.get("/api/platform/getLoginUserInfo").data
    assert {"finance.view", "withdrawal.audit"} <= {a["action"] for a in info["auth"]}
    assert "staff.manage" not in {a["action"] for a in info["auth"]}
    assert "/cashWithdrawal" in _menu_paths(info["menus"])
    assert "/staff" not in _menu_paths(info["menus"])


def test_the_admin_menu_has_the_staff_screen(admin_client):
    info = admin_client.get("/api/platform/getLoginUserInfo").data

    assert "staff.manage" in {a["action"] for a in info["auth"]}
    assert "/staff" in _menu_paths(info["menus"])


def test_list_shows_every_platform_account_and_filters(admin_client, demo):
    staff_make(admin_client, "fin1", ["platform_finance"])
    staff_make(admin_client, "aud1", ["platform_auditor"])

    listed = admin_client.get(LIST).data
    # The base demo's `admin` and `ops` are platform people too; no store account is.
    assert {row["username"] for row in listed["list"]} == {"admin", "ops", "fin1", "aud1"}
    assert listed["total"] == 4 and listed["list"][0]["username"] == "aud1"  # newest first
    admin_row = next(row for row in listed["list"] if row["username"] == "admin")
    assert [role["code"] for role in admin_row["roles"]] == ["platform_admin"]

    finance = admin_client.get(LIST, {"role": "platform_finance"}).data
    assert {row["username"] for row in finance["list"]} == {"ops", "fin1"}
    assert admin_client.get(LIST, {"keyword": "aud"}).data["total"] == 1
    assert admin_client.get(LIST, {"status": "disabled"}).data["total"] == 0
    page = admin_client.get(LIST, {"page": 2, "page_size": 3}).data
    assert (page["total"], len(page["list"])) == (4, 1)
    assert admin_client.get(LIST, {"role": "owner"}).code == 400


def test_create_refuses_the_admin_role_store_roles_taken_usernames_and_weak_passwords(
    admin_client,
):
    body = {"username": "bob", "password": STAFF_PASSWORD, "name": "Bob"}

    no_role = admin_client.post(CREATE, {**body, "role_codes": []})
    admin_role = admin_client.post(CREATE, {**body, "role_codes": ["platform_admin"]})
    store_role = admin_client.post(CREATE, {**body, "role_codes": ["finance"]})
    taken = admin_client.post(
        CREATE, {**body, "username": "ops", "role_codes": ["platform_finance"]}
    )
    weak = admin_client.post(
        CREATE, {**body, "password": "1234", "role_codes": ["platform_finance"]}
    )

    assert no_role.code == 400 and "role_codes" in no_role.data["fields"]
    assert admin_role.code == 400 and "role_codes.0" in admin_role.data["fields"]
    assert store_role.code == 400
    assert taken.code == 1100
    assert weak.code == 1009
    assert not Account.objects.filter(username="bob").exists()
    assert not AuditEntry.objects.filter(action="staff.create").exists()


def test_a_store_username_is_free_on_the_platform(admin_client, demo):
    # Usernames are unique per side and merchant: the demo shop's `owner` is another person.
    created = staff_make(admin_client, "owner", ["platform_operator"])

    assert Account.objects.filter(username="owner").count() == 3  # demo, acme, platform
    assert (
        sign_in("owner").get("/api/platform/getLoginUserInfo").data["user"]["id"] == (created["id"])
    )


# --- update: revocation on the very next request -------------------------------------------


def test_a_role_change_ends_the_staff_session_on_the_next_request(admin_client):
    staff = staff_make(admin_client, "fin1", ["platform_finance"])
    fin = sign_in("fin1")
    assert fin.get("/api/platform/getLoginUserInfo").ok

    answer = admin_client.post(UPDATE, {"id": staff["id"], "role_codes": ["platform_operator"]})

    assert answer.code == 200
    assert [r["code"] for r in answer.data["roles"]] == ["platform_operator"]
    assert fin.get("/api/platform/getLoginUserInfo").code == 109
    fresh = sign_in("fin1").get("/api/platform/getLoginUserInfo").data
    assert fresh["current_role"]["code"] == "platform_operator"
    entry = AuditEntry.objects.get(action="staff.update", target_id=str(staff["id"]))
    assert entry.before == {"roles": ["platform_finance"]}
    assert entry.after == {"roles": ["platform_operator"]}


def test_disabling_needs_a_reason_ends_the_session_and_blocks_sign_in(admin_client):
    staff = staff_make(admin_client, "fin1")
    fin = sign_in("fin1")

    no_reason = admin_client.post(UPDATE, {"id": staff["id"], "status": "disabled"})
    assert no_reason.code == 400 and "reason" in no_reason.data["fields"]
    assert fin.get("/api/platform/getLoginUserInfo").ok

    disabled = admin_client.post(
        UPDATE, {"id": staff["id"], "status": "disabled", "reason": "离职"}
    )

    assert disabled.data["status"] == "disabled"
    assert fin.get("/api/platform/getLoginUserInfo").code == 109
    refused = ApiClient(ADMIN_HOST).post(
        "/api/platform/mainLand", {"username": "fin1", "password": STAFF_PASSWORD}
    )
    assert refused.code == 1004
    entry = AuditEntry.objects.get(action="staff.update", target_id=str(staff["id"]))
    assert entry.after == {"is_active": False} and entry.reason == "离职"
    listed = admin_client.get(LIST, {"status": "disabled"}).data
    assert [row["username"] for row in listed["list"]] == ["fin1"]

    admin_client.post(UPDATE, {"id": staff["id"], "status": "active"})
    assert sign_in("fin1").get("/api/platform/getLoginUserInfo").ok


def test_a_new_password_ends_the_session_and_renaming_keeps_it(admin_client):
    staff = staff_make(admin_client, "fin1")
    fin = sign_in("fin1")

    admin_client.post(UPDATE, {"id": staff["id"], "name": "林财务", "phone": ""})
    assert fin.get("/api/platform/getLoginUserInfo").data["user"]["name"] == "林财务"

    admin_client.post(UPDATE, {"id": staff["id"], "password": "Changed2026"})

    assert fin.get("/api/platform/getLoginUserInfo").code == 109
    assert ApiClient(ADMIN_HOST).post(
        "/api/platform/mainLand", {"username": "fin1", "password": STAFF_PASSWORD}
    ).code == (1003)
    assert sign_in("fin1", "Changed2026").get("/api/platform/getLoginUserInfo").ok
    entry = AuditEntry.objects.filter(action="staff.update").order_by("-id").first()
    assert entry is not None and entry.after == {"password": "changed"}


def test_update_refuses_store_accounts_and_unknown_ids(admin_client, demo):
    owner_id = Account.objects.get(merchant=demo, username="owner").pk

    for account_id in (owner_id, 999999):
        answer = admin_client.post(UPDATE, {"id": account_id, "name": "x"})
        assert answer.code == 404
    assert Account.objects.get(pk=owner_id).name == "演示店主"


# --- role rules and self-protection --------------------------------------------------------


def test_an_admin_keeps_platform_admin_when_its_staff_roles_change(admin_client):
    # A second admin, made by the service the CLI and the demo use (this screen never does).
    second = account_create(
        merchant=None, username="admin2", password=STAFF_PASSWORD, role_codes=["platform_admin"]
    )
    me = Account.objects.get(merchant=None, username="admin")
    fin = staff_make(admin_client, "fin1")

    other = admin_client.post(UPDATE, {"id": second.pk, "role_codes": ["platform_finance"]})
    assert other.code == 200
    assert [r["code"] for r in other.data["roles"]] == ["platform_admin", "platform_finance"]
    # An admin's staff roles may all go (platform_admin stays); anyone else needs one.
    none_left = admin_client.post(UPDATE, {"id": second.pk, "role_codes": []})
    assert [r["code"] for r in none_left.data["roles"]] == ["platform_admin"]
    assert admin_client.post(UPDATE, {"id": fin["id"], "role_codes": []}).code == 400

    own = admin_client.post(UPDATE, {"id": me.pk, "role_codes": ["platform_operator"]})

    # Their own: platform_admin (and so staff.manage) stays; new roles end the session.
    assert [r["code"] for r in own.data["roles"]] == ["platform_admin", "platform_operator"]
    assert admin_client.get("/api/platform/getLoginUserInfo").code == 109
    again = login(ADMIN_HOST, "admin")  # two roles now: the role picker comes first
    admin_role = next(r for r in own.data["roles"] if r["code"] == "platform_admin")
    again.token = again.post("/api/platform/chooseRole", {"role_id": admin_role["id"]}).data[
        "token"
    ]
    assert again.get(LIST).ok


def test_no_one_disables_themselves(admin_client):
    me = Account.objects.get(merchant=None, username="admin")

    answer = admin_client.post(UPDATE, {"id": me.pk, "status": "disabled", "reason": "试试"})

    assert answer.code == 403
    me.refresh_from_db()
    assert me.is_active
    assert admin_client.get("/api/platform/getLoginUserInfo").ok
    assert not AuditEntry.objects.filter(action="staff.update").exists()


def test_no_one_takes_away_their_own_staff_manage(admin_client):
    # The platform lets operators manage staff; an operator then edits their own account.
    grant("platform_operator", "staff.manage")
    staff = staff_make(admin_client, "op1", ["platform_operator"])
    operator = sign_in("op1")

    drop = operator.post(UPDATE, {"id": staff["id"], "role_codes": ["platform_finance"]})
    disable = operator.post(UPDATE, {"id": staff["id"], "status": "disabled", "reason": "x"})

    assert drop.code == 403 and disable.code == 403
    account = Account.objects.get(pk=staff["id"])
    assert [r.code for r in account.roles.all()] == ["platform_operator"] and account.is_active
    assert operator.get("/api/platform/getLoginUserInfo").ok

    # Adding a role keeps staff.manage: allowed (the new roles end the session, as for anyone).
    both = operator.post(
        UPDATE, {"id": staff["id"], "role_codes": ["platform_operator", "platform_finance"]}
    )
    assert both.code == 200
    assert {r["code"] for r in both.data["roles"]} == {"platform_operator", "platform_finance"}
    assert operator.get("/api/platform/getLoginUserInfo").code == 109


def test_a_lesser_role_cannot_change_an_admin(admin_client):
    grant("platform_operator", "staff.manage")
    staff_make(admin_client, "op1", ["platform_operator"])
    fin = staff_make(admin_client, "fin1", ["platform_finance"])
    operator = sign_in("op1")
    admin_id = Account.objects.get(merchant=None, username="admin").pk

    takeover = operator.post(UPDATE, {"id": admin_id, "password": "Takeover2026"})
    disable = operator.post(UPDATE, {"id": admin_id, "status": "disabled", "reason": "x"})

    assert takeover.code == 403 and disable.code == 403
    assert admin_client.get("/api/platform/getLoginUserInfo").ok
    login(ADMIN_HOST, "admin")  # the old password still works
    # Staff below the operator's rights are theirs to manage.
    assert operator.post(UPDATE, {"id": fin["id"], "name": "改名"}).code == 200


# --- who may call --------------------------------------------------------------------------


def test_platform_staff_calls_need_staff_manage_on_the_admin_host(admin_client, demo_owner):
    staff = staff_make(admin_client, "aud1", ["platform_auditor"])
    auditor = sign_in("aud1")

    assert auditor.get(LIST).code == 403
    assert auditor.post(CREATE, {}).code == 403
    assert auditor.post(UPDATE, {"id": staff["id"], "name": "x"}).code == 403
    # The auditor reads what the platform sees and changes nothing.
    assert auditor.get("/api/platform/platformGoodsList").ok
    assert auditor.get("/api/platform/merchantList").code == 403
    # A store session never reaches the platform's staff, not even the owner's.
    assert demo_owner.get(LIST).code == 1002
