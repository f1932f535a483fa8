"""The session behind a `jwt-token`, installed into `zulin.core.auth` by the composition
root. Warm, it costs no database round trip: the account's session state and the role's
actions come from the cache entries the host middleware already read in its one round trip
(`zulin.core.tenancy.Prefetch`). Every change of that state (`tenants.accounts.services`)
drops the account's entry, so revocation holds on the very next request."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.http import HttpRequest

from zulin.core.auth import Session
from zulin.core.cache import account_key, role_actions_key
from zulin.core.tenancy import Prefetch
from zulin.core.tokens import read_token

from .models import Account, Role
from .selectors import of_merchant, role_actions, role_summary

ACCOUNT_SECONDS = 300
# What a session needs of an account; the snapshot the cache keeps.
SESSION_FIELDS = (
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


def _account_snapshot(account_id: int, merchant_id: int | None, epoch: int) -> dict[str, Any]:
    row = (
        Account.objects.filter(of_merchant(merchant_id), pk=account_id)
        .values(*SESSION_FIELDS)
        .first()
    )
    if row is None:
        return {"missing": True, "epoch": epoch}
    roles = Role.objects.filter(accounts__id=account_id).order_by("sort", "id")
    return {**row, "roles": [role_summary(role) for role in roles], "epoch": epoch}


def _detached(snapshot: dict[str, Any]) -> Account:
    account = Account(**{field: snapshot[field] for field in SESSION_FIELDS})
    account._state.adding = False
    # Read by selectors.account_role_summaries: the roles cost no second round trip.
    account.role_summaries = snapshot["roles"]  # type: ignore[attr-defined]
    return account


def session_from_token(request: HttpRequest, key: str) -> Session | None:
    fetched: Prefetch | None = getattr(request, "prefetch", None)
    if fetched is not None and fetched.token != key:
        fetched = None
    claims = fetched.claims if fetched is not None else read_token(key)
    if claims is None:
        return None
    merchant = request.tenant  # type: ignore[attr-defined]
    if claims.platform_type != request.side:  # type: ignore[attr-defined]
        return None
    if claims.tenant != (merchant.schema_name if merchant else None):
        return None
    merchant_id = merchant.pk if merchant else None
    snapshot = fetched.fresh(account_key(claims.account_id)) if fetched else None
    if snapshot is None:
        epoch = fetched.epoch if fetched else cache.epoch()  # type: ignore[attr-defined]
        snapshot = _account_snapshot(claims.account_id, merchant_id, epoch)
        cache.set(account_key(claims.account_id), snapshot, ACCOUNT_SECONDS)
    if (
        snapshot.get("missing")
        or snapshot["merchant_id"] != merchant_id
        or snapshot["platform_type"] != claims.platform_type
        or not snapshot["is_active"]
        or snapshot["token_version"] != claims.version
        or snapshot["sub_shop_id"] != claims.sub_shop_id
    ):
        return None
    actions: frozenset[str] = frozenset()
    if claims.role_id:
        cached = fetched.values.get(role_actions_key(claims.role_id)) if fetched else None
        actions = frozenset(cached) if cached is not None else role_actions(claims.role_id)
    return Session(
        account=_detached(snapshot),
        side=claims.platform_type,
        merchant=merchant,
        sub_shop_id=snapshot["sub_shop_id"],
        role_id=claims.role_id,
        actions=actions,
        claims=claims,
    )


def accounts_forget(account_ids: list[int]) -> None:
    """Drops cached session state; call now and once the change commits (a request in
    between could cache the old state again)."""
    if account_ids:
        cache.delete_many([account_key(account_id) for account_id in account_ids])
