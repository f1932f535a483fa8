"""List calls against the same SQL through raw psycopg, in one warm process and at 8
concurrent clients: `goodsList` on a merchant with 2,000 and 100,000 goods (page 1 and page
500), `merchantList` over 1,000 merchants (page 1 and the last page, 50) and
`backendOrderList` (the deal-closed list, a fifth of the orders) at 2,000 and 100,000 orders
of one merchant and on the platform side over 100,000 orders of 120 merchants (page 1 and
page 500); the shop's finance lists at 2,000 and 100,000 rows (page 1 and page 500):
`getBillList` (its income and expense lines: ledger journals), `getFinanceBillList` (its
customers' instalment bills: paid, due, overdue) and `withdrawList` (its withdrawals); and
the platform's `getWithdrawalRecord` over 100,000 withdrawals of 120 merchants (page 1 and
page 500).

For each list, scale and page, the SQL the call issues is captured once, then:
- one client: the call through the Django test client in this process, warm, against the
  same SQL replayed through a plain psycopg connection (the floor: no ORM, no Ninja, no
  envelope). This isolates the call's in-process cost.
- 8 concurrent clients (BENCH_CONCURRENCY): the call served exactly as `make run` serves it
  (gunicorn, infra/gunicorn.conf.py: sync workers, one per core), driven over HTTP by a
  second process with 8 threads, against the same SQL run by 8 threads of a second process,
  each on its own psycopg connection, and against the same SQL served over HTTP the same way
  by a plain WSGI app with no Django (_raw_wsgi.py: raw psycopg, rows as JSON), driven alike.
Printed: requests/s and p99 of each, their throughput ratio, and PostgreSQL's plan and time
of the page query and of the total's COUNT (no sequential scan of the big table is the aim).
Data at scale is bulk-loaded by copying rows the services made (shape checked: the copied rows
answer like the sample). ANALYZE runs after each load. Not a test.

Run: make bench-lists (its own database, zulin_bench_lists, and Redis database 11:
BENCH_LISTS_DB and BENCH_LISTS_REDIS_DB name others, for a second checkout's run), or
`.venv/bin/python benchmarks/lists.py goodsList` for some calls only. BENCH_SECONDS (4) per
figure; the call at 8 clients is driven BENCH_ROUNDS (3) times, its median round printed with
every round's p99.

Adding a list call (orders, bills, withdrawals): write a seed function
`seed_<rows>(bench, count)` that makes at least `count` rows shaped exactly as the services
make them (make one sample through the API with `bench.store.post(...)` or
`bench.platform.post(...)`, then copy it in SQL, and VACUUM ANALYZE the tables), and add one
entry to LISTS:

    ListCall("orderList", "/api/backend/orderList", side="store", seed=seed_orders,
             rows=(2_000, 100_000), pages=(1, 500)),

`side` picks the signed-in session: "store" is demo's owner on demo.localhost (merchant
schema m_demo), "platform" the admin on admin.localhost (public schema). `params` adds query
parameters to every page; `check(rows)` may assert that page 1 answers rows like the sample.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from _drive import CONCURRENCY, WORKERS, drive_http, drive_raw_served, drive_sql, served
from _setup import bench_setup, demo_sign_in, raw_params

ROOT = Path(__file__).resolve().parents[1]
# Overridable so that a second checkout's run never disturbs another's database or Redis.
DB_NAME = os.environ.get("BENCH_LISTS_DB", "zulin_bench_lists")
REDIS_DB = int(os.environ.get("BENCH_LISTS_REDIS_DB", "11"))
SECONDS = float(os.environ.get("BENCH_SECONDS", "4"))
# The call at 8 clients is driven this many times and its median figure printed: the machine is
# shared, and one stall of a neighbour moves a 4-second p99 by half (39 vs 69 ms, same code).
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
PAGE_SIZE = 20


@dataclass
class Session:
    """A signed-in account on a host, usable in process (Django's test client) and over HTTP."""

    host: str
    token: str
    schema: str  # the schema its calls read: the search path the raw SQL replays with

    def __post_init__(self) -> None:
        from django.test import Client

        self.client = Client()

    @property
    def django_headers(self) -> dict[str, str]:
        return {"HTTP_HOST": self.host, "HTTP_JWT_TOKEN": self.token}

    @property
    def http_headers(self) -> dict[str, str]:
        return {"Host": self.host, "jwt-token": self.token}

    def get(self, path: str, params: dict[str, Any]) -> Any:
        return self.client.get(path, params, **self.django_headers)

    def post(self, path: str, body: Any) -> dict[str, Any]:
        answer = self.client.post(
            path, json.dumps(body), content_type="application/json", **self.django_headers
        )
        return answer.json()


@dataclass
class Bench:
    store: Session
    platform: Session
    raw_params: dict[str, Any]
    made: dict[str, Any] = field(default_factory=dict)  # what seed functions made already


@dataclass(frozen=True)
class ListCall:
    name: str
    path: str
    side: str  # "store" or "platform"
    seed: Callable[[Bench, int], None]
    rows: tuple[int, ...]
    pages: tuple[int, ...]
    params: dict[str, Any] = field(default_factory=dict)
    check: Callable[[list[dict[str, Any]]], None] | None = None


def _sign_in(host: str, username: str, schema: str) -> Session:
    return Session(host=host, token=demo_sign_in(host, username), schema=schema)


def demo_bench() -> Bench:
    """The demo shop's owner and the platform's admin signed in, and the raw connection's
    parameters: what every list benchmark measures with."""
    from tenants.merchants.models import Merchant

    demo = Merchant.objects.get(slug="demo")
    return Bench(
        store=_sign_in("demo.localhost", "owner", demo.schema_name),
        platform=_sign_in("admin.localhost", "admin", "public"),
        raw_params=raw_params(),
    )


def _search_path(schema: str) -> str:
    return "public" if schema == "public" else f"{schema}, public"


def _one_client(call: Callable[[], Any], seconds: float) -> tuple[float, float]:
    for _ in range(20):
        call()
    latencies = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        started = time.perf_counter()
        call()
        latencies.append(time.perf_counter() - started)
    latencies.sort()
    return len(latencies) / sum(latencies), latencies[int(len(latencies) * 0.99) - 1] * 1000


def _captured(session: Session, path: str, params: dict[str, Any]) -> list[str]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        answer = session.get(path, params).json()
    assert answer["code"] == 200, answer
    return [q["sql"] for q in queries.captured_queries if not q["sql"].startswith("SET ")]


def measure(bench: Bench, call: ListCall, page: int, label: str) -> None:
    import psycopg

    session = bench.store if call.side == "store" else bench.platform
    params = {**call.params, "page": page, "page_size": PAGE_SIZE}
    statements = _captured(session, call.path, params)
    search_path = _search_path(session.schema)
    with psycopg.connect(**bench.raw_params, autocommit=True) as raw:
        raw.execute(f"SET search_path = {search_path}")

        def replay() -> None:
            for sql in statements:
                raw.execute(sql).fetchall()

        raw_rps, raw_p99 = _one_client(replay, SECONDS)
        api_rps, api_p99 = _one_client(lambda: session.get(call.path, params), SECONDS)
        print(
            f"{label:<30} 1 client : call {api_rps:7.0f}/s p99 {api_p99:6.1f} ms | raw SQL "
            f"{raw_rps:7.0f}/s p99 {raw_p99:6.1f} ms | ratio {api_rps / raw_rps:4.2f}"
        )
        # The page query (the longest with a LIMIT) and the total (COUNT), each with its plan.
        page_sql = max((s for s in statements if "LIMIT" in s), key=len, default="")
        count_sql = next((s for s in statements if s.startswith("SELECT COUNT(")), "")
        plans = {
            name: [row[0] for row in raw.execute("EXPLAIN ANALYZE " + sql).fetchall()]
            for name, sql in (("page query", page_sql), ("count", count_sql))
            if sql
        }
    url = f"{call.path}?{urlencode(params)}"
    rounds = sorted(
        (drive_http(url, session.http_headers, SECONDS) for _ in range(ROUNDS)),
        key=lambda figure: figure.p99_ms,
    )
    api = rounds[len(rounds) // 2]  # the median round by p99
    p99s = "/".join(f"{figure.p99_ms:.1f}" for figure in rounds)
    floor = drive_sql(bench.raw_params, search_path, statements, SECONDS)
    conninfo = psycopg.conninfo.make_conninfo(**bench.raw_params)
    raw_served = drive_raw_served(conninfo, search_path, statements, url, SECONDS)
    print(
        f"{'':<30} {CONCURRENCY} clients: call {api} [p99 of {ROUNDS} rounds: {p99s} ms] | "
        f"raw SQL {floor} | ratio {api.rps / floor.rps:4.2f}\n"
        f"{'':<30} {'':<10} raw SQL served {raw_served} | ratio {api.rps / raw_served.rps:4.2f}"
    )
    for name, plan in plans.items():
        seq = [line.strip().split("  (")[0] for line in plan if "Seq Scan" in line]
        took = next((line.split(": ")[1] for line in plan if line.startswith("Execution Time")), "")
        verdict = "sequential scan: " + "; ".join(seq) if seq else "no sequential scan"
        print(f"{'':<30} {name}: {verdict} ({took})")


def _setup() -> None:
    bench_setup(DB_NAME, redis_db=REDIS_DB, cache_prefix="zulin-bench-lists", quiet_requests=False)


def seed_goods(bench: Bench, count: int) -> None:
    """Copies a sample goods item (made through saveAndActiveGoods) until the merchant has
    `count` live goods, with their SKUs and rent plans, then ANALYZE."""
    import psycopg

    from apps.goods.tests.factories import goods_payload, leaf_category

    schema = bench.store.schema
    if not bench.made.get("goods sample"):
        category = leaf_category(name="基准手机", parent_name="基准数码")
        made = bench.store.post("/api/platform/saveAndActiveGoods", goods_payload(category.pk))
        assert made["code"] == 200, made
        bench.made["goods sample"] = True

    with psycopg.connect(**bench.raw_params, autocommit=True) as raw, raw.cursor() as cursor:
        cursor.execute(f"SET search_path = {schema}, public")
        cursor.execute("SELECT count(*) FROM goods_goods WHERE NOT is_deleted")
        have = cursor.fetchone()[0]
        if have >= count:
            return
        cursor.execute("SELECT max(id) FROM goods_goods")
        sample = cursor.fetchone()[0]
        cursor.execute(
            """
            WITH new_goods AS (
              INSERT INTO goods_goods (title, category_id, brand, fineness, pictures, description,
                channels, sub_shop_ids, status, sort, force_down, force_down_reason,
                force_down_at, review_note, is_deleted, deleted_at, created_at, updated_at)
              SELECT g.title || ' #' || n, g.category_id, g.brand, g.fineness, g.pictures,
                g.description, g.channels, g.sub_shop_ids, g.status, mod(n, 100), g.force_down,
                g.force_down_reason, g.force_down_at, g.review_note, false, NULL, now(), now()
              FROM goods_goods g, generate_series(1, %s) AS n WHERE g.id = %s
              RETURNING id
            ), new_skus AS (
              INSERT INTO goods_sku (goods_id, specs, code, stock, is_active, position, tracked)
              SELECT ng.id, s.specs, s.code, s.stock, s.is_active, s.position, s.tracked
              FROM new_goods ng, goods_sku s WHERE s.goods_id = %s
              RETURNING id, goods_id, code
            )
            INSERT INTO goods_rentplan (sku_id, term, term_unit, rent, deposit, buyout_price,
              ownership_transfer, is_active, position, early_fee_mode, early_fee_value, min_term)
            SELECT ns.id, r.term, r.term_unit, r.rent, r.deposit, r.buyout_price,
              r.ownership_transfer, r.is_active, r.position, r.early_fee_mode, r.early_fee_value,
              r.min_term
            FROM new_skus ns
            JOIN goods_sku os ON os.goods_id = %s
            JOIN goods_rentplan r ON r.sku_id = os.id
            WHERE os.code = ns.code
            """,
            [count - have, sample, sample, sample],
        )
    with psycopg.connect(**bench.raw_params, autocommit=True) as raw:
        raw.execute(f"SET search_path = {schema}, public")
        for table in ("goods_goods", "goods_sku", "goods_rentplan"):
            raw.execute(f"VACUUM ANALYZE {table}")


def seed_merchants(bench: Bench, count: int) -> None:
    """Copies the demo merchant (made by onboarding: its domain, owner and settlement terms)
    until `count` merchants exist; their schemas are not made (the list reads public rows
    only), then ANALYZE."""
    import psycopg

    with psycopg.connect(**bench.raw_params, autocommit=True) as raw, raw.cursor() as cursor:
        cursor.execute("SET search_path = public")
        cursor.execute("SELECT count(*) FROM merchants_merchant")
        have = cursor.fetchone()[0]
        if have >= count:
            return
        cursor.execute(
            """
            WITH made AS (
              INSERT INTO merchants_merchant (schema_name, name, slug, status, contact_name,
                contact_phone, created_at, updated_at)
              SELECT 'm_bench' || n, m.name || ' ' || n, 'bench' || n,
                (ARRAY['active', 'active', 'active', 'frozen', 'pending'])[1 + mod(n, 5)],
                m.contact_name, m.contact_phone, now() - make_interval(mins => n), now()
              FROM merchants_merchant m, generate_series(1, %s) AS n WHERE m.slug = 'demo'
              RETURNING id, slug
            ), domains AS (
              INSERT INTO merchants_domain (domain, tenant_id, is_primary)
              SELECT made.slug || '.localhost', made.id, true FROM made
            )
            INSERT INTO merchants_settlementterms (merchant_id, commission_rate,
              settlement_cycle, bank_name, account_name, account_number, actor_account_id,
              actor_name, created_at)
            SELECT made.id, t.commission_rate, t.settlement_cycle, t.bank_name, t.account_name,
              t.account_number, t.actor_account_id, t.actor_name, now()
            FROM made, merchants_settlementterms t
            JOIN merchants_merchant d ON d.id = t.merchant_id AND d.slug = 'demo'
            """,
            [count - have],
        )
    with psycopg.connect(**bench.raw_params, autocommit=True) as raw:
        for table in ("merchants_merchant", "merchants_domain", "merchants_settlementterms"):
            raw.execute(f"VACUUM ANALYZE {table}")


ORDER_SHAPES = (
    ("awaiting_audit", "regular"),
    ("in_lease", "dealing"),
    ("in_lease", "overdue"),
    ("completed", "finished"),
    ("in_lease", "after_sale"),
)


def _copy_in_shapes(
    cursor: Any,
    template: str,
    *,
    schema: str,
    table: str,
    own: tuple[str, ...],
    numbers: tuple[int, int],
    sample: int,
) -> None:
    """Runs `template` (an INSERT … SELECT copying row `sample` once per n in `numbers`)
    with {columns}/{sources} the table's columns but `own` (which the template sets),
    and the statuses and stages of ORDER_SHAPES as its first two parameters."""
    from psycopg import sql

    cursor.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = %s"
        " AND table_name = %s ORDER BY ordinal_position",
        [schema, table],
    )
    copied = [name for (name,) in cursor.fetchall() if name not in own]
    query = sql.SQL(template).format(  # type: ignore[arg-type]
        columns=sql.SQL(", ").join(map(sql.Identifier, copied)),
        sources=sql.SQL(", ").join(sql.Identifier("o", name) for name in copied),
    )
    statuses = [status for status, _ in ORDER_SHAPES]
    stages = [stage for _, stage in ORDER_SHAPES]
    cursor.execute(query, [statuses, stages, *numbers, sample])


def seed_orders(bench: Bench, count: int) -> None:
    """Places one lease order through the signed intake (goods made through the API), then
    copies it until the merchant has `count` orders, spread evenly over the five stages
    (newest first within each), then ANALYZE. Copies share the sample's customer."""
    import psycopg

    from apps.goods.tests.factories import goods_payload, leaf_category
    from tenants.merchants.models import Merchant
    from tests.leases import IntakeClient, customer

    schema = bench.store.schema
    if not bench.made.get("order sample"):
        category = leaf_category(name="基准租机", parent_name="基准数码")
        made = bench.store.post("/api/platform/saveAndActiveGoods", goods_payload(category.pk))
        assert made["code"] == 200, made
        detail = bench.store.post("/api/platform/goodsDetail", {"id": made["data"]["id"]})
        plan = detail["data"]["rent_list"][0]
        app = IntakeClient(Merchant.objects.get(slug="demo"), bench.store.host)
        placed = app.post(
            "/api/applet/placeOrder",
            {
                "idempotency_key": "bench-order-0001",
                **customer("B"),
                "sku_id": detail["data"]["spu_list"][plan["sku_index"]]["id"],
                "rent_plan_id": plan["id"],
                "channel": "alipay",
            },
        )
        assert placed.ok, placed
        bench.made["order sample"] = True

    with psycopg.connect(**bench.raw_params, autocommit=True) as raw, raw.cursor() as cursor:
        cursor.execute(f"SET search_path = {schema}, public")
        cursor.execute("SELECT count(*) FROM orders_order")
        have = cursor.fetchone()[0]
        if have >= count:
            return
        cursor.execute("SELECT max(id) FROM orders_order")
        sample = cursor.fetchone()[0]
        _copy_in_shapes(
            cursor,
            """
            INSERT INTO orders_order ({columns}, order_no, idempotency_key, status, stage)
            SELECT {sources}, 'BENCH' || lpad(n::text, 9, '0'), 'bench-' || n,
              (%s::text[])[1 + mod(n, 5)], (%s::text[])[1 + mod(n, 5)]
            FROM orders_order o, generate_series(%s::int, %s::int) AS n WHERE o.id = %s
            """,
            schema=schema,
            table="orders_order",
            own=("id", "order_no", "status", "stage", "idempotency_key"),
            numbers=(have, count - 1),
            sample=sample,
        )
    with psycopg.connect(**bench.raw_params, autocommit=True) as raw:
        raw.execute(f"SET search_path = {schema}, public")
        raw.execute("VACUUM ANALYZE orders_order")


def seed_platform_orders(bench: Bench, count: int) -> None:
    """The platform's order index (`tenants.orders.OrderIndex`, written by the order
    services in the same transaction) over 120 merchants: the sample order's index row
    copied across them until `count` rows, stages spread evenly, then ANALYZE."""
    import psycopg

    seed_merchants(bench, 120)
    seed_orders(bench, 1)
    with psycopg.connect(**bench.raw_params, autocommit=True) as raw, raw.cursor() as cursor:
        cursor.execute("SET search_path = public")
        cursor.execute("SELECT count(*) FROM orders_index_orderindex")
        have = cursor.fetchone()[0]
        if have >= count:
            return
        cursor.execute("SELECT max(id) FROM orders_index_orderindex")
        sample = cursor.fetchone()[0]
        _copy_in_shapes(
            cursor,
            """
            WITH merchants AS (
              SELECT id, row_number() OVER (ORDER BY id) - 1 AS k,
                count(*) OVER () AS total FROM merchants_merchant
            )
            INSERT INTO orders_index_orderindex ({columns}, merchant_id, order_id, order_no,
              status, stage, created_at)
            SELECT {sources}, m.id, 1000000 + n, 'PBENCH' || lpad(n::text, 9, '0'),
              (%s::text[])[1 + mod(n, 5)], (%s::text[])[1 + mod(n, 5)],
              now() - make_interval(secs => n)
            FROM orders_index_orderindex o, generate_series(%s::int, %s::int) AS n
            JOIN merchants m ON m.k = mod(n, m.total)
            WHERE o.id = %s
            """,
            schema="public",
            table="orders_index_orderindex",
            own=("id", "merchant_id", "order_id", "order_no", "status", "stage", "created_at"),
            numbers=(have, count - 1),
            sample=sample,
        )
        cursor.execute("VACUUM ANALYZE orders_index_orderindex")


def _copied(cursor: Any, schema: str, table: str, own: tuple[str, ...], alias: str) -> Any:
    """The columns of `table` but `own` (which the statement sets), as the target list and as
    `alias`'s columns in the SELECT: a pair of psycopg sql fragments."""
    from psycopg import sql

    cursor.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = %s"
        " AND table_name = %s ORDER BY ordinal_position",
        [schema, table],
    )
    names = [name for (name,) in cursor.fetchall() if name not in own]
    return (
        sql.SQL(", ").join(map(sql.Identifier, names)),
        sql.SQL(", ").join(sql.Identifier(alias, name) for name in names),
    )


