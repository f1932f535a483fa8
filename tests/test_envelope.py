"""Each class of failure answers the envelope with its catalogue code; never HTML."""

from unittest import mock

from django.test import Client

from tests.fixtures import ApiClient
from zulin.core.errors import MESSAGES, ErrorCode


def test_every_code_has_a_chinese_and_an_english_message():
    assert set(MESSAGES) == set(ErrorCode)
    assert all(zh and en and zh != en for zh, en in MESSAGES.values())


def test_malformed_json_is_an_envelope_error(db):
    answer = ApiClient("admin.localhost").post("/api/platform/mainLand", raw="{not json")

    assert (answer.code, answer.status) == (1010, 200)


def test_wrong_types_answer_field_errors(db):
    answer = ApiClient("admin.localhost").post(
        "/api/platform/mainLand", {"username": 12, "remember": "perhaps"}
    )

    assert answer.code == 400
    assert set(answer.data["fields"]) == {"username", "password", "remember"}


def test_field_errors_follow_accept_language(db):
    body = {"username": "", "password": "x" * 200}
    chinese = ApiClient("admin.localhost").post("/api/platform/mainLand", body)
    english = ApiClient("admin.localhost", language="en").post("/api/platform/mainLand", body)

    assert chinese.data["fields"] == {
        "username": ["至少 1 个字符"],
        "password": ["最多 128 个字符"],
    }
    assert english.data["fields"]["username"] == ["String should have at least 1 character"]


def test_unknown_route_is_not_found(db):
    answer = ApiClient("admin.localhost").get("/api/platform/noSuchCall")

    assert (answer.code, answer.status) == (404, 200)


def test_wrong_method_is_method_not_allowed(db):
    answer = ApiClient("admin.localhost").get("/api/platform/mainLand")

    assert (answer.code, answer.status) == (405, 200)


def test_unknown_host_is_an_envelope_error_not_a_404_page(db):
    answer = ApiClient("nowhere.localhost").get("/api/platform/getSiteInfo")

    assert answer.code == 1001


def test_disallowed_host_is_an_envelope_error(db, settings):
    settings.ALLOWED_HOSTS = [".localhost"]

    answer = ApiClient("evil.example.com").get("/api/platform/getSiteInfo")

    assert answer.code == 1001


def test_missing_session_is_109(db):
    assert ApiClient("admin.localhost").get("/api/platform/getLoginUserInfo").code == 109


def test_message_follows_accept_language(db):
    english = ApiClient("admin.localhost", language="en-US,en;q=0.9")
    chinese = ApiClient("admin.localhost")

    assert english.get("/api/platform/getLoginUserInfo").msg == MESSAGES[ErrorCode.NO_SESSION][1]
    assert chinese.get("/api/platform/getLoginUserInfo").msg == MESSAGES[ErrorCode.NO_SESSION][0]


def test_real_fault_is_http_500_with_the_envelope(demo_owner):
    with mock.patch("tenants.accounts.selectors.menu_tree", side_effect=RuntimeError("boom")):
        answer = demo_owner.get("/api/platform/getLoginUserInfo")

    assert (answer.code, answer.status) == (500, 500)
    assert "boom" not in answer.msg


def test_frozen_merchant_hosts_answer_a_clear_error(demo):
    from tenants.merchants.models import Merchant
    from zulin.core.tenancy import forget_merchant_hosts

    Merchant.objects.filter(pk=demo.pk).update(status="frozen")
    forget_merchant_hosts(demo)

    answer = ApiClient("demo.localhost").post(
        "/api/platform/mainLand", {"username": "owner", "password": "Zulin@2026"}
    )

    assert answer.code == 1005


def test_openapi_and_docs_are_served(db):
    client = Client()
    schema = client.get("/api/openapi.json")
    docs = client.get("/api/docs")

    assert schema.status_code == 200 and "/api/platform/mainLand" in schema.json()["paths"]
    assert docs.status_code == 200 and b"swagger" in docs.content.lower()
    ok = schema.json()["paths"]["/api/platform/getSiteInfo"]["get"]["responses"]["200"]
    assert ok["content"]["application/json"]["schema"]["required"] == ["code", "data", "msg"]
