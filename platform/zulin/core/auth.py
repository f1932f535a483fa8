"""`jwt-token` authentication and the per-call permission check.

A token works only on the side and tenant it was issued for, and only while its version
matches the account's. Checking it costs one query (the account row); a role's actions
come from the cache.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest
from ninja.security import APIKeyHeader

from tenants.models import Account, Merchant
from tenants.selectors import of_merchant, role_actions

from .errors import ApplicationError, ErrorCode
from .tokens import TokenClaims, read_token

TOKEN_HEADER = "jwt-token"


@dataclass(frozen=True)
class Session:
    account: Account
    side: int
    merchant: Merchant | None
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


def session_from_token(request: HttpRequest, key: str | None) -> Session | None:
    if not key:
        return None
    claims = read_token(key)
    if claims is None:
        return None
    merchant: Merchant | None = request.tenant  # type: ignore[attr-defined]
    if claims.platform_type != request.side:  # type: ignore[attr-defined]
        return None
    if claims.tenant != (merchant.schema_name if merchant else None):
        return None
    account = (
        Account.objects.filter(
            of_merchant(merchant.pk if merchant else None),
            pk=claims.account_id,
            platform_type=claims.platform_type,
        )
        .only(
            "id",
            "username",
            "name",
            "phone",
            "is_active",
            "token_version",
            "sub_shop_id",
            "platform_type",
            "merchant_id",
        )
        .first()
    )
    if account is None or not account.is_active or account.token_version != claims.version:
        return None
    if claims.sub_shop_id != account.sub_shop_id:
        return None
    return Session(
        account=account,
        side=claims.platform_type,
        merchant=merchant,
        sub_shop_id=account.sub_shop_id,
        role_id=claims.role_id,
        actions=role_actions(claims.role_id) if claims.role_id else frozenset(),
        claims=claims,
    )


def admin_auth(action: str | None = None) -> TokenAuth:
    return TokenAuth(side=0, action=action)


def store_auth(action: str | None = None) -> TokenAuth:
    return TokenAuth(side=1, action=action)


def any_side_auth(action: str | None = None) -> TokenAuth:
    return TokenAuth(side=None, action=action)


def current_session(request: HttpRequest) -> Session:
    session: Session = request.auth  # type: ignore[attr-defined]
    return session
