"""List calls against the same SQL through raw psycopg: `goodsList` on a merchant with 2,000
and 100,000 goods (page 1 and page 500), and `merchantList` over 1,000 merchants (page 1 and
the last page, 50).

For each list: the SQL the call issues is captured once, then replayed through a plain
psycopg connection (the floor: no ORM, no Ninja, no envelope); the call itself runs through
the Django test client in the same process, warm. Printed: calls/s of each and their ratio,
p99 of the call, and PostgreSQL's plan of the page query (no sequential scan of the big
table is the aim). Data at scale is bulk-loaded by copying rows the services made (shape
checked: the copied rows answer the same list columns as the sample). ANALYZE runs first.
Not a test. Run: make bench-lists (its own database, zulin_bench_lists).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from _setup import django_setup, services_env

ROOT = Path(__file__).resolve().parents[1]
DB_NAME = "zulin_bench_lists"
SECONDS = float(os.environ.get("BENCH_SECONDS", "4"))


def _setup() -> None:
    services_env(DB_NAME, redis_db=11)
    django_setup(cache_prefix="zulin-bench-lists")
    from django.core.management import call_command

    call_command("load_demo", "--base-only", verbosity=0)


def _raw_connection():  # type: ignore[no-untyped-def]
    import psycopg
    from django.db import connection

    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    return psycopg.connect(**{k: v for k, v in params.items() if v is not None}, autocommit=True)


def _timed(call, seconds: float) -> tuple[float, float]:  # type: ignore[no-untyped-def]
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


def _captured(client, path: str, params: dict, headers: dict) -> list[str]:  # type: ignore[no-untyped-def]
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        answer = client.get(path, params, **headers).json()
    assert answer["code"] == 200, answer
    return [q["sql"] for q in queries.captured_queries]


def _compare(label: str, client, path: str, params: dict, headers: dict, schema: str) -> None:  # type: ignore[no-untyped-def]
    statements = _captured(client, path, params, headers)
    raw = _raw_connection()
    raw.execute(f"SET search_path = {schema}, public")

    def replay() -> None:
        for sql in statements:
            if not sql.startswith("SET "):
                raw.execute(sql).fetchall()

    def call() -> None:
        client.get(path, params, **headers)

    raw_rps, raw_p99 = _timed(replay, SECONDS)
    api_rps, api_p99 = _timed(call, SECONDS)
    print(
        f"{label:<34} call {api_rps:7.0f}/s p99 {api_p99:5.1f} ms | raw SQL {raw_rps:7.0f}/s "
        f"p99 {raw_p99:5.1f} ms | ratio {api_rps / raw_rps:4.2f}"
    )
    page_sql = max((s for s in statements if "LIMIT" in s), key=len, default="")
    if page_sql:
        plan = [row[0] for row in raw.execute("EXPLAIN " + page_sql).fetchall()]
        seq = [line.strip() for line in plan if "Seq Scan" in line]
        verdict = "sequential scans: " + "; ".join(seq) if seq else "no sequential scan"
        print(f"{'':<34} plan of the page query: {verdict}")
    raw.close()


def _bulk_goods(schema: str, count: int) -> None:
    """Copies the sample goods (made by the services) until `count` live goods exist, with
    their SKUs and rent plans, then ANALYZE."""
    from django.db import connection

    with connection.cursor() as cursor:
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
              INSERT INTO goods_sku (goods_id, specs, code, stock, is_active, position)
              SELECT ng.id, s.specs, s.code, s.stock, s.is_active, s.position
              FROM new_goods ng, goods_sku s WHERE s.goods_id = %s
              RETURNING id, goods_id, code
            )
            INSERT INTO goods_rentplan (sku_id, term, term_unit, rent, deposit, buyout_price,
              ownership_transfer, is_active, position)
            SELECT ns.id, r.term, r.term_unit, r.rent, r.deposit, r.buyout_price,
              r.ownership_transfer, r.is_active, r.position
            FROM new_skus ns
            JOIN goods_sku os ON os.goods_id = %s
            JOIN goods_rentplan r ON r.sku_id = os.id
            WHERE os.code = ns.code
            """,
            [count - have, sample, sample, sample],
        )
    with _raw_connection() as raw:
        raw.execute(f"SET search_path = {schema}, public")
        for table in ("goods_goods", "goods_sku", "goods_rentplan"):
            raw.execute(f"VACUUM ANALYZE {table}")


def _bulk_merchants(count: int) -> None:
    """Copies the demo merchant (made by onboarding: its domain, owner and settlement terms)
    until `count` merchants exist; their schemas are not made (the list reads public rows
    only), then ANALYZE."""
    from django.db import connection

    with connection.cursor() as cursor:
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
    with _raw_connection() as raw:
        for table in ("merchants_merchant", "merchants_domain", "merchants_settlementterms"):
            raw.execute(f"VACUUM ANALYZE {table}")


def main() -> None:
    _setup()
    from django.test import Client

    from apps.goods.tests.factories import goods_payload, leaf_category
    from tenants.merchants.models import Merchant

    owner = Client()
    token = owner.post(
        "/api/platform/mainLand",
        json.dumps({"username": "owner", "password": "Zulin@2026"}),
        content_type="application/json",
        HTTP_HOST="demo.localhost",
    ).json()["data"]["token"]
    store = {"HTTP_HOST": "demo.localhost", "HTTP_JWT_TOKEN": token}
    demo = Merchant.objects.get(slug="demo")
    category = leaf_category(name="基准手机", parent_name="基准数码")
    sample = owner.post(
        "/api/platform/saveAndActiveGoods",
        json.dumps(goods_payload(category.pk)),
        content_type="application/json",
        **store,
    ).json()
    assert sample["code"] == 200, sample
    admin = Client()
    admin_token = admin.post(
        "/api/platform/mainLand",
        json.dumps({"username": "admin", "password": "Zulin@2026"}),
        content_type="application/json",
        HTTP_HOST="admin.localhost",
    ).json()["data"]["token"]
    platform = {"HTTP_HOST": "admin.localhost", "HTTP_JWT_TOKEN": admin_token}
    print(f"{os.cpu_count()} cores; {SECONDS:.0f} s per measurement; warm; one process")
    _bulk_merchants(1_000)
    print("-- merchantList, 1,000 merchants")
    for page in (1, 50):
        _compare(
            f"merchantList page {page}",
            admin,
            "/api/platform/merchantList",
            {"page": page, "page_size": 20},
            platform,
            "public",
        )
    for count in (2_000, 100_000):
        started = time.perf_counter()
        _bulk_goods(demo.schema_name, count)
        print(f"-- goodsList, {count:,} goods (loaded in {time.perf_counter() - started:.1f} s)")
        rows = owner.get("/api/platform/goodsList", {"page": 1}, **store).json()["data"]["list"]
        assert {row["sku_count"] for row in rows} == {2}, "bulk rows differ from the sample"
        for page in (1, 500):
            _compare(
                f"goodsList page {page}",
                owner,
                "/api/platform/goodsList",
                {"page": page, "page_size": 20},
                store,
                demo.schema_name,
            )


if __name__ == "__main__":
    sys.exit(main())
