"""Shop management on the store side (merchant hosts): sub-shops and their accounts, staff,
return addresses, channels and display platforms. Sub-merchants see their own sub-shop only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.http import HttpRequest
from ninja import Query, Router

from tenants.accounts.schemas import StaffListOut, StaffOut
from tenants.accounts.selectors import account_row, staff_row
from zulin.core.auth import Session, current_session, store_auth
from zulin.core.routes import call

from . import selectors, services

if TYPE_CHECKING:
    from tenants.merchants.models import Merchant

from .schemas import (
    AccountOut,
    CreateStaffIn,
    CreateSubShopAccountIn,
    CreateSubShopIn,
    LabelOut,
    PersonOut,
    RecordIdIn,
    ReturnAddressIn,
    ReturnAddressOut,
    StaffListIn,
    SubShopDetailOut,
    SubShopListIn,
    SubShopListOut,
    SubShopOptionOut,
    SubShopOptionsIn,
    SubShopOut,
    UpdateAccountIn,
    UpdateStaffIn,
    UpdateSubShopIn,
)

router = Router(tags=["backend: shop"])
# getShopSalesMan is a store call the contract serves under /api/platform.
platform_router = Router(tags=["platform: shop"])


def _merchant(session: Session) -> Merchant:
    # Store auth guarantees the host's merchant (a store token never works elsewhere).
    assert session.merchant is not None
    return session.merchant


def _strip(value: str | None) -> str | None:
    return value.strip() if value is not None else None


# --- sub-shops -----------------------------------------------------------------------------


@call(router.get, "/getSubShopList", SubShopListOut, auth=store_auth("subshop.view"))
def get_sub_shop_list(request: HttpRequest, filters: Query[SubShopListIn]) -> dict[str, Any]:
    """Sub-shops, newest first; a sub-merchant gets only its own."""
    return selectors.sub_shop_list(
        session=current_session(request),
        keyword=filters.keyword,
        status=filters.status,
        page=filters.page,
        page_size=filters.page_size,
    )


@call(router.get, "/getSubShopOptions", list[SubShopOptionOut], auth=store_auth())
def get_sub_shop_options(request: HttpRequest, params: Query[SubShopOptionsIn]) -> Any:
    """`{id, name}` of active sub-shops for selects (any store session; scoped)."""
    return selectors.sub_shop_options(
        session=current_session(request), include_disabled=params.include_disabled
    )


@call(router.get, "/getSubShopDetail", SubShopDetailOut, auth=store_auth("subshop.view"))
def get_sub_shop_detail(request: HttpRequest, params: Query[RecordIdIn]) -> dict[str, Any]:
    """(Added) A sub-shop with its accounts and its audit trail."""
    return selectors.sub_shop_detail(session=current_session(request), sub_shop_id=params.id)


@call(router.post, "/createSubShop", SubShopOut, auth=store_auth("subshop.manage"))
def create_sub_shop(request: HttpRequest, payload: CreateSubShopIn) -> dict[str, Any]:
    sub_shop = services.sub_shop_create(
        actor=current_session(request),
        name=payload.name.strip(),
        contact_name=payload.contact_name.strip(),
        phone=payload.phone,
        address=payload.address.strip(),
    )
    return selectors.sub_shop_row(sub_shop)


@call(router.post, "/updateSubShop", SubShopOut, auth=store_auth("subshop.manage"))
def update_sub_shop(request: HttpRequest, payload: UpdateSubShopIn) -> dict[str, Any]:
    """Changes fields and/or status (`disabled` needs `reason`, and signs its accounts out)."""
    session = current_session(request)
    sub_shop = services.sub_shop_update(
        actor=session,
        merchant=_merchant(session),
        sub_shop_id=payload.id,
        name=_strip(payload.name),
        contact_name=_strip(payload.contact_name),
        phone=payload.phone,
        address=_strip(payload.address),
        status=payload.status,
        reason=payload.reason,
    )
    return selectors.sub_shop_detail(session=session, sub_shop_id=sub_shop.pk)["sub_shop"]  # type: ignore[no-any-return]


@call(router.post, "/createSubShopAccount", AccountOut, auth=store_auth("subshop.manage"))
def create_sub_shop_account(
    request: HttpRequest, payload: CreateSubShopAccountIn
) -> dict[str, Any]:
    """(Added) A sign-in for a sub-shop (role sub_merchant), on this merchant's host."""
    session = current_session(request)
    account = services.sub_shop_account_create(
        actor=session,
        merchant=_merchant(session),
        sub_shop_id=payload.sub_shop_id,
        username=payload.username.strip(),
        password=payload.password,
        name=payload.name.strip(),
        phone=payload.phone,
    )
    return account_row(account)


