"""The data centre's calls on a merchant with 100,000 orders and their bills and ledger, and
the platform's over 100 merchants: p50/p95 of each call, in one warm process (Django's test
client: the call's own cost, no server), after ANALYZE. Target (issue 14): p95 < 300 ms.

Data, shaped exactly as the services make it: one lease is placed through the signed intake,
audited, signed, its first bill paid through the sandbox provider and delivered (the test
helpers' path, `tests.leases.in_lease`); then, in SQL, its order row is copied
to 100,000 orders placed over the last 365 days (one in five cancelled before signing, so
without bills), each lease's 12 bills copied with its due dates moved to its own start (bills
due by today paid, except those of one lease in ten after its first: overdue), each paid
bill's journals (the payment and its commission, with their entries) copied at the day it was
paid, the deposit's journals once per lease, and each order's row in the platform's order
index. The copied payment journals debit the sample's `provider_clearing` sub-ledger (one per
order in real books): the data centre reads income accounts only. Money per day
(`MerchantMoneyDay`) is then rebuilt from that ledger by the job's own function and bills
due per day (`MerchantDueDay`) by billing's projection; 99 more merchants get the demo
merchant's public rows (1,000 index rows each, its money and due days), so the platform's
figures sum 100 merchants. ANALYZE, then each call BENCH_ROUNDS (30) times after 3 warm-ups.

Run: make bench-dashboard (its own database, zulin_bench_dashboard; Redis database 12). Not a
test. About 5-8 minutes on 2 shared cores, most of it the bulk load.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from typing import Any

from _setup import bench_setup, demo_sign_in, raw_params

DB_NAME = "zulin_bench_dashboard"
ORDERS = int(os.environ.get("BENCH_DASHBOARD_ORDERS", "100000"))
MERCHANTS = 100
INDEX_ROWS_PER_OTHER_MERCHANT = 1_000
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "30"))
TARGET_MS = 300.0


def _setup() -> None:
    bench_setup(
        DB_NAME,
        redis_db=12,
        cache_prefix="zulin-bench-dashboard",
        env={"SANDBOX_AUTO_COMPLETE": "false"},
    )


def _sample() -> tuple[Any, int]:
    """One lease in lease, made through the API and the sandbox provider."""
    from django.db import connection

    from tenants.merchants.models import Merchant
    from tests.fixtures import login
    from tests.leases import IntakeClient, goods_on_shelf, in_lease

    demo = Merchant.objects.get(slug="demo")
    owner = login("demo.localhost", "owner")
    order = in_lease(demo, owner, IntakeClient(demo, "demo.localhost"), goods_on_shelf(owner))
    connection.set_schema_to_public()
    return demo, order.id


def _columns(cursor: Any, schema: str, table: str, own: tuple[str, ...]) -> list[str]:
    cursor.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = %s"
        " AND table_name = %s ORDER BY ordinal_position",
        [schema, table],
    )
    return [name for (name,) in cursor.fetchall() if name not in own]


def _copy(cursor: Any, template: str, *, schema: str, table: str, own: tuple[str, ...]) -> None:
    """Runs an INSERT … SELECT whose {columns}/{sources} are the table's columns but `own`."""
    from psycopg import sql

    copied = _columns(cursor, schema, table, own)
    cursor.execute(
        sql.SQL(template).format(  # type: ignore[arg-type]
            columns=sql.SQL(", ").join(map(sql.Identifier, copied)),
            sources=sql.SQL(", ").join(sql.Identifier("s", name) for name in copied),
        )
    )


