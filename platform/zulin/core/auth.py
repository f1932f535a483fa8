"""`jwt-token` authentication and the per-call permission check.

A token works only on the side and tenant it was issued for, and only while its version
matches the account's. The check that reads the account row lives with accounts
(`tenants.accounts.auth`) and is installed by the composition root (`zulin.api`).
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


@dataclass(frozen=True)
class Session:
    # tenants.accounts.models.Account and tenants.merchants.models.Merchant (core names no model)
    account: Any
    side: int
    merchant: Any
    sub_shop_id: int | None
    role_id: int | None
    actions: frozenset[str]
    claims: TokenClaims

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
        return super().__call__(request)

    def authenticate(self, request: HttpRequest, key: str | None) -> Session | None:
        session = session_from_token(request, key)
        if session is None:
            return None
        if self.action is not None and not session.can(self.action):
            raise ApplicationError(ErrorCode.FORBIDDEN)
        return session


SessionLoader = Callable[[HttpRequest, str], "Session | None"]
_session_loader: SessionLoader | None = None


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
