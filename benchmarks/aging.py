"""The platform's aging (`getPlatformAging`) over 100 merchants' projection rows: p50/p95 in
one warm process (Django's test client: the call's own cost), then at 8 concurrent clients
served exactly as `make run` serves it (gunicorn, infra/gunicorn.conf.py) and driven over HTTP
from a second process, against the floor: the same SQL run by 8 threads of a second process
on their own psycopg connections. Target (issue 29): p95 < 300 ms at 8 clients.

Data: the demo merchant's aging rows are made by the projection itself
(`apps.recovery.projection.aging_project`, in its schema); 99 more merchants are added in
SQL (as benchmarks/dashboard.py adds them), each with its four rows (M1 … M3+) copied from
the demo merchant's and given amounts of their own, so the platform's sums run over 100
merchants x 4 buckets. ANALYZE, then: the first page sorted by what is owed (the screen's
default), the same sorted by cases, one merchant, and a name keyword.

Run: make bench-aging (its own database, zulin_bench_aging, and Redis database 15:
BENCH_AGING_DB / BENCH_AGING_REDIS_DB name others). Not a test. About a minute.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import statistics
import sys
import time
from typing import Any
from urllib.parse import urlencode

from _drive import CONCURRENCY, PORT, WORKERS, _http_driver, drive_sql, request, served
from _setup import bench_setup, demo_sign_in, raw_params

DB_NAME = os.environ.get("BENCH_AGING_DB", "zulin_bench_aging")
REDIS_DB = int(os.environ.get("BENCH_AGING_REDIS_DB", "15"))
MERCHANTS = 100
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "30"))
SECONDS = float(os.environ.get("BENCH_SECONDS", "4"))
TARGET_MS = 300.0
PATH = "/api/backend/getPlatformAging"


def _setup() -> None:
    bench_setup(DB_NAME, redis_db=REDIS_DB, cache_prefix="zulin-bench-aging")


def _seed() -> int:
    """The demo merchant's rows through the projection, 99 more merchants' copied in SQL."""
    import psycopg
    from django.db import connection
    from django_tenants.utils import tenant_context

    from apps.recovery.projection import aging_project
    from tenants.dashboard.models import MerchantAging
    from tenants.merchants.models import Merchant

    demo = Merchant.objects.get(slug="demo")
    with tenant_context(demo):
        aging_project()
    connection.set_schema_to_public()
    assert MerchantAging.objects.filter(merchant=demo).count() == 4
    with psycopg.connect(**raw_params(), autocommit=True) as conn, conn.cursor() as cursor:
        cursor.execute("SET search_path = public")
        cursor.execute(
            """
            INSERT INTO merchants_merchant (schema_name, name, slug, status, contact_name,
              contact_phone, created_at, updated_at)
            SELECT 'm_aging' || n, m.name || ' ' || n, 'aging' || n, 'active', m.contact_name,
              m.contact_phone, now(), now()
            FROM merchants_merchant m, generate_series(1, %s) AS n WHERE m.id = %s
            """,
            [MERCHANTS - 1, demo.pk],
        )
        # Each merchant's four buckets: cases and amounts of its own (rent + fees + charges
        # = total, as the projection writes them), the demo's day.
        cursor.execute(
            """
            INSERT INTO dashboard_public_merchantaging (merchant_id, bucket, cases, rent_owed,
              late_fee_owed, charges_owed, total_owed, as_of, refreshed_at)
            SELECT m.id, s.bucket, c.cases, c.cases * 1200.00, c.cases * 36.50,
              c.cases * mod(m.id, 3) * 100.00,
              c.cases * (1200.00 + 36.50 + mod(m.id, 3) * 100.00), s.as_of, s.refreshed_at
            FROM merchants_merchant m
            JOIN dashboard_public_merchantaging s ON s.merchant_id = %s
            CROSS JOIN LATERAL (SELECT mod(m.id * 7 + ascii(s.bucket) + length(s.bucket), 40)
              AS cases) c
            WHERE m.slug LIKE 'aging%%'
            """,
            [demo.pk],
        )
        for table in ("merchants_merchant", "dashboard_public_merchantaging"):
            cursor.execute(f"VACUUM ANALYZE {table}")
    rows = MerchantAging.objects.count()
    assert rows == MERCHANTS * 4, rows
    return rows


def _in_process(label: str, token: str, params: dict[str, Any]) -> list[str]:
    """p50/p95 of the call in this process; answers the SQL it issued (the floor's)."""
    from django.db import connection
    from django.test import Client

    client = Client()
    headers = {"HTTP_HOST": "admin.localhost", "HTTP_JWT_TOKEN": token}
    issued: list[str] = []

    def capture(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        with connection.cursor() as cursor:
            issued.append(cursor.mogrify(sql, params) if params else sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(capture):
        answer = client.get(PATH, params, **headers).json()
    assert answer["code"] == 200, answer
    assert answer["data"]["list"], answer
    for _ in range(2):
        client.get(PATH, params, **headers)
    times = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        client.get(PATH, params, **headers)
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    p95 = times[max(0, int(round(0.95 * len(times))) - 1)]
    print(f"{label:<40} 1 client   p50 {statistics.median(times):6.1f} ms  p95 {p95:6.1f} ms")
    return [sql for sql in issued if not sql.lstrip().upper().startswith(("SET", "SAVEPOINT"))]


def _served(label: str, token: str, params: dict[str, Any]) -> float:
    """CONCURRENCY clients over HTTP for SECONDS, from a second process: p95 and p99."""
    path = f"{PATH}?{urlencode(params)}" if params else PATH
    headers = {"Host": "admin.localhost", "jwt-token": token}
    for _ in range(30):
        status, _body = request(path, headers)
        assert status == 200
    queue: mp.Queue = mp.Queue()
    driver = mp.Process(target=_http_driver, args=(path, headers, SECONDS, PORT, queue))
    driver.start()
    latencies, errors, elapsed = queue.get()
    driver.join()
    latencies.sort()

    def at(share: float) -> float:
        return float(latencies[max(int(len(latencies) * share) - 1, 0)] * 1000)

    p95, p99 = at(0.95), at(0.99)
    verdict = "ok" if p95 < TARGET_MS and not errors else "OVER"
    print(
        f"{label:<40} {CONCURRENCY} clients  {len(latencies) / elapsed:5.0f}/s  p95 {p95:6.1f} ms"
        f"  p99 {p99:6.1f} ms  ({len(latencies)} calls, {errors} errors)  {verdict}"
    )
    return p95


def main() -> int:
    _setup()
    load = os.getloadavg()
    print(f"{os.cpu_count()} cores (load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f})")
    started = time.perf_counter()
    rows = _seed()
    print(f"-- {rows} aging rows of {MERCHANTS} merchants in {time.perf_counter() - started:.1f} s")
    from tenants.merchants.models import Merchant

    token = demo_sign_in("admin.localhost", "admin")
    one = Merchant.objects.filter(slug="aging42").values_list("pk", flat=True).get()
    cases: list[tuple[str, dict[str, Any]]] = [
        ("all merchants, by total owed", {}),
        ("all merchants, by cases", {"sort": "cases_desc"}),
        ("one merchant", {"merchant_id": one}),
        ("a name keyword", {"keyword": "4"}),
    ]
    statements = {label: _in_process(label, token, params) for label, params in cases}
    worst = 0.0
    print(f"-- served: gunicorn sync workers={WORKERS}, driver: 1 process x {CONCURRENCY} threads")
    with served():
        for label, params in cases:
            worst = max(worst, _served(label, token, params))
    # The floor: the call's SQL (session check included) with no Django above it.
    floor = drive_sql(raw_params(), "public", statements[cases[0][0]], SECONDS)
    print(f"{'floor: its SQL, raw psycopg':<40} {CONCURRENCY} clients  {floor}")
    print(
        f"worst p95 at {CONCURRENCY} clients {worst:.1f} ms (target {TARGET_MS:.0f} ms);"
        f" load after {os.getloadavg()[0]:.1f}"
    )
    return 0 if worst < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