def _seed_shop(raw: dict[str, Any], schema: str, sample: int) -> None:
    import psycopg

    with psycopg.connect(**raw, autocommit=True) as conn, conn.cursor() as cursor:
        cursor.execute(f"SET search_path = {schema}, public")
        step = time.perf_counter()
        # Orders: n = 1 … ORDERS-1 (the sample is the first); placed n % 365 days ago.
        _copy(
            cursor,
            f"""
            INSERT INTO orders_order ({{columns}}, order_no, idempotency_key, status, stage,
              created_at, status_changed_at, lease_start, is_deleted)
            SELECT {{sources}}, 'DB' || lpad(n::text, 9, '0'), 'dash-bench-' || n,
              CASE WHEN mod(n, 5) = 0 THEN 'cancelled' ELSE 'in_lease' END,
              CASE WHEN mod(n, 5) = 0 THEN 'regular' ELSE 'dealing' END,
              s.created_at - make_interval(days => mod(n, 365), secs => mod(n * 7, 86000)),
              s.status_changed_at - make_interval(days => mod(n, 365)),
              s.lease_start - mod(n, 365), false
            FROM orders_order s, generate_series(1, {ORDERS - 1}) AS n WHERE s.id = {sample}
            """,
            schema=schema,
            table="orders_order",
            own=(
                "id",
                "order_no",
                "idempotency_key",
                "status",
                "stage",
                "created_at",
                "status_changed_at",
                "lease_start",
                "is_deleted",
            ),
        )
        cursor.execute(
            "CREATE TEMP TABLE copies AS SELECT id, substr(order_no, 3)::int AS n, status"
            " FROM orders_order WHERE order_no LIKE 'DB%'"
        )
        print(f"   orders copied in {time.perf_counter() - step:.1f} s")
        step = time.perf_counter()
        # Bills: the sample's 12, moved to each lease's start; paid when due by today (a lease
        # in ten leaves every bill after the first unpaid).
        _copy(
            cursor,
            f"""
            INSERT INTO billing_bill ({{columns}}, order_id, order_no, out_trade_no, due_date,
              status, paid_amount, paid_at, paid_by)
            SELECT {{sources}}, c.id, 'DB' || lpad(c.n::text, 9, '0'),
              'DB' || c.n || 'B' || s.period, s.due_date - mod(c.n, 365),
              CASE WHEN s.due_date - mod(c.n, 365) <= current_date
                    AND (s.period = 1 OR mod(c.n, 10) <> 1) THEN 'paid' ELSE 'unpaid' END,
              CASE WHEN s.due_date - mod(c.n, 365) <= current_date
                    AND (s.period = 1 OR mod(c.n, 10) <> 1) THEN s.amount ELSE 0 END,
              CASE WHEN s.due_date - mod(c.n, 365) <= current_date
                    AND (s.period = 1 OR mod(c.n, 10) <> 1)
                   THEN (s.due_date - mod(c.n, 365))::timestamp + interval '10 hours'
                   ELSE NULL END AT TIME ZONE 'Asia/Shanghai',
              CASE WHEN s.due_date - mod(c.n, 365) <= current_date
                    AND (s.period = 1 OR mod(c.n, 10) <> 1) THEN 'withhold' ELSE '' END
            FROM copies c JOIN billing_bill s ON s.order_id = {sample}
            WHERE c.status = 'in_lease'
            """,
            schema=schema,
            table="billing_bill",
            own=(
                "id",
                "order_id",
                "order_no",
                "out_trade_no",
                "due_date",
                "status",
                "paid_amount",
                "paid_at",
                "paid_by",
            ),
        )
        print(f"   bills copied in {time.perf_counter() - step:.1f} s")
        step = time.perf_counter()
        cursor.execute(f"SELECT id FROM billing_bill WHERE order_id = {sample} AND period = 1")
        first_bill = cursor.fetchone()[0]
        cursor.execute("SELECT max(id) FROM ledger_journal")
        before = cursor.fetchone()[0]
        # Journals: each paid bill gets the sample's bill-1 journals at the time it was paid;
        # each lease the deposit's (no bill) at the time it was placed.
        _copy(
            cursor,
            f"""
            INSERT INTO ledger_journal
                ({{columns}}, reference, order_id, bill_id, created_at, moved_on, counted_on)
            SELECT {{sources}}, s.reference || ':b' || b.id, b.order_id, b.id, b.paid_at,
                (b.paid_at AT TIME ZONE 'Asia/Shanghai')::date,
                (b.paid_at AT TIME ZONE 'Asia/Shanghai')::date
            FROM billing_bill b, ledger_journal s
            WHERE s.bill_id = {first_bill} AND b.status = 'paid' AND b.order_no LIKE 'DB%'
            """,
            schema=schema,
            table="ledger_journal",
            own=(
                "id",
                "reference",
                "order_id",
                "bill_id",
                "created_at",
                "moved_on",
                "counted_on",
                "reversal_of_id",
            ),
        )
        _copy(
            cursor,
            f"""
            INSERT INTO ledger_journal
                ({{columns}}, reference, order_id, created_at, moved_on, counted_on)
            SELECT {{sources}}, s.reference || ':o' || c.id, c.id, o.created_at,
                (o.created_at AT TIME ZONE 'Asia/Shanghai')::date,
                (o.created_at AT TIME ZONE 'Asia/Shanghai')::date
            FROM copies c JOIN orders_order o ON o.id = c.id, ledger_journal s
            WHERE s.order_id = {sample} AND s.bill_id IS NULL AND c.status = 'in_lease'
            """,
            schema=schema,
            table="ledger_journal",
            own=(
                "id",
                "reference",
                "order_id",
                "created_at",
                "moved_on",
                "counted_on",
                "reversal_of_id",
            ),
        )
        cursor.execute(
            f"""
            INSERT INTO ledger_entry (journal_id, account_id, side, amount)
            SELECT j.id, e.account_id, e.side, e.amount
            FROM ledger_journal j
            JOIN ledger_journal s ON s.order_id = {sample}
              AND j.reference = s.reference || CASE WHEN j.bill_id IS NULL
                THEN ':o' || j.order_id ELSE ':b' || j.bill_id END
            JOIN ledger_entry e ON e.journal_id = s.id
            WHERE j.id > {before}
            """
        )
        print(f"   journals and entries copied in {time.perf_counter() - step:.1f} s")
        step = time.perf_counter()
        # The platform's order index: each copy's row, as the order services write it.
        _copy(
            cursor,
            f"""
            INSERT INTO public.orders_index_orderindex ({{columns}}, order_id, order_no, status,
              stage, created_at)
            SELECT {{sources}}, o.id, o.order_no, o.status, o.stage, o.created_at
            FROM copies c JOIN orders_order o ON o.id = c.id,
              public.orders_index_orderindex s
            WHERE s.order_id = {sample} AND s.merchant_id = (
              SELECT id FROM public.merchants_merchant WHERE schema_name = '{schema}')
            """,
            schema="public",
            table="orders_index_orderindex",
            own=("id", "order_id", "order_no", "status", "stage", "created_at"),
        )
        print(f"   order index copied in {time.perf_counter() - step:.1f} s")
        for table in ("orders_order", "billing_bill", "ledger_journal", "ledger_entry"):
            cursor.execute(f"VACUUM ANALYZE {table}")


