"""What every benchmark does first: a fresh database of its own (and a Redis database), and
Django set up on it with every schema migrated."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tenants.merchants.services import SettlementInput

ROOT = Path(__file__).resolve().parents[1]


def services_env(db_name: str, *, redis_db: int, fresh: bool = True) -> None:
    """Exports DATABASE_URL and REDIS_URL of database `db_name`, fresh (dropped and made
    again) unless told otherwise (services.py)."""
    exports = subprocess.run(  # noqa: S603 (fixed argv: our own script)
        [sys.executable, str(ROOT / "infra/scripts/services.py"), db_name]
        + (["--fresh"] if fresh else [])
        + ["--redis-db", str(redis_db)],
        check=True,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k not in ("DATABASE_URL",)},
    ).stdout
    for line in exports.splitlines():
        name, _, value = line.removeprefix("export ").partition("=")
        os.environ[name] = value.strip("'")


def django_setup(*, cache_prefix: str) -> None:
    """Django on that database, every schema migrated (quietly)."""
    sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]
    os.environ["DJANGO_SETTINGS_MODULE"] = "zulin.settings.dev"
    os.environ["CACHE_KEY_PREFIX"] = cache_prefix
    import django

    django.setup()
    from django.core.management import call_command

    with open(os.devnull, "w") as quiet:
        call_command("migrate_all", verbosity=0, stdout=quiet)


def bench_settlement(*, cycle: str = "T+7", account_name: str = "Bench") -> SettlementInput:
    """The terms a bench merchant is onboarded with: 5 % commission, paid to Bench Bank."""
    from tenants.merchants.services import SettlementInput

    return SettlementInput(
        commission_rate=Decimal("5.00"),
        settlement_cycle=cycle,
        bank_name="Bench Bank",
        account_name=account_name,
        account_number="6222000000000000",
    )


def demo_sign_in(host: str, username: str) -> str:
    """The token of a demo account (its password Zulin@2026) signed in at `host`, in this
    process."""
    import json

    from django.test import Client

    answer = (
        Client()
        .post(
            "/api/platform/mainLand",
            json.dumps({"username": username, "password": "Zulin@2026"}),
            content_type="application/json",
            HTTP_HOST=host,
        )
        .json()
    )
    assert answer["code"] == 200, answer
    return str(answer["data"]["token"])


def demo_base_load() -> None:
    """The demo merchant (`load_demo --base-only`, quietly), unless the database, kept from
    an earlier run (BENCH_KEEP_DB=1), has it already."""
    from django.core.management import call_command

    from tenants.merchants.models import Merchant

    if not Merchant.objects.filter(slug="demo").exists():
        with open(os.devnull, "w") as quiet:
            call_command("load_demo", "--base-only", verbosity=0, stdout=quiet)


def bench_setup(
    db_name: str,
    *,
    redis_db: int,
    cache_prefix: str,
    keepable: bool = False,
    quiet_requests: bool = True,
    env: dict[str, str] | None = None,
) -> None:
    """What the benchmarks on the demo merchant do first: their database (fresh, unless
    `keepable` and BENCH_KEEP_DB=1 keeps an earlier run's) and Redis database, `env` set
    before Django starts, Django on it with every schema migrated, the request log of every
    measured call quiet (unless `quiet_requests` is False), and the demo's base rows."""
    keep = keepable and os.environ.get("BENCH_KEEP_DB") == "1"
    services_env(db_name, redis_db=redis_db, fresh=not keep)
    os.environ.update(env or {})
    django_setup(cache_prefix=cache_prefix)
    if quiet_requests:
        import logging

        logging.disable(logging.INFO)
    demo_base_load()


def template_dump() -> list[str]:
    """The merchant template's dump as onboarding replays it (tenants/merchants/replay.py);
    `schema_replay(cursor, dump, name)` there makes a schema from it (0.08 s a schema where
    django-tenants' clone takes seconds once there are many: docs/benchmarks.md)."""
    from tenants.merchants.provisioning import template_mark
    from tenants.merchants.replay import template_script

    script = template_script(mark=template_mark())
    if script is None:
        raise SystemExit("no pg_dump of the server's major version (docs/configuration.md)")
    return script


def debian_tool(binary: str, package: str, installed_at: str) -> str:
    """The path of a Debian tool, its package installed where missing (apt-get, as `make
    cluster` installs its own)."""
    import shutil

    found = shutil.which(binary) or (installed_at if Path(installed_at).exists() else None)
    if found:
        return found
    print(f"installing Debian's {package}", flush=True)
    subprocess.run(["apt-get", "update", "-qq"], check=True)  # noqa: S607
    subprocess.run(  # noqa: S607
        ["apt-get", "install", "-y", "-qq", package],
        check=True,
        env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
    )
    return installed_at


def merchants_fill(
    count: int, dump: list[str], password_hash: str, batch: int = 10, workers: int = 1
) -> float:
    """Adds merchants (schema by the template dump's replay, domain, owner) until `count`
    exist, `batch` schemas a transaction (a schema's locks are many); returns the seconds
    spent making their schemas. Used by the benchmarks and `make drill-restore`'s 1,000.

    `workers` connections replay a batch's schemas side by side (threads: psycopg lets go of
    the GIL while PostgreSQL works), each committing its share; the rows follow once all have."""
    from concurrent.futures import ThreadPoolExecutor

    import psycopg
    from django.conf import settings
    from django.db import transaction

    from tenants.accounts.models import Account, AccountRole, Role
    from tenants.merchants.models import Domain, Merchant
    from tenants.merchants.replay import schema_replay
    from zulin.core.sides import PlatformType

    owner_role = Role.objects.get(platform_type=PlatformType.STORE, merchant=None, code="owner")
    total = Merchant.objects.count()
    schema_seconds = 0.0
    conns = [psycopg.connect(os.environ["DATABASE_URL"]) for _ in range(max(1, workers))]

    def replay(conn: psycopg.Connection[Any], share: range) -> None:
        with conn.cursor() as cursor:
            for number in share:
                schema_replay(cursor, dump, f"m_fill{number}")
        conn.commit()

    with ThreadPoolExecutor(len(conns)) as pool:
        while total < count:
            numbers = range(total, total + min(batch * len(conns), count - total))
            started = time.perf_counter()
            shares = [numbers[i :: len(conns)] for i in range(len(conns))]
            for done in [pool.submit(replay, c, sh) for c, sh in zip(conns, shares, strict=True)]:
                done.result()
            schema_seconds += time.perf_counter() - started
            with transaction.atomic():
                merchants = Merchant.objects.bulk_create(
                    Merchant(schema_name=f"m_fill{n}", name=f"Fill {n}", slug=f"fill{n}")
                    for n in numbers
                )
                Domain.objects.bulk_create(
                    Domain(domain=f"{m.slug}.{settings.BASE_DOMAIN}", tenant=m, is_primary=True)
                    for m in merchants
                )
                owners = Account.objects.bulk_create(
                    Account(platform_type=1, merchant=m, username="owner", password=password_hash)
                    for m in merchants
                )
                AccountRole.objects.bulk_create(
                    AccountRole(account=a, role=owner_role) for a in owners
                )
            total += len(numbers)
    for conn in conns:
        conn.close()
    return schema_seconds


def raw_params() -> dict[str, object]:
    """Django's connection parameters for a plain psycopg connection (the benchmarks' floor:
    the same SQL without Django)."""
    from django.db import connection

    params = connection.get_connection_params()
    for key in ("cursor_factory", "context"):
        params.pop(key, None)
    return {k: v for k, v in params.items() if v is not None}
