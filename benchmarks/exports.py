"""The goods export (kind `goods`) at 1,000, 10,000 and 100,000 goods: seconds from
`exportCreate` to the stored workbook, rows per second, the file's size, and the peak of
Python memory the export allocated (tracemalloc, a second run) — flat as rows grow is the
aim (openpyxl write-only mode, goods read in keyset chunks).

The task runs eagerly inside the call (the commit hook sends it), so one process measures
the whole path: the count, the chunks through apps.goods selectors, the workbook, the copy
into private storage. Goods at scale are bulk-copied from one made by the services (as in
benchmarks/lists.py). Not a test. Run: make bench-exports (its own database).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from _setup import django_setup, services_env
from lists import demo_bench, seed_goods

DB_NAME = "zulin_bench_exports"


def _export(client, store: dict) -> dict:  # type: ignore[no-untyped-def]
    created = client.post(
        "/api/platform/exportCreate",
        json.dumps({"kind": "goods", "filters": {}}),
        content_type="application/json",
        **store,
    ).json()
    assert created["code"] == 200, created
    status = client.get("/api/platform/exportStatus", {"id": created["data"]["id"]}, **store)
    answer = status.json()["data"]
    assert answer["status"] == "done", answer
    return answer


def main() -> None:
    services_env(DB_NAME, redis_db=13)
    os.environ["PRIVATE_ROOT"] = tempfile.mkdtemp(prefix="zulin-bench-exports-")
    django_setup(cache_prefix="zulin-bench-exports")
    from django.core.management import call_command
    from django_tenants.utils import tenant_context

    from tenants.merchants.models import Merchant
    from zulin.celery import app
    from zulin.files.models import StoredFile

    call_command("load_demo", "--base-only", verbosity=0)
    app.conf.task_always_eager = True
    bench = demo_bench()
    owner, store = bench.store.client, bench.store.django_headers
    demo = Merchant.objects.get(slug="demo")
    print(f"{os.cpu_count()} cores; one process; the task runs inside exportCreate")
    print(f"{'goods':>8} {'seconds':>8} {'rows/s':>8} {'file MB':>8} {'peak MB':>8}")
    for count in (1_000, 10_000, 100_000):
        seed_goods(bench, count)
        started = time.perf_counter()
        answer = _export(owner, store)
        seconds = time.perf_counter() - started
        assert answer["rows"] == count, answer
        tracemalloc.start()
        _export(owner, store)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        with tenant_context(demo):
            stored = StoredFile.objects.order_by("-id").first()
        assert stored is not None
        size = Path(os.environ["PRIVATE_ROOT"], stored.path).stat().st_size
        print(
            f"{count:>8,} {seconds:>8.2f} {count / seconds:>8.0f} {size / 2**20:>8.2f} "
            f"{peak / 2**20:>8.1f}"
        )


if __name__ == "__main__":
    sys.exit(main())
