"""Changes of shop management: sub-shops and their accounts, staff, return addresses.

Each runs in one transaction, locks the row it changes, and records the change in the
merchant's schema (`audit_record`). Accounts are public rows reached through the same
connection (the search path holds the merchant's schema, then public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import IntegrityError, transaction

from tenants.accounts.services import (
    account_create,
    account_lock,
    account_update,
    staff_account_create,
    staff_account_update,
    sub_shop_sessions_end,
)
from zulin.audit.services import audit_record
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.scoping import refuse_sub_shop_session, scope_to_sub_shop, scoped_get

from .models import ReturnAddress, SubShop, SubShopStatus
from .projection import sub_shop_project

if TYPE_CHECKING:
    from tenants.accounts.models import Account
    from tenants.merchants.models import Merchant
from zulin.core.i18n import Text

from .selectors import (
    STAFF_ROLE_CODES,
    SUB_MERCHANT_ROLE_CODE,
    SUB_SHOP_AUDIT_TARGET,
    staff_accounts,
)


def _reason_required() -> ApplicationError:
    return field_error("reason", Text("停用须填写原因", "a reason is required to disable"))


def _apply(instance: Any, changes: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Sets the fields that really change; answers (before, after) of those fields."""
    before: dict[str, Any] = {}
    after: dict[str, Any] = {}
    for field, value in changes.items():
        if value is not None and getattr(instance, field) != value:
            before[field] = getattr(instance, field)
            after[field] = value
            setattr(instance, field, value)
    return before, after


# --- sub-shops -----------------------------------------------------------------------------


def sub_shop_create(
    *, actor: Session, name: str, contact_name: str, phone: str, address: str
) -> SubShop:
    refuse_sub_shop_session(actor)  # a sub-shop account never makes siblings
    if SubShop.objects.filter(name=name).exists():
        raise field_error("name", Text("已有同名子店", "a sub-shop with this name exists"))
    try:
        with transaction.atomic():
            sub_shop = SubShop.objects.create(
                name=name, contact_name=contact_name, phone=phone, address=address
            )
            sub_shop_project(sub_shop)
            audit_record(
                actor=actor,
                action="sub_shop.create",
                target_type=SUB_SHOP_AUDIT_TARGET,
                target_id=sub_shop.pk,
                after={
                    "name": name,
                    "contact_name": contact_name,
                    "phone": phone,
                    "address": address,
                    "status": sub_shop.status,
                },
            )
    except IntegrityError:
        raise field_error(
            "name", Text("已有同名子店", "a sub-shop with this name exists")
        ) from None
    return sub_shop


def sub_shop_update(
    *,
    actor: Session,
    merchant: Merchant | None,
    sub_shop_id: int,
    name: str | None = None,
    contact_name: str | None = None,
    phone: str | None = None,
    address: str | None = None,
    status: str | None = None,
    reason: str = "",
) -> SubShop:
    """Changes a sub-shop. Disabling needs a reason and ends its accounts' sessions; they
    cannot sign in until it is active again."""
    reason = reason.strip()
    try:
        with transaction.atomic():
            sub_shop = scoped_get(
                SubShop.objects.select_for_update(), actor, pk=sub_shop_id, field="id"
            )
            if status == SubShopStatus.DISABLED and sub_shop.status != status and not reason:
                raise _reason_required()
            if name and name != sub_shop.name and SubShop.objects.filter(name=name).exists():
                raise field_error("name", Text("已有同名子店", "a sub-shop with this name exists"))
            before, after = _apply(
                sub_shop,
                {
                    "name": name,
                    "contact_name": contact_name,
                    "phone": phone,
                    "address": address,
                    "status": status,
                },
            )
            if not after:
                return sub_shop
            sub_shop.save(update_fields=[*after, "updated_at"])
            sub_shop_project(sub_shop)
            if after.get("status") == SubShopStatus.DISABLED and merchant is not None:
                sub_shop_sessions_end(merchant=merchant, sub_shop_id=sub_shop.pk)
            audit_record(
                actor=actor,
                action="sub_shop.status" if "status" in after else "sub_shop.update",
                target_type=SUB_SHOP_AUDIT_TARGET,
                target_id=sub_shop.pk,
                before=before,
                after=after,
                reason=reason,
            )
    except IntegrityError:
        raise field_error(
            "name", Text("已有同名子店", "a sub-shop with this name exists")
        ) from None
    return sub_shop


# --- accounts ------------------------------------------------------------------------------


