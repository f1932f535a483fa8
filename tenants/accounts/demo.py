"""The actor of demo data: a Session for an account acting without a request, as the
services expect one (the account, its side, its merchant and the actions of its role)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.tokens import TokenClaims

from .selectors import account_roles, find_account, role_actions

if TYPE_CHECKING:
    from tenants.merchants.models import Merchant


def demo_actor(*, platform_type: int, merchant: Merchant | None, username: str) -> Session:
    """The session `username` would have after signing in with its first role."""
    account = find_account(
        platform_type=platform_type,
        merchant_id=merchant.pk if merchant else None,
        username=username,
    )
    if account is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    roles = account_roles(account)
    role = roles[0] if roles else None
    claims = TokenClaims(
        account_id=account.pk,
        platform_type=account.platform_type,
        tenant=merchant.schema_name if merchant else None,
        sub_shop_id=account.sub_shop_id,
        role_id=role.pk if role else None,
        version=account.token_version,
        remember=False,
    )
    return Session(
        account=account,
        side=account.platform_type,
        merchant=merchant,
        sub_shop_id=account.sub_shop_id,
        role_id=claims.role_id,
        actions=role_actions(role.pk) if role else frozenset(),
        claims=claims,
    )
