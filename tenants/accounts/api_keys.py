"""A merchant's API keys (docs/api-keys.md): made, rolled and revoked here, and checked on
every call that names a scope (`zulin.core.auth.key_scope`).

- **The key.** `zl_live_` (`zl_test_` in the sandbox), 30 random base62 characters and a
  6-character CRC32 of them, so a secret scanner can tell a real key from noise offline and a
  mistyped key is refused without a database read. Only an HMAC-SHA256 digest of it is kept
  (keyed by the server's secret: a copy of the table gives nothing to try keys against).
- **What it may do.** Each scope maps onto actions of the permission table (`SCOPES`); the
  key's session holds those actions alone, so every check a staff member's call passes
  (scoping by sub-shop, order visibility, the action of the call) holds the key too. A key
  bound to a sub-shop sees what that sub-shop's staff would. The audit trail names the key.
- **Who makes one.** An account with `webhook.manage`, for scopes whose actions it holds
  itself (a key never widens its maker's rights); a sub-shop account's key is its sub-shop's.
- **Each use** is counted on the key (count and last use), and keys are rate-limited per key
  (`API_KEY_RATE_PER_MINUTE`, a fixed one-minute window in Redis; over it: 429 with
  `Retry-After`). Without Redis the limit is not applied, and calls go on.
- **Revocation holds on the next request**: the cached state of a key is dropped on revoke
  and roll, now and once the change commits. A key whose sub-shop is disabled stops within
  `KEY_SECONDS`.
"""

from __future__ import annotations

import math
import secrets
import string
import time
import zlib
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import F
from django.http import HttpRequest
from django.utils import timezone
from django.utils.crypto import salted_hmac
from ninja.errors import Throttled

from tenants.merchants.models import Merchant
from tenants.merchants.selectors import sub_shop_is_active
from zulin.audit.services import audit_record
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.core.sides import PlatformType

from .models import Account, ApiKey

# Scope -> the actions of the permission table a key holding it acts with.
SCOPES: dict[str, tuple[str, ...]] = {
    "orders:read": ("order.view",),
    "bills:read": ("finance.view",),
    "goods:read": ("goods.view",),
    "goods:write": ("goods.view", "goods.edit"),
    "units:read": ("asset.view",),
}
ALPHABET = string.ascii_letters + string.digits
RANDOM_LENGTH = 30
CHECK_LENGTH = 6
# Shown in lists: the prefix and this many characters of the random part.
SHOWN_LENGTH = 8
ACTIVE_KEYS_MAX = 20
ROLL_HOURS_MAX = 168
KEY_SECONDS = 30
SALT = "zulin.api-key"


def _base62(number: int, width: int) -> str:
    digits = []
    for _ in range(width):
        number, remainder = divmod(number, 62)
        digits.append(ALPHABET[remainder])
    return "".join(reversed(digits))


def _check(random_part: str) -> str:
    return _base62(zlib.crc32(random_part.encode()), CHECK_LENGTH)


def key_new() -> str:
    random_part = "".join(secrets.choice(ALPHABET) for _ in range(RANDOM_LENGTH))
    return f"{settings.API_KEY_PREFIX}{random_part}{_check(random_part)}"


# The prefixes a key may have been issued with (a changed API_KEY_PREFIX keeps older keys).
PREFIXES = ("zl_live_", "zl_test_")


def key_well_formed(key: str) -> bool:
    prefix = next((p for p in {*PREFIXES, settings.API_KEY_PREFIX} if key.startswith(p)), None)
    if prefix is None:
        return False
    body = key[len(prefix) :]
    if len(body) != RANDOM_LENGTH + CHECK_LENGTH:
        return False
    if any(ch not in ALPHABET for ch in body):
        return False
    return secrets.compare_digest(_check(body[:RANDOM_LENGTH]), body[RANDOM_LENGTH:])


def key_digest(key: str) -> str:
    return salted_hmac(SALT, key, algorithm="sha256").hexdigest()


def _cache_key(digest: str) -> str:
    return f"apikey:{digest}"


def scope_actions(scopes: list[str]) -> frozenset[str]:
    return frozenset(action for scope in scopes for action in SCOPES.get(scope, ()))


def scope_granted(session: Session, scope: str) -> bool:
    """Whether the account may give a key this scope: it holds every action of it."""
    return all(session.can(action) for action in SCOPES[scope])


# -- the check on each call ------------------------------------------------------------------


def _snapshot(digest: str) -> dict[str, Any]:
    cached = cache.get(_cache_key(digest))
    if cached is not None:
        return dict(cached)
    row = ApiKey.objects.filter(digest=digest).first()
    if row is None:
        snapshot: dict[str, Any] = {"missing": True}
    else:
        snapshot = {
            "id": row.pk,
            "merchant_id": row.merchant_id,
            "sub_shop_id": row.sub_shop_id,
            "name": row.name,
            "prefix": row.prefix,
            "scopes": list(row.scopes),
            "expires_at": row.expires_at.timestamp() if row.expires_at else None,
            "revoked": row.revoked_at is not None,
            "sub_shop_active": row.sub_shop_id is None
            or sub_shop_is_active(merchant_id=row.merchant_id, sub_shop_id=row.sub_shop_id),
        }
    cache.set(_cache_key(digest), snapshot, KEY_SECONDS)
    return snapshot


