"""Reads of shop management: sub-shops (scoped for sub-merchants), staff, return addresses,
channels and display platforms. Runs in the merchant's schema (set by the host)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import Count, Q, QuerySet

from tenants.accounts.models import Account
from tenants.accounts.selectors import (
    OWNER_ROLE_CODE,
    account_row,
    staff_page,
    with_roles,
)
from tenants.merchants.models import Merchant
from zulin.audit.selectors import audit_trail
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.i18n import Text, pick
from zulin.core.pagination import page_of
from zulin.core.scoping import scope_to_sub_shop
from zulin.core.sides import PlatformType

from .models import Channel, ReturnAddress, ShowPlatform, SubShop, SubShopStatus

SUB_SHOP_AUDIT_TARGET = "sub_shop"
SUB_MERCHANT_ROLE_CODE = "sub_merchant"
# The system roles an owner may give staff (tenants/catalogue.py).
STAFF_ROLE_CODES = (
    "auditor",
    "salesman",
    "finance",
    "customer_service",
    "collector",
    "warehouse",
)


# --- sub-shops -----------------------------------------------------------------------------


def visible_sub_shops(session: Session) -> QuerySet[SubShop]:
    """Every sub-shop for the owner and staff; only its own for a sub-merchant."""
    return scope_to_sub_shop(SubShop.objects.all(), session, field="id")


def sub_shop_row(sub_shop: SubShop, account_count: int = 0) -> dict[str, Any]:
    return {
        "id": sub_shop.pk,
        "name": sub_shop.name,
        "contact_name": sub_shop.contact_name,
        "phone": sub_shop.phone,
        "address": sub_shop.address,
        "status": sub_shop.status,
        "status_name": SubShopStatus(sub_shop.status).label,
        "account_count": account_count,
        "created_at": sub_shop.created_at,
        "updated_at": sub_shop.updated_at,
    }


def sub_shop_list(
    *,
    session: Session,
    keyword: str = "",
    status: str | None = None,
    page: int = 1,
    page_size: int = 20,
) -> dict[str, Any]:
    queryset = visible_sub_shops(session)
    keyword = keyword.strip()
    if keyword:
        queryset = queryset.filter(
            Q(name__icontains=keyword)
            | Q(contact_name__icontains=keyword)
            | Q(phone__icontains=keyword)
        )
    if status:
        queryset = queryset.filter(status=status)
    answer = page_of(queryset, page=page, page_size=page_size)
    counts = _account_counts(session.merchant, [shop.pk for shop in answer["list"]])
    answer["list"] = [sub_shop_row(shop, counts.get(shop.pk, 0)) for shop in answer["list"]]
    return answer


def _account_counts(merchant: Merchant | None, sub_shop_ids: list[int]) -> dict[int, int]:
    if not sub_shop_ids:
        return {}
    rows = (
        Account.objects.filter(merchant=merchant, sub_shop_id__in=sub_shop_ids)
        .values("sub_shop_id")
        .annotate(count=Count("id"))
    )
    return {row["sub_shop_id"]: row["count"] for row in rows}


def sub_shop_options(*, session: Session, include_disabled: bool = False) -> list[dict[str, Any]]:
    queryset = visible_sub_shops(session).order_by("name", "id")
    if not include_disabled:
        queryset = queryset.filter(status=SubShopStatus.ACTIVE)
    return [dict(row) for row in queryset.values("id", "name")]


def sub_shop_get(*, session: Session, sub_shop_id: int) -> SubShop:
    """The sub-shop if this session may see it; NOT_FOUND for a sibling's id as for none."""
    sub_shop = visible_sub_shops(session).filter(pk=sub_shop_id).first()
    if sub_shop is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return sub_shop


def sub_shop_detail(*, session: Session, sub_shop_id: int) -> dict[str, Any]:
    sub_shop = sub_shop_get(session=session, sub_shop_id=sub_shop_id)
    accounts = [
        account_row(account)
        for account in Account.objects.filter(
            merchant=session.merchant, sub_shop_id=sub_shop.pk
        ).order_by("id")
    ]
    return {
        "sub_shop": sub_shop_row(sub_shop, len(accounts)),
        "accounts": accounts,
        "audit": audit_trail(target_type=SUB_SHOP_AUDIT_TARGET, target_id=sub_shop.pk),
    }


