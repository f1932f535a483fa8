"""Sign-in and session calls under /api/platform, served on both sides; the platform's staff
accounts (admin host, `staff.manage`)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.utils import timezone
from ninja import Query, Router
from ninja.throttling import AnonRateThrottle, BaseThrottle

from tenants.merchants.models import Merchant
from tenants.merchants.selectors import sub_shop_name, sub_shop_names
from zulin.core.auth import admin_auth, any_side_auth, current_session, store_auth
from zulin.core.envelope import request_language
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.routes import call

from . import api_keys, selectors, services
from .models import Account
from .schemas import (
    ApiKeyCreatedOut,
    ApiKeyCreateIn,
    ApiKeyIdIn,
    ApiKeyOut,
    ApiKeyRollIn,
    ApiKeyScopeOut,
    ChooseRoleIn,
    CreatePlatformStaffIn,
    LoginIn,
    LoginUserInfoOut,
    PlatformStaffListIn,
    PrivacyOut,
    ResendOut,
    ResetPasswordIn,
    ResetSmsIn,
    SessionOut,
    SiteOut,
    StaffListOut,
    StaffOut,
    UpdatePlatformStaffIn,
)

platform_router = Router(tags=["platform: session"])
staff_router = Router(tags=["platform: staff"], auth=admin_auth("staff.manage"))

# Ninja's throttle (per client IP) bounds the raw rate; services count failed sign-ins.
login_rate = AnonRateThrottle(settings.LOGIN_RATE)
sms_rate = AnonRateThrottle("10/m")


def _client_ip(request: HttpRequest) -> str:
    """The client address as Ninja's throttles see it: X-Forwarded-For is trusted only for
    the TRUSTED_PROXY_COUNT proxies in front of us (Next.js, nginx), so it cannot be forged."""
    return str(BaseThrottle().get_ident(request) or "")


def _merchant(request: HttpRequest) -> Merchant | None:
    return request.tenant  # type: ignore[attr-defined, no-any-return]


def _user_out(account: Account, merchant: Merchant | None) -> dict[str, Any]:
    return {
        "id": account.pk,
        "username": account.username,
        "name": account.name,
        "phone": _masked(account.phone),
        "merchant": {"name": merchant.name, "slug": merchant.slug} if merchant else None,
        "sub_shop": {
            "id": account.sub_shop_id,
            "name": sub_shop_name(merchant_id=account.merchant_id, sub_shop_id=account.sub_shop_id),
        }
        if account.sub_shop_id
        else None,
    }


def _masked(phone: str) -> str:
    return f"{phone[:3]}****{phone[-4:]}" if len(phone) >= 11 else phone


def _session_out(issued: services.IssuedSession, merchant: Merchant | None) -> dict[str, Any]:
    roles = [selectors.role_out(selectors.role_summary(role)) for role in issued.roles]
    return {
        "token": issued.token,
        "expires_at": issued.expires_at,
        "platform_type": issued.account.platform_type,
        "roles": roles,
        "current_role": selectors.role_out(selectors.role_summary(issued.current_role))
        if issued.current_role
        else None,
        "need_role_pick": issued.current_role is None and len(roles) > 1,
        "user": _user_out(issued.account, merchant),
    }


@call(platform_router.post, "/mainLand", SessionOut, auth=None, throttle=[login_rate])
def main_land(request: HttpRequest, payload: LoginIn) -> dict[str, Any]:
    """Sign in on the side and merchant of this host."""
    merchant = _merchant(request)
    issued = services.account_login(
        platform_type=request.side,  # type: ignore[attr-defined]
        merchant=merchant,
        username=payload.username.strip(),
        password=payload.password,
        ip=_client_ip(request),
        remember=payload.remember,
    )
    return _session_out(issued, merchant)


@call(platform_router.post, "/chooseRole", SessionOut, auth=any_side_auth())
def choose_role(request: HttpRequest, payload: ChooseRoleIn) -> dict[str, Any]:
    """(Added) Picks the role to act in; answers a new token bound to it."""
    session = current_session(request)
    issued = services.session_choose_role(
        account=session.account,
        merchant=session.merchant,
        role_id=payload.role_id,
        remember=session.claims.remember if session.claims else False,
    )
    return _session_out(issued, session.merchant)


@call(platform_router.post, "/logout", auth=any_side_auth())
def logout(request: HttpRequest) -> None:
    """(Added) Ends every session of the signed-in account."""
    services.account_revoke_sessions(account=current_session(request).account)


@call(platform_router.get, "/getLoginUserInfo", LoginUserInfoOut, auth=any_side_auth())
def get_login_user_info(request: HttpRequest) -> dict[str, Any]:
    session = current_session(request)
    roles = [selectors.role_out(role) for role in selectors.account_role_summaries(session.account)]
    return {
        "user": _user_out(session.account, session.merchant),
        "roles": roles,
        "current_role": next((role for role in roles if role["id"] == session.role_id), None),
        "auth": [{"action": code} for code in sorted(session.actions)],
        "menus": selectors.menu_tree(
            platform_type=session.side,
            actions=session.actions,
            language=request_language(request),
        ),
        "site": _site(request),
    }


def _site(request: HttpRequest) -> dict[str, Any]:
    merchant = _merchant(request)
    return {
        "name": settings.SITE_NAME,
        "logo": "/logo.svg",
        "platform_type": request.side,  # type: ignore[attr-defined]
        "merchant": {"name": merchant.name, "slug": merchant.slug} if merchant else None,
    }


@call(platform_router.get, "/getSiteInfo", SiteOut, auth=None)
def get_site_info(request: HttpRequest) -> dict[str, Any]:
    """(Added) Site name, logo and side of this host, for the sign-in page."""
    return _site(request)


@call(platform_router.post, "/sendResetPwdSms", ResendOut, auth=None, throttle=[sms_rate])
def send_reset_pwd_sms(request: HttpRequest, payload: ResetSmsIn) -> dict[str, Any]:
    resend_after = services.reset_code_send(
        platform_type=request.side,  # type: ignore[attr-defined]
        merchant=_merchant(request),
        username=payload.username.strip(),
        phone=payload.phone,
    )
    return {"resend_after": resend_after}


@call(platform_router.post, "/resetPwd", auth=None, throttle=[login_rate])
def reset_pwd(request: HttpRequest, payload: ResetPasswordIn) -> None:
    services.password_reset(
        platform_type=request.side,  # type: ignore[attr-defined]
        merchant=_merchant(request),
        username=payload.username.strip(),
        phone=payload.phone,
        code=payload.code,
        new_password=payload.password,
    )


@call(platform_router.post, "/showPrivacy", PrivacyOut, auth=None)
def show_privacy(request: HttpRequest) -> Any:
    policy = selectors.current_privacy_policy()
    if policy is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return policy


# --- platform staff ------------------------------------------------------------------------


def _strip(value: str | None) -> str | None:
    return value.strip() if value is not None else None


@call(staff_router.get, "/getPlatformStaffList", StaffListOut)
def get_platform_staff_list(
    request: HttpRequest, filters: Query[PlatformStaffListIn]
) -> dict[str, Any]:
    """(Added) Every platform account with its roles, newest first."""
    return selectors.platform_staff_list(
        keyword=filters.keyword,
        role=filters.role,
        status=filters.status,
        page=filters.page,
        page_size=filters.page_size,
    )


@call(staff_router.post, "/createPlatformStaff", StaffOut)
def create_platform_staff(request: HttpRequest, payload: CreatePlatformStaffIn) -> dict[str, Any]:
    """(Added) A platform account with one or more staff roles (operator, finance, auditor)."""
    account = services.platform_staff_create(
        actor=current_session(request),
        username=payload.username.strip(),
        password=payload.password,
        name=payload.name.strip(),
        phone=payload.phone,
        role_codes=list(payload.role_codes),
    )
    return selectors.staff_row(selectors.platform_staff_get(account_id=account.pk))


@call(staff_router.post, "/updatePlatformStaff", StaffOut)
def update_platform_staff(request: HttpRequest, payload: UpdatePlatformStaffIn) -> dict[str, Any]:
    """(Added) Name, phone, password, staff roles or status of a platform account. Disabling
    (needs `reason`), new roles or a new password sign it out; an admin keeps platform_admin;
    no one disables themselves or takes away their own `staff.manage`."""
    account = services.platform_staff_update(
        actor=current_session(request),
        account_id=payload.id,
        name=_strip(payload.name),
        phone=payload.phone,
        password=payload.password,
        role_codes=list(payload.role_codes) if payload.role_codes is not None else None,
        status=payload.status,
        reason=payload.reason,
    )
    return selectors.staff_row(selectors.platform_staff_get(account_id=account.pk))


# -- API keys (docs/api-keys.md): the developers' screen, behind webhook.manage ---------------
keys_router = Router(tags=["backend: API keys"], auth=store_auth("webhook.manage"))


def _key_out(row: Any, key: str | None = None) -> dict[str, Any]:
    name = (
        sub_shop_name(merchant_id=row.merchant_id, sub_shop_id=row.sub_shop_id)
        if row.sub_shop_id
        else ""
    )
    out = selectors.api_key_out(row, name, timezone.now())
    return {**out, "key": key} if key is not None else out


@call(keys_router.get, "/getApiKeys", list[ApiKeyOut])
def get_api_keys(request: HttpRequest) -> Any:
    """(Added) The merchant's API keys, newest first; a sub-shop account sees its own."""
    session = current_session(request)
    keys = selectors.api_keys_of(merchant_id=session.merchant.pk, sub_shop_id=session.sub_shop_id)
    names = sub_shop_names(
        merchant_id=session.merchant.pk, sub_shop_ids={k.sub_shop_id for k in keys if k.sub_shop_id}
    )
    now = timezone.now()
    return [selectors.api_key_out(key, names.get(key.sub_shop_id or 0, ""), now) for key in keys]


