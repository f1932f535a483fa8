"""Time of `merchant_create` with 10, 100, 500 and 1,000 merchants already present: with a
spare schema ready (the normal case: renamed at onboarding), with an empty pool (the schema
made while the operator waits: the template's dump replayed), the same with the old way
(django-tenants' clone_schema, what onboarding falls back to without a matching pg_dump),
one refill (done by a Celery task afterwards), and taking the template's dump (once per
template version). Uses a throwaway database, zulin_bench_onboarding (dropped and made
again). Not a test.

Run: make bench-onboarding   (BENCH_SIZES=10,100,500,1000 BENCH_REPEAT=3; BENCH_KEEP_DB=1
measures again on the database a run left, its merchants kept: on a shared machine, to
measure once it is quiet without making 1,000 schemas again)
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

from _setup import bench_settlement, django_setup, merchants_fill, services_env, template_dump

ROOT = Path(__file__).resolve().parents[1]
SIZES = [int(n) for n in os.environ.get("BENCH_SIZES", "10,100,500,1000").split(",")]
REPEAT = int(os.environ.get("BENCH_REPEAT", "3"))
DB_NAME = "zulin_bench_onboarding"
# The budget of onboarding with an empty pool (issue 26): under a second at 1,000 merchants.
EMPTY_POOL_BUDGET = 1.0
# Slugs of this run (BENCH_KEEP_DB=1 runs again beside an earlier run's merchants).
RUN = int(time.time()) % 100_000


def _services_env() -> None:
    services_env(DB_NAME, redis_db=12, fresh=os.environ.get("BENCH_KEEP_DB") != "1")


def _setup_django() -> None:
    django_setup(cache_prefix="zulin-bench-onboarding")


def _time_create(size: int, *, pool: str) -> tuple[list[float], list[float]]:
    """Seconds of merchant_create (pool "spare": a spare ready; "empty": replayed now;
    "clone": cloned now, no pg_dump found), and of each refill."""
    from django.db import connection
    from django.test.utils import override_settings

    from tenants.merchants import replay
    from tenants.merchants.provisioning import spare_pool_fill
    from tenants.merchants.services import merchant_create

    terms = bench_settlement()
    creates, refills = [], []
    kept = dict(replay._scripts)  # noqa: SLF001 (the clone column runs as if none were found)
    for attempt in range(REPEAT):
        started = time.perf_counter()
        spare_pool_fill(target=1 if pool == "spare" else 0)
        if pool == "spare":
            refills.append(time.perf_counter() - started)
        slug = f"bench{size}{pool[0]}{attempt}r{RUN}"
        if pool == "clone":
            replay._scripts.clear()  # noqa: SLF001
            with override_settings(PG_DUMP="/nonexistent/pg_dump", CACHES=_no_cache()):
                started = time.perf_counter()
                merchant_create(
                    name="Bench", slug=slug, owner_password="Bench@2026x", settlement=terms
                )
                creates.append(time.perf_counter() - started)
        else:
            started = time.perf_counter()
            merchant_create(name="Bench", slug=slug, owner_password="Bench@2026x", settlement=terms)
            creates.append(time.perf_counter() - started)
    replay._scripts.update(kept)  # noqa: SLF001
    connection.set_schema_to_public()
    return creates, refills


def _no_cache() -> dict[str, dict[str, str]]:
    return {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}


def _time_dump() -> float:
    """Seconds to take the template's dump (once per template version and database)."""
    from tenants.merchants.replay import _template_dump, pg_dump_find

    pg_dump = pg_dump_find()
    if pg_dump is None:
        raise SystemExit("no pg_dump of the server's major version (docs/configuration.md)")
    started = time.perf_counter()
    _template_dump(pg_dump)
    return time.perf_counter() - started


def _cell(seconds: list[float]) -> str:
    return f"{min(seconds):6.3f} / {statistics.median(seconds):6.3f} / {max(seconds):6.3f}"


def main() -> None:
    _services_env()
    _setup_django()
    from django.contrib.auth.hashers import make_password

    from tenants.merchants.models import Merchant

    password_hash = make_password("Bench@2026x")
    print(f"merchant_create, {REPEAT} calls per size (seconds; min / median / max)", flush=True)
    print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
    print(
        f"{'present':>8} | {'spare ready':>24} | {'pool empty':>24} | {'empty, clone':>24} |"
        f" {'refill':>6} | dump",
        flush=True,
    )
    worst_empty = 0.0
    for size in SIZES:
        started = time.perf_counter()
        merchants_fill(size, template_dump(), password_hash)
        filled = time.perf_counter() - started
        present = Merchant.objects.count()
        pooled, refills = _time_create(size, pool="spare")
        replayed, _ = _time_create(size, pool="empty")
        cloned, _ = _time_create(size, pool="clone")
        worst_empty = max(worst_empty, *replayed)
        print(
            f"{present:>8} | {_cell(pooled)} | {_cell(replayed)} | {_cell(cloned)} |"
            f" {statistics.median(refills):6.3f} | {_time_dump():5.2f}"
            f"   (filled in {filled:.0f} s)",
            flush=True,
        )
    print(f"load average after: {os.getloadavg()[0]:.1f}", flush=True)
    verdict = "within" if worst_empty < EMPTY_POOL_BUDGET else "OVER"
    print(
        f"onboarding with an empty pool: {worst_empty:.3f} s at most, {verdict} the"
        f" {EMPTY_POOL_BUDGET:.0f} s budget at {max(SIZES)} merchants",
        flush=True,
    )


if __name__ == "__main__":
    main()
