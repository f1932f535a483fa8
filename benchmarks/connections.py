"""The memory of one database connection as it serves more and more merchants (issue 45).

PostgreSQL caches the catalog entries of every relation a connection has touched (relcache,
catcache), per connection and for the connection's life: a connection that has worked in 1,000
merchants' schemas holds 1,000 schemas' worth. A Celery worker process runs the nightly task of
every merchant one after another on one connection, and a gunicorn worker keeps its connection
for DB_CONN_MAX_AGE seconds over whichever merchants' requests it serves.

For each size (BENCH_SIZES, default 100,1000), on a throwaway database with that many
merchants (made by the template dump's replay, as onboarding makes them): one connection runs
the nightly per-merchant jobs (the beat's fan-out list) in each merchant's schema in turn, as a
Celery worker does, closing between tasks only where Django would
(`close_if_unusable_or_obsolete`, which Celery's Django fixup calls around each task). Printed:
the backend's memory (its memory contexts, `pg_backend_memory_contexts`, and its resident
anonymous memory from /proc) after the run and at its peak; the same with the connection
recycled after DB_SCHEMAS_PER_CONNECTION schemas; and what a reconnection costs (a nightly
job's time on a fresh connection against a warm one). Not a test.

Run: make bench-connections   (BENCH_SIZES=100,1000; BENCH_KEEP_DB=1 reuses the merchants a
run left)
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

from _setup import django_setup, merchants_fill, services_env, template_dump

ROOT = Path(__file__).resolve().parents[1]
SIZES = [int(n) for n in os.environ.get("BENCH_SIZES", "100,1000").split(",")]
DB_NAME = "zulin_bench_connections"
SAMPLE_EVERY = 25


def _backend_memory(cursor) -> tuple[int, int]:
    """(bytes in the backend's memory contexts, its resident anonymous bytes)."""
    cursor.execute(
        "SELECT pg_backend_pid(), (SELECT sum(total_bytes) FROM pg_backend_memory_contexts)"
    )
    pid, contexts = cursor.fetchone()
    anon = 0
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("RssAnon:"):
                anon = int(line.split()[1]) * 1024
    except OSError:
        pass  # the server on another host: the contexts' figure only
    return int(contexts or 0), anon


def _nightly_tasks() -> list[str]:
    from django.conf import settings

    from zulin.celery import app

    app.loader.import_default_modules()  # the tasks' modules, as a worker imports them
    return [
        entry["args"][0]
        for entry in settings.CELERY_BEAT_SCHEDULE.values()
        if entry["task"] == "tenants.for_each_merchant"
    ]


def _run(merchants, *, limit: int | None) -> dict[str, float]:
    """The nightly jobs of `merchants` in turn on one worker's connection; memory figures."""
    from django.db import connection
    from django.test.utils import override_settings

    from zulin.celery import app

    tasks = [app.tasks[name] for name in _nightly_tasks()]
    connection.close()
    peak_contexts = peak_anon = 0
    reconnects = 0
    started = time.perf_counter()
    with override_settings(DB_SCHEMAS_PER_CONNECTION=limit or 10**9):
        for number, merchant in enumerate(merchants, 1):
            was_open = connection.connection is not None
            connection.set_tenant(merchant)
            for task in tasks:
                task.run()
            connection.close_if_unusable_or_obsolete()  # what Celery's fixup does after a task
            if was_open and connection.connection is None:
                reconnects += 1
            if number % SAMPLE_EVERY == 0 or number == len(merchants):
                connection.set_schema_to_public()
                with connection.cursor() as cursor:
                    contexts, anon = _backend_memory(cursor)
                peak_contexts, peak_anon = max(peak_contexts, contexts), max(peak_anon, anon)
    seconds = time.perf_counter() - started
    connection.set_schema_to_public()
    with connection.cursor() as cursor:
        contexts, anon = _backend_memory(cursor)
    return {
        "contexts": contexts,
        "anon": anon,
        "peak_contexts": peak_contexts,
        "peak_anon": peak_anon,
        "seconds": seconds,
        "reconnects": reconnects,
    }


def _reconnect_cost(merchants) -> tuple[float, float]:
    """Median ms of one merchant's nightly jobs on a fresh connection and on a warm one."""
    from django.db import connection

    from zulin.celery import app

    tasks = [app.tasks[name] for name in _nightly_tasks()]

    def once(merchant) -> float:
        started = time.perf_counter()
        connection.set_tenant(merchant)
        for task in tasks:
            task.run()
        return (time.perf_counter() - started) * 1000

    fresh, warm = [], []
    for merchant in merchants[:20]:
        connection.close()
        fresh.append(once(merchant))
        warm.append(once(merchant))
    connection.set_schema_to_public()
    return statistics.median(fresh), statistics.median(warm)


def main() -> None:
    services_env(DB_NAME, redis_db=11, fresh=os.environ.get("BENCH_KEEP_DB") != "1")
    django_setup(cache_prefix="zulin-bench-connections")
    from django.conf import settings
    from django.contrib.auth.hashers import make_password

    from tenants.merchants.models import Merchant

    biggest = max(SIZES)
    started = time.perf_counter()
    # Small batches: the lock table is shared with whatever else runs on the server.
    merchants_fill(biggest, template_dump(), make_password("Bench2026x"), batch=5)
    print(f"{biggest} merchants ready in {time.perf_counter() - started:.0f} s")
    merchants = list(Merchant.objects.exclude(schema_name="public").order_by("id"))
    limit = settings.DB_SCHEMAS_PER_CONNECTION
    mib = 1024 * 1024
    print(f"nightly jobs per merchant: {', '.join(_nightly_tasks())}")
    print(
        f"{'merchants':>10} {'recycle':>10} {'contexts MiB':>13} {'peak':>7} "
        f"{'anon MiB':>9} {'peak':>7} {'reconnects':>11} {'run s':>7}"
    )
    for size in SIZES:
        for recycle in (None, limit):
            row = _run(merchants[:size], limit=recycle)
            print(
                f"{size:>10} {str(recycle or 'never'):>10} {row['contexts'] / mib:>13.1f} "
                f"{row['peak_contexts'] / mib:>7.1f} {row['anon'] / mib:>9.1f} "
                f"{row['peak_anon'] / mib:>7.1f} {row['reconnects']:>11} {row['seconds']:>7.1f}"
            )
    fresh, warm = _reconnect_cost(merchants)
    print(
        f"one merchant's nightly jobs: {fresh:.1f} ms on a fresh connection, {warm:.1f} ms warm "
        f"(a reconnection every {limit} merchants costs {(fresh - warm) / limit:.2f} ms a merchant)"
    )


if __name__ == "__main__":
    main()
