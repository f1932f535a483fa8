"""Time of `merchant_create` with 10, 100 and 500 merchants already present, and of its
clone step done the django-tenants way (clone function re-installed per call) against ours
(installed once). Uses a throwaway database, zulin_bench_onboarding (dropped and made
again). Not a test.

Run: .venv/bin/python benchmarks/onboarding.py   (BENCH_SIZES=10,100,500 BENCH_REPEAT=5)
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZES = [int(n) for n in os.environ.get("BENCH_SIZES", "10,100,500").split(",")]
REPEAT = int(os.environ.get("BENCH_REPEAT", "5"))
DB_NAME = "zulin_bench_onboarding"


def _services_env() -> None:
    exports = subprocess.run(  # noqa: S603 (fixed argv: our own script)
        [sys.executable, str(ROOT / "infra/scripts/services.py"), DB_NAME, "--fresh"]
        + ["--redis-db", "12"],
        check=True,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k not in ("DATABASE_URL",)},
    ).stdout
    for line in exports.splitlines():
        name, _, value = line.removeprefix("export ").partition("=")
        os.environ[name] = value.strip("'")


def _setup_django() -> None:
    sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]
    os.environ["DJANGO_SETTINGS_MODULE"] = "zulin.settings.dev"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate_all", verbosity=0)


def _fill_to(count: int, password_hash: str) -> None:
    """Adds merchants (schema clone, merchant, domain, owner rows) until `count` exist; the
    fast way: one transaction per 50, no password hashing."""
    from django.conf import settings
    from django.db import transaction

    from tenants.models import Account, AccountRole, Domain, Merchant, PlatformType, Role
    from tenants.provisioning import schema_clone

    owner_role = Role.objects.get(platform_type=PlatformType.STORE, merchant=None, code="owner")
    existing = Merchant.objects.count()
    while existing < count:
        batch = range(existing, min(count, existing + 50))
        with transaction.atomic():
            for number in batch:
                slug = f"fill{number}"
                schema_clone(source=settings.TENANT_BASE_SCHEMA, target=f"m_{slug}")
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


def _time_create(size: int) -> list[float]:
    from django.db import connection

    from tenants.provisioning import merchant_create

    timings = []
    for attempt in range(REPEAT):
        started = time.perf_counter()
        merchant_create(name="Bench", slug=f"bench{size}x{attempt}", owner_password="Bench@2026x")
        timings.append(time.perf_counter() - started)
    connection.set_schema_to_public()
    return timings


def _time_clone_step(size: int) -> tuple[float, float]:
    """Median seconds of one clone, django-tenants' CloneSchema against ours; rolled back."""
    from django.conf import settings
    from django.db import transaction
    from django_tenants.clone import CloneSchema

    from tenants.provisioning import schema_clone

    theirs, ours = [], []
    for attempt in range(REPEAT):
        for label, clone in (
            ("theirs", lambda t: CloneSchema().clone_schema(settings.TENANT_BASE_SCHEMA, t)),
            ("ours", lambda t: schema_clone(source=settings.TENANT_BASE_SCHEMA, target=t)),
        ):
            started = time.perf_counter()
            try:
                with transaction.atomic():
                    clone(f"m_probe{size}_{attempt}")
                    raise _Rollback
            except _Rollback:
                pass
            (theirs if label == "theirs" else ours).append(time.perf_counter() - started)
    return statistics.median(theirs), statistics.median(ours)


class _Rollback(Exception):
    pass


def main() -> None:
    _services_env()
    _setup_django()
    from django.contrib.auth.hashers import make_password

    from tenants.models import Merchant

    password_hash = make_password("Bench@2026x")
    print(f"merchant_create, {REPEAT} calls per size (seconds)", flush=True)
    print(f"{'present':>8} {'median':>8} {'max':>8} | clone step: django-tenants   ours")
    for size in SIZES:
        _fill_to(size, password_hash)
        present = Merchant.objects.count()
        timings = _time_create(size)
        theirs, ours = _time_clone_step(size)
        print(
            f"{present:>8} {statistics.median(timings):8.3f} {max(timings):8.3f} |"
            f"             {theirs:8.3f} {ours:8.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
