from django.contrib.auth.hashers import identify_hasher

from tenants.accounts.models import Account
from tests.fixtures import ApiClient, login


def test_owner_signs_in_on_own_merchant_host(demo):
    answer = ApiClient("demo.localhost").post(
        "/api/platform/mainLand", {"username": "owner", "password": "Zulin@2026"}
    )

    assert answer.code == 200
    assert answer.data["platform_type"] == 1
    assert answer.data["user"]["merchant"] == {"name": demo.name, "slug": "demo"}
    assert [role["code"] for role in answer.data["roles"]] == ["owner"]
    assert answer.data["current_role"]["code"] == "owner"
    assert answer.data["need_role_pick"] is False
    assert answer.data["user"]["phone"] == "139****0001"


def test_admin_signs_in_on_admin_host(db):
    answer = ApiClient("admin.localhost").post(
        "/api/platform/mainLand", {"username": "admin", "password": "Zulin@2026"}
    )

    assert answer.code == 200
    assert answer.data["platform_type"] == 0
    assert answer.data["user"]["merchant"] is None


def test_same_username_is_a_different_account_on_each_merchant(demo, acme):
    demo_session = login("demo.localhost", "owner")
    acme_session = login("acme.localhost", "owner")

    demo_user = demo_session.get("/api/platform/getLoginUserInfo").data["user"]
    acme_user = acme_session.get("/api/platform/getLoginUserInfo").data["user"]

    assert demo_user["id"] != acme_user["id"]
    assert demo_user["merchant"]["slug"] == "demo"
    assert acme_user["merchant"]["slug"] == "acme"


def test_store_account_cannot_sign_in_on_admin_host(demo):
    answer = ApiClient("admin.localhost").post(
        "/api/platform/mainLand", {"username": "owner", "password": "Zulin@2026"}
    )

    assert answer.code == 1003


def test_wrong_password_is_refused(demo):
    answer = ApiClient("demo.localhost").post(
        "/api/platform/mainLand", {"username": "owner", "password": "wrong-password"}
    )

    assert answer.code == 1003
    assert answer.data is None


def test_disabled_account_is_refused(demo):
    Account.objects.filter(merchant=demo, username="owner").update(is_active=False)

    answer = ApiClient("demo.localhost").post(
        "/api/platform/mainLand", {"username": "owner", "password": "Zulin@2026"}
    )

    assert answer.code == 1004


def test_passwords_are_stored_with_argon2(demo):
    account = Account.objects.get(merchant=demo, username="owner")

    assert identify_hasher(account.password).algorithm == "argon2"


def test_account_is_locked_after_repeated_failures_even_with_right_password(demo):
    client = ApiClient("demo.localhost")
    for _ in range(5):
        assert (
            client.post(
                "/api/platform/mainLand", {"username": "owner", "password": "nope-1234"}
            ).code
            == 1003
        )

    answer = client.post("/api/platform/mainLand", {"username": "owner", "password": "Zulin@2026"})

    assert answer.code == 429
    # The same username on another merchant is not locked.
    assert (
        ApiClient("acme.localhost")
        .post("/api/platform/mainLand", {"username": "owner", "password": "Zulin@2026"})
        .code
        == 200
    )


def test_ip_is_locked_after_failures_across_accounts(demo, settings):
    settings.LOGIN_MAX_FAILURES_PER_IP = 3
    client = ApiClient("demo.localhost")
    for name in ("a1", "a2", "a3"):
        assert (
            client.post("/api/platform/mainLand", {"username": name, "password": "x1234567"}).code
            == 1003
        )

    answer = client.post("/api/platform/mainLand", {"username": "owner", "password": "Zulin@2026"})

    assert answer.code == 429


def test_raw_request_rate_is_throttled_per_ip(demo):
    client = ApiClient("admin.localhost")
    codes = [
        client.post("/api/platform/mainLand", {"username": "", "password": ""}).code
        for _ in range(31)
    ]

    assert codes[:30] == [400] * 30
    assert codes[30] == 429


def test_successful_login_clears_the_account_failure_count(demo):
    client = ApiClient("demo.localhost")
    for _ in range(4):
        client.post("/api/platform/mainLand", {"username": "owner", "password": "nope-1234"})
    assert client.post("/api/platform/mainLand", {"username": "owner", "password": "Zulin@2026"}).ok

    for _ in range(4):
        client.post("/api/platform/mainLand", {"username": "owner", "password": "nope-1234"})

    assert client.post("/api/platform/mainLand", {"username": "owner", "password": "Zulin@2026"}).ok


def test_forged_forwarded_for_does_not_escape_the_ip_lock(demo, settings):
    settings.LOGIN_MAX_FAILURES_PER_IP = 2
    client = ApiClient("demo.localhost")
    for index in range(2):
        client.post(
            "/api/platform/mainLand",
            {"username": f"x{index}", "password": "x1234567"},
            HTTP_X_FORWARDED_FOR=f"10.0.0.{index}",
        )

    answer = client.post(
        "/api/platform/mainLand",
        {"username": "owner", "password": "Zulin@2026"},
        HTTP_X_FORWARDED_FOR="10.9.9.9",
    )

    assert answer.code == 429
