"""Demo data for `make run`: the logins the README lists. Safe to run again."""

from __future__ import annotations

from django.contrib.auth.hashers import make_password
from django.db import transaction

from .models import Account, AccountRole, Merchant, PlatformType, Role
from .provisioning import merchant_create

DEMO_PASSWORD = "Zulin@2026"


def _account(
    *, merchant: Merchant | None, username: str, name: str, phone: str, role_codes: list[str]
) -> Account:
    side = PlatformType.STORE if merchant else PlatformType.ADMIN
    account, created = Account.objects.get_or_create(
        platform_type=side,
        merchant=merchant,
        username=username,
        defaults={"name": name, "phone": phone, "password": make_password(DEMO_PASSWORD)},
    )
    for code in role_codes:
        role = Role.objects.get(platform_type=side, merchant=None, code=code)
        AccountRole.objects.get_or_create(account=account, role=role)
    return account


@transaction.atomic
def demo_load() -> list[str]:
    _account(
        merchant=None,
        username="admin",
        name="平台管理员",
        phone="13800000001",
        role_codes=["platform_admin"],
    )
    _account(
        merchant=None,
        username="ops",
        name="运营兼财务",
        phone="13800000002",
        role_codes=["platform_operator", "platform_finance"],
    )
    demo = merchant_create(
        name="演示租赁商城",
        slug="demo",
        owner_password=DEMO_PASSWORD,
        owner_name="演示店主",
        owner_phone="13900000001",
        contact_name="王经理",
        contact_phone="13900000001",
    )
    acme = merchant_create(
        name="Acme 数码租赁",
        slug="acme",
        owner_password=DEMO_PASSWORD,
        owner_name="Acme 店主",
        owner_phone="13900000002",
        contact_name="李经理",
        contact_phone="13900000002",
    )
    _account(
        merchant=demo,
        username="manager",
        name="审核兼财务",
        phone="13900000003",
        role_codes=["auditor", "finance"],
    )
    return [
        f"admin side  http://admin.localhost  admin / {DEMO_PASSWORD}",
        f"            (ops / {DEMO_PASSWORD}: two roles)",
        f"store demo  http://{demo.slug}.localhost  owner / {DEMO_PASSWORD} (manager: two roles)",
        f"store acme  http://{acme.slug}.localhost  owner / {DEMO_PASSWORD}",
    ]
