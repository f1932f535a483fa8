"""Cache keys, and a Redis cache that never takes the product down with it.

Keys are per schema (django-tenants' make_key) unless they start with `global:`, which
marks data about the platform itself (host → merchant, account → session state, role →
actions).

When Redis is down or hangs, every call that does not need the queue is still served: each
operation has short socket timeouts, a failure opens a circuit for `CACHE_CIRCUIT_SECONDS`
during which nothing is tried (a read is a miss, a write is dropped), and readers fall back
to the database. A delete that could not reach Redis would leave a stale entry behind for
when it returns (a revoked session cached as valid), so every snapshot a reader trusts
carries the cache *epoch* it was written in, and a process that failed to delete bumps the
epoch as soon as Redis answers again: every older snapshot then counts as a miss.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient
from django_tenants.cache import make_key as tenant_make_key

GLOBAL_PREFIX = "global:"
EPOCH_KEY = "global:epoch"
logger = logging.getLogger("zulin.request")
T = TypeVar("T")


def make_key(key: str, key_prefix: str, version: int | str) -> str:
    if key.startswith(GLOBAL_PREFIX):
        return f"{key_prefix}:{version}:{key}"
    return tenant_make_key(key, key_prefix, version)


# --- the keys the request path reads in one round trip --------------------------------------


def host_key(host: str) -> str:
    return f"global:host:{host}"


def account_key(account_id: int) -> str:
    return f"global:account:{account_id}"


def role_actions_key(role_id: int) -> str:
    return f"global:role_actions:{role_id}"


# --- the circuit --------------------------------------------------------------------------


class Circuit:
    """Open for `CACHE_CIRCUIT_SECONDS` after a failure of `service`: nothing is tried."""

    def __init__(self, service: str = "redis cache") -> None:
        self.service = service
        self.open_until = 0.0
        self.epoch_bump_owed = False
        self.lock = threading.Lock()

    def closed(self) -> bool:
        return time.monotonic() >= self.open_until

    def trip(self, error: BaseException) -> None:
        seconds = getattr(settings, "CACHE_CIRCUIT_SECONDS", 5)
        if self.closed():
            logger.warning("%s unavailable, off for %ss: %s", self.service, seconds, error)
        self.open_until = time.monotonic() + seconds


circuit = Circuit()


def cache_available() -> bool:
    """False while the circuit is open (Redis failed a moment ago)."""
    return circuit.closed()


class ReusingRedisCacheClient(RedisCacheClient):
    """Django's client builds a new redis.Redis per operation, and redis-py fills ~160
    response callbacks each time (about 0.2 ms, measured in benchmarks/foundation.py).
    A Redis object over a pool is thread-safe, so one per pool is kept."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)  # type: ignore[attr-defined]
        return client


def _redis_errors() -> tuple[type[BaseException], ...]:
    import redis

    return (redis.RedisError, OSError)


class RedisCache(DjangoRedisCache):
    """Django's Redis cache behind the circuit: reads miss and writes drop while Redis is
    unavailable; a failed delete owes an epoch bump (see the module's note)."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        options = params.setdefault("OPTIONS", {})
        timeout = getattr(settings, "CACHE_SOCKET_TIMEOUT", 0.25)
        options.setdefault("socket_timeout", timeout)
        options.setdefault("socket_connect_timeout", timeout)
        super().__init__(server, params)
        self._class = ReusingRedisCacheClient

    def _guard(self, operation: Callable[[], T], fallback: T, *, deleting: bool = False) -> T:
        if not circuit.closed():
            if deleting:
                circuit.epoch_bump_owed = True
            return fallback
        try:
            if circuit.epoch_bump_owed:
                self._epoch_bump()
            return operation()
        except _redis_errors() as error:
            circuit.trip(error)
            if deleting:
                circuit.epoch_bump_owed = True
            return fallback

    def _epoch_bump(self) -> None:
        with circuit.lock:
            if circuit.epoch_bump_owed:
                key = self.make_and_validate_key(EPOCH_KEY)
                self._cache.get_client(key, write=True).incr(key)  # type: ignore[attr-defined]
                circuit.epoch_bump_owed = False

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._guard(lambda: super(RedisCache, self).get(key, default, version), default)

    def get_many(self, keys: Any, version: Any = None) -> dict[Any, Any]:
        return self._guard(lambda: super(RedisCache, self).get_many(keys, version), {})

    def validate_key(self, key: Any) -> None:
        """Django's check warns of keys memcached would refuse (over 250 characters, spaces,
        control characters); Redis takes any key, and the check cost a pass over each key's
        characters on every operation."""

    def get_many_global(self, keys: list[str]) -> dict[str, Any]:
        """`get_many` for `global:` keys (the request path's one round trip): their stored
        names are fixed (no schema in them), so they are made without the tenant lookup and
        read with one MGET, behind the same circuit."""
        if not all(key.startswith(GLOBAL_PREFIX) for key in keys):
            raise ValueError("get_many_global reads global: keys only")  # a schema's would miss
        made = [f"{self.key_prefix}:{self.version}:{key}" for key in keys]

        def read() -> dict[str, Any]:
            client = self._cache.get_client(None)  # type: ignore[attr-defined]
            loads = self._cache._serializer.loads  # type: ignore[attr-defined]
            return {
                key: loads(value)
                for key, value in zip(keys, client.mget(made), strict=True)
                if value is not None
            }

        return self._guard(read, {})

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> None:
        self._guard(lambda: super(RedisCache, self).set(key, value, timeout, version), None)

    def set_many(
        self, data: dict[Any, Any], timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> list[Any]:
        return self._guard(lambda: super(RedisCache, self).set_many(data, timeout, version), [])

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        return self._guard(lambda: super(RedisCache, self).add(key, value, timeout, version), False)

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> int:
        # A counter that cannot be kept is no counter: callers that rely on one (sign-in
        # locks) check `cache_available()` and refuse instead.
        return self._guard(lambda: super(RedisCache, self).incr(key, delta, version), 0)

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> bool:
        return self._guard(lambda: super(RedisCache, self).touch(key, timeout, version), False)

    def has_key(self, key: Any, version: Any = None) -> bool:
        return self._guard(lambda: super(RedisCache, self).has_key(key, version), False)

    def delete(self, key: Any, version: Any = None) -> bool:
        return self._guard(
            lambda: super(RedisCache, self).delete(key, version), False, deleting=True
        )

    def delete_many(self, keys: Any, version: Any = None) -> None:
        self._guard(lambda: super(RedisCache, self).delete_many(keys, version), None, deleting=True)

    def clear(self) -> None:
        self._guard(lambda: super(RedisCache, self).clear(), None)

    def epoch(self) -> int:
        """The current cache epoch (0 before any bump)."""
        return int(self.get(EPOCH_KEY) or 0)