def _run(cursor: Any, template: str, params: list[Any], **fragments: Any) -> None:
    from psycopg import sql

    cursor.execute(sql.SQL(template).format(**fragments), params)  # type: ignore[arg-type]


def _vacuum(bench: Bench, schema: str, tables: tuple[str, ...]) -> None:
    import psycopg

    with psycopg.connect(**bench.raw_params, autocommit=True) as raw:
        raw.execute(f"SET search_path = {_search_path(schema)}")
        for table in tables:
            raw.execute(f"VACUUM ANALYZE {table}")


def _lease_sample(bench: Bench) -> None:
    """One lease driven through the real flow as the order tests drive it (goods on shelf
    through the API, placed through the signed intake, audited, contract signed by the
    customer, bill 1 paid through the sandbox provider, shipped, received): in lease, bill 1
    paid and bills 2-12 unpaid, with the journals each step posts. Then the demo shop's
    statements close (settlement to its withdrawable balance, as the nightly job does)."""
    if bench.made.get("lease sample"):
        return
    from datetime import timedelta

    from django.db import connection
    from django.utils import timezone
    from django_tenants.utils import tenant_context

    from apps.billing.statements import statements_close
    from tenants.merchants.models import Merchant
    from tests.fixtures import login
    from tests.leases import IntakeClient, goods_on_shelf, in_lease
    from zulin.demo import DEMO_PASSWORD

    demo = Merchant.objects.get(slug="demo")
    owner = login(bench.store.host, "owner", DEMO_PASSWORD)
    app = IntakeClient(demo, bench.store.host)
    order = in_lease(
        demo,
        owner,
        app,
        goods_on_shelf(owner),
        key="bench-lease-0001",
        seed=11,
        phone="13912340011",
    )
    with tenant_context(demo):
        # The demo shop settles T+7: a period that far back is closed.
        statements_close(today=timezone.localdate() + timedelta(days=10))
    connection.set_schema_to_public()
    bench.made["lease sample"] = True
    bench.made["lease order id"] = order.id  # type: ignore[assignment]