def key_actor_name(name: str, prefix: str) -> str:
    return f"API key {name} ({prefix}…)"


def _key_account(snapshot: dict[str, Any], merchant: Merchant) -> Account:
    """The key's service account as a session sees it: never saved, never able to sign in."""
    account = Account(
        platform_type=PlatformType.STORE,
        merchant_id=merchant.pk,
        sub_shop_id=snapshot["sub_shop_id"],
        username=f"apikey-{snapshot['id']}",
        name=key_actor_name(snapshot["name"], snapshot["prefix"]),
        is_active=True,
    )
    account.role_summaries = []  # type: ignore[attr-defined]
    return account


def _rate_check(key_id: int) -> None:
    limit = settings.API_KEY_RATE_PER_MINUTE
    now = time.time()
    counter = f"apikey-rate:{key_id}:{int(now // 60)}"
    try:
        cache.add(counter, 0, 120)
        count = cache.incr(counter)
    except Exception:  # noqa: BLE001 - Redis away or the entry gone: the limit waits for it
        return
    if count > limit:
        raise Throttled(wait=math.ceil(60 - now % 60))


def session_from_key(request: HttpRequest, key: str, scope: str | None) -> Session | None:
    """The key's session on this call, or None (109) when the key is not a key of the host's
    merchant; the merchant's key revoked or expired is 109 saying which. A live key on a call
    it may not use is refused (403), naming the scope."""
    merchant: Merchant | None = getattr(request, "tenant", None)
    if merchant is None or getattr(request, "side", None) != PlatformType.STORE:
        return None
    if not key_well_formed(key):
        return None
    snapshot = _snapshot(key_digest(key))
    if snapshot.get("missing") or snapshot["merchant_id"] != merchant.pk:
        return None
    expires_at = snapshot["expires_at"]
    # The shop's own key that stopped says why (still 109): its holder sees a key to replace,
    # not a sign-in gone stale.
    if snapshot["revoked"]:
        raise ApplicationError(
            ErrorCode.NO_SESSION,
            "API 密钥已吊销",
            msg_en="The API key is revoked",
            data={"api_key": "revoked", "prefix": snapshot["prefix"]},
        )
    if expires_at is not None and expires_at <= time.time():
        raise ApplicationError(
            ErrorCode.NO_SESSION,
            "API 密钥已过期",
            msg_en="The API key has expired",
            data={"api_key": "expired", "prefix": snapshot["prefix"]},
        )
    if not snapshot["sub_shop_active"]:
        return None
    if scope is None:
        raise ApplicationError(
            ErrorCode.FORBIDDEN,
            "API 密钥不能调用此接口",
            msg_en="API keys cannot use this call",
        )
    if scope not in snapshot["scopes"]:
        raise ApplicationError(
            ErrorCode.FORBIDDEN,
            f"API 密钥缺少权限范围 {scope}",
            msg_en=f"The API key lacks the scope {scope}",
            data={"scope": scope},
        )
    _rate_check(snapshot["id"])
    ApiKey.objects.filter(pk=snapshot["id"]).update(
        use_count=F("use_count") + 1, last_used_at=timezone.now()
    )
    return Session(
        account=_key_account(snapshot, merchant),
        side=PlatformType.STORE,
        merchant=merchant,
        sub_shop_id=snapshot["sub_shop_id"],
        role_id=None,
        actions=scope_actions(snapshot["scopes"]),
        claims=None,
        api_key_id=snapshot["id"],
    )


# -- making, rolling, revoking ---------------------------------------------------------------


def _forget(digest: str) -> None:
    cache.delete(_cache_key(digest))
    transaction.on_commit(lambda: cache.delete(_cache_key(digest)))


def _audit(session: Session, action: str, key: ApiKey, **extra: Any) -> None:
    audit_record(
        actor=session,
        action=action,
        target_type="api_key",
        target_id=key.pk,
        after={"name": key.name, "prefix": key.prefix, "scopes": key.scopes, **extra},
    )


def _scopes_checked(session: Session, scopes: list[str]) -> list[str]:
    unknown = sorted(set(scopes) - set(SCOPES))
    if unknown:
        raise field_error(
            "scopes", Text(f"未知的权限范围：{', '.join(unknown)}", f"unknown scopes: {unknown}")
        )
    if not scopes:
        raise field_error("scopes", Text("至少选择一个权限范围", "choose at least one scope"))
    refused = [scope for scope in scopes if not scope_granted(session, scope)]
    if refused:
        raise ApplicationError(
            ErrorCode.FORBIDDEN,
            f"您没有授予 {', '.join(refused)} 所需的权限",
            msg_en=f"You do not hold the permissions {', '.join(refused)} needs",
            data={"scopes": refused},
        )
    return [scope for scope in SCOPES if scope in scopes]


