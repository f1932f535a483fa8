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
from django.http import HttpRequest, HttpResponse
from django_tenants.utils import get_tenant_domain_model, get_tenant_model

from .db import tenant_connection
from .envelope import error_for
from .errors import ErrorCode
from .sides import PlatformType

_MISSING = {"missing": True}
# Paths that answer whatever the host: the health check (load balancers, compose) and docs.
HOST_FREE_PATHS = ("/api/health", "/api/openapi.json", "/api/docs", "/bench/")


@dataclass(frozen=True)
class HostTarget:
    side: int
    merchant: Any


def _host_key(host: str) -> str:
    return f"global:host:{host}"


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


def resolve_host(host: str) -> HostTarget | None:
    """The side and merchant served at `host`; None when no merchant is there."""
    if host.split(".", 1)[0] == settings.ADMIN_HOST_PREFIX:
        return HostTarget(side=PlatformType.ADMIN, merchant=None)
    cached = cache.get(_host_key(host))
    if cached is None:
        domain = (
            get_tenant_domain_model().objects.select_related("tenant").filter(domain=host).first()
        )
        cached = _merchant_fields(domain.tenant) if domain else _MISSING
        cache.set(_host_key(host), cached, settings.DOMAIN_CACHE_SECONDS)
    if cached.get("missing"):
        return None
    # A detached instance is enough for set_tenant(); no query per request.
    merchant = get_tenant_model()(**cached)
    merchant._state.adding = False
    return HostTarget(side=PlatformType.STORE, merchant=merchant)


def forget_host(host: str) -> None:
    cache.delete(_host_key(normalise_host(host)))


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
        target = resolve_host(host)
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