@call(router.post, "/updateSubShopAccount", AccountOut, auth=store_auth("subshop.manage"))
def update_sub_shop_account(request: HttpRequest, payload: UpdateAccountIn) -> dict[str, Any]:
    """(Added) Name, phone, password or status of a sub-shop account (`disabled` needs
    `reason`; disabling or a new password signs it out)."""
    session = current_session(request)
    account = services.sub_shop_account_update(
        actor=session,
        merchant=_merchant(session),
        account_id=payload.id,
        name=_strip(payload.name),
        phone=payload.phone,
        password=payload.password,
        status=payload.status,
        reason=payload.reason,
    )
    return account_row(account)


# --- staff ---------------------------------------------------------------------------------


@call(router.get, "/getStaffList", StaffListOut, auth=store_auth("staff.manage"))
def get_staff_list(request: HttpRequest, filters: Query[StaffListIn]) -> dict[str, Any]:
    """(Added) The merchant's staff (not the owner, not sub-shop accounts)."""
    session = current_session(request)
    return selectors.staff_list(
        session=session,
        merchant=_merchant(session),
        keyword=filters.keyword,
        role=filters.role,
        status=filters.status,
        page=filters.page,
        page_size=filters.page_size,
    )


@call(router.post, "/createStaff", StaffOut, auth=store_auth("staff.manage"))
def create_staff(request: HttpRequest, payload: CreateStaffIn) -> dict[str, Any]:
    """(Added) A staff account with one or more staff roles."""
    session = current_session(request)
    merchant = _merchant(session)
    account = services.staff_create(
        actor=session,
        merchant=merchant,
        username=payload.username.strip(),
        password=payload.password,
        name=payload.name.strip(),
        phone=payload.phone,
        role_codes=list(payload.role_codes),
    )
    return staff_row(selectors.staff_get(merchant=merchant, account_id=account.pk))


@call(router.post, "/updateStaff", StaffOut, auth=store_auth("staff.manage"))
def update_staff(request: HttpRequest, payload: UpdateStaffIn) -> dict[str, Any]:
    """(Added) Name, phone, password, roles or status of a staff account. Disabling
    (`status: disabled`, needs `reason`), new roles or a new password sign it out."""
    session = current_session(request)
    merchant = _merchant(session)
    account = services.staff_update(
        actor=session,
        merchant=merchant,
        account_id=payload.id,
        name=_strip(payload.name),
        phone=payload.phone,
        password=payload.password,
        role_codes=list(payload.role_codes) if payload.role_codes is not None else None,
        status=payload.status,
        reason=payload.reason,
    )
    return staff_row(selectors.staff_get(merchant=merchant, account_id=account.pk))


@call(router.get, "/getOrderAuditors", list[PersonOut], auth=store_auth("order.view"))
def get_order_auditors(request: HttpRequest) -> Any:
    """Active accounts with the auditor role: who an order can be given to for audit."""
    return selectors.accounts_with_role(
        merchant=_merchant(current_session(request)), role_code="auditor"
    )


@call(router.get, "/getAllAuditors", list[PersonOut], auth=store_auth("order.view"))
def get_all_auditors(request: HttpRequest) -> Any:
    """Every account with the auditor role, disabled ones included: for filtering orders
    audited in the past."""
    return selectors.accounts_with_role(
        merchant=_merchant(current_session(request)), role_code="auditor", include_disabled=True
    )


@call(platform_router.get, "/getShopSalesMan", list[PersonOut], auth=store_auth("order.view"))
def get_shop_sales_man(request: HttpRequest) -> Any:
    """Active accounts with the salesman role."""
    return selectors.accounts_with_role(
        merchant=_merchant(current_session(request)), role_code="salesman"
    )


# --- return addresses, channels, display platforms -----------------------------------------


@call(router.get, "/returnAddrSelections", list[ReturnAddressOut], auth=store_auth("order.view"))
def return_addr_selections(request: HttpRequest) -> Any:
    """Return addresses, the default first."""
    return selectors.return_addresses()


@call(router.post, "/saveReturnAddress", ReturnAddressOut, auth=store_auth("order.manage"))
def save_return_address(request: HttpRequest, payload: ReturnAddressIn) -> dict[str, Any]:
    """Creates (no `id`) or updates an address; `is_default` makes it the only default."""
    address = services.return_address_save(
        actor=current_session(request),
        address_id=payload.id,
        name=payload.name.strip(),
        phone=payload.phone,
        province=payload.province.strip(),
        city=payload.city.strip(),
        district=payload.district.strip(),
        detail=payload.detail.strip(),
        is_default=payload.is_default,
    )
    return selectors.return_address_row(address)


@call(router.get, "/getChannels", list[LabelOut], auth=store_auth())
def get_channels(request: HttpRequest) -> Any:
    """The order channels of this merchant: `[{label, name}]`."""
    return selectors.channels()


@call(router.get, "/getShowPlts", list[LabelOut], auth=store_auth())
def get_show_plts(request: HttpRequest) -> Any:
    """The platforms goods can be displayed on: `[{label, name}]`."""
    return selectors.show_platforms()
