"""Time of `merchant_create` with 10, 100 and 500 merchants already present: with a spare
schema ready (the normal case: renamed at onboarding), with an empty pool (the clone made
while the operator waits), and of one refill clone (done by a Celery task afterwards).
Uses a throwaway database, zulin_bench_onboarding (dropped and made again). Not a test.

Run: make bench-onboarding   (BENCH_SIZES=10,100,500 BENCH_REPEAT=5)
"""

from __future__ import annotations

import os
import statistics
import time
from decimal import Decimal
from pathlib import Path

from _setup import django_setup, services_env

ROOT = Path(__file__).resolve().parents[1]
SIZES = [int(n) for n in os.environ.get("BENCH_SIZES", "10,100,500").split(",")]
REPEAT = int(os.environ.get("BENCH_REPEAT", "3"))
DB_NAME = "zulin_bench_onboarding"


def _services_env() -> None:
    services_env(DB_NAME, redis_db=12)


def _setup_django() -> None:
    django_setup(cache_prefix="zulin-bench-onboarding")


def _fill_to(count: int, password_hash: str) -> None:
    """Adds merchants until `count` exist. Their schemas hold a copy of every template table
    (with its indexes, constraints and identity sequences: the catalog weight of a real
    merchant) made with CREATE TABLE … LIKE, which is much faster than a clone."""
    from django.conf import settings
    from django.db import connection, transaction

    from tenants.accounts.models import Account, AccountRole, Role
    from tenants.merchants.models import Domain, Merchant
    from zulin.core.sides import PlatformType

    template = settings.TENANT_BASE_SCHEMA
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = %s ORDER BY tablename", [template]
        )
        tables = [row[0] for row in cursor.fetchall()]
    owner_role = Role.objects.get(platform_type=PlatformType.STORE, merchant=None, code="owner")
    existing = Merchant.objects.filter(slug__startswith="fill").count()
    total = Merchant.objects.count()
    while total < count:
        batch = range(existing, existing + min(50, count - total))
        with transaction.atomic(), connection.cursor() as cursor:
            for number in batch:
                schema = f"m_fill{number}"
                cursor.execute(f'CREATE SCHEMA "{schema}"')
                for table in tables:
                    cursor.execute(
                        f'CREATE TABLE "{schema}"."{table}" '
                        f'(LIKE "{template}"."{table}" INCLUDING ALL)'
                    )
            merchants = Merchant.objects.bulk_create(
                Merchant(schema_name=f"m_fill{n}", name=f"Fill {n}", slug=f"fill{n}") for n in batch
            )
            Domain.objects.bulk_create(
                Domain(domain=f"{m.slug}.{settings.BASE_DOMAIN}", tenant=m, is_primary=True)
                for m in merchants
            )
            owners = Account.objects.bulk_create(
                Account(platform_type=1, merchant=m, username="owner", password=password_hash)
                for m in merchants
            )
            AccountRole.objects.bulk_create(AccountRole(account=a, role=owner_role) for a in owners)
        existing += len(batch)
        total += len(batch)


def _time_create(size: int, *, with_spare: bool) -> tuple[list[float], list[float]]:
    """Seconds of merchant_create (a spare ready, or an empty pool), and of each refill."""
    from django.db import connection

    from tenants.merchants.provisioning import spare_pool_fill
    from tenants.merchants.services import SettlementInput, merchant_create

    terms = SettlementInput(
        commission_rate=Decimal("5.00"),
        settlement_cycle="T+7",
        bank_name="Bench Bank",
        account_name="Bench",
        account_number="6222000000000000",
    )

    creates, refills = [], []
    for attempt in range(REPEAT):
        started = time.perf_counter()
        spare_pool_fill(target=1 if with_spare else 0)
        if with_spare:
            refills.append(time.perf_counter() - started)
        started = time.perf_counter()
        slug = f"bench{size}{'s' if with_spare else 'c'}{attempt}"
        merchant_create(name="Bench", slug=slug, owner_password="Bench@2026x", settlement=terms)
        creates.append(time.perf_counter() - started)
    connection.set_schema_to_public()
    return creates, refills


def main() -> None:
    _services_env()
    _setup_django()
    from django.contrib.auth.hashers import make_password

    from tenants.merchants.models import Merchant

    password_hash = make_password("Bench@2026x")
    print(f"merchant_create, {REPEAT} calls per size (seconds; median / max)", flush=True)
    print(f"{'present':>8} | {'spare ready':>15} | {'pool empty':>15} | refill (background)")
    for size in SIZES:
        _fill_to(size, password_hash)
        present = Merchant.objects.count()
        pooled, refills = _time_create(size, with_spare=True)
        cloned, _ = _time_create(size, with_spare=False)
        print(
            f"{present:>8} | {statistics.median(pooled):6.3f} / {max(pooled):6.3f} |"
            f" {statistics.median(cloned):6.3f} / {max(cloned):6.3f} |"
            f" {statistics.median(refills):6.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