def _summaries(demo: Any) -> None:
    """Money per day and bills due per day of the shop, by the jobs' own functions."""
    from datetime import timedelta

    from django.db import connection
    from django.utils import timezone
    from django_tenants.utils import tenant_context

    from apps.billing.projection import due_days_project
    from tenants.finance.money import money_days_refresh

    today = timezone.localdate()
    step = time.perf_counter()
    with tenant_context(demo):
        days = money_days_refresh(date_from=today - timedelta(days=400), date_to=today)
        rows = due_days_project()
    connection.set_schema_to_public()
    print(f"   {days} money days, {rows} due days in {time.perf_counter() - step:.1f} s")


def _other_merchants(raw: dict[str, Any], demo_id: int) -> None:
    """99 more merchants with the demo merchant's public rows: 1,000 order index rows each,
    its money days and due days."""
    import psycopg

    with psycopg.connect(**raw, autocommit=True) as conn, conn.cursor() as cursor:
        cursor.execute("SET search_path = public")
        cursor.execute(
            """
            INSERT INTO merchants_merchant (schema_name, name, slug, status, contact_name,
              contact_phone, created_at, updated_at)
            SELECT 'm_dash' || n, m.name || ' ' || n, 'dash' || n, 'active', m.contact_name,
              m.contact_phone, now(), now()
            FROM merchants_merchant m, generate_series(1, %s) AS n WHERE m.id = %s
            """,
            [MERCHANTS - 1, demo_id],
        )
        cursor.execute(
            "CREATE TEMP TABLE others AS SELECT id FROM merchants_merchant WHERE slug LIKE 'dash%'"
        )
        _copy(
            cursor,
            f"""
            INSERT INTO orders_index_orderindex ({{columns}}, merchant_id)
            SELECT {{sources}}, m.id FROM others m,
              (SELECT * FROM orders_index_orderindex WHERE merchant_id = {demo_id}
               ORDER BY id LIMIT {INDEX_ROWS_PER_OTHER_MERCHANT}) s
            """,
            schema="public",
            table="orders_index_orderindex",
            own=("id", "merchant_id"),
        )
        for table in ("finance_merchantmoneyday", "dashboard_public_merchantdueday"):
            _copy(
                cursor,
                f"""
                INSERT INTO {table} ({{columns}}, merchant_id)
                SELECT {{sources}}, m.id FROM others m, {table} s WHERE s.merchant_id = {demo_id}
                """,
                schema="public",
                table=table,
                own=("id", "merchant_id"),
            )
        for table in (
            "merchants_merchant",
            "orders_index_orderindex",
            "finance_merchantmoneyday",
            "dashboard_public_merchantdueday",
        ):
            cursor.execute(f"VACUUM ANALYZE {table}")