def sub_shop_account_create(
    *,
    actor: Session,
    merchant: Merchant,
    sub_shop_id: int,
    username: str,
    password: str,
    name: str,
    phone: str,
) -> Account:
    with transaction.atomic():
        sub_shop = scoped_get(
            SubShop.objects.select_for_update(), actor, pk=sub_shop_id, field="id"
        )
        if sub_shop.status != SubShopStatus.ACTIVE:
            raise ApplicationError(
                ErrorCode.SUB_SHOP_DISABLED,
                "子商户已停用，不能添加账号",
                msg_en="The sub-shop is disabled; enable it first",
            )
        account = account_create(
            merchant=merchant,
            username=username,
            password=password,
            name=name,
            phone=phone,
            sub_shop_id=sub_shop.pk,
            role_codes=[SUB_MERCHANT_ROLE_CODE],
        )
        audit_record(
            actor=actor,
            action="sub_shop.account_create",
            target_type=SUB_SHOP_AUDIT_TARGET,
            target_id=sub_shop.pk,
            after={"account_id": account.pk, "username": username, "name": name},
        )
    return account


def sub_shop_account_update(
    *,
    actor: Session,
    merchant: Merchant,
    account_id: int,
    name: str | None = None,
    phone: str | None = None,
    password: str | None = None,
    status: str | None = None,
    reason: str = "",
) -> Account:
    reason = reason.strip()
    with transaction.atomic():
        account = account_lock(merchant=merchant, account_id=account_id, sub_shop=True)
        if account is not None and actor.sub_shop_id not in (None, account.sub_shop_id):
            account = None  # a sibling sub-shop's account: as if there were none
        if (
            account is None
            or account.sub_shop_id is None
            or not SubShop.objects.filter(pk=account.sub_shop_id).exists()
        ):
            raise ApplicationError(ErrorCode.NOT_FOUND)
        before, after = account_update(
            account, name=name, phone=phone, password=password, status=status, reason=reason
        )
        if after:
            audit_record(
                actor=actor,
                action="sub_shop.account_update",
                target_type=SUB_SHOP_AUDIT_TARGET,
                target_id=account.sub_shop_id,
                before={"account_id": account.pk, **before},
                after={"account_id": account.pk, **after},
                reason=reason,
            )
    return account


# --- staff (the rules both sides share live in tenants.accounts.services) -------------------


def staff_create(
    *,
    actor: Session,
    merchant: Merchant,
    username: str,
    password: str,
    name: str,
    phone: str,
    role_codes: list[str],
) -> Account:
    refuse_sub_shop_session(actor)  # staff work for the whole merchant, not one sub-shop
    return staff_account_create(
        actor=actor,
        merchant=merchant,
        username=username,
        password=password,
        name=name,
        phone=phone,
        role_codes=role_codes,
        assignable=STAFF_ROLE_CODES,
    )


def staff_update(
    *,
    actor: Session,
    merchant: Merchant,
    account_id: int,
    name: str | None = None,
    phone: str | None = None,
    password: str | None = None,
    role_codes: list[str] | None = None,
    status: str | None = None,
    reason: str = "",
) -> Account:
    """Changes a staff account. Disabling it, changing its roles or its password ends its
    sessions (its token version moves on): a token trusts the role it names."""
    with transaction.atomic():
        # Staff belong to no sub-shop: a sub-shop account's scope holds none of them.
        account = staff_accounts(merchant).select_for_update(of=("self",)).filter(pk=account_id)
        locked = scope_to_sub_shop(account, actor).first()
        if locked is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        return staff_account_update(
            actor=actor,
            account=locked,
            assignable=STAFF_ROLE_CODES,
            name=name,
            phone=phone,
            password=password,
            role_codes=role_codes,
            status=status,
            reason=reason,
        )


# --- return addresses ----------------------------------------------------------------------


def return_address_save(
    *,
    actor: Session,
    address_id: int | None,
    name: str,
    phone: str,
    province: str,
    city: str,
    district: str,
    detail: str,
    is_default: bool,
) -> ReturnAddress:
    """Creates (no id) or updates an address. Only one is the default: choosing one clears
    the others; the first address is the default whatever was asked."""
    fields = {
        "name": name,
        "phone": phone,
        "province": province,
        "city": city,
        "district": district,
        "detail": detail,
    }
    with transaction.atomic():
        # Locks every address: two saves choosing a default run one after the other.
        existing = {a.pk: a for a in ReturnAddress.objects.select_for_update().order_by("id")}
        if address_id is not None and address_id not in existing:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        make_default = is_default or not any(
            a.is_default for pk, a in existing.items() if pk != address_id
        )
        if make_default:
            others = ReturnAddress.objects.filter(is_default=True)
            if address_id is not None:
                others = others.exclude(pk=address_id)
            others.update(is_default=False)
        if address_id is None:
            address = ReturnAddress.objects.create(**fields, is_default=make_default)
            before: dict[str, Any] = {}
            after: dict[str, Any] = {**fields, "is_default": make_default}
        else:
            address = existing[address_id]
            before, after = _apply(address, {**fields, "is_default": make_default})
            if not after:
                return address
            address.save(update_fields=[*after, "updated_at"])
        audit_record(
            actor=actor,
            action="return_address.create" if address_id is None else "return_address.update",
            target_type="return_address",
            target_id=address.pk,
            before=before or None,
            after=after,
        )
    return address
