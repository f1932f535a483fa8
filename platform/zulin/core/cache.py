"""Cache keys. Keys are per schema (django-tenants' make_key) unless they start with
`global:`, which marks data about the platform itself (host → merchant, role → actions)."""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient
from django_tenants.cache import make_key as tenant_make_key

GLOBAL_PREFIX = "global:"


def make_key(key: str, key_prefix: str, version: int | str) -> str:
    if key.startswith(GLOBAL_PREFIX):
        return f"{key_prefix}:{version}:{key}"
    return tenant_make_key(key, key_prefix, version)


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


class RedisCache(DjangoRedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = ReusingRedisCacheClient
