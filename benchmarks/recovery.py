"""The collector's workbench list, `getRecoveryCases`, on a merchant with 100,000 orders and
10,000 open recovery cases (and 5,000 closed ones, their history): page 1 and page 500 of the
open cases (the screen's default filter), as the owner (who sees every case). Target (issue
28): p99 < 50 ms at 8 concurrent clients, at both pages.

Measured exactly as benchmarks/lists.py measures a list (its `measure`): the SQL the call
issues captured once; one client in process (Django's test client) against that SQL replayed
through plain psycopg; then 8 clients over HTTP against the call served by gunicorn as `make
run` serves it, against the same SQL run by 8 threads on their own connections, and against
the same SQL served over HTTP by a plain WSGI app with no Django (the floor, same run). The
plans of the page query and of the total's COUNT are printed (no sequential scan is the aim).

Data (bulk SQL, in this benchmark's own preparation only — acceptable at benchmark volume):
- 100,000 orders: lists.py's `seed_orders` (one lease placed through the signed intake,
  copied in SQL over five stages).
- One case made by the service: a lease driven through the real flow (lists.py's
  `_lease_sample`: bill 1 paid, bills 2-12 unpaid), then `cases_refresh` as the nightly run
  would see it 70 days on (bills 2 and 3 past due: a case opened, aged and assigned).
- That case's row copied in SQL onto 15,000 of the copied orders of stage `overdue`: 10,000
  open (ages 1-200 days, so every bucket; next action spread over ten days; priority 0-3; a
  third unassigned, the rest on two collectors) and 5,000 closed. Their state history and
  audit rows are not copied (the list does not read them). Then VACUUM ANALYZE.

Run: make bench-recovery (its own database, zulin_bench_recovery, and Redis database 10:
BENCH_RECOVERY_DB / BENCH_RECOVERY_REDIS_DB name others). BENCH_KEEP_DB=1 keeps the database of
an earlier run (made on the same day: the cases' dates are relative to today) and skips what
it already holds. BENCH_SECONDS / BENCH_ROUNDS as in lists.py. Not a test.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

from _drive import CONCURRENCY, WORKERS, served
from _setup import bench_setup

DB_NAME = os.environ.get("BENCH_RECOVERY_DB", "zulin_bench_recovery")
REDIS_DB = int(os.environ.get("BENCH_RECOVERY_REDIS_DB", "10"))
ORDERS = 100_000
OPEN_CASES = 10_000
CLOSED_CASES = 5_000
TARGET_P99_MS = 50.0


def _setup() -> None:
    bench_setup(DB_NAME, redis_db=REDIS_DB, cache_prefix="zulin-bench-recovery", keepable=True)


def _sample_case(bench: Any) -> int:
    """One case opened by the service: the sample lease seen by the night 70 days on."""
    from datetime import timedelta

    from django.db import connection
    from django.utils import timezone
    from django_tenants.utils import tenant_context
    from lists import _lease_sample

    from apps.recovery.models import RecoveryCase
    from apps.recovery.services import cases_refresh
    from tenants.merchants.models import Merchant

    demo = Merchant.objects.get(slug="demo")
    with tenant_context(demo):
        found = RecoveryCase.objects.exclude(order_no__startswith="BENCH").first()
    if found is None:
        _lease_sample(bench)
        with tenant_context(demo):
            order_id = bench.made["lease order id"]
            cases_refresh(today=timezone.localdate() + timedelta(days=70), order_ids=[order_id])
            found = RecoveryCase.objects.get(order_id=order_id)
    connection.set_schema_to_public()
    return found.pk


def seed_cases(bench: Any, count: int) -> None:
    """100,000 orders, then the sample case copied onto `count` of the overdue ones (open)
    and CLOSED_CASES more (closed); VACUUM ANALYZE."""
    import psycopg
    from lists import _copied, _run, _vacuum, seed_orders

    from apps.recovery.models import RecoveryCase

    schema = bench.store.schema
    table = RecoveryCase._meta.db_table
    with psycopg.connect(**bench.raw_params, autocommit=True) as raw, raw.cursor() as cursor:
        cursor.execute(f"SET search_path = {schema}, public")
        cursor.execute("SELECT count(*) FROM orders_order WHERE order_no LIKE 'BENCH%'")
        if cursor.fetchone()[0] < ORDERS - 1:  # a kept database holds them already
            seed_orders(bench, ORDERS)
    sample = _sample_case(bench)
    with psycopg.connect(**bench.raw_params, autocommit=True) as raw, raw.cursor() as cursor:
        cursor.execute(f"SET search_path = {schema}, public")
        cursor.execute(f"SELECT count(*) FROM {table} WHERE order_no LIKE 'BENCH%'")  # noqa: S608
        if cursor.fetchone()[0] >= count + CLOSED_CASES:
            return
        cursor.execute(f"DELETE FROM {table} WHERE order_no LIKE 'BENCH%'")  # noqa: S608
        own = (
            "id",
            "order_id",
            "order_no",
            "state",
            "opened_on",
            "closed_on",
            "close_reason",
            "oldest_due_on",
            "days_past_due",
            "bucket",
            "assignee_account_id",
            "assignee_name",
            "priority",
            "next_action_on",
            "refreshed_on",
            "created_at",
            "updated_at",
        )
        columns, sources = _copied(cursor, schema, table, own, "s")
        _run(
            cursor,
            f"""
            WITH targets AS (
              SELECT id, order_no, row_number() OVER (ORDER BY id)::int AS n
              FROM orders_order WHERE order_no LIKE 'BENCH%%' AND stage = 'overdue'
              ORDER BY id LIMIT %s
            ), aged AS (
              SELECT t.*, (1 + mod(t.n * 7, 200))::int AS days, t.n <= %s AS is_open FROM targets t
            )
            INSERT INTO {table} ({{columns}}, order_id, order_no, state, opened_on, closed_on,
              close_reason, oldest_due_on, days_past_due, bucket, assignee_account_id,
              assignee_name, priority, next_action_on, refreshed_on, created_at, updated_at)
            SELECT {{sources}}, a.id, a.order_no,
              CASE WHEN a.is_open THEN 'open' ELSE 'closed' END,
              current_date - a.days + 1,
              CASE WHEN a.is_open THEN NULL ELSE current_date - mod(a.n, 60) END,
              CASE WHEN a.is_open THEN '' ELSE '逾期欠款已结清' END,
              current_date - a.days, a.days,
              CASE WHEN a.days <= 30 THEN 'M1' WHEN a.days <= 60 THEN 'M2'
                   WHEN a.days <= 90 THEN 'M3' ELSE 'M3+' END,
              CASE mod(a.n, 3) WHEN 0 THEN NULL ELSE 900000 + mod(a.n, 3) END,
              CASE mod(a.n, 3) WHEN 0 THEN '' ELSE '基准催收' || mod(a.n, 3) END,
              mod(a.n, 4),
              CASE WHEN a.is_open THEN current_date - 3 + mod(a.n, 10)::int ELSE NULL END,
              current_date, now() - make_interval(days => a.days::int), now()
            FROM aged a, {table} s WHERE s.id = %s
            """,
            [count + CLOSED_CASES, count, sample],
            columns=columns,
            sources=sources,
        )
    _vacuum(bench, schema, (table,))


def cases_like_sample(rows: list[dict[str, Any]]) -> None:
    assert len(rows) == 20 and all(row["state"] == "open" for row in rows), rows[:1]
    assert all(row["order_no"].startswith("BENCH") and row["goods_title"] for row in rows)


def main() -> None:
    _setup()
    from lists import ListCall, demo_bench, measure

    bench = demo_bench()
    call = ListCall(
        "getRecoveryCases",
        "/api/backend/getRecoveryCases",
        side="store",
        seed=seed_cases,
        rows=(OPEN_CASES,),
        pages=(1, 500),
        params={"state": "open"},
        check=cases_like_sample,
    )
    load = os.getloadavg()
    print(
        f"{os.cpu_count()} cores (load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}); "
        f"gunicorn sync workers={WORKERS}; drivers: a second process x {CONCURRENCY} threads; "
        f"target p99 < {TARGET_P99_MS:.0f} ms at {CONCURRENCY} clients"
    )
    started = time.perf_counter()
    seed_cases(bench, OPEN_CASES)
    print(
        f"-- getRecoveryCases: {ORDERS:,} orders, {OPEN_CASES:,} open cases and "
        f"{CLOSED_CASES:,} closed (seeded in {time.perf_counter() - started:.1f} s)"
    )
    answer = bench.store.get(call.path, {**call.params, "page": 1}).json()
    # The copies and the sample case itself: the total is counted to 10,000 (pagination.py).
    total = (answer["data"]["total"], answer["data"]["total_capped"])
    assert total == (OPEN_CASES, True), total
    cases_like_sample(answer["data"]["list"])
    with served():
        for page in call.pages:
            measure(bench, call, page, f"getRecoveryCases page {page}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    sys.exit(main())