# --- staff (the rows and the page are tenants.accounts.selectors', shared with the platform) -


def staff_accounts(merchant: Merchant | None) -> QuerySet[Account]:
    """The merchant's staff: its store accounts that are neither the owner nor a
    sub-merchant."""
    return with_roles(
        Account.objects.filter(
            merchant=merchant, platform_type=PlatformType.STORE, sub_shop_id__isnull=True
        ).exclude(roles__code=OWNER_ROLE_CODE)
    )


def staff_list(
    *,
    session: Session,
    merchant: Merchant | None,
    keyword: str = "",
    role: str | None = None,
    status: str | None = None,
    page: int = 1,
    page_size: int = 20,
) -> dict[str, Any]:
    # Staff belong to no sub-shop: a sub-shop account's scope holds none of them.
    return staff_page(
        scope_to_sub_shop(staff_accounts(merchant), session),
        keyword=keyword,
        role=role,
        status=status,
        page=page,
        page_size=page_size,
    )


def staff_get(*, merchant: Merchant | None, account_id: int) -> Account:
    account = staff_accounts(merchant).filter(pk=account_id).first()
    if account is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return account


def accounts_with_role(
    *, merchant: Merchant | None, role_code: str, include_disabled: bool = False
) -> list[dict[str, Any]]:
    """`{id, name, username}` of the merchant's accounts holding a system role."""
    queryset = Account.objects.filter(
        merchant=merchant, platform_type=PlatformType.STORE, roles__code=role_code
    )
    if not include_disabled:
        queryset = queryset.filter(is_active=True)
    rows = queryset.distinct().order_by("name", "id").values("id", "name", "username")
    return [dict(row) for row in rows]


# --- return addresses, channels, display platforms -----------------------------------------


def return_address_row(address: ReturnAddress) -> dict[str, Any]:
    return {
        "id": address.pk,
        "name": address.name,
        "phone": address.phone,
        "province": address.province,
        "city": address.city,
        "district": address.district,
        "detail": address.detail,
        "full_address": "".join(
            (address.province, address.city, address.district, " ", address.detail)
        ).strip(),
        "is_default": address.is_default,
        "updated_at": address.updated_at,
    }


def return_addresses() -> list[dict[str, Any]]:
    return [return_address_row(address) for address in ReturnAddress.objects.all()]


# The seeded channels' and display platforms' names in English, by label (the Chinese name is
# the row's); a channel a shop adds is named by the shop and shown as it typed it.
CHANNEL_NAMES_EN = {
    "alipay_mini": "Alipay mini program",
    "wechat_mini": "WeChat mini program",
    "alipay": "Alipay",
    "wechat": "WeChat",
    "h5": "H5",
    "app": "App",
}


def _named(row: Mapping[str, Any]) -> dict[str, Any]:
    english = CHANNEL_NAMES_EN.get(row["label"])
    return {**row, "name": pick(Text(row["name"], english))} if english else dict(row)


def channels() -> list[dict[str, Any]]:
    """The active order channels, `{label, name}`, named in the request's language."""
    return [_named(row) for row in Channel.objects.filter(is_active=True).values("label", "name")]


def show_platforms() -> list[dict[str, Any]]:
    rows = ShowPlatform.objects.filter(is_active=True).values("label", "name")
    return [_named(row) for row in rows]


def known_sub_shop_ids(ids: list[int]) -> set[int]:
    """Which of `ids` are sub-shops of this merchant (any status)."""
    return set(SubShop.objects.filter(pk__in=ids).values_list("pk", flat=True))


def known_channel_labels() -> set[str]:
    """Labels goods may be offered on: the merchant's active channels and display platforms."""
    labels = set(Channel.objects.filter(is_active=True).values_list("label", flat=True))
    platforms = ShowPlatform.objects.filter(is_active=True).values_list("label", flat=True)
    return labels | set(platforms)


def sub_shop_names(ids: set[int] | list[int]) -> dict[int, tuple[str, bool]]:
    """`{id: (name, active)}` of the given sub-shops (order lists and intake)."""
    if not ids:
        return {}
    rows = SubShop.objects.filter(pk__in=list(ids)).values_list("pk", "name", "status")
    return {pk: (name, status == SubShopStatus.ACTIVE) for pk, name, status in rows}
