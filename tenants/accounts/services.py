"""State changes of accounts and sessions: creating and changing accounts (one path for
merchant owners, sub-shop accounts, staff and platform staff), the staff screens' rules
shared by both sides, login, role choice, logout, password reset."""

from __future__ import annotations

import functools
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.hashers import check_password, make_password
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac

from tenants.merchants.models import Merchant
from tenants.merchants.selectors import sub_shop_is_active
from zulin.audit.services import audit_record
from zulin.core.auth import Session
from zulin.core.cache import cache_available
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.core.sides import PlatformType
from zulin.core.tokens import TokenClaims, issue_token
from zulin.providers.interfaces import ProviderError
from zulin.providers.sms import get_sms_provider

from .auth import accounts_forget
from .models import Account, AccountRole, PasswordResetCode, Role
from .selectors import account_roles, find_account, roles_actions, roles_grant


@functools.cache
def _dummy_password_hash() -> str:
    """A hash to check against when the username is unknown, so both paths take the same
    time; made on first use, not at import (argon2 is deliberately slow)."""
    return make_password("zulin-timing-guard")


@dataclass(frozen=True)
class IssuedSession:
    account: Account
    token: str
    expires_at: datetime
    roles: list[Role]
    current_role: Role | None


def _failure_keys(
    *, platform_type: int, merchant: Merchant | None, username: str, ip: str
) -> list[str]:
    scope = merchant.schema_name if merchant else "public"
    return [
        f"global:login_fail:account:{platform_type}:{scope}:{username.lower()}",
        f"global:login_fail:ip:{ip}",
    ]


def _count_failure(key: str) -> None:
    window = settings.LOGIN_FAILURE_WINDOW_SECONDS
    if not cache.add(key, 1, window):
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, window)


def _ensure_not_locked(account_key: str, ip_key: str) -> None:
    counts = cache.get_many([account_key, ip_key])
    if not cache_available():
        # Sign-in locks live in Redis; without them a password could be guessed at will, so
        # sign-in waits for Redis (every other call keeps working without it).
        raise ApplicationError(
            ErrorCode.UNAVAILABLE,
            "登录服务暂不可用，请稍后再试",
            msg_en="Sign-in is unavailable for a moment; please try again shortly",
        )
    if (
        counts.get(account_key, 0) >= settings.LOGIN_MAX_FAILURES_PER_ACCOUNT
        or counts.get(ip_key, 0) >= settings.LOGIN_MAX_FAILURES_PER_IP
    ):
        raise ApplicationError(
            ErrorCode.TOO_MANY_REQUESTS,
            "登录失败次数过多，请15分钟后再试",
            msg_en="Too many failed sign-ins; try again in 15 minutes",
        )


def validate_new_password(password: str) -> None:
    if (
        len(password) < 8
        or not any(ch.isalpha() for ch in password)
        or not any(ch.isdigit() for ch in password)
    ):
        raise ApplicationError(ErrorCode.PASSWORD_TOO_WEAK)


# --- accounts ------------------------------------------------------------------------------


def _forget(account_ids: list[int]) -> None:
    """The accounts' cached session state goes now and again once the change commits."""
    accounts_forget(account_ids)
    transaction.on_commit(lambda: accounts_forget(account_ids))


def _system_roles(side: int, role_codes: list[str]) -> list[Role]:
    roles = list(Role.objects.filter(platform_type=side, merchant=None, code__in=role_codes))
    if len(roles) != len(set(role_codes)):
        known = {role.code for role in roles}
        missing = ", ".join(sorted(set(role_codes) - known))
        raise field_error(
            "role_codes", Text("未知的角色：{0}", "unknown role: {0}").format(missing)
        )
    return roles


def account_create(
    *,
    merchant: Merchant | None,
    username: str,
    password: str,
    name: str = "",
    phone: str = "",
    role_codes: list[str],
    sub_shop_id: int | None = None,
) -> Account:
    """A sign-in on the store side of `merchant` (or the platform side when None) with system
    roles. Usernames are unique per side and merchant: USERNAME_TAKEN otherwise."""
    validate_new_password(password)
    side = PlatformType.ADMIN if merchant is None else PlatformType.STORE
    taken = Account.objects.filter(platform_type=side, merchant=merchant, username=username)
    if taken.exists():
        raise ApplicationError(ErrorCode.USERNAME_TAKEN)
    roles = _system_roles(side, role_codes)
    try:
        with transaction.atomic():
            account = Account.objects.create(
                platform_type=side,
                merchant=merchant,
                sub_shop_id=sub_shop_id,
                username=username,
                name=name,
                phone=phone,
                password=make_password(password),
            )
            AccountRole.objects.bulk_create(AccountRole(account=account, role=r) for r in roles)
    except IntegrityError:
        raise ApplicationError(ErrorCode.USERNAME_TAKEN) from None
    return account


