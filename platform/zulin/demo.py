"""Demo data for `make run`: the logins the README lists, made through the services of each
domain. Safe to run again.

`demo_load` is the base the tests start from (two merchants and their logins; tests count
on it, so it stays as it is). `demo_showcase_load` adds what makes the screens look like a
living shop: goods in every state, add-ons, sub-shops, staff and merchants in every status.
Each domain's part lives in its own `demo.py`; entering a merchant's schema happens here."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import transaction
from django_tenants.utils import tenant_context

from apps.assets.demo import (
    Devices,
    second_life_showcase_load,
    units_placed_showcase_load,
    units_showcase_load,
)
from apps.billing.demo import (
    due_days_showcase_load,
    money_showcase_load,
    reconciliation_faults_load,
)
from apps.billing.demo_zhima import zhima_stories
from apps.credit.demo import credit_showcase_load
from apps.goods.demo import ACME_CATALOGUE, DEMO_CATALOGUE, goods_showcase_load
from apps.notary.demo import notary_showcase_load
from apps.orders.demo import ACME_PLAN, order_risk_checks_showcase_load, orders_showcase_load
from apps.orders.demo_stories import (
    exchange_stories,
    owed_after_lease_count,
    owed_after_lease_stories,
    second_lease_load,
    used_first_lease_stories,
)
from apps.privacy.demo import privacy_showcase_load
from apps.promotion.demo import share_links_showcase_load
from apps.recovery.demo import aging_showcase_load, recovery_showcase_load, recovery_stories
from apps.risk.demo import risk_queries_showcase_load
from apps.service.demo import service_showcase_load
from apps.subshops.demo import (
    return_addresses_showcase_load,
    staff_showcase_load,
    sub_shops_showcase_load,
)
from apps.webhooks.demo import webhooks_showcase_load
from tenants.accounts.demo import (
    api_key_showcase_load,
    demo_actor,
    platform_staff_showcase_load,
)
from tenants.accounts.models import Account
from tenants.accounts.selectors import find_account
from tenants.accounts.services import account_create
from tenants.finance.demo import reconciliation_showcase_load, withdrawals_showcase_load
from tenants.merchants.demo import merchants_showcase_load
from tenants.merchants.models import Merchant
from tenants.merchants.services import SettlementInput, merchant_create
from tenants.risk.demo import recharges_showcase_load, risk_opening_balance_load
from zulin.core.auth import Session
from zulin.core.sides import PlatformType

DEMO_PASSWORD = "Zulin@2026"
# The demo shop's goods tracked by unit: its phones and laptops (cables, tablets and cameras
# stay counted).
DEMO_DEVICES = Devices(
    phones=tuple(p.title for p in DEMO_CATALOGUE.products if p.category == "手机"),
    laptops=tuple(p.title for p in DEMO_CATALOGUE.products if p.category == "电脑"),
)


def _account(
    *, merchant: Merchant | None, username: str, name: str, phone: str, role_codes: list[str]
) -> Account:
    side = PlatformType.STORE if merchant else PlatformType.ADMIN
    found = find_account(
        platform_type=side, merchant_id=merchant.pk if merchant else None, username=username
    )
    if found is not None:
        return found
    return account_create(
        merchant=merchant,
        username=username,
        password=DEMO_PASSWORD,
        name=name,
        phone=phone,
        role_codes=role_codes,
    )


def demo_load() -> list[str]:
    # Each step commits on its own (`_step`): creating a merchant's schema takes a lock on
    # each of its relations, and one transaction over the whole demo would hold them all.
    with _step():
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
        settlement=SettlementInput(
            commission_rate=Decimal("6.00"),
            settlement_cycle="T+7",
            bank_name="招商银行杭州分行",
            account_name="杭州演示租赁有限公司",
            account_number="6225881234567890",
        ),
    )
    acme = merchant_create(
        name="Acme 数码租赁",
        slug="acme",
        owner_password=DEMO_PASSWORD,
        owner_name="Acme 店主",
        owner_phone="13900000002",
        contact_name="李经理",
        contact_phone="13900000002",
        settlement=SettlementInput(
            commission_rate=Decimal("5.50"),
            settlement_cycle="monthly",
            bank_name="中国工商银行深圳分行",
            account_name="深圳艾克米数码租赁有限公司",
            account_number="6222020200112233445",
        ),
    )
    with _step():
        _account(
            merchant=demo,
            username="manager",
            name="审核兼财务",
            phone="13900000003",
            role_codes=["auditor", "finance"],
        )
    # Every order's intake checks its risk, paid from the shop's prepaid risk balance.
    admin = demo_actor(platform_type=PlatformType.ADMIN, merchant=None, username="admin")
    for merchant in (demo, acme):
        owner = demo_actor(platform_type=PlatformType.STORE, merchant=merchant, username="owner")
        with _step():
            risk_opening_balance_load(merchant=merchant, owner=owner, approver=admin)
    return [
        f"admin side  http://admin.localhost  admin / {DEMO_PASSWORD}",
        f"            (ops / {DEMO_PASSWORD}: two roles)",
        f"store demo  http://{demo.slug}.localhost  owner / {DEMO_PASSWORD} (manager: two roles)",
        f"store acme  http://{acme.slug}.localhost  owner / {DEMO_PASSWORD}",
    ]


def _step() -> transaction.Atomic:
    """One step of the demo in a transaction of its own. A step is safe to run again, so a
    load stopped between two steps completes on the next run; a transaction per step keeps
    the locks a load holds at once to one step's (a merchant's schema is hundreds of
    relations, each locked until its transaction ends; the whole demo in one transaction
    outgrew PostgreSQL's default lock table, 64 x max_connections)."""
    return transaction.atomic()


