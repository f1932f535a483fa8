import re
from datetime import timedelta

from django.utils import timezone

from tenants.accounts.models import Account, PasswordResetCode
from tests.fixtures import ApiClient, login
from zulin.providers.models import SandboxSmsMessage

PHONE = "13900000001"  # demo owner


def _request_code(client: ApiClient, username: str = "owner", phone: str = PHONE) -> str | None:
    answer = client.post("/api/platform/sendResetPwdSms", {"username": username, "phone": phone})
    assert answer.code == 200, answer
    assert answer.data == {"resend_after": 60}
    message = SandboxSmsMessage.objects.filter(phone=phone).first()
    if message is None:
        return None
    return re.search(r"验证码为(\d{6})", message.text).group(1)


def test_reset_code_is_sent_by_sms_and_resets_the_password(demo):
    old_session = login("demo.localhost", "owner")
    client = ApiClient("demo.localhost")
    code = _request_code(client)

    answer = client.post(
        "/api/platform/resetPwd",
        {"username": "owner", "phone": PHONE, "code": code, "password": "NewPass2026"},
    )

    assert answer.code == 200
    assert old_session.get("/api/platform/getLoginUserInfo").code == 109
    assert login("demo.localhost", "owner", "NewPass2026").token
    assert (
        client.post("/api/platform/mainLand", {"username": "owner", "password": "Zulin@2026"}).code
        == 1003
    )


def test_reset_code_is_stored_hashed_and_used_once(demo):
    client = ApiClient("demo.localhost")
    code = _request_code(client)
    stored = PasswordResetCode.objects.get(account__username="owner", account__merchant=demo)
    assert code not in stored.code_hash

    body = {"username": "owner", "phone": PHONE, "code": code, "password": "NewPass2026"}
    assert client.post("/api/platform/resetPwd", body).code == 200
    assert client.post("/api/platform/resetPwd", {**body, "password": "Other2026x"}).code == 1007


def test_expired_code_is_refused(demo):
    client = ApiClient("demo.localhost")
    code = _request_code(client)
    PasswordResetCode.objects.update(expires_at=timezone.now() - timedelta(seconds=1))

    answer = client.post(
        "/api/platform/resetPwd",
        {"username": "owner", "phone": PHONE, "code": code, "password": "NewPass2026"},
    )

    assert answer.code == 1007


def test_code_dies_after_five_wrong_attempts(demo):
    client = ApiClient("demo.localhost")
    code = _request_code(client)
    wrong = "000000" if code != "000000" else "111111"
    for _ in range(5):
        assert (
            client.post(
                "/api/platform/resetPwd",
                {"username": "owner", "phone": PHONE, "code": wrong, "password": "NewPass2026"},
            ).code
            == 1007
        )

    answer = client.post(
        "/api/platform/resetPwd",
        {"username": "owner", "phone": PHONE, "code": code, "password": "NewPass2026"},
    )

    assert answer.code == 1007
    assert PasswordResetCode.objects.get().attempts == 5


def test_resend_is_throttled(demo):
    client = ApiClient("demo.localhost")
    _request_code(client)

    answer = client.post("/api/platform/sendResetPwdSms", {"username": "owner", "phone": PHONE})

    assert answer.code == 1008
    assert SandboxSmsMessage.objects.count() == 1


def test_unknown_account_or_wrong_phone_answers_the_same_and_sends_nothing(demo):
    client = ApiClient("demo.localhost")

    assert _request_code(client, username="nobody") is None
    assert _request_code(client, username="owner", phone="13911112222") is None
    assert SandboxSmsMessage.objects.count() == 0


def test_weak_new_password_is_refused_and_nothing_changes(demo):
    client = ApiClient("demo.localhost")
    code = _request_code(client)
    before = Account.objects.get(merchant=demo, username="owner").password

    answer = client.post(
        "/api/platform/resetPwd",
        {"username": "owner", "phone": PHONE, "code": code, "password": "short"},
    )

    assert answer.code == 1009
    assert Account.objects.get(merchant=demo, username="owner").password == before


def test_sms_gateway_failure_is_a_clear_error_and_keeps_no_code(demo):
    Account.objects.filter(merchant=demo, username="owner").update(phone="13900000000")
    client = ApiClient("demo.localhost")

    answer = client.post(
        "/api/platform/sendResetPwdSms", {"username": "owner", "phone": "13900000000"}
    )

    assert answer.code == 1012
    assert PasswordResetCode.objects.count() == 0


def test_code_from_one_merchant_does_not_reset_the_same_username_on_another(demo, acme):
    code = _request_code(ApiClient("demo.localhost"))

    answer = ApiClient("acme.localhost").post(
        "/api/platform/resetPwd",
        {"username": "owner", "phone": PHONE, "code": code, "password": "NewPass2026"},
    )

    assert answer.code == 1007
