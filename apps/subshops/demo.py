"""A merchant's shop team for the demo: sub-shops with their sub-merchant logins, staff in
every staff role, return addresses. Made through the services the owner's calls use; runs in
the merchant's schema (the caller enters it) and is safe to run again: what exists by name
or username is left as it is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tenants.accounts.selectors import account_exists
from zulin.core.auth import Session

from .models import SubShop
from .selectors import return_addresses
from .services import return_address_save, staff_create, sub_shop_account_create, sub_shop_create

if TYPE_CHECKING:
    from tenants.merchants.models import Merchant

# key (the sub-merchant's username), name, manager, phone, address
SUB_SHOPS = (
    ("east", "城东旗舰店", "赵店长", "13700000011", "杭州市上城区庆春路 88 号"),
    ("west", "城西体验店", "钱店长", "13700000012", "杭州市西湖区文三路 199 号"),
    ("north", "城北自提点", "孙店长", "13700000013", "杭州市拱墅区湖州街 66 号"),
)
# username, name, phone, roles: one account per staff role, two salesmen, two collectors
STAFF = (
    ("auditor", "周审核", "13700000021", ["auditor"]),
    ("sales1", "吴业务", "13700000022", ["salesman"]),
    ("sales2", "郑业务", "13700000023", ["salesman"]),
    ("finance", "冯财务", "13700000024", ["finance"]),
    ("service", "陈客服", "13700000025", ["customer_service"]),
    ("collector1", "褚催收", "13700000026", ["collector"]),
    ("collector2", "卫催收", "13700000027", ["collector"]),
    ("stock1", "蒋仓管", "13700000028", ["warehouse"]),
)
RETURN_ADDRESSES = (
    (
        "退货仓 王收",
        "13700000031",
        "浙江省",
        "杭州市",
        "余杭区",
        "仓前街道良睦路 1399 号 2 号仓",
        True,
    ),
    (
        "城东店 赵店长",
        "13700000011",
        "浙江省",
        "杭州市",
        "上城区",
        "庆春路 88 号 城东旗舰店",
        False,
    ),
)


def sub_shops_showcase_load(*, actor: Session, merchant: Merchant, password: str) -> dict[str, int]:
    """The three sub-shops, each with its sub-merchant login; answers key → sub-shop id."""
    ids: dict[str, int] = {}
    for key, name, manager, phone, address in SUB_SHOPS:
        sub_shop = SubShop.objects.filter(name=name).first()
        if sub_shop is None:
            sub_shop = sub_shop_create(
                actor=actor, name=name, contact_name=manager, phone=phone, address=address
            )
        if not account_exists(merchant=merchant, username=key):
            sub_shop_account_create(
                actor=actor,
                merchant=merchant,
                sub_shop_id=sub_shop.pk,
                username=key,
                password=password,
                name=manager,
                phone=phone,
            )
        ids[key] = sub_shop.pk
    return ids


def staff_showcase_load(*, actor: Session, merchant: Merchant, password: str) -> list[str]:
    """Staff in every staff role; answers their usernames."""
    for username, name, phone, roles in STAFF:
        if not account_exists(merchant=merchant, username=username):
            staff_create(
                actor=actor,
                merchant=merchant,
                username=username,
                password=password,
                name=name,
                phone=phone,
                role_codes=roles,
            )
    return [username for username, *_ in STAFF]


def return_addresses_showcase_load(*, actor: Session) -> None:
    known = {row["detail"] for row in return_addresses()}
    for name, phone, province, city, district, detail, is_default in RETURN_ADDRESSES:
        if detail in known:
            continue
        return_address_save(
            actor=actor,
            address_id=None,
            name=name,
            phone=phone,
            province=province,
            city=city,
            district=district,
            detail=detail,
            is_default=is_default,
        )