def demo_showcase_load() -> list[str]:
    """The showcase on top of `demo_load` (which must have run): safe to run again, a second
    run adds nothing."""
    platform_actor = demo_actor(platform_type=PlatformType.ADMIN, merchant=None, username="admin")
    with _step():
        platform_staff = platform_staff_showcase_load(actor=platform_actor, password=DEMO_PASSWORD)
    merchants = merchants_showcase_load(actor=platform_actor, password=DEMO_PASSWORD)
    demo = Merchant.objects.get(slug="demo")
    acme = Merchant.objects.get(slug="acme")
    finance_staff = [
        demo_actor(platform_type=PlatformType.ADMIN, merchant=None, username=name)
        for name in ("finance1", "finance2")
    ]
    demo_owner = demo_actor(platform_type=PlatformType.STORE, merchant=demo, username="owner")
    with _step(), tenant_context(demo):  # before the history, so the endpoint receives it
        receiver = webhooks_showcase_load(actor=demo_owner)
    with _step():
        api_key = api_key_showcase_load(owner=demo_owner)
    shop = shop_showcase_load(
        merchant=demo, platform_actor=platform_actor, finance_staff=finance_staff
    )
    with tenant_context(acme):
        acme_owner = demo_actor(platform_type=PlatformType.STORE, merchant=acme, username="owner")
        with _step():
            goods_showcase_load(
                actor=acme_owner,
                platform_actor=platform_actor,
                merchant=acme,
                catalogue=ACME_CATALOGUE,
            )
        with _step():
            orders_showcase_load(owner=acme_owner, slug="acme", plan=ACME_PLAN)
    with _step():
        runs = reconciliation_showcase_load(demo=demo, acme=acme, resolver=finance_staff[0])
    for merchant in (demo, acme):  # the platform's data centre: bills due per day
        with _step(), tenant_context(merchant):
            due_days_showcase_load()
    for merchant in (demo, acme):  # last: the platform's aging, each shop's debts as they end
        with _step(), tenant_context(merchant):
            aging_showcase_load()
    shops = ", ".join(shop["sub_shop_ids"])
    money, notarizations = shop["money"], shop["notarizations"]
    credit, service = shop["credit"], shop["service"]
    others = ", ".join(f"{m.slug} ({m.status})" for m in merchants)
    return [
        f"store demo  sub-shops: {shops} / {DEMO_PASSWORD}",
        f"            staff: {', '.join(shop['staff'])} / {DEMO_PASSWORD}",
        f"            orders: {shop['orders']} in every state, {shop['owing']} ended still owing",
        f"            money: late fees on {money['late_fee_bills']} bills,"
        f" {money['statements']} statements, {shop['withdrawals']} withdrawals",
        "            reconciliation: " + ", ".join(f"{k} {v}" for k, v in runs.items()),
        f"            risk: {shop['recharges']} recharges, {shop['risk_queries']} risk queries",
        f"            promotion: {shop['share_links']} share links (/h5Promotion)",
        "            notarization: " + ", ".join(f"{k} {v}" for k, v in notarizations.items()),
        f"            credit reporting: {credit['records']} records, {credit['files']} files",
        f"            customer service: {service['messages']} messages,"
        f" {service['blacklist']} blacklist entries",
        f"            webhooks: an endpoint at the sandbox receiver {receiver}",
        f"            API key (orders, bills, goods read; Authorization: Bearer): {api_key}",
        f"admin side  more merchants: {others}",
        f"            staff: {', '.join(platform_staff)} / {DEMO_PASSWORD}",
    ]


