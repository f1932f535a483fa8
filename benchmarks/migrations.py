"""`migrate_all` and onboarding with 1,000 merchant schemas. Not a test.

Phases (each bounded; about 15 minutes on 2 cores for 1,000 schemas):
1. schema creation: django-tenants' `clone_schema` against replaying the template's
   `pg_dump` (DDL and rows, schema name rewritten), a few of each at the start and at the end;
   the 1,000 merchant schemas themselves are made by replaying the dump;
2. `migrate_all` with nothing to do, and the old way (`migrate` in every schema) on a sample;
3. `migrate_all` with one new migration (a throwaway RunSQL adding a nullable column and an
   index on it, put in
   a copy of apps/subshops/migrations under a temp directory and read through
   MIGRATION_MODULES; nothing of it is committed), with the shared executor (migrate_all's)
   over all the schemas, then each executor over BENCH_PARALLEL_SAMPLE schemas;
4. `merchant_create` with the spare pool holding.
Uses a throwaway database, zulin_bench_migrate (dropped and made again).

Run: make bench-migrations   (BENCH_SCHEMAS=1000 BENCH_PARALLEL_SAMPLE=200)
"""

from __future__ import annotations

import io
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from _setup import bench_settlement, django_setup, merchants_fill, services_env, template_dump

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = int(os.environ.get("BENCH_SCHEMAS", "1000"))
PARALLEL_SAMPLE = int(os.environ.get("BENCH_PARALLEL_SAMPLE", "200"))
OLD_WAY_SAMPLE = int(os.environ.get("BENCH_OLD_WAY_SAMPLE", "50"))
DB_NAME = "zulin_bench_migrate"
BATCH = 50
BENCH_MIGRATION = """from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("subshops", "0002_seed_channels")]

    operations = [
        migrations.RunSQL(
            "ALTER TABLE subshops_channel ADD COLUMN bench_note text NULL;"
            " CREATE INDEX subshops_channel_bench_note ON subshops_channel (bench_note)",
            "ALTER TABLE subshops_channel DROP COLUMN bench_note",
        )
    ]
"""


def _services_env() -> None:
    services_env(DB_NAME, redis_db=13)


def _setup_django() -> None:
    django_setup(cache_prefix="zulin-bench-migrate")


def _raw_connection():  # noqa: ANN202
    """A connection of our own, committed apart from Django's."""
    import psycopg

    return psycopg.connect(os.environ["DATABASE_URL"])


def _time_replays(dump: list[str], count: int) -> list[float]:
    """Seconds per schema made by replaying the dump (rolled back)."""
    from tenants.merchants.replay import schema_replay

    seconds = []
    with _raw_connection() as conn:
        for number in range(count):
            started = time.perf_counter()
            with conn.cursor() as cursor:
                schema_replay(cursor, dump, f"bench_replay{number}")
            seconds.append(time.perf_counter() - started)
        conn.rollback()
    return seconds


def _time_clones(count: int) -> list[float]:
    """Seconds per schema made by django-tenants' clone_schema (rolled back)."""
    from django.conf import settings
    from django.db import transaction

    from tenants.merchants.provisioning import clone_function_ensure, schema_clone

    clone_function_ensure()
    seconds = []
    for number in range(count):
        started = time.perf_counter()
        with transaction.atomic():
            schema_clone(source=settings.TENANT_BASE_SCHEMA, target=f"bench_clone{number}")
            seconds.append(time.perf_counter() - started)
            transaction.set_rollback(True)
    return seconds


def _migrate_all(executor: str = "shared") -> float:
    from django.core.management import call_command

    started = time.perf_counter()
    call_command("migrate_all", executor=executor, verbosity=0, stdout=io.StringIO())
    return time.perf_counter() - started


def _bench_migration_modules() -> str:
    """A copy of apps/subshops/migrations plus the throwaway 0003, importable as
    `bench_subshops_migrations`; returns the module name."""
    folder = Path(tempfile.mkdtemp(prefix="zulin_bench_")) / "bench_subshops_migrations"
    shutil.copytree(ROOT / "apps/subshops/migrations", folder)
    (folder / "0003_bench_note.py").write_text(BENCH_MIGRATION)
    sys.path.insert(0, str(folder.parent))
    return folder.name


def _bench_migration_undo(schemas: list[str]) -> None:
    """Takes the throwaway migration back out of `schemas` (as if it had never run)."""
    from psycopg import sql

    undo = sql.SQL(
        "ALTER TABLE {schema}.subshops_channel DROP COLUMN IF EXISTS bench_note;"
        " DELETE FROM {schema}.django_migrations"
        " WHERE app = 'subshops' AND name = '0003_bench_note'"
    )
    with _raw_connection() as conn, conn.cursor() as cursor:
        for schema in schemas:
            cursor.execute(undo.format(schema=sql.Identifier(schema)))
        conn.commit()


