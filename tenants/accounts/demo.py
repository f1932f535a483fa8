"""The actor of demo data: a Session for an account acting without a request, as the
services expect one (the account, its side, its merchant and the actions of its role); and
the platform's staff, made through the staff screen's service."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.tokens import TokenClaims

from .api_keys import active_keys, api_key_create
from .selectors import account_exists, account_roles, find_account, role_actions
from .services import platform_staff_create

if TYPE_CHECKING:
    from tenants.merchants.models import Merchant

# username, name, phone, roles: two finance accounts (a withdrawal above the threshold needs
# two different approvers), an operator and an auditor.
PLATFORM_STAFF = (
    ("finance1", "林财务", "13800000011", ["platform_finance"]),
    ("finance2", "高财务", "13800000012", ["platform_finance"]),
    ("operator", "许运营", "13800000013", ["platform_operator"]),
    ("auditor", "韩审计", "13800000014", ["platform_auditor"]),
)


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


def platform_staff_showcase_load(*, actor: Session, password: str) -> list[str]:
    """The platform's staff, made by `actor` (an admin) as the staff screen would; what exists
    by username is left as it is. Answers their usernames."""
    for username, name, phone, roles in PLATFORM_STAFF:
        if not account_exists(merchant=None, username=username):
            platform_staff_create(
                actor=actor,
                username=username,
                password=password,
                name=name,
                phone=phone,
                role_codes=roles,
            )
    return [username for username, *_ in PLATFORM_STAFF]


DEMO_API_KEY_NAME = "ERP 对接 (demo)"


def api_key_showcase_load(*, owner: Session) -> str:
    """The demo shop's API key for its ERP (orders, bills and goods read): the key itself is
    answered this once, for the sign-in sheet; a second run adds nothing."""
    if active_keys(owner.merchant.pk).filter(name=DEMO_API_KEY_NAME).exists():
        return "made on the first run (shown once)"
    _, key = api_key_create(
        session=owner,
        name=DEMO_API_KEY_NAME,
        scopes=["orders:read", "bills:read", "goods:read"],
        sub_shop_id=None,
        expires_at=None,
    )
    return key
