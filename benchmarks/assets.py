"""The devices list and a scan (issue 43): `getUnitList` on a merchant with 100,000 units
(page 1 and page 500, every status: the screen's default tab; and the in-stock tab), and
`findUnit` (a scanned serial number answered: the unit found, its row). Targets: the list
p99 < 50 ms and the scan p99 < 30 ms at 8 concurrent clients.

Measured exactly as benchmarks/lists.py measures a list (its `measure`): the SQL the call
issues captured once; one client in process (Django's test client) against that SQL replayed
through plain psycopg; then 8 clients over HTTP against the call served by gunicorn as `make
run` serves it, against the same SQL run by 8 threads on their own connections and served by
a plain WSGI app with no Django (the floor, same run). The plans of the page query and of
the total's COUNT are printed.

Data (setup, not measured): ten SKUs tracked by unit on one goods item, a supplier and a
stock receipt made by the services, one unit scanned onto it by `receipt_scan`; that unit's
row copied in SQL 100,000 times (each its own serial number and IMEI; one in twenty out with
a customer, one sold, one in transit, one lost, the rest in stock; one in five at a
sub-shop); then VACUUM ANALYZE.

Run: make bench-assets (its own database, zulin_bench_assets, and Redis database 9:
BENCH_ASSETS_DB / BENCH_ASSETS_REDIS_DB name others). BENCH_KEEP_DB=1 keeps an earlier run's
database. BENCH_SECONDS / BENCH_ROUNDS as in lists.py. Not a test.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

from _drive import CONCURRENCY, WORKERS, served
from _setup import bench_setup

DB_NAME = os.environ.get("BENCH_ASSETS_DB", "zulin_bench_assets")
REDIS_DB = int(os.environ.get("BENCH_ASSETS_REDIS_DB", "9"))
UNITS = 100_000
SKUS = 10
SCANNED = "BENCH00061234"  # the serial number a scan looks up (one of the copies)
TARGET_LIST_P99_MS, TARGET_SCAN_P99_MS = 50.0, 30.0


def _setup() -> None:
    bench_setup(DB_NAME, redis_db=REDIS_DB, cache_prefix="zulin-bench-assets", keepable=True)


def _sample_unit() -> tuple[int, list[int], list[int]]:
    """One unit received by scan through the services, the tracked SKUs and the sub-shops."""
    from datetime import date
    from decimal import Decimal

    from django.db import connection
    from django_tenants.utils import tenant_context

    from apps.assets.models import Unit
    from apps.assets.services import (
        Identifiers,
        ReceiptLineIn,
        receipt_create,
        receipt_scan,
        supplier_create,
    )
    from apps.goods.models import Goods, Sku
    from apps.goods.services import sku_tracked_set
    from apps.subshops.models import SubShop
    from tenants.merchants.models import Merchant

    demo = Merchant.objects.get(slug="demo")
    with tenant_context(demo):
        goods = Goods.objects.filter(title="基准设备").first()
        if goods is None:
            goods = Goods.objects.create(title="基准设备", fineness="99", sub_shop_ids=[])
            for n in range(SKUS):
                sku = Sku.objects.create(goods=goods, specs={"型号": f"B{n}"}, stock=0)
                sku_tracked_set(actor=None, sku_id=sku.pk)
        skus = list(goods.skus.order_by("pk").values_list("pk", flat=True))
        sample = Unit.objects.filter(serial_number="BENCH-SAMPLE").first()
        if sample is None:
            supplier = supplier_create(actor=None, name="基准供应商")
            receipt = receipt_create(
                actor=None,
                supplier_id=supplier.pk,
                receipt_date=date.today(),
                lines=[ReceiptLineIn(sku_id=skus[0], quantity=1, unit_cost=Decimal("3999.00"))],
            )
            sample = receipt_scan(
                actor=None,
                line_id=receipt.lines.get().pk,
                identifiers=Identifiers(serial_number="BENCH-SAMPLE"),
            )
        sub_shops = list(SubShop.objects.order_by("pk").values_list("pk", flat=True)[:5])
    connection.set_schema_to_public()
    return sample.pk, skus, sub_shops


def seed_units(bench: Any, count: int) -> None:
    import psycopg
    from lists import _copied, _run, _vacuum

    from apps.assets.models import Unit

    schema = bench.store.schema
    table = Unit._meta.db_table
    sample, skus, sub_shops = _sample_unit()
    with psycopg.connect(**bench.raw_params, autocommit=True) as raw, raw.cursor() as cursor:
        cursor.execute(f"SET search_path = {schema}, public")
        cursor.execute(f"SELECT count(*) FROM {table} WHERE serial_number LIKE 'BENCH0%%'")  # noqa: S608
        if cursor.fetchone()[0] >= count:
            return
        cursor.execute(f"DELETE FROM {table} WHERE serial_number LIKE 'BENCH0%%'")  # noqa: S608
        own = (
            "id",
            "sku_id",
            "serial_number",
            "imei1",
            "status",
            "sub_shop_id",
            "acquired_at",
            "created_at",
            "updated_at",
        )
        columns, sources = _copied(cursor, schema, table, own, "s")
        _run(
            cursor,
            f"""
            INSERT INTO {table} ({{columns}}, sku_id, serial_number, imei1, status, sub_shop_id,
              acquired_at, created_at, updated_at)
            SELECT {{sources}}, (%s::bigint[])[1 + mod(g, %s)],
              'BENCH' || lpad(g::text, 8, '0'), '86' || lpad(g::text, 13, '0'),
              CASE mod(g, 20) WHEN 0 THEN 'out_with_customer' WHEN 1 THEN 'sold'
                WHEN 2 THEN 'in_transit' WHEN 3 THEN 'lost' ELSE 'in_stock' END,
              CASE WHEN mod(g, 5) = 4 AND cardinality(%s::bigint[]) > 0
                THEN (%s::bigint[])[1 + mod(g / 5, greatest(cardinality(%s::bigint[]), 1))]
                ELSE NULL END,
              now() - make_interval(mins => g), now() - make_interval(mins => g), now()
            FROM generate_series(1, %s) g, {table} s WHERE s.id = %s
            """,
            [skus, len(skus), sub_shops, sub_shops, sub_shops, count, sample],
            columns=columns,
            sources=sources,
        )
    _vacuum(bench, schema, (table,))


def units_like_sample(rows: list[dict[str, Any]]) -> None:
    assert len(rows) == 20, len(rows)
    assert all(row["serial_number"].startswith("BENCH") and row["goods_name"] for row in rows)


def main() -> None:
    _setup()
    from lists import ListCall, demo_bench, measure

    bench = demo_bench()
    calls = [
        ListCall(
            "getUnitList",
            "/api/backend/getUnitList",
            side="store",
            seed=seed_units,
            rows=(UNITS,),
            pages=(1, 500),
            check=units_like_sample,
        ),
        ListCall(
            "getUnitList in stock",
            "/api/backend/getUnitList",
            side="store",
            seed=seed_units,
            rows=(UNITS,),
            pages=(1,),
            params={"status": "in_stock"},
            check=units_like_sample,
        ),
        ListCall(
            "findUnit",
            "/api/backend/findUnit",
            side="store",
            seed=seed_units,
            rows=(UNITS,),
            pages=(1,),
            params={"code": SCANNED},
        ),
    ]
    load = os.getloadavg()
    print(
        f"{os.cpu_count()} cores (load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}); "
        f"gunicorn sync workers={WORKERS}; drivers: a second process x {CONCURRENCY} threads; "
        f"targets p99 < {TARGET_LIST_P99_MS:.0f} ms (list), < {TARGET_SCAN_P99_MS:.0f} ms "
        f"(scan) at {CONCURRENCY} clients"
    )
    started = time.perf_counter()
    seed_units(bench, UNITS)
    print(f"-- {UNITS:,} units (seeded in {time.perf_counter() - started:.1f} s)")
    answer = bench.store.get("/api/backend/getUnitList", {"page": 1}).json()
    # Counted to 10,000 as a list's total is (zulin.core.pagination).
    counts = answer["data"]["status_counts"]
    assert counts["all"] == 10_000 and "all" in answer["data"]["status_counts_capped"], counts
    units_like_sample(answer["data"]["list"])
    scan = bench.store.get("/api/backend/findUnit", {"code": SCANNED}).json()
    assert scan["data"]["unit"]["serial_number"] == SCANNED, scan
    with served():
        for call in calls:
            for page in call.pages:
                measure(bench, call, page, f"{call.name} page {page}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    sys.exit(main())
