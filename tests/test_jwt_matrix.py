"""Every protected call refuses every kind of bad token, and every kind of bad API key, with
109; a live key is refused (403) on every call no scope opens and on the platform's side."""

import base64
import json
import time
from datetime import UTC, datetime, timedelta

import jwt
import pytest
from django.conf import settings

from tenants.accounts.api_keys import SCOPES, key_digest, key_new
from tenants.accounts.models import ApiKey
from tenants.merchants.models import Merchant
from tests.fixtures import ApiClient, login
from zulin.api import api
from zulin.core.auth import TokenAuth, key_scopes
from zulin.core.errors import ErrorCode


def router_auth(router) -> list:
    auth = router.auth
    return list(auth) if isinstance(auth, list | tuple) else [auth]


def protected_operations():
    for prefix, router in api._routers:
        for path, view in router.path_operations.items():
            for operation in view.operations:
                # A router's auth (merchants, platform staff) reaches its calls only once the
                # URLs are mounted: read it from the router until then.
                declared = operation.auth_callbacks or router_auth(router)
                auths = [a for a in declared if isinstance(a, TokenAuth)]
                if not auths:
                    continue
                for method in operation.methods:
                    yield method, f"/api{prefix}/{path.lstrip('/')}".replace("//", "/"), auths[0]


OPERATIONS = sorted(set(protected_operations()), key=lambda op: (op[1], op[0]))


def _host_for(auth: TokenAuth) -> str:
    return "admin.localhost" if auth.side == 0 else "demo.localhost"


def _b64(data: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).rstrip(b"=").decode()


def _flip_last_chars(signature: str) -> str:
    return signature[:-2] + ("AA" if signature[-2:] != "AA" else "BB")


def _claims_of(token: str) -> dict:
    return jwt.decode(token, options={"verify_signature": False})


def bad_tokens(host: str) -> dict[str, str]:
    good = login(host, "admin" if host.startswith("admin") else "owner").token
    claims = _claims_of(good)
    now = datetime.now(tz=UTC)
    expired = {**claims, "iat": now - timedelta(hours=2), "exp": now - timedelta(seconds=1)}
    no_exp = {k: v for k, v in claims.items() if k != "exp"}
    other_host = "acme.localhost" if host != "admin.localhost" else "demo.localhost"
    foreign = login(other_host, "owner").token
    wrong_side = login("admin.localhost", "admin").token if host != "admin.localhost" else foreign
    revoked_client = login(host, "admin" if host.startswith("admin") else "owner")
    revoked = revoked_client.token
    assert revoked_client.post("/api/platform/logout").ok
    header, payload, signature = good.split(".")
    return {
        "missing": "",
        "garbage": "not-a-token",
        "expired": jwt.encode(expired, settings.JWT_SECRET, algorithm="HS256"),
        "without_exp": jwt.encode(no_exp, settings.JWT_SECRET, algorithm="HS256"),
        "tampered": f"{header}.{payload}.{_flip_last_chars(signature)}",
        "alg_none": f"{_b64({'alg': 'none', 'typ': 'JWT'})}.{payload}.",
        "other_secret": jwt.encode(claims, "another-secret-entirely-0123456789abc", "HS256"),
        "wrong_side": wrong_side,
        "wrong_tenant": foreign if host != "admin.localhost" else foreign,
        "revoked": revoked,
    }


def _key_row(slug: str, **fields) -> str:
    """A key of the merchant, stored as createApiKey stores one (no sign-in per test)."""
    key = key_new()
    ApiKey.objects.create(
        merchant=Merchant.objects.get(slug=slug),
        name=fields.pop("name", "matrix"),
        prefix=key[:16],
        digest=key_digest(key),
        scopes=list(SCOPES),
        **fields,
    )
    return key


def keys_of_every_kind() -> tuple[str, dict[str, str]]:
    """A live key of the demo shop with every scope, and the kinds of bad key."""
    live = _key_row("demo")
    past = datetime.now(tz=UTC) - timedelta(seconds=1)
    return live, {
        "garbage": "zl_test_not-a-key",
        "checksum": live[:-1] + ("A" if live[-1] != "A" else "B"),
        "revoked": _key_row("demo", revoked_at=past),
        "expired": _key_row("demo", expires_at=past),
        "other_merchant": _key_row("acme"),
    }


KEYED = key_scopes()


@pytest.mark.parametrize(
    ("method", "path", "auth"), OPERATIONS, ids=[f"{m} {p}" for m, p, _ in OPERATIONS]
)
def test_every_protected_call_refuses_bad_tokens_and_keys(db, method, path, auth):
    host = _host_for(auth)
    for kind, token in bad_tokens(host).items():
        answer = ApiClient(host, token=token or None).call(method, path, {})

        assert answer.code == 109, f"{kind}: {answer}"

    live, bad = keys_of_every_kind()
    for kind, key in bad.items():
        answer = ApiClient(host, api_key=key).call(method, path, {})

        assert answer.code == 109, f"key {kind}: {answer}"
    answer = ApiClient(host, api_key=live).call(method, path, {})
    if auth.side == 0 or host == "admin.localhost":
        assert answer.code == 109, f"a live key on the platform's side: {answer}"
    elif path in KEYED:
        assert answer.code not in (109, ErrorCode.FORBIDDEN), f"a key's own call: {answer}"
    else:
        assert answer.code == ErrorCode.FORBIDDEN, f"a call no scope opens: {answer}"


def test_matrix_covers_the_protected_calls():
    paths = {path for _, path, _ in OPERATIONS}

    assert {"/api/platform/getLoginUserInfo", "/api/v2/getCommonFunctionMenu"} <= paths
    assert "/api/platform/mainLand" not in paths
    assert {"/api/platform/merchantList", "/api/platform/updatePlatformStaff"} <= paths
    # Every call a key may use is a protected call of the merchant's side.
    assert set(KEYED) <= paths
    assert {"/api/platform/goodsList", "/api/backend/getUnitList"} <= set(KEYED)


def test_a_valid_token_passes_on_its_own_host(demo_owner):
    assert demo_owner.get("/api/platform/getLoginUserInfo").code == 200


def test_a_token_checked_before_is_refused_once_it_expires(demo, settings):
    # Valid tokens are checked once per process and remembered; expiry still counts each time.
    # The expiry is a whole second: a token lives TTL-1 to TTL seconds, enough for the first
    # call on a loaded machine.
    settings.JWT_TTL = timedelta(seconds=4)
    owner = login("demo.localhost", "owner")
    assert owner.get("/api/platform/getLoginUserInfo").ok
    expires_at = _claims_of(owner.token)["exp"]

    time.sleep(max(expires_at - time.time(), 0) + 0.05)

    assert owner.get("/api/platform/getLoginUserInfo").code == 109


def test_a_token_checked_before_is_refused_under_a_new_secret(demo, settings):
    owner = login("demo.localhost", "owner")
    assert owner.get("/api/platform/getLoginUserInfo").ok

    settings.JWT_SECRET = "a-rotated-secret-of-enough-length-for-hs256"

    assert owner.get("/api/platform/getLoginUserInfo").code == 109