def _time_create(count: int) -> list[float]:
    """Seconds of merchant_create with a spare schema ready (refilled, untimed, between)."""
    from django.db import connection

    from tenants.merchants.provisioning import spare_pool_fill
    from tenants.merchants.services import merchant_create

    terms = bench_settlement()
    seconds = []
    for attempt in range(count):
        spare_pool_fill()
        started = time.perf_counter()
        merchant_create(
            name="Bench", slug=f"benchm{attempt}", owner_password="Bench@2026x", settlement=terms
        )
        seconds.append(time.perf_counter() - started)
    connection.set_schema_to_public()
    return seconds


def _stats(seconds: list[float]) -> str:
    return f"{statistics.median(seconds):.3f} median / {max(seconds):.3f} max s"


def main() -> None:  # noqa: PLR0915 (one phase after another, printed as they finish)
    _services_env()
    _setup_django()
    from django.conf import settings
    from django.contrib.auth.hashers import make_password
    from django.test.utils import override_settings

    from tenants.merchants.management.commands.migrate_all import (
        merchant_schemas_behind,
        merchant_schemas_migrate,
    )
    from tenants.merchants.models import Merchant

    print(f"{SCHEMAS} merchant schemas, database {DB_NAME}", flush=True)
    dump = template_dump()
    print("1. schema creation, per schema (rolled back unless said)", flush=True)
    print(f"   clone_schema, empty database:   {_stats(_time_clones(3))}", flush=True)
    print(f"   dump replay, empty database:    {_stats(_time_replays(dump, 10))}", flush=True)
    fill_seconds = merchants_fill(SCHEMAS, dump, make_password("Bench@2026x"))
    print(
        f"   dump replay, {SCHEMAS} kept:        {fill_seconds / SCHEMAS:.3f} s mean"
        f" ({fill_seconds:.0f} s in all)",
        flush=True,
    )
    print(f"   clone_schema, at {SCHEMAS}:         {_stats(_time_clones(3))}", flush=True)
    print(f"   dump replay, at {SCHEMAS}:          {_stats(_time_replays(dump, 10))}", flush=True)

    schemas = list(Merchant.objects.order_by("id").values_list("schema_name", flat=True))
    print(f"2. nothing to do ({len(schemas)} merchants)", flush=True)
    started = time.perf_counter()
    behind = merchant_schemas_behind()
    check = time.perf_counter() - started
    print(f"   the check alone: {check:.2f} s ({len(behind)} behind)", flush=True)
    print(f"   migrate_all: {_migrate_all():.1f} s", flush=True)
    sample = schemas[:OLD_WAY_SAMPLE]
    started = time.perf_counter()
    merchant_schemas_migrate(sample, executor="standard")
    per_schema = (time.perf_counter() - started) / len(sample)
    print(
        f"   the old way (migrate in each schema): {per_schema:.3f} s per schema,"
        f" so ~{per_schema * len(schemas):.0f} s for {len(schemas)}",
        flush=True,
    )

    print("3. one new migration (RunSQL adding a nullable column and its index)", flush=True)
    modules = {**settings.MIGRATION_MODULES, "subshops": _bench_migration_modules()}
    with override_settings(MIGRATION_MODULES=modules):
        took = _migrate_all()
        print(f"   migrate_all (shared executor), {len(schemas)} schemas: {took:.1f} s", flush=True)
        assert merchant_schemas_behind() == [], "some schemas were left behind"  # noqa: S101
        for executor in ("shared", "standard", "multiprocessing"):
            part = schemas[:PARALLEL_SAMPLE]
            _bench_migration_undo(part)
            started = time.perf_counter()
            merchant_schemas_migrate(part, executor=executor)
            took = time.perf_counter() - started
            print(
                f"   {executor} executor alone, {len(part)} schemas: {took:.1f} s"
                f" ({took / len(part):.3f} s per schema)",
                flush=True,
            )
        assert merchant_schemas_behind() == [], "some schemas were left behind"  # noqa: S101
        print(f"   migrate_all again, nothing to do: {_migrate_all():.1f} s", flush=True)

    print(f"4. merchant_create at {Merchant.objects.count()} merchants, spare ready", flush=True)
    print(f"   {_stats(_time_create(3))}", flush=True)


if __name__ == "__main__":
    main()