@call(keys_router.get, "/getApiKeyScopes", list[ApiKeyScopeOut])
def get_api_key_scopes(request: HttpRequest) -> Any:
    """(Added) The scopes a key may hold, and whether this account may give each."""
    session = current_session(request)
    return [
        {
            "scope": scope,
            "actions": list(actions),
            "granted": api_keys.scope_granted(session, scope),
        }
        for scope, actions in api_keys.SCOPES.items()
    ]


@call(keys_router.post, "/createApiKey", ApiKeyCreatedOut)
def create_api_key(request: HttpRequest, payload: ApiKeyCreateIn) -> Any:
    """(Added) A new key, answered whole this once; only its digest is kept."""
    row, key = api_keys.api_key_create(
        session=current_session(request),
        name=payload.name,
        scopes=list(payload.scopes),
        sub_shop_id=payload.sub_shop_id,
        expires_at=payload.expires_at,
    )
    return _key_out(row, key)


@call(keys_router.post, "/revokeApiKey", ApiKeyOut)
def revoke_api_key(request: HttpRequest, payload: ApiKeyIdIn) -> Any:
    """(Added) The key stops working on the next request."""
    return _key_out(api_keys.api_key_revoke(session=current_session(request), key_id=payload.id))


@call(keys_router.post, "/rollApiKey", ApiKeyCreatedOut)
def roll_api_key(request: HttpRequest, payload: ApiKeyRollIn) -> Any:
    """(Added) A new key in place of this one, answered whole this once; the old key works
    for the hours given."""
    row, key = api_keys.api_key_roll(
        session=current_session(request),
        key_id=payload.id,
        old_expires_in_hours=payload.old_expires_in_hours,
    )
    return _key_out(row, key)
