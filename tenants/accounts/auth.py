"""The session behind a `jwt-token`: the account row (one query) and the role's actions
(cached). Installed into `zulin.core.auth` by the composition root."""

from __future__ import annotations

from django.http import HttpRequest

from zulin.core.auth import Session
from zulin.core.tokens import read_token

from .models import Account
from .selectors import of_merchant, role_actions


def session_from_token(request: HttpRequest, key: str) -> Session | None:
    claims = read_token(key)
    if claims is None:
        return None
    merchant = request.tenant  # type: ignore[attr-defined]
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
