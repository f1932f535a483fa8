"""The one place that reads the process environment for settings."""

from __future__ import annotations

import os
from dataclasses import dataclass
from urllib.parse import parse_qs, unquote, urlparse


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    return int(raw) if raw else default


def env_float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    return float(raw) if raw else default


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return raw.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_dict(name: str, default: dict[str, str]) -> dict[str, str]:
    """`key=value,key=value` (values may hold `=`, not commas)."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    pairs = (item.split("=", 1) for item in raw.split(",") if "=" in item)
    return {key.strip(): value.strip() for key, value in pairs if key.strip()}


@dataclass(frozen=True)
class DatabaseURL:
    name: str
    user: str
    password: str
    host: str
    port: str


def parse_database_url(url: str) -> DatabaseURL:
    """postgresql://user:pass@host:port/name, or a unix socket as `?host=/dir`."""
    parsed = urlparse(url)
    if parsed.scheme not in {"postgres", "postgresql"}:
        raise ValueError(f"DATABASE_URL must be a postgresql:// URL, got {parsed.scheme!r}")
    query = parse_qs(parsed.query)
    host = query.get("host", [parsed.hostname or ""])[0]
    return DatabaseURL(
        name=unquote(parsed.path.lstrip("/")) or "zulin",
        user=unquote(parsed.username or "postgres"),
        password=unquote(parsed.password or ""),
        host=host,
        port=str(parsed.port or ""),
    )
