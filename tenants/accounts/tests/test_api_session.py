from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.fixtures import ApiClient, login


def _paths(tree):
    for node in tree:
        yield node["path"]
        yield from _paths(node["children"])


def test_login_user_info_answers_user_roles_auth_and_menu(demo_owner):
    answer = demo_owner.get("/api/platform/getLoginUserInfo")

    assert answer.code == 200
    info = answer.data
    assert info["user"]["username"] == "owner"
    assert info["current_role"]["code"] == "owner"
    actions = {entry["action"] for entry in info["auth"]}
    assert {"goods.edit", "subshop.manage", "withdrawal.apply"} <= actions
    assert info["site"]["platform_type"] == 1
    groups = [node for node in info["menus"] if node["children"]]
    assert groups and all(group["path"] == "#" for group in groups)
    assert all(child["menu_pid"] == groups[0]["id"] for child in groups[0]["children"])
    assert "/subMerchant" in set(_paths(info["menus"]))


def test_menu_follows_the_role_actions(demo):
    manager = login("demo.localhost", "manager")
    roles = manager.get("/api/platform/getLoginUserInfo").data["roles"]
    auditor = next(role for role in roles if role["code"] == "auditor")
    manager.token = manager.post("/api/platform/chooseRole", {"role_id": auditor["id"]}).data[
        "token"
    ]

    info = manager.get("/api/platform/getLoginUserInfo").data
    paths = set(_paths(info["menus"]))

    assert {entry["action"] for entry in info["auth"]} == {
        "order.view",
        "order.audit",
        "order.remark",
        "goods.view",
        "customer.view",
        "customer.blacklist",
        "notary.manage",
    }
    assert "/regularOrder" in paths and "/customers" in paths
    assert "/subMerchant" not in paths and "/billList" not in paths
    # A group whose entries are all hidden is not shown.
    assert "店铺管理" not in {node["menu_name"] for node in info["menus"]}


def test_admin_menu_is_the_platform_menu(admin_client):
    info = admin_client.get("/api/platform/getLoginUserInfo").data
    paths = set(_paths(info["menus"]))

    assert {"/merchant", "/productCategory", "/rechargeAudit"} <= paths
    assert "/subMerchant" not in paths


def test_menu_names_follow_accept_language(demo_owner):
    demo_owner.language = "en"
    info = demo_owner.get("/api/platform/getLoginUserInfo").data

    assert info["menus"][0]["menu_name"] == "Workbench"


def test_account_with_two_roles_must_pick_one(demo):
    answer = ApiClient("demo.localhost").post(
        "/api/platform/mainLand", {"username": "manager", "password": "Zulin@2026"}
    )

    assert answer.data["need_role_pick"] is True
    assert answer.data["current_role"] is None
    assert {role["code"] for role in answer.data["roles"]} == {"auditor", "finance"}
    unpicked = ApiClient("demo.localhost", token=answer.data["token"])
    info = unpicked.get("/api/platform/getLoginUserInfo").data
    assert info["auth"] == []
    assert [node["path"] for node in info["menus"]] == ["/"]


def test_choose_role_issues_a_token_for_that_role(demo):
    manager = login("demo.localhost", "manager")
    roles = manager.get("/api/platform/getLoginUserInfo").data["roles"]
    finance = next(role for role in roles if role["code"] == "finance")

    answer = manager.post("/api/platform/chooseRole", {"role_id": finance["id"]})

    assert answer.code == 200
    assert answer.data["current_role"]["code"] == "finance"
    picked = ApiClient("demo.localhost", token=answer.data["token"])
    actions = {e["action"] for e in picked.get("/api/platform/getLoginUserInfo").data["auth"]}
    assert "withdrawal.apply" in actions and "order.audit" not in actions


def test_choose_role_refuses_a_role_not_assigned(demo_owner):
    roles = demo_owner.get("/api/platform/getLoginUserInfo").data["roles"]
    foreign_role_id = max(role["id"] for role in roles) + 1

    answer = demo_owner.post("/api/platform/chooseRole", {"role_id": foreign_role_id})

    assert answer.code == 1006


def test_logout_ends_every_session_of_the_account(demo):
    first = login("demo.localhost", "owner")
    second = login("demo.localhost", "owner")

    assert first.post("/api/platform/logout").code == 200

    assert first.get("/api/platform/getLoginUserInfo").code == 109
    assert second.get("/api/platform/getLoginUserInfo").code == 109
    assert login("demo.localhost", "owner").get("/api/platform/getLoginUserInfo").code == 200


def test_site_info_needs_no_session_and_names_the_merchant(demo):
    answer = ApiClient("demo.localhost").get("/api/platform/getSiteInfo")

    assert answer.data["platform_type"] == 1
    assert answer.data["merchant"]["slug"] == "demo"
    assert ApiClient("admin.localhost").get("/api/platform/getSiteInfo").data["merchant"] is None


def test_warm_tenancy_and_auth_cost_no_query_and_one_redis_round_trip(demo_owner, monkeypatch):
    import redis

    demo_owner.get("/api/platform/getLoginUserInfo")  # warms host, account and role entries
    commands: list[str] = []
    real = redis.Redis.execute_command

    def counted(self, *args, **options):
        commands.append(str(args[0]).upper())
        return real(self, *args, **options)

    monkeypatch.setattr(redis.Redis, "execute_command", counted)
    with CaptureQueriesContext(connection) as queries:
        answer = demo_owner.get("/api/platform/getLoginUserInfo")

    assert answer.ok
    # django-tenants sets search_path before a statement; those are not reads.
    reads = [q["sql"] for q in queries.captured_queries if not q["sql"].startswith("SET ")]
    assert reads == []
    # One MGET for host, account (with its roles) and role actions: tenancy and auth.
    assert commands == ["MGET"]


def test_role_change_retires_the_cached_role_list(demo):
    from tenants.accounts.models import Account, AccountRole, Role
    from tenants.accounts.services import account_revoke_sessions

    owner = login("demo.localhost", "owner")
    assert [r["code"] for r in owner.get("/api/platform/getLoginUserInfo").data["roles"]] == [
        "owner"
    ]
    account = Account.objects.get(merchant=demo, username="owner")
    AccountRole.objects.create(
        account=account, role=Role.objects.get(platform_type=1, merchant=None, code="finance")
    )
    account_revoke_sessions(account=account)

    roles = login("demo.localhost", "owner").get("/api/platform/getLoginUserInfo").data["roles"]

    assert {r["code"] for r in roles} == {"owner", "finance"}


def test_privacy_policy_is_shown_without_a_session(demo):
    answer = ApiClient("demo.localhost").post("/api/platform/showPrivacy")

    assert answer.code == 200
    assert answer.data["title"] == "隐私政策"
    assert answer.data["version"]
    assert "验证码" in answer.data["content"]