def shop_showcase_load(
    *, merchant: Merchant, platform_actor: Session, finance_staff: list[Session]
) -> dict[str, Any]:
    """One shop of the showcase (the demo's; the served smoke fills a shop made for it the
    same way): sub-shops, staff, goods, orders in every state, money, withdrawals, risk,
    notarization, customer service and credit reporting. Safe to run again."""
    with tenant_context(merchant):
        owner = demo_actor(platform_type=PlatformType.STORE, merchant=merchant, username="owner")
        with _step():
            sub_shop_ids = sub_shops_showcase_load(
                actor=owner, merchant=merchant, password=DEMO_PASSWORD
            )
        with _step():
            staff = staff_showcase_load(actor=owner, merchant=merchant, password=DEMO_PASSWORD)
            return_addresses_showcase_load(actor=owner)
        with _step():
            goods_showcase_load(
                actor=owner,
                platform_actor=platform_actor,
                merchant=merchant,
                catalogue=DEMO_CATALOGUE,
                sub_shop_ids=sub_shop_ids,
            )
        # Before the orders' history: the phones and laptops are tracked by unit, bought on
        # stock receipts months ago; the orders ship them by scan.
        with _step():
            units = units_showcase_load(actor=owner, devices=DEMO_DEVICES)
        # Told in the same history (its nights charge their bills, open a case the night
        # a bill is past due): leases under the early-return terms the shop adopted two
        # months ago, the recovery showcase's debts, months old, with their cases worked
        # and the oldest written off, and the deposit-free leases on Zhima credit (their
        # instalments taken from the authorisation by the nights).
        with _step():
            orders = orders_showcase_load(
                owner=owner,
                slug=merchant.slug,
                rounds=settings.DEMO_ORDER_ROUNDS,
                also=[
                    *owed_after_lease_stories(owner=owner, slug=merchant.slug),
                    *recovery_stories(owner=owner, merchant=merchant),
                    *exchange_stories(owner=owner, slug=merchant.slug),
                    *zhima_stories(owner=owner, slug=merchant.slug),
                    *used_first_lease_stories(owner=owner, slug=merchant.slug),
                ],
            )
        owing = owed_after_lease_count(slug=merchant.slug)
        with _step():
            money = money_showcase_load(owner=owner, slug=merchant.slug)
        with _step():
            share_links = share_links_showcase_load(owner=owner, slug=merchant.slug)
    with _step():
        withdrawals = withdrawals_showcase_load(
            merchant=merchant, owner=owner, approvers=finance_staff
        )
    with _step():
        recharges = recharges_showcase_load(
            merchant=merchant, owner=owner, approver=finance_staff[0]
        )
    with tenant_context(merchant):
        with _step():
            order_risk_checks_showcase_load(actor=owner)
            risk_queries = risk_queries_showcase_load(actor=owner)
        with _step():
            notarizations = notary_showcase_load(actor=owner)
        with _step():
            reconciliation_faults_load(owner=owner, slug=merchant.slug)
        # Late: its blacklist refuses a customer's further orders.
        with _step():
            service = service_showcase_load(actor=owner)
        # After the money and the blacklist: today's cases of every debt still owed, the
        # evidence pack of the debt the history wrote off.
        with _step():
            recovery = recovery_showcase_load(owner=owner, merchant=merchant)
        # Customers' requests about their personal information, on the days they came in.
        with _step():
            privacy = privacy_showcase_load(owner=owner, merchant=merchant)
        with _step():
            units = units_placed_showcase_load(
                actor=owner, sub_shop_ids=list(sub_shop_ids.values())
            )
        # Devices back from their leases at every step (issue 63): baselines, inspections,
        # quarantine, repair, scrap.
        with _step():
            units = second_life_showcase_load(actor=owner)
        # The unit restocked as used leased again on a plan at its fineness, with its bills.
        with _step():
            second_lease_load(owner=owner, slug=merchant.slug)
        # Last: reports what the bills came to once every other part has moved them.
        with _step():
            credit = credit_showcase_load(actor=owner)
    return {
        "sub_shop_ids": sub_shop_ids,
        "staff": staff,
        "orders": orders,
        "owing": owing,
        "money": money,
        "share_links": share_links,
        "withdrawals": withdrawals,
        "recharges": recharges,
        "risk_queries": risk_queries,
        "notarizations": notarizations,
        "service": service,
        "recovery": recovery,
        "privacy": privacy,
        "credit": credit,
        "units": units,
    }