def account_update(
    account: Account,
    *,
    name: str | None = None,
    phone: str | None = None,
    password: str | None = None,
    status: str | None = None,
    role_codes: list[str] | None = None,
    reason: str = "",
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Changes a locked account (select_for_update by the caller, inside its transaction):
    name, phone, password, status ('active'/'disabled') and system roles. Disabling needs a
    reason. Disabling, a new password or new roles end its sessions (the token version moves
    on): a token trusts the role it names. Answers (before, after) of what changed, for the
    caller's audit entry; the password shows as 'changed'."""
    before: dict[str, Any] = {}
    after: dict[str, Any] = {}
    is_active = None if status is None else status == "active"
    if is_active is False and account.is_active and not reason:
        raise field_error("reason", Text("停用须填写原因", "a reason is required to disable"))
    for field, value in (("name", name), ("phone", phone), ("is_active", is_active)):
        if value is not None and getattr(account, field) != value:
            before[field], after[field] = getattr(account, field), value
            setattr(account, field, value)
    revoke = after.get("is_active") is False
    if password:
        validate_new_password(password)
        account.password = make_password(password)
        after["password"] = "changed"
        revoke = True
    if role_codes is not None:
        codes = sorted(set(role_codes))
        current = sorted(role.code for role in account.roles.all())
        if current != codes:
            roles = _system_roles(account.platform_type, codes)
            AccountRole.objects.filter(account=account).delete()
            AccountRole.objects.bulk_create(AccountRole(account=account, role=r) for r in roles)
            before["roles"], after["roles"] = current, codes
            revoke = True
    if after:
        fields = [field for field in after if field != "roles"]
        if revoke:
            account.token_version = F("token_version") + 1  # type: ignore[assignment]
            fields.append("token_version")
        account.save(update_fields=[*fields, "updated_at"])
        account.refresh_from_db(fields=["token_version"])
        _forget([account.pk])
    return before, after


def account_lock(*, merchant: Merchant, account_id: int, sub_shop: bool) -> Account | None:
    """A store account of `merchant` locked for a change (inside the caller's transaction):
    a sub-shop account when `sub_shop`, else a staff account (no sub-shop). None: not found."""
    return (
        Account.objects.select_for_update()
        .filter(merchant=merchant, pk=account_id, sub_shop_id__isnull=not sub_shop)
        .first()
    )


# --- staff (both sides' staff screens) ------------------------------------------------------

STAFF_AUDIT_TARGET = "staff"
STAFF_MANAGE_ACTION = "staff.manage"
# The roles the platform's staff screen gives (catalogue.py); platform_admin never from there.
PLATFORM_STAFF_ROLE_CODES = ("platform_operator", "platform_finance", "platform_auditor")


def _forbidden(msg: str, msg_en: str) -> ApplicationError:
    return ApplicationError(ErrorCode.FORBIDDEN, msg, msg_en=msg_en)


def staff_role_codes(
    role_codes: list[str], *, assignable: tuple[str, ...], allow_empty: bool = False
) -> list[str]:
    """The distinct codes, sorted: each one the screen may give, at least one unless
    `allow_empty` (the account keeps a role the screen does not give)."""
    codes = sorted(set(role_codes))
    if (not codes and not allow_empty) or any(code not in assignable for code in codes):
        raise field_error(
            "role_codes",
            Text("应为以下一个或多个：{0}", "one or more of {0}").format(", ".join(assignable)),
        )
    return codes


def staff_account_create(
    *,
    actor: Session,
    merchant: Merchant | None,
    username: str,
    password: str,
    name: str,
    phone: str,
    role_codes: list[str],
    assignable: tuple[str, ...],
) -> Account:
    """A staff sign-in of the merchant (the platform when None) with roles from `assignable`,
    recorded in the audit trail of the schema the caller is in."""
    codes = staff_role_codes(role_codes, assignable=assignable)
    with transaction.atomic():
        account = account_create(
            merchant=merchant,
            username=username,
            password=password,
            name=name,
            phone=phone,
            role_codes=codes,
        )
        audit_record(
            actor=actor,
            action="staff.create",
            target_type=STAFF_AUDIT_TARGET,
            target_id=account.pk,
            after={"username": username, "name": name, "phone": phone, "roles": codes},
        )
    return account


def staff_account_update(
    *,
    actor: Session,
    account: Account,
    assignable: tuple[str, ...],
    name: str | None = None,
    phone: str | None = None,
    password: str | None = None,
    role_codes: list[str] | None = None,
    status: str | None = None,
    reason: str = "",
) -> Account:
    """Changes a staff account the caller locked inside its transaction (`account_update`:
    disabling, new roles or a new password end its sessions), with an audit entry.

    `role_codes` replaces the roles the screen gives; a role outside `assignable` the account
    holds (a platform admin's) stays, so its screen roles may all go. Only a session holding
    every action of such roles may change the account at all: a lesser role never takes over
    a greater one. No one disables their own account or takes away their own
    `staff.manage`."""
    reason = reason.strip()
    kept = [role for role in account.roles.all() if role.code not in assignable]
    codes = None
    if role_codes is not None:
        codes = staff_role_codes(role_codes, assignable=assignable, allow_empty=bool(kept))
    if kept and not roles_actions(roles=kept) <= actor.actions:
        raise _forbidden(
            "该账号拥有您的角色没有的权限，不能修改",
            "This account holds rights your role does not have; you cannot change it",
        )
    if codes is not None:
        codes = sorted({*codes, *(role.code for role in kept)})
    if account.pk == actor.account.pk:
        if status == "disabled":
            raise _forbidden("不能停用自己的账号", "You cannot disable your own account")
        if codes is not None and not roles_grant(
            platform_type=account.platform_type, role_codes=codes, action=STAFF_MANAGE_ACTION
        ):
            raise _forbidden(
                "不能移除自己的员工管理权限",
                "You cannot take away your own right to manage staff",
            )
    before, after = account_update(
        account,
        name=name,
        phone=phone,
        password=password,
        status=status,
        role_codes=codes,
        reason=reason,
    )
    if after:
        audit_record(
            actor=actor,
            action="staff.update",
            target_type=STAFF_AUDIT_TARGET,
            target_id=account.pk,
            before=before,
            after=after,
            reason=reason,
        )
    return account


def platform_staff_create(
    *,
    actor: Session,
    username: str,
    password: str,
    name: str,
    phone: str,
    role_codes: list[str],
) -> Account:
    """A platform sign-in with platform staff roles (never platform_admin)."""
    return staff_account_create(
        actor=actor,
        merchant=None,
        username=username,
        password=password,
        name=name,
        phone=phone,
        role_codes=role_codes,
        assignable=PLATFORM_STAFF_ROLE_CODES,
    )


def platform_staff_update(
    *,
    actor: Session,
    account_id: int,
    name: str | None = None,
    phone: str | None = None,
    password: str | None = None,
    role_codes: list[str] | None = None,
    status: str | None = None,
    reason: str = "",
) -> Account:
    """Changes a platform account: name, phone, password, staff roles, status."""
    with transaction.atomic():
        account = (
            Account.objects.select_for_update()
            .filter(platform_type=PlatformType.ADMIN, merchant__isnull=True, pk=account_id)
            .first()
        )
        if account is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        return staff_account_update(
            actor=actor,
            account=account,
            assignable=PLATFORM_STAFF_ROLE_CODES,
            name=name,
            phone=phone,
            password=password,
            role_codes=role_codes,
            status=status,
            reason=reason,
        )


def merchant_sessions_end(*, merchant: Merchant) -> int:
    """Ends every session of a merchant's accounts (the merchant was frozen or closed)."""
    accounts = Account.objects.filter(merchant=merchant)
    ended = accounts.update(token_version=F("token_version") + 1)
    _forget(list(accounts.values_list("pk", flat=True)))
    return ended


def sub_shop_sessions_end(*, merchant: Merchant, sub_shop_id: int) -> int:
    """Ends every session of a sub-shop's accounts (the sub-shop was disabled)."""
    accounts = Account.objects.filter(merchant=merchant, sub_shop_id=sub_shop_id)
    ended = accounts.update(token_version=F("token_version") + 1)
    _forget(list(accounts.values_list("pk", flat=True)))
    return ended


def session_issue(*, account: Account, role: Role | None, remember: bool) -> IssuedSession:
    token, expires = issue_token(
        TokenClaims(
            account_id=account.pk,
            platform_type=account.platform_type,
            tenant=account.merchant.schema_name if account.merchant_id else None,  # type: ignore[union-attr]
            sub_shop_id=account.sub_shop_id,
            role_id=role.pk if role else None,
            version=account.token_version,
            remember=remember,
        )
    )
    return IssuedSession(
        account=account,
        token=token,
        expires_at=expires,
        roles=account_roles(account),
        current_role=role,
    )


def account_login(
    *,
    platform_type: int,
    merchant: Merchant | None,
    username: str,
    password: str,
    ip: str,
    remember: bool = False,
) -> IssuedSession:
    account_key, ip_key = _failure_keys(
        platform_type=platform_type, merchant=merchant, username=username, ip=ip
    )
    _ensure_not_locked(account_key, ip_key)
    account = find_account(
        platform_type=platform_type,
        merchant_id=merchant.pk if merchant else None,
        username=username,
    )
    password_ok = check_password(password, account.password if account else _dummy_password_hash())
    if account is None or not password_ok:
        _count_failure(account_key)
        _count_failure(ip_key)
        raise ApplicationError(ErrorCode.BAD_CREDENTIALS)
    if not account.is_active:
        raise ApplicationError(ErrorCode.ACCOUNT_DISABLED)
    if account.sub_shop_id is not None and not sub_shop_is_active(
        merchant_id=account.merchant_id, sub_shop_id=account.sub_shop_id
    ):
        raise ApplicationError(ErrorCode.SUB_SHOP_DISABLED)
    cache.delete(account_key)
    Account.objects.filter(pk=account.pk).update(last_login_at=timezone.now())
    if merchant is not None:
        account.merchant = merchant
    roles = account_roles(account)
    role = roles[0] if len(roles) == 1 else None
    return session_issue(account=account, role=role, remember=remember)


def session_choose_role(
    *, account: Account, merchant: Merchant | None, role_id: int, remember: bool
) -> IssuedSession:
    role = account.roles.filter(pk=role_id).first()
    if role is None:
        raise ApplicationError(ErrorCode.ROLE_NOT_ASSIGNED)
    if merchant is not None:
        account.merchant = merchant
    return session_issue(account=account, role=role, remember=remember)


def account_revoke_sessions(*, account: Account) -> None:
    """Ends every session of the account (logout, password reset, disabling)."""
    Account.objects.filter(pk=account.pk).update(token_version=F("token_version") + 1)
    _forget([account.pk])


def _reset_code_hash(account_id: int, code: str) -> str:
    return salted_hmac("zulin.reset-code", f"{account_id}:{code}").hexdigest()


def _reset_throttle_key(platform_type: int, merchant: Merchant | None, username: str) -> str:
    scope = merchant.schema_name if merchant else "public"
    return f"global:reset_sms:{platform_type}:{scope}:{username.lower()}"


def reset_code_send(
    *, platform_type: int, merchant: Merchant | None, username: str, phone: str
) -> int:
    """Sends a reset code when username and phone match an account. Answers the same either
    way (no account enumeration); throttled per username. Returns the seconds until resend."""
    resend = settings.RESET_CODE_RESEND_SECONDS
    added = cache.add(_reset_throttle_key(platform_type, merchant, username), 1, resend)
    if not cache_available():
        # The resend throttle lives in Redis: without it, codes could be sent without end.
        raise ApplicationError(ErrorCode.UNAVAILABLE)
    if not added:
        raise ApplicationError(ErrorCode.RESET_CODE_TOO_SOON, data={"resend_after": resend})
    account = find_account(
        platform_type=platform_type,
        merchant_id=merchant.pk if merchant else None,
        username=username,
    )
    if account is None or not account.is_active or not account.phone or account.phone != phone:
        return resend
    code = f"{secrets.randbelow(1_000_000):06d}"
    with transaction.atomic():
        PasswordResetCode.objects.filter(account=account, used_at__isnull=True).update(
            used_at=timezone.now()
        )
        PasswordResetCode.objects.create(
            account=account,
            code_hash=_reset_code_hash(account.pk, code),
            expires_at=timezone.now() + timedelta(seconds=settings.RESET_CODE_TTL_SECONDS),
        )
        try:
            get_sms_provider().send(phone=phone, template="reset_password", params={"code": code})
        except ProviderError as exc:
            raise ApplicationError(ErrorCode.PROVIDER_FAILED) from exc
    return resend


def password_reset(
    *,
    platform_type: int,
    merchant: Merchant | None,
    username: str,
    phone: str,
    code: str,
    new_password: str,
) -> None:
    validate_new_password(new_password)
    account = find_account(
        platform_type=platform_type,
        merchant_id=merchant.pk if merchant else None,
        username=username,
    )
    if account is None or account.phone != phone:
        raise ApplicationError(ErrorCode.RESET_CODE_INVALID)
    with transaction.atomic():
        pending = (
            PasswordResetCode.objects.select_for_update()
            .filter(
                account=account,
                used_at__isnull=True,
                expires_at__gt=timezone.now(),
                attempts__lt=settings.RESET_CODE_MAX_ATTEMPTS,
            )
            .order_by("-created_at")
            .first()
        )
        matched = pending is not None and constant_time_compare(
            pending.code_hash, _reset_code_hash(account.pk, code)
        )
        if pending is not None and not matched:
            # The failed attempt is counted and committed before the error is answered.
            pending.attempts = F("attempts") + 1
            pending.save(update_fields=["attempts"])
        if matched and pending is not None:
            pending.used_at = timezone.now()
            pending.save(update_fields=["used_at"])
            account.password = make_password(new_password)
            account.token_version = F("token_version") + 1
            account.save(update_fields=["password", "token_version", "updated_at"])
            _forget([account.pk])
    if not matched:
        raise ApplicationError(ErrorCode.RESET_CODE_INVALID)
