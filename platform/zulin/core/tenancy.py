"""Chooses the side and the schema of every request from its host.

First host label == ADMIN_HOST_PREFIX → admin side (platform type 0), public schema.
Any other host → store side (platform type 1), the merchant whose Domain matches.
Host lookups are cached; `forget_host` drops an entry when a domain or merchant changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import DisallowedHost
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django_tenants.utils import get_tenant_domain_model, get_tenant_model

from .auth import TOKEN_META
from .cache import EPOCH_KEY, account_key, host_key, role_actions_key
from .db import database_unavailable, database_unreachable, drop_connection, tenant_connection
from .envelope import error_for, error_response
from .errors import ErrorCode
from .sides import PlatformType
from .tokens import TokenClaims, read_token

_MISSING = {"missing": True}
# Paths that answer whatever the host: the health check (load balancers, compose), docs,
# and what outside services call (providers' callbacks name the merchant in the path).
HOST_FREE_PATHS = (
    "/api/health",
    "/api/openapi.json",
    "/api/docs",
    "/bench/",
    "/api/callbacks/",
    "/api/sandbox/",
    "/sandbox/cashier/",
)


@dataclass(frozen=True)
class HostTarget:
    side: int
    merchant: Any


@dataclass(frozen=True)
class Prefetch:
    """What the request path read from the cache in its one round trip: the host's merchant,
    and for a valid token its account's session state and its role's actions. Entries are
    trusted only when written in the current cache `epoch` (core/cache.py)."""

    token: str | None
    claims: TokenClaims | None
    values: dict[str, Any]
    epoch: int

    def fresh(self, key: str) -> Any:
        value = self.values.get(key)
        if isinstance(value, dict) and value.get("epoch") == self.epoch:
            return value
        return None


def prefetch(request: HttpRequest, host: str, *, store_side: bool) -> Prefetch:
    token = request.META.get(TOKEN_META) or None
    claims = read_token(token) if token else None
    keys: list[str] = []
    if store_side:
        keys.append(host_key(host))
    if claims is not None:
        keys.append(account_key(claims.account_id))
        if claims.role_id:
            keys.append(role_actions_key(claims.role_id))
    return _read(keys, token=token, claims=claims)


def _read(
    keys: list[str], *, token: str | None = None, claims: TokenClaims | None = None
) -> Prefetch:
    """One MGET of `keys` with the cache epoch."""
    values = cache.get_many_global([EPOCH_KEY, *keys])  # type: ignore[attr-defined]
    return Prefetch(
        token=token, claims=claims, values=values, epoch=int(values.get(EPOCH_KEY) or 0)
    )


def normalise_host(raw: str) -> str:
    return raw.split(":", 1)[0].strip().lower().rstrip(".")


def _merchant_fields(merchant: Any) -> dict[str, Any]:
    return {
        "id": merchant.pk,
        "schema_name": merchant.schema_name,
        "name": merchant.name,
        "slug": merchant.slug,
        "status": merchant.status,
    }


def is_admin_host(host: str) -> bool:
    return host.split(".", 1)[0] == settings.ADMIN_HOST_PREFIX


def resolve_host(host: str, fetched: Prefetch | None = None) -> HostTarget | None:
    """The side and merchant served at `host`; None when no merchant is there."""
    if is_admin_host(host):
        return HostTarget(side=PlatformType.ADMIN, merchant=None)
    if fetched is None:
        fetched = _read([host_key(host)])
    cached = fetched.fresh(host_key(host))
    if cached is None:
        domains = get_tenant_domain_model().objects.select_related("tenant")
        domain = domains.filter(domain=host).first()
        found = _merchant_fields(domain.tenant) if domain else _MISSING
        cached = {**found, "epoch": fetched.epoch}
        cache.set(host_key(host), cached, settings.DOMAIN_CACHE_SECONDS)
    if cached.get("missing"):
        return None
    # A detached instance is enough for set_tenant(); no query per request.
    merchant = get_tenant_model()(**{k: v for k, v in cached.items() if k != "epoch"})
    merchant._state.adding = False
    return HostTarget(side=PlatformType.STORE, merchant=merchant)


def forget_host(host: str) -> None:
    cache.delete(host_key(normalise_host(host)))


def forget_merchant_hosts(merchant: Any) -> None:
    for domain in (
        get_tenant_domain_model().objects.filter(tenant=merchant).values_list("domain", flat=True)
    ):
        forget_host(domain)


class SideMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        tenant_connection.set_schema_to_public()
        request.side = None  # type: ignore[attr-defined]
        request.tenant = None  # type: ignore[attr-defined]
        if request.path.startswith(HOST_FREE_PATHS):
            return self.get_response(request)
        try:
            host = normalise_host(request.get_host())
        except DisallowedHost:
            return error_for(request, ErrorCode.UNKNOWN_HOST)
        fetched = prefetch(request, host, store_side=not is_admin_host(host))
        request.prefetch = fetched  # type: ignore[attr-defined]
        try:
            target = resolve_host(host, fetched)
        except DatabaseError as error:  # a host not cached is looked up in PostgreSQL
            if not database_unreachable(error):
                raise
            drop_connection()
            return error_response(request, database_unavailable())
        if target is None:
            return error_for(request, ErrorCode.UNKNOWN_HOST)
        request.side = target.side  # type: ignore[attr-defined]
        if target.merchant is not None:
            if not target.merchant.is_usable:
                return error_for(request, ErrorCode.MERCHANT_UNAVAILABLE)
            request.tenant = target.merchant  # type: ignore[attr-defined]
            tenant_connection.set_tenant(target.merchant)
        try:
            return self.get_response(request)
        finally:
            tenant_connection.set_schema_to_public()
