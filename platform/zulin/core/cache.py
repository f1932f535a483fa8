"""Cache keys. Keys are per schema (django-tenants' make_key) unless they start with
`global:`, which marks data about the platform itself (host → merchant, role → actions)."""

from __future__ import annotations

from django_tenants.cache import make_key as tenant_make_key

GLOBAL_PREFIX = "global:"


def make_key(key: str, key_prefix: str, version: int | str) -> str:
    if key.startswith(GLOBAL_PREFIX):
        return f"{key_prefix}:{version}:{key}"
    return tenant_make_key(key, key_prefix, version)