def _sign_in(host: str, username: str) -> dict[str, str]:
    return {"HTTP_HOST": host, "HTTP_JWT_TOKEN": demo_sign_in(host, username)}


def _measure(label: str, headers: dict[str, str], path: str, params: dict[str, Any]) -> float:
    from django.test import Client

    client = Client()
    answer = client.get(path, params, **headers).json()
    assert answer["code"] == 200, answer
    for _ in range(2):
        client.get(path, params, **headers)
    times = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        client.get(path, params, **headers)
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    p50 = statistics.median(times)
    p95 = times[max(0, int(round(0.95 * len(times))) - 1)]
    verdict = "ok" if p95 < TARGET_MS else "OVER"
    print(f"{label:<58} p50 {p50:7.1f} ms   p95 {p95:7.1f} ms   {verdict}")
    return p95


def main() -> int:
    _setup()
    from datetime import timedelta

    from django.utils import timezone

    load = os.getloadavg()
    print(
        f"{os.cpu_count()} cores (load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}); {ROUNDS} rounds"
    )
    started = time.perf_counter()
    demo, sample = _sample()
    raw = raw_params()
    print(f"-- seeding {ORDERS:,} orders of {demo.slug} with their bills and ledger")
    _seed_shop(raw, demo.schema_name, sample)
    _summaries(demo)
    _other_merchants(raw, demo.pk)
    print(f"-- seeded in {time.perf_counter() - started:.0f} s")

    store = _sign_in("demo.localhost", "owner")
    platform = _sign_in("admin.localhost", "admin")
    today = timezone.localdate()
    month = {}  # the default: the 30 days to today, by day
    year = {
        "date_from": (today - timedelta(days=365)).isoformat(),
        "date_to": today.isoformat(),
        "granularity": "month",
    }
    worst = 0.0
    for label, headers, path, params in (
        ("store getDataOverview (30 days)", store, "/api/v2/getDataOverview", month),
        ("store getDataOverview (366 days)", store, "/api/v2/getDataOverview", year),
        ("store getRentCurve (30 days)", store, "/api/v2/getRentCurve", month),
        ("store getReceivedRentCurve (30 days)", store, "/api/v2/getReceivedRentCurve", month),
        (
            "store getReceivedRentCurve (366 days, by month)",
            store,
            "/api/v2/getReceivedRentCurve",
            year,
        ),
        ("store getOrderDataCount (30 days)", store, "/api/v2/getOrderDataCount", month),
        ("store getOrderGoodsCount (30 days)", store, "/api/v2/getOrderGoodsCount", month),
        (
            "platform getDataOverview, 100 merchants (30 days)",
            platform,
            "/api/v2/getDataOverview",
            month,
        ),
        (
            "platform getDataOverview, 100 merchants (366 days)",
            platform,
            "/api/v2/getDataOverview",
            year,
        ),
        (
            "platform getReceivedRentCurve (366 days, by month)",
            platform,
            "/api/v2/getReceivedRentCurve",
            year,
        ),
        ("platform getOrderGoodsCount (30 days)", platform, "/api/v2/getOrderGoodsCount", month),
    ):
        worst = max(worst, _measure(label, headers, path, params))
    print(
        f"worst p95 {worst:.1f} ms (target {TARGET_MS:.0f} ms); load after {os.getloadavg()[0]:.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
