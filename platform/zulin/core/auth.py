"""`jwt-token` authentication, API keys, and the per-call permission check.

A token works only on the side and tenant it was issued for, and only while its version
matches the account's. The check that reads the account row lives with accounts
(`tenants.accounts.auth`) and is installed by the composition root (`zulin.api`).

A merchant's API key (`Authorization: Bearer zl_live_…`, docs/api-keys.md) is accepted by the
same auth, when no `jwt-token` is sent, on the calls that name the scope a key needs
(`key_scope` in their decorator's `openapi_extra`, so the OpenAPI document shows it too);
every other call refuses keys. The key check lives with accounts (`tenants.accounts.api_keys`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest
from ninja.security import APIKeyHeader

from .errors import ApplicationError, ErrorCode
from .tokens import TokenClaims

TOKEN_HEADER = "jwt-token"
# The same header as WSGI names it: the request path reads it from `request.META`, which
# every request has, instead of `request.headers`, which Django builds on first use by
# parsing the name of every header the request carries.
TOKEN_META = "HTTP_JWT_TOKEN"
BEARER = "Bearer "
# The OpenAPI extension naming the scope an API key needs on a call.
KEY_SCOPE_FIELD = "x-api-key-scope"


def key_scope(scope: str) -> dict[str, str]:
    """`openapi_extra` of a call that API keys holding `scope` may use."""
    return {KEY_SCOPE_FIELD: scope}


@dataclass(frozen=True)
class Session:
    # tenants.accounts.models.Account and tenants.merchants.models.Merchant (core names no model)
    account: Any
    side: int
    merchant: Any
    sub_shop_id: int | None
    role_id: int | None
    actions: frozenset[str]
    # None for an API key's session.
    claims: TokenClaims | None
    api_key_id: int | None = None

    def can(self, action: str) -> bool:
        return action in self.actions


class TokenAuth(APIKeyHeader):
    """Ninja auth for one call: `side` restricts the host, `action` is the permission needed."""

    param_name = TOKEN_HEADER

    def __init__(self, *, side: int | None = None, action: str | None = None) -> None:
        super().__init__()
        self.side = side
        self.action = action

    def __call__(self, request: HttpRequest) -> Any:
        # The side is known before any token: a store call on the admin host is a wrong-side
        # call, whoever makes it.
        if self.side is not None and request.side != self.side:  # type: ignore[attr-defined]
            raise ApplicationError(ErrorCode.WRONG_SIDE)
        if not request.META.get(TOKEN_META):
            bearer = request.META.get("HTTP_AUTHORIZATION", "")
            if bearer.startswith(BEARER):
                return self.key_authenticate(request, bearer[len(BEARER) :].strip())
        return super().__call__(request)

    def _get_key(self, request: HttpRequest) -> str | None:
        token: str | None = request.META.get(TOKEN_META)
        return token

    def key_authenticate(self, request: HttpRequest, key: str) -> Session | None:
        """An API key's session for this call: None (109) for a key that is not a live key of
        this host's merchant; 403 for a call it may not use; 429 over its rate."""
        if _key_loader is None or not key:
            return None
        session = _key_loader(request, key, _key_scopes.get(request.path))
        if session is not None and self.action is not None and not session.can(self.action):
            raise ApplicationError(ErrorCode.FORBIDDEN)
        return session

    def authenticate(self, request: HttpRequest, key: str | None) -> Session | None:
        session = session_from_token(request, key)
        if session is None:
            return None
        if self.action is not None and not session.can(self.action):
            raise ApplicationError(ErrorCode.FORBIDDEN)
        return session


SessionLoader = Callable[[HttpRequest, str], "Session | None"]
_session_loader: SessionLoader | None = None
# (request, key, the scope the call opens to keys or None) -> the key's session.
KeyLoader = Callable[[HttpRequest, str, "str | None"], "Session | None"]
_key_loader: KeyLoader | None = None
# Path of each call API keys may use -> the scope it needs (read from the calls' openapi_extra).
_key_scopes: dict[str, str] = {}


def install_key_loader(loader: KeyLoader, scopes: dict[str, str]) -> None:
    """The composition root plugs in the API key check and the calls keys may use."""
    global _key_loader
    _key_loader = loader
    _key_scopes.clear()
    _key_scopes.update(scopes)


def key_scopes() -> dict[str, str]:
    return dict(_key_scopes)


def install_session_loader(loader: SessionLoader) -> None:
    """The composition root plugs in the check that reads accounts (tenants.accounts.auth):
    core knows tokens and sessions, not the tables behind them."""
    global _session_loader
    _session_loader = loader


def session_from_token(request: HttpRequest, key: str | None) -> Session | None:
    if not key or _session_loader is None:
        return None
    return _session_loader(request, key)


def admin_auth(action: str | None = None) -> TokenAuth:
    return TokenAuth(side=0, action=action)


def store_auth(action: str | None = None) -> TokenAuth:
    return TokenAuth(side=1, action=action)


def any_side_auth(action: str | None = None) -> TokenAuth:
    return TokenAuth(side=None, action=action)


def current_session(request: HttpRequest) -> Session:
    session: Session = request.auth  # type: ignore[attr-defined]
    return session