def _sub_shop_checked(session: Session, sub_shop_id: int | None) -> int | None:
    if session.sub_shop_id is not None:
        if sub_shop_id not in (None, session.sub_shop_id):
            raise ApplicationError(ErrorCode.FORBIDDEN)
        return session.sub_shop_id
    if sub_shop_id is not None and not sub_shop_is_active(
        merchant_id=session.merchant.pk, sub_shop_id=sub_shop_id
    ):
        raise field_error("sub_shop_id", Text("子商户不存在或已停用", "no such active sub-shop"))
    return sub_shop_id


def _issue(
    session: Session,
    *,
    name: str,
    scopes: list[str],
    sub_shop_id: int | None,
    expires_at: datetime | None,
    rolled_from: ApiKey | None = None,
) -> tuple[ApiKey, str]:
    key = key_new()
    row = ApiKey.objects.create(
        merchant=session.merchant,
        sub_shop_id=sub_shop_id,
        name=name,
        prefix=key[: len(settings.API_KEY_PREFIX) + SHOWN_LENGTH],
        digest=key_digest(key),
        scopes=scopes,
        expires_at=expires_at,
        created_by_id=session.account.pk,
        created_by_name=(session.account.name or session.account.username)[:50],
        rolled_from=rolled_from,
    )
    return row, key


def active_keys(merchant_id: int) -> Any:
    now = timezone.now()
    return ApiKey.objects.filter(merchant_id=merchant_id, revoked_at__isnull=True).exclude(
        expires_at__lte=now
    )


def api_key_create(
    *,
    session: Session,
    name: str,
    scopes: list[str],
    sub_shop_id: int | None,
    expires_at: datetime | None,
) -> tuple[ApiKey, str]:
    """A new key; the key itself is answered this once."""
    if not name.strip():
        raise field_error("name", Text("请填写名称", "a name is required"))
    if expires_at is not None and expires_at <= timezone.now():
        raise field_error("expires_at", Text("过期时间须晚于现在", "must be in the future"))
    checked = _scopes_checked(session, scopes)
    bound = _sub_shop_checked(session, sub_shop_id)
    with transaction.atomic():
        # One merchant's keys are made one at a time: the cap holds under concurrency.
        Merchant.objects.select_for_update().filter(pk=session.merchant.pk).first()
        if active_keys(session.merchant.pk).count() >= ACTIVE_KEYS_MAX:
            raise ApplicationError(
                ErrorCode.CONFLICT,
                f"有效的 API 密钥最多 {ACTIVE_KEYS_MAX} 个，请先吊销不用的密钥",
                msg_en=f"At most {ACTIVE_KEYS_MAX} live API keys: revoke one first",
            )
        row, key = _issue(
            session, name=name.strip(), scopes=checked, sub_shop_id=bound, expires_at=expires_at
        )
        _audit(session, "api_key.create", row, sub_shop_id=bound)
    return row, key


def _own_key(session: Session, key_id: int) -> ApiKey:
    """The key, locked; a key of another merchant, or of another sub-shop, is not found."""
    rows = ApiKey.objects.select_for_update().filter(pk=key_id, merchant_id=session.merchant.pk)
    if session.sub_shop_id is not None:
        rows = rows.filter(sub_shop_id=session.sub_shop_id)
    row = rows.first()
    if row is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return row


def api_key_revoke(*, session: Session, key_id: int) -> ApiKey:
    """The key stops working on the next request; revoking it again changes nothing."""
    with transaction.atomic():
        row = _own_key(session, key_id)
        if row.revoked_at is None:
            row.revoked_at = timezone.now()
            row.save(update_fields=["revoked_at"])
            _audit(session, "api_key.revoke", row)
        _forget(row.digest)
    return row


def api_key_roll(*, session: Session, key_id: int, old_expires_in_hours: int) -> tuple[ApiKey, str]:
    """A new key with the same name, scopes, sub-shop and expiry; the old one keeps working
    for the hours given (0: it stops at once), never past its own expiry."""
    if not 0 <= old_expires_in_hours <= ROLL_HOURS_MAX:
        raise field_error(
            "old_expires_in_hours", Text(f"0 到 {ROLL_HOURS_MAX}", f"0 to {ROLL_HOURS_MAX}")
        )
    now = timezone.now()
    with transaction.atomic():
        old = _own_key(session, key_id)
        if old.revoked_at is not None or (old.expires_at is not None and old.expires_at <= now):
            raise ApplicationError(
                ErrorCode.CONFLICT,
                "该密钥已吊销或过期，不能轮换",
                msg_en="The key is revoked or expired: it cannot be rolled",
            )
        _scopes_checked(session, list(old.scopes))
        new, key = _issue(
            session,
            name=old.name,
            scopes=list(old.scopes),
            sub_shop_id=old.sub_shop_id,
            expires_at=old.expires_at,
            rolled_from=old,
        )
        ends = now + timedelta(hours=old_expires_in_hours)
        old.expires_at = min(ends, old.expires_at) if old.expires_at else ends
        old.save(update_fields=["expires_at"])
        _forget(old.digest)
        _audit(session, "api_key.roll", new, replaced=old.pk, old_expires_at=str(old.expires_at))
    return new, key
