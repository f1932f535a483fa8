"""PostgreSQL down (issue 26): every call answers 503 in the envelope within a second,
`/api/health` says the database is down, and once PostgreSQL is back the next call is served,
by the same worker, without a restart. The API is served (tests/served.py) and reaches the
test database through a proxy the test cuts (tests/tcp_proxy.py): the machine's PostgreSQL,
which others use, keeps running. Nothing is written: the sign-ins are the test's own,
rolled back; their tokens stay valid."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest
from django.db import connection

from tests.fixtures import login
from tests.served import ServedApi, served_api, served_database_url
from tests.tcp_proxy import TcpProxy

ADMIN, SHOP = "admin.localhost", "demo.localhost"
# Calls on both sides, each needing the database for a different reason: a session, a
# list, a row (a POST), the host of a shop not cached yet; and they answer (code) once it
# is back. Nothing here writes.
CALLS = [
    ("GET", "/api/platform/goodsList", SHOP, None, 200),
    ("GET", "/api/platform/backendOrderList", SHOP, None, 200),
    ("GET", "/api/platform/merchantList", ADMIN, None, 200),
    ("POST", "/api/platform/goodsDetail", SHOP, {"id": 987654321}, 404),
    ("GET", "/api/platform/getSiteInfo", "acme.localhost", None, 200),
]
# Who is signed in is answered from the cache (Redis) once asked: PostgreSQL down or not.
WHO_AM_I = ("GET", "/api/platform/getLoginUserInfo", SHOP)
# Signing in needs the account (and writes once it passes): tried only while it is down.
SIGN_IN = ("POST", "/api/platform/mainLand", SHOP, {"username": "owner", "password": "x1"}, 0)


@pytest.fixture
def proxy() -> Iterator[TcpProxy]:
    db = connection.settings_dict
    through = TcpProxy(db["HOST"], int(db["PORT"]))
    through.start()
    yield through
    through.stop()


@pytest.fixture
def served(proxy) -> Iterator[ServedApi]:
    # One worker: the one whose connection breaks is the one that must recover.
    database = served_database_url(host="127.0.0.1", port=proxy.port)
    with served_api(workers=1, database_url=database) as running:
        yield running


def _call(
    served: ServedApi,
    tokens: dict[str, str],
    method: str,
    path: str,
    host: str,
    body: object = None,
    _answer: int = 0,
) -> tuple[int, dict, float]:
    headers = {"Host": host, "Content-Type": "application/json"}
    if host in tokens and not path.endswith("mainLand"):
        headers["jwt-token"] = tokens[host]
    raw = json.dumps(body).encode() if body is not None else None
    started = time.monotonic()
    status, answer = served.http(method, path, headers, raw, timeout=10)
    return status, answer, time.monotonic() - started


def test_with_postgresql_down_every_call_answers_503_at_once_and_all_recover(demo, proxy, served):
    tokens = {ADMIN: login(ADMIN, "admin").token, SHOP: login(SHOP, "owner").token}
    status, up, _ = _call(served, tokens, *WHO_AM_I)
    assert (status, up["code"]) == (200, 200), up  # the worker holds a connection now

    proxy.stop()
    down = [_call(served, tokens, *call) for call in [*CALLS, SIGN_IN]]
    health_status, health, health_seconds = _call(served, tokens, "GET", "/api/health", "localhost")
    cached_status, cached, _ = _call(served, tokens, *WHO_AM_I)

    for (method, path, host, *_), (status, answer, seconds) in zip(
        [*CALLS, SIGN_IN], down, strict=True
    ):
        assert (status, answer["code"]) == (503, 503), (method, path, host, answer)
        assert set(answer) == {"code", "data", "msg"} and answer["data"] == {
            "unavailable": "database"
        }
        assert seconds < 1, (path, seconds)
    assert (health_status, health["code"]) == (503, 503)
    assert health["data"]["checks"]["database"] == "down"
    assert health["data"]["checks"]["redis"] == "ok"
    assert health_seconds < 1
    assert (cached_status, cached["code"]) == (200, 200)

    proxy.start()
    back = [_call(served, tokens, *call) for call in CALLS]
    health_status, health, _ = _call(served, tokens, "GET", "/api/health", "localhost")

    assert [(status, answer["code"]) for status, answer, _ in back] == [
        (200, code) for *_, code in CALLS
    ], back
    assert health_status == 200 and health["data"]["checks"]["database"] == "ok"