def seed_finance_bills(bench: Bench, count: int) -> None:
    """The sample lease's 12 bills (see _lease_sample) copied as further orders' bills (order
    ids from 1,000,000, numbers BENCHB…) until the merchant has `count` bills, each copy's
    schedule moved 0-12 months back: bills due before today are paid (with a copy of bill
    1's successful payment), but the latest past one of every fourth order, which is
    overdue; the rest unpaid (due). Then VACUUM ANALYZE."""
    import psycopg

    from apps.billing.models import Bill, BillPayment

    _lease_sample(bench)
    schema = bench.store.schema
    bills, payments = Bill._meta.db_table, BillPayment._meta.db_table
    sample = bench.made["lease order id"]
    with psycopg.connect(**bench.raw_params, autocommit=True) as raw, raw.cursor() as cursor:
        cursor.execute(f"SET search_path = {schema}, public")
        cursor.execute(f"SELECT count(*) FROM {bills}")  # noqa: S608 (our table name)
        have = cursor.fetchone()[0]
        if have >= count:
            return
        cursor.execute(f"SELECT count(*) FROM {bills} WHERE order_id = %s", [sample])  # noqa: S608
        term = cursor.fetchone()[0]
        cursor.execute(
            f"SELECT coalesce(max(order_id) - 1000000, 0) FROM {bills} WHERE order_id > 1000000"  # noqa: S608
        )
        first = cursor.fetchone()[0] + 1
        orders = -(-(count - have) // term)
        bill_columns, bill_sources = _copied(
            cursor,
            schema,
            bills,
            (
                "id",
                "order_id",
                "order_no",
                "due_date",
                "status",
                "paid_amount",
                "paid_at",
                "paid_by",
                "out_trade_no",
                "created_at",
                "updated_at",
            ),
            "b",
        )
        pay_columns, pay_sources = _copied(
            cursor,
            schema,
            payments,
            ("id", "bill_id", "out_trade_no", "idempotency_key", "created_at", "finished_at"),
            "p",
        )
        _run(
            cursor,
            """
            WITH source AS MATERIALIZED (
              SELECT b.*, n, nextval(pg_get_serial_sequence({table}, 'id')) AS new_id,
                (b.due_date - make_interval(months => mod(n, {term} + 1)))::date AS new_due,
                b.period = 1 OR (b.period <= mod(n, {term} + 1)
                  AND NOT (b.period = mod(n, {term} + 1) AND mod(n, 4) = 0)) AS paid
              FROM {bills} b, generate_series(%s::int, %s::int) AS n WHERE b.order_id = %s
            ), made AS (
              INSERT INTO {bills} (id, {bill_columns}, order_id, order_no, due_date, status,
                paid_amount, paid_at, paid_by, out_trade_no, created_at, updated_at)
              SELECT b.new_id, {bill_sources}, 1000000 + b.n,
                'BENCHB' || lpad(b.n::text, 9, '0'), b.new_due,
                CASE WHEN b.paid THEN 'paid' ELSE 'unpaid' END,
                CASE WHEN b.paid THEN b.amount ELSE 0 END,
                CASE WHEN b.paid THEN b.new_due::timestamptz END,
                CASE WHEN b.paid THEN first_paid.paid_by ELSE '' END,
                b.out_trade_no || '-' || b.n, now() - make_interval(mins => b.n), now()
              FROM source b,
                (SELECT paid_by FROM {bills} WHERE order_id = %s AND period = 1) AS first_paid
            )
            INSERT INTO {payments} (bill_id, {pay_columns}, out_trade_no, idempotency_key,
              created_at, finished_at)
            SELECT b.new_id, {pay_sources}, b.out_trade_no || '-' || b.n, '',
              b.new_due::timestamptz, b.new_due::timestamptz
            FROM source b
            JOIN {bills} first_bill ON first_bill.order_id = %s AND first_bill.period = 1
            JOIN {payments} p ON p.bill_id = first_bill.id AND p.status = 'succeeded'
            WHERE b.paid
            """,
            [first, first + orders - 1, sample, sample, sample],
            table=psycopg.sql.Literal(bills),
            term=psycopg.sql.Literal(term),
            bills=psycopg.sql.Identifier(bills),
            payments=psycopg.sql.Identifier(payments),
            bill_columns=bill_columns,
            bill_sources=bill_sources,
            pay_columns=pay_columns,
            pay_sources=pay_sources,
        )
    _vacuum(bench, schema, (bills, payments))


def seed_bill_lines(bench: Bench, count: int) -> None:
    """`getBillList`'s lines are the shop's ledger journals of the kinds it lists: the sample
    lease's (see _lease_sample: deposit, rent received, commission, settlement; a withdrawal
    freeze if the withdrawal sample was made) copied, each with its entries, as further
    orders' (order ids from 1,000,000, as seed_finance_bills's copies) until `count` lines,
    so the types spread as one lease spreads them. Then VACUUM ANALYZE."""
    import psycopg

    from apps.billing.reports import STORE_TYPES
    from zulin.ledger.models import Entry, Journal

    _lease_sample(bench)
    schema = bench.store.schema
    journals, entries = Journal._meta.db_table, Entry._meta.db_table
    kinds = [kind for covered, _, _ in STORE_TYPES.values() for kind in covered]
    with psycopg.connect(**bench.raw_params, autocommit=True) as raw, raw.cursor() as cursor:
        cursor.execute(f"SET search_path = {schema}, public")
        cursor.execute(
            f"SELECT count(*) FILTER (WHERE reference LIKE %s), count(*) FROM {journals}"  # noqa: S608
            " WHERE kind = ANY(%s)",
            ["% #bench%", kinds],
        )
        copies, have = cursor.fetchone()
        if have >= count:
            return
        originals = have - copies
        first = bench.made.get("line rounds", 0) + 1  # copy n's references end " #bench<n>"
        rounds = -(-(count - have) // originals)
        bench.made["line rounds"] = first + rounds - 1
        journal_columns, journal_sources = _copied(
            cursor, schema, journals, ("id", "reference", "order_id", "created_at"), "j"
        )
        entry_columns, entry_sources = _copied(cursor, schema, entries, ("id", "journal_id"), "e")
        _run(
            cursor,
            """
            WITH source AS MATERIALIZED (
              SELECT j.*, n, nextval(pg_get_serial_sequence({table}, 'id')) AS new_id
              FROM {journals} j, generate_series(%s::int, %s::int) AS n
              WHERE j.kind = ANY(%s) AND j.reference NOT LIKE %s
              ORDER BY n, j.id
            ), made AS (
              INSERT INTO {journals} (id, {journal_columns}, reference, order_id, created_at)
              SELECT j.new_id, {journal_sources}, j.reference || ' #bench' || j.n,
                CASE WHEN j.order_id IS NOT NULL THEN 1000000 + j.n END,
                now() - make_interval(mins => j.n)
              FROM source j
            )
            INSERT INTO {entries} (journal_id, {entry_columns})
            SELECT j.new_id, {entry_sources}
            FROM source j JOIN {entries} e ON e.journal_id = j.id
            """,
            [first, first + rounds - 1, kinds, "% #bench%"],
            table=psycopg.sql.Literal(journals),
            journals=psycopg.sql.Identifier(journals),
            entries=psycopg.sql.Identifier(entries),
            journal_columns=journal_columns,
            journal_sources=journal_sources,
            entry_columns=entry_columns,
            entry_sources=entry_sources,
        )
    _vacuum(bench, schema, (journals, entries))


# Withdrawal statuses of the copies, in turn (a needs-two "reviewing" needs > 10,000.00).
WITHDRAWAL_SHAPES = ("paid", "paid", "paid", "paid", "pending", "paying", "rejected", "cancelled")
WITHDRAWAL_SHAPES += ("failed",)


def _withdrawal_sample(bench: Bench) -> int:
    """One withdrawal made as tenants/finance/tests/test_withdrawals.py makes one: the shop's
    settled money (_lease_sample), applied for by its owner (applyWithdraw), approved by the
    platform's admin (operateWithdrawal), paid out by the sandbox provider's callback. Answers
    its id."""
    if not bench.made.get("withdrawal sample"):
        _lease_sample(bench)
        from tenants.merchants.models import Merchant
        from tests.leases import provider_settles

        applied = bench.store.post(
            "/api/finance/applyWithdraw", {"amount": "100.00", "idempotency_key": "bench-wd-0"}
        )
        assert applied["code"] == 200, applied
        approved = bench.platform.post(
            "/api/platform/operateWithdrawal", {"id": applied["data"]["id"], "action": "approve"}
        )
        assert approved["code"] == 200, approved
        provider_settles(Merchant.objects.get(slug="demo"))
        paid = bench.store.get("/api/finance/getWithdrawDetail", {"id": applied["data"]["id"]})
        assert paid.json()["data"]["status"] == "paid", paid.json()
        bench.made["withdrawal sample"] = applied["data"]["id"]
    return int(bench.made["withdrawal sample"])


def _copy_withdrawals(bench: Bench, count: int, *, platform: bool) -> None:
    """Copies the sample withdrawal (its approval too where the status had one) until
    `count` rows: the demo shop's, or (platform) those of every merchant but demo, spread
    over them; statuses in turn as WITHDRAWAL_SHAPES; each call's copies one a minute back
    from now (so the store's and the platform's copies interleave). Then VACUUM ANALYZE."""
    import psycopg

    from tenants.finance.models import Withdrawal, WithdrawalApproval
    from tenants.merchants.models import Merchant

    sample = _withdrawal_sample(bench)
    demo = Merchant.objects.get(slug="demo").pk
    rows, approvals = Withdrawal._meta.db_table, WithdrawalApproval._meta.db_table
    mine = "merchant_id <> %s" if platform else "merchant_id = %s"
    with psycopg.connect(**bench.raw_params, autocommit=True) as raw, raw.cursor() as cursor:
        cursor.execute("SET search_path = public")
        cursor.execute(f"SELECT count(*) FROM {rows} WHERE {mine}", [demo])  # noqa: S608
        have = cursor.fetchone()[0]
        if have >= count:
            return
        cursor.execute(f"SELECT count(*) FROM {rows} WHERE withdrawal_no LIKE 'WBENCH%%'")  # noqa: S608
        first = cursor.fetchone()[0] + 1
        row_columns, row_sources = _copied(
            cursor,
            "public",
            rows,
            (
                "id",
                "merchant_id",
                "withdrawal_no",
                "idempotency_key",
                "status",
                "reject_reason",
                "failure_reason",
                "provider_trade_no",
                "created_at",
                "updated_at",
                "paid_at",
            ),
            "w",
        )
        approval_columns, approval_sources = _copied(
            cursor, "public", approvals, ("id", "withdrawal_id", "created_at"), "a"
        )
        _run(
            cursor,
            """
            WITH merchants AS (
              SELECT id, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS total
              FROM merchants_merchant WHERE id <> %s
            ), source AS MATERIALIZED (
              SELECT w.*, n, nextval(pg_get_serial_sequence({table}, 'id')) AS new_id,
                (%s::text[])[1 + mod(n, cardinality(%s::text[]))] AS new_status,
                now() - make_interval(mins => n - %s) AS new_created,
                CASE WHEN %s THEN (SELECT m.id FROM merchants m WHERE m.k = mod(n, m.total))
                  ELSE w.merchant_id END AS new_merchant
              FROM {rows} w, generate_series(%s::int, %s::int) AS n WHERE w.id = %s
            ), made AS (
              INSERT INTO {rows} (id, {row_columns}, merchant_id, withdrawal_no, idempotency_key,
                status, reject_reason, failure_reason, provider_trade_no, created_at,
                updated_at, paid_at)
              SELECT w.new_id, {row_sources}, w.new_merchant,
                'WBENCH' || lpad(w.n::text, 10, '0'), 'bench-wd-' || w.n, w.new_status,
                CASE WHEN w.new_status = 'rejected' THEN '结算账户信息有误' ELSE '' END,
                CASE WHEN w.new_status = 'failed' THEN 'BANK_REJECTED' ELSE '' END,
                CASE WHEN w.new_status IN ('paying', 'paid', 'failed')
                  THEN w.provider_trade_no || '-' || w.n ELSE '' END,
                w.new_created, w.new_created,
                CASE WHEN w.new_status = 'paid' THEN w.new_created END
              FROM source w
            )
            INSERT INTO {approvals} (withdrawal_id, {approval_columns}, created_at)
            SELECT w.new_id, {approval_sources}, w.new_created
            FROM source w JOIN {approvals} a ON a.withdrawal_id = w.id
            WHERE w.new_status IN ('paying', 'paid', 'failed')
            """,
            [
                demo,
                list(WITHDRAWAL_SHAPES),
                list(WITHDRAWAL_SHAPES),
                first - 1,
                platform,
                first,
                first + count - have - 1,
                sample,
            ],
            table=psycopg.sql.Literal(rows),
            rows=psycopg.sql.Identifier(rows),
            approvals=psycopg.sql.Identifier(approvals),
            row_columns=row_columns,
            row_sources=row_sources,
            approval_columns=approval_columns,
            approval_sources=approval_sources,
        )
    _vacuum(bench, "public", (rows, approvals))


def seed_withdrawals(bench: Bench, count: int) -> None:
    """The demo shop's withdrawals: the sample (see _withdrawal_sample) copied until the
    shop has `count`."""
    _copy_withdrawals(bench, count, platform=False)


def seed_platform_withdrawals(bench: Bench, count: int) -> None:
    """Every merchant's withdrawals on the platform: the sample copied over 120 merchants
    (seed_merchants) until merchants other than demo have `count` (demo's own rows come on
    top: 1, or those seed_withdrawals made in the same run)."""
    seed_merchants(bench, 120)
    _copy_withdrawals(bench, count, platform=True)


def finance_bills_like_sample(rows: list[dict[str, Any]]) -> None:
    assert rows and {row["kind"] for row in rows} == {"lease"}, "bulk rows differ from the sample"
    assert {row["state"] for row in rows} <= {"due", "overdue", "paid"}, "unexpected states"
    assert all(row["amount"] == rows[0]["amount"] for row in rows), "amounts differ"


def bill_lines_like_sample(rows: list[dict[str, Any]]) -> None:
    from apps.billing.reports import STORE_TYPES

    assert rows and {row["type"] for row in rows} <= set(STORE_TYPES), "lines of no listed type"
    assert all(row["amount"] not in ("0.00", "-0.00") for row in rows), "a line moved nothing"


def withdrawals_like_sample(rows: list[dict[str, Any]]) -> None:
    assert len(rows) == PAGE_SIZE, "fewer rows than a page"
    assert {row["status"] for row in rows} <= set(WITHDRAWAL_SHAPES), "unexpected statuses"
    assert all("*" in row["account_number"] for row in rows), "accounts must stay masked"
    assert all(row["merchant_name"] for row in rows), "a row without its merchant"
    paid = [row for row in rows if row["status"] == "paid"]
    assert paid and all(row["approvals"] and row["paid_at"] for row in paid), "paid lacks approval"


def orders_rows_like_sample(rows: list[dict[str, Any]]) -> None:
    assert rows and {row["stage"] for row in rows} == {"dealing"}, "not the stage asked for"
    assert all("*" in row["customer_phone"] for row in rows), "customers must stay masked"


def goods_rows_like_sample(rows: list[dict[str, Any]]) -> None:
    assert {row["sku_count"] for row in rows} == {2}, "bulk rows differ from the sample"


LISTS = [
    ListCall(
        "merchantList",
        "/api/platform/merchantList",
        side="platform",
        seed=seed_merchants,
        rows=(1_000,),
        pages=(1, 50),
    ),
    ListCall(
        "goodsList",
        "/api/platform/goodsList",
        side="store",
        seed=seed_goods,
        rows=(2_000, 100_000),
        pages=(1, 500),
        check=goods_rows_like_sample,
    ),
    ListCall(
        "backendOrderList",
        "/api/platform/backendOrderList",
        side="store",
        seed=seed_orders,
        rows=(2_000, 100_000),
        pages=(1, 500),
        params={"stage": "dealing"},
        check=orders_rows_like_sample,
    ),
    ListCall(
        "platformOrderList",
        "/api/platform/backendOrderList",
        side="platform",
        seed=seed_platform_orders,
        rows=(100_000, 1_000_000),
        pages=(1, 500),
        params={"stage": "dealing"},
        check=orders_rows_like_sample,
    ),
    ListCall(
        "getBillList",
        "/api/v2/getBillList",
        side="store",
        seed=seed_bill_lines,
        rows=(2_000, 100_000),
        pages=(1, 500),
        check=bill_lines_like_sample,
    ),
    ListCall(
        "getFinanceBillList",
        "/api/finance/getFinanceBillList",
        side="store",
        seed=seed_finance_bills,
        rows=(2_000, 100_000),
        pages=(1, 500),
        check=finance_bills_like_sample,
    ),
    ListCall(
        "withdrawList",
        "/api/finance/withdrawList",
        side="store",
        seed=seed_withdrawals,
        rows=(2_000, 100_000),
        pages=(1, 500),
        check=withdrawals_like_sample,
    ),
    ListCall(
        "getWithdrawalRecord",
        "/api/platform/getWithdrawalRecord",
        side="platform",
        seed=seed_platform_withdrawals,
        rows=(100_000,),
        pages=(1, 500),
        check=withdrawals_like_sample,
    ),
]


def main(names: list[str]) -> None:
    unknown = set(names) - {call.name for call in LISTS}
    if unknown:
        raise SystemExit(f"no such list call: {', '.join(sorted(unknown))}")
    _setup()
    bench = demo_bench()
    load = os.getloadavg()
    print(
        f"{os.cpu_count()} cores (load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}); "
        f"{SECONDS:.0f} s per figure; gunicorn sync workers={WORKERS}; "
        f"drivers: a second process x {CONCURRENCY} threads"
    )
    with served():
        for call in LISTS:
            if names and call.name not in names:
                continue
            session = bench.store if call.side == "store" else bench.platform
            for count in call.rows:
                started = time.perf_counter()
                call.seed(bench, count)
                seeded = time.perf_counter() - started
                print(f"-- {call.name}, {count:,} rows (seeded in {seeded:.1f} s)")
                if call.check:
                    answer = session.get(call.path, {**call.params, "page": 1}).json()
                    call.check(answer["data"]["list"])
                for page in call.pages:
                    measure(bench, call, page, f"{call.name} {count:,} page {page}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
