"""The asset report and a unit's page (issue 63, "Tests and figures"): `getAssetReport`
(the `/assetReport` screen's call) over 100,000 units, 20 a SKU (5,000 SKUs), 10 % out on
orders in recovery, among 300,000 orders, p95 < 300 ms at 8 clients; and `getUnitDetail` of a
unit with 50 inspections, 20 work orders and 3 past leases, p95 < 100 ms at 8 clients.

Measured as benchmarks/assets.py measures its calls (gunicorn as `make run` serves it, 8
clients from a second process, BENCH_ROUNDS rounds; the floor: the call's SQL run by 8
threads on their own connections; the slowest statements' plans printed).

Data (setup, not measured), made by the services for one seed and then copied in SQL:
- a lease driven through the real flow (lists.py `_lease_sample`) with its journals; its
  order row copied to 300,000 orders;
- one goods item with one SKU tracked by unit, its SKU row copied to 5,000 SKUs;
- one unit scanned onto a stock receipt, it and its receipt movement copied 100,000 times,
  20 a SKU: 40 % out with a customer (a `ship` movement each, on an order of its own; a
  quarter of them on an order overdue since 10 days: in recovery), 5 % sold, 2 % in repair,
  the rest in stock (one in five at a sub-shop); each held order gets the sample lease's
  journals (the ledger income the collected figures read);
- a unit of its own made by the services: received, 20 work orders done (the last 10
  capitalised), 50 periodic inspections;
- every unit's kept figures by the migration's backfill (`seed_figures`). Then VACUUM ANALYZE.

Run: make bench-asset-report (database zulin_bench_asset_report, Redis 12: BENCH_ASSET_REPORT_DB
/ _REDIS_DB name others; BENCH_KEEP_DB=1 keeps it; BENCH_SECONDS / _ROUNDS as in lists.py).
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any
from urllib.parse import urlencode

from _drive import CONCURRENCY, PORT, WORKERS, _figure, _http_driver, drive_sql, request, served
from _setup import bench_setup

DB_NAME = os.environ.get("BENCH_ASSET_REPORT_DB", "zulin_bench_asset_report")
REDIS_DB = int(os.environ.get("BENCH_ASSET_REPORT_REDIS_DB", "12"))
SECONDS = float(os.environ.get("BENCH_SECONDS", "4"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
UNITS, PER_SKU, ORDERS = 100_000, 20, 300_000
INSPECTIONS, WORK_ORDERS = 50, 20
PAGE_SERIAL = "BENCH-PAGE"
TARGET_REPORT_P95_MS, TARGET_UNIT_P95_MS = 300.0, 100.0


def _raw(bench: Any) -> Any:
    import psycopg

    raw = psycopg.connect(**bench.raw_params, autocommit=True)
    raw.execute(f"SET search_path = {bench.store.schema}, public")
    return raw


def _count(raw: Any, sql: str) -> int:
    return int(raw.execute(sql).fetchone()[0])


def seed_skus(bench: Any) -> list[int]:
    """One goods item with a SKU tracked by unit (the services), its SKU copied to UNITS /
    PER_SKU SKUs in SQL; the SKUs' ids."""
    from django.db import connection
    from django_tenants.utils import tenant_context
    from lists import _copied, _run

    from apps.goods.models import Goods, Sku
    from apps.goods.services import sku_tracked_set
    from tenants.merchants.models import Merchant

    with tenant_context(Merchant.objects.get(slug="demo")):
        goods = Goods.objects.filter(title="报表基准设备").first()
        if goods is None:
            goods = Goods.objects.create(title="报表基准设备", fineness="99", sub_shop_ids=[])
            sku = Sku.objects.create(goods=goods, specs={"型号": "R0"}, stock=0)
            sku_tracked_set(actor=None, sku_id=sku.pk)
        goods_id, sample = goods.pk, goods.skus.order_by("pk").first().pk  # type: ignore[union-attr]
    connection.set_schema_to_public()
    table = Sku._meta.db_table
    wanted = UNITS // PER_SKU
    with _raw(bench) as raw, raw.cursor() as cursor:
        have = _count(raw, f"SELECT count(*) FROM {table} WHERE goods_id = {goods_id}")  # noqa: S608
        if have < wanted:
            columns, sources = _copied(cursor, bench.store.schema, table, ("id", "specs"), "s")
            _run(
                cursor,
                f"""
                INSERT INTO {table} ({{columns}}, specs)
                SELECT {{sources}}, jsonb_build_object('型号', 'R' || g)
                FROM generate_series(%s::int, %s::int) g, {table} s WHERE s.id = %s
                """,
                [have, wanted - 1, sample],
                columns=columns,
                sources=sources,
            )
        rows = raw.execute(
            f"SELECT id FROM {table} WHERE goods_id = %s ORDER BY id",  # noqa: S608
            [goods_id],
        ).fetchall()
    return [pk for (pk,) in rows]


def seed_orders(bench: Any) -> tuple[int, list[int]]:
    """The sample lease (its journals posted by the real flow) and copies of its order row to
    ORDERS orders; the sample's id and the copies' ids in order."""
    from lists import _copied, _lease_sample, _run

    from apps.orders.models import Order

    table = Order._meta.db_table
    with _raw(bench) as raw:  # a kept database (BENCH_KEEP_DB=1) has its sample lease
        kept = raw.execute(
            f"SELECT id FROM {table} WHERE idempotency_key = 'bench-lease-0001'"  # noqa: S608
        ).fetchone()
    if kept is None:
        _lease_sample(bench)
    sample = kept[0] if kept else bench.made["lease order id"]
    with _raw(bench) as raw, raw.cursor() as cursor:
        have = _count(raw, f"SELECT count(*) FROM {table} WHERE order_no LIKE 'BENCHR%%'")  # noqa: S608
        if have < ORDERS:
            own = ("id", "order_no", "idempotency_key", "overdue_since", "created_at")
            columns, sources = _copied(cursor, bench.store.schema, table, own, "o")
            _run(
                cursor,
                f"""
                INSERT INTO {table} ({{columns}}, order_no, idempotency_key, overdue_since,
                  created_at)
                SELECT {{sources}}, 'BENCHR' || lpad(n::text, 9, '0'), 'bench-r-' || n, NULL,
                  now() - make_interval(mins => n)
                FROM generate_series(%s::int, %s::int) n, {table} o WHERE o.id = %s
                """,
                [have + 1, ORDERS, sample],
                columns=columns,
                sources=sources,
            )
        rows = raw.execute(
            f"SELECT id FROM {table} WHERE order_no LIKE 'BENCHR%%' ORDER BY order_no"  # noqa: S608
        ).fetchall()
    return sample, [pk for (pk,) in rows]


def _sample_unit(sku_id: int, serial: str) -> int:
    """A unit received by scan through the services (a supplier, a receipt, a scan)."""
    from datetime import date
    from decimal import Decimal

    from django.db import connection
    from django_tenants.utils import tenant_context

    from apps.assets.models import Supplier, Unit
    from apps.assets.services import (
        Identifiers,
        ReceiptLineIn,
        receipt_create,
        receipt_scan,
        supplier_create,
    )
    from tenants.merchants.models import Merchant

    with tenant_context(Merchant.objects.get(slug="demo")):
        unit = Unit.objects.filter(serial_number=serial).first()
        if unit is None:
            supplier = Supplier.objects.filter(name="报表基准供应商").first() or supplier_create(
                actor=None, name="报表基准供应商"
            )
            receipt = receipt_create(
                actor=None,
                supplier_id=supplier.pk,
                receipt_date=date.today(),
                lines=[ReceiptLineIn(sku_id=sku_id, quantity=1, unit_cost=Decimal("3999.00"))],
            )
            unit = receipt_scan(
                actor=None,
                line_id=receipt.lines.get().pk,
                identifiers=Identifiers(serial_number=serial),
            )
        pk = unit.pk
    connection.set_schema_to_public()
    return pk


def _sub_shops() -> list[int]:
    from django.db import connection
    from django_tenants.utils import tenant_context

    from apps.subshops.models import SubShop
    from tenants.merchants.models import Merchant

    with tenant_context(Merchant.objects.get(slug="demo")):
        found = list(SubShop.objects.order_by("pk").values_list("pk", flat=True)[:5])
    connection.set_schema_to_public()
    return found


# The copies' statuses by g mod 20: 0-1 out on an overdue order (10 %), 2-7 out on a lease in
# good standing (30 %), 8 sold (5 %), the rest in stock but one in fifty in repair.
_STATUS = """CASE WHEN mod(g, 20) < 8 THEN 'out_with_customer' WHEN mod(g, 20) = 8 THEN 'sold'
  WHEN mod(g, 50) = 19 THEN 'in_repair' ELSE 'in_stock' END"""


def seed_units(bench: Any, skus: list[int], orders: list[int], lease: int) -> None:
    """UNITS copies of a unit received by the services (and of its receipt movement), 20 a
    SKU, with their ship movements, the overdue orders marked and the held orders' journals
    copied from the sample lease's."""
    from lists import _copied, _run, _vacuum

    from apps.assets.models import Unit, UnitMovement
    from apps.orders.models import Order
    from zulin.ledger.models import Entry, Journal

    sample = _sample_unit(skus[0], "BENCH-R-SAMPLE")
    sub_shops = _sub_shops()
    units, moves = Unit._meta.db_table, UnitMovement._meta.db_table
    journals, entries = Journal._meta.db_table, Entry._meta.db_table
    schema = bench.store.schema
    with _raw(bench) as raw, raw.cursor() as cursor:
        if (
            _count(raw, f"SELECT count(*) FROM {units} WHERE serial_number LIKE 'BENCHR%%'")
            >= UNITS
        ):  # noqa: S608
            return
        cursor.execute("SET statement_timeout = 0")
        copies = f"SELECT id FROM {units} WHERE serial_number LIKE 'BENCHR%%'"  # noqa: S608
        cursor.execute(f"DELETE FROM {moves} WHERE unit_id IN ({copies})")  # noqa: S608
        cursor.execute(f"DELETE FROM {units} WHERE serial_number LIKE 'BENCHR%%'")  # noqa: S608
        own = (
            "id",
            "sku_id",
            "serial_number",
            "imei1",
            "status",
            "sub_shop_id",
            "order_id",
            "acquired_at",
            "created_at",
            "updated_at",
        )
        columns, sources = _copied(cursor, schema, units, own, "s")
        _run(
            cursor,
            f"""
            INSERT INTO {units} ({{columns}}, sku_id, serial_number, imei1, status, sub_shop_id,
              order_id, acquired_at, created_at, updated_at)
            SELECT {{sources}}, (%s::bigint[])[1 + mod(g, %s)],
              'BENCHR' || lpad(g::text, 8, '0'), '87' || lpad(g::text, 13, '0'),
              {_STATUS},
              CASE WHEN mod(g, 5) = 4 AND cardinality(%s::bigint[]) > 0
                THEN (%s::bigint[])[1 + mod(g / 5, greatest(cardinality(%s::bigint[]), 1))]
                ELSE NULL END,
              CASE WHEN mod(g, 20) < 8 THEN (%s::bigint[])[g] END,
              now() - make_interval(days => 30 + mod(g, 400)), now(), now()
            FROM generate_series(1, %s::int) g, {units} s WHERE s.id = %s
            """,
            [skus, len(skus), sub_shops, sub_shops, sub_shops, orders, UNITS, sample],
            columns=columns,
            sources=sources,
        )
        own = ("id", "unit_id", "at", "to_sub_shop_id")
        columns, sources = _copied(cursor, schema, moves, own, "m")
        _run(
            cursor,
            f"""
            INSERT INTO {moves} ({{columns}}, unit_id, at, to_sub_shop_id)
            SELECT {{sources}}, u.id, u.acquired_at, u.sub_shop_id
            FROM {units} u, {moves} m
            WHERE u.serial_number LIKE 'BENCHR%%' AND m.unit_id = %s AND m.action = 'receive'
            """,
            [sample],
            columns=columns,
            sources=sources,
        )
        own = (
            "id",
            "unit_id",
            "at",
            "action",
            "from_status",
            "to_status",
            "order_id",
            "receipt_id",
            "from_sub_shop_id",
            "to_sub_shop_id",
        )
        columns, sources = _copied(cursor, schema, moves, own, "m")
        _run(
            cursor,
            f"""
            INSERT INTO {moves} ({{columns}}, unit_id, at, action, from_status, to_status,
              order_id, receipt_id, from_sub_shop_id, to_sub_shop_id)
            SELECT {{sources}}, u.id, u.acquired_at + interval '2 days', 'ship', 'in_stock',
              'out_with_customer', u.order_id, NULL, u.sub_shop_id, u.sub_shop_id
            FROM {units} u, {moves} m
            WHERE u.serial_number LIKE 'BENCHR%%' AND u.order_id IS NOT NULL
              AND m.unit_id = %s AND m.action = 'receive'
            """,
            [sample],
            columns=columns,
            sources=sources,
        )
        cursor.execute(
            f"""
            UPDATE {Order._meta.db_table} o SET overdue_since = current_date - 10
            FROM {units} u WHERE u.order_id = o.id AND u.serial_number LIKE 'BENCHR%%'
              AND mod(substr(u.serial_number, 7)::int, 20) < 2
            """  # noqa: S608
        )
        # Each held order's ledger: the sample lease's journals and entries, copied.
        j_columns, j_sources = _copied(
            cursor, schema, journals, ("id", "reference", "order_id", "reversal_of_id"), "j"
        )
        e_columns, e_sources = _copied(cursor, schema, entries, ("id", "journal_id"), "e")
        _run(
            cursor,
            f"""
            WITH held AS (SELECT DISTINCT order_id FROM {units}
                          WHERE serial_number LIKE 'BENCHR%%' AND order_id IS NOT NULL),
            source AS MATERIALIZED (
              SELECT j.id AS old_id, h.order_id AS new_order,
                nextval(pg_get_serial_sequence('{journals}', 'id')) AS new_id
              FROM {journals} j, held h WHERE j.order_id = %s AND j.reversal_of_id IS NULL
            ), made AS (
              INSERT INTO {journals} (id, {{j_columns}}, reference, order_id, reversal_of_id)
              SELECT s.new_id, {{j_sources}}, j.reference || '-r' || s.new_order, s.new_order,
                NULL
              FROM source s JOIN {journals} j ON j.id = s.old_id
            )
            INSERT INTO {entries} ({{e_columns}}, journal_id)
            SELECT {{e_sources}}, s.new_id FROM source s JOIN {entries} e ON e.journal_id = s.old_id
            """,
            [lease],
            j_columns=j_columns,
            j_sources=j_sources,
            e_columns=e_columns,
            e_sources=e_sources,
        )
    _vacuum(bench, schema, (units, moves, Order._meta.db_table, journals, entries))


def seed_figures(bench: Any) -> float:
    """Every unit's kept figures by the migration's own backfill (`figures_rebuild`, assets
    0007); the seconds it took (0: kept from an earlier run)."""
    from django_tenants.utils import tenant_context
    from lists import _vacuum

    from apps.assets.figures import figures_rebuild
    from apps.assets.models import Unit, UnitFigures
    from tenants.merchants.models import Merchant

    with tenant_context(Merchant.objects.get(slug="demo")):
        if UnitFigures.objects.count() >= Unit.objects.count():
            return 0.0
        started = time.perf_counter()
        figures_rebuild()
        took = time.perf_counter() - started
    _vacuum(bench, bench.store.schema, (UnitFigures._meta.db_table,))
    return took


def seed_unit_page(bench: Any, sku_id: int) -> int:
    """A unit with WORK_ORDERS work orders and INSPECTIONS periodic inspections, all made by
    the services; its id."""
    from decimal import Decimal

    from django.db import connection
    from django_tenants.utils import tenant_context

    from apps.assets.inspection_rules import LineIn
    from apps.assets.inspections import (
        InspectionIn,
        inspection_record,
        work_order_create,
        work_order_step,
    )
    from apps.assets.models import Inspection, WorkOrder
    from tenants.merchants.models import Merchant

    unit_id = _sample_unit(sku_id, PAGE_SERIAL)
    passing = [
        LineIn("account_lock", passed=True),
        LineIn("imei_match", passed=True),
        LineIn("power_on", passed=True),
        LineIn("screen_display", passed=True),
        LineIn("touch", passed=True),
        LineIn("camera", passed=True),
        LineIn("face_id", passed=True),
        LineIn("battery_health", value=Decimal("96")),
        LineIn("screen_glass", choice="完好"),
        LineIn("frame", choice="完好"),
    ]
    with tenant_context(Merchant.objects.get(slug="demo")):
        for n in range(WORK_ORDERS - WorkOrder.objects.filter(unit_id=unit_id).count()):
            made = work_order_create(actor=None, unit_id=unit_id, kind="repair", note=f"基准 {n}")
            work_order_step(
                actor=None,
                work_order_id=made.pk,
                action="done",
                parts_cost=Decimal("120.00"),
                labour_cost=Decimal("80.00"),
                capitalise=n >= WORK_ORDERS // 2,
                grade_after="95",
            )
        for _ in range(INSPECTIONS - Inspection.objects.filter(unit_id=unit_id).count()):
            inspection_record(
                actor=None,
                data=InspectionIn(
                    occasion="periodic", unit_id=unit_id, cosmetic_grade="B", lines=passing
                ),
            )
    connection.set_schema_to_public()
    _page_leases(bench, unit_id)
    return unit_id


def _page_leases(bench: Any, unit_id: int) -> None:
    """Three past leases in the page unit's history: a `ship` and a `return_receive` move
    on each of three orders that other units hold now (orders with income in the ledger, so
    the page splits their money), copied in SQL from the unit's own receipt move."""
    from lists import _copied, _run

    from apps.assets.models import Unit, UnitMovement

    moves, units = UnitMovement._meta.db_table, Unit._meta.db_table
    with _raw(bench) as raw, raw.cursor() as cursor:
        ships = f"SELECT count(*) FROM {moves} WHERE unit_id = {unit_id} AND action = 'ship'"  # noqa: S608
        if _count(raw, ships):
            return
        own = ("id", "at", "action", "from_status", "to_status", "order_id", "receipt_id")
        columns, sources = _copied(cursor, bench.store.schema, moves, own, "m")
        _run(
            cursor,
            f"""
            WITH orders AS (
              SELECT order_id, row_number() OVER (ORDER BY order_id) AS n FROM {units}
              WHERE serial_number LIKE 'BENCHR%%' AND order_id IS NOT NULL
              ORDER BY order_id LIMIT 3
            )
            INSERT INTO {moves} ({{columns}}, at, action, from_status, to_status, order_id,
              receipt_id)
            SELECT {{sources}}, now() - make_interval(days => (400 - 120 * o.n + step.days)::int),
              step.action, step.from_status, step.to_status, o.order_id, NULL
            FROM orders o, {moves} m,
              (VALUES ('ship', 'in_stock', 'out_with_customer', 0),
                      ('return_receive', 'out_with_customer', 'received', 90)
              ) AS step(action, from_status, to_status, days)
            WHERE m.unit_id = %s AND m.action = 'receive'
            """,
            [unit_id],
            columns=columns,
            sources=sources,
        )


def _plans(raw: Any, statements: list[str], shown: int = 4) -> list[str]:
    """The slowest `shown` statements by EXPLAIN ANALYZE: time, sequential scans, start."""
    timed = []
    for sql in statements:
        plan = [row[0] for row in raw.execute("EXPLAIN ANALYZE " + sql).fetchall()]
        took = next((line.split(": ")[1] for line in plan if line.startswith("Execution Time")), "")
        seq = [line.strip().split("  (")[0] for line in plan if "Seq Scan" in line]
        timed.append((float(took.split()[0]) if took else 0.0, took, seq, sql))
    timed.sort(key=lambda row: -row[0])
    lines = [f"{len(statements)} statements, {sum(t[0] for t in timed):.1f} ms in the database"]
    for _ms, took, seq, sql in timed[:shown]:
        verdict = "sequential scan: " + "; ".join(seq) if seq else "no sequential scan"
        lines.append(f"  {took:>10}  {verdict}  | {sql[:150]}")
    return lines


def _slow_round(url: str, headers: dict[str, str]) -> list[float]:
    """CONCURRENCY clients calling `url` once each, at the same time: each one's ms."""
    import http.client
    import threading

    took: list[float] = []

    def one() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=1800)
        started = time.perf_counter()
        conn.request("GET", url, headers=headers)
        body = conn.getresponse().read()
        took.append((time.perf_counter() - started) * 1000)
        assert body[:16].replace(b" ", b"").startswith(b'{"code":200,'), body[:200]

    threads = [threading.Thread(target=one) for _ in range(CONCURRENCY)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(took)


def measure(bench: Any, label: str, path: str, params: dict[str, Any], target: float) -> None:
    """The call's figures at CONCURRENCY clients, the floor (its SQL) and its plans. A call
    that takes more than ten times its target alone is driven once by CONCURRENCY clients at
    the same time (a timed drive would be one request each, or none)."""
    from lists import _captured, _search_path

    session = bench.store
    started = time.perf_counter()
    statements = _captured(session, path, params)
    one = (time.perf_counter() - started) * 1000
    search_path = _search_path(session.schema)
    with _raw(bench) as raw:
        plans = _plans(raw, statements)
    url = f"{path}?{urlencode(params)}"
    if one > 10 * target:
        took = _slow_round(url, session.http_headers)
        p95, p99 = took[max(int(len(took) * 0.95) - 1, 0)], took[-1]
        figures = (
            f"{CONCURRENCY} clients at once, one call each: "
            + ", ".join(f"{ms / 1000:.1f}" for ms in took)
            + f" s; p95 {p95:.0f} ms"
        )
    else:
        for _ in range(2):  # warm both workers
            request(url, session.http_headers)
        rounds = sorted(
            (
                _figure(_http_driver, (url, session.http_headers, SECONDS, PORT))
                for _ in range(ROUNDS)
            ),
            key=lambda figure: figure.p95_ms,
        )
        api = rounds[len(rounds) // 2]
        p95, p99 = api.p95_ms, api.p99_ms
        p95s = "/".join(f"{figure.p95_ms:.1f}" for figure in rounds)
        figures = (
            f"{CONCURRENCY} clients: call {api.rps:.1f}/s p95 {p95:.1f} ms p99 {p99:.1f} ms "
            f"({api.requests}, {api.errors} errors) [p95 of {ROUNDS} rounds: {p95s} ms]"
        )
    floor = drive_sql(bench.raw_params, search_path, statements, SECONDS)
    verdict = "met" if p95 < target else "NOT met"
    print(
        f"{label}: one call in process {one:.0f} ms\n"
        f"  {figures}; target p95 < {target:.0f} ms: {verdict}\n"
        f"  floor (its SQL, {CONCURRENCY} connections, {SECONDS:.0f} s): {floor.rps:.2f}/s "
        f"p95 {floor.p95_ms:.1f} ms p99 {floor.p99_ms:.1f} ms ({floor.requests})"
    )
    print("\n".join("  " + line for line in plans), flush=True)


def main() -> None:
    bench_setup(DB_NAME, redis_db=REDIS_DB, cache_prefix="zulin-bench-asset-report", keepable=True)
    from lists import demo_bench

    bench = demo_bench()
    load = " ".join(f"{figure:.1f}" for figure in os.getloadavg())
    print(
        f"{os.cpu_count()} cores (load {load}); gunicorn sync workers={WORKERS}; "
        f"drivers: a second process x {CONCURRENCY} threads"
    )
    started = time.perf_counter()
    skus = seed_skus(bench)
    lease, orders = seed_orders(bench)
    seed_units(bench, skus, orders, lease)
    unit_id = seed_unit_page(bench, skus[1])
    backfill, seeded = seed_figures(bench), time.perf_counter() - started
    print(
        f"-- {UNITS:,} units on {len(skus):,} SKUs, {len(orders) + 1:,} orders (seeded "
        f"in {seeded:.1f} s; the figures' backfill {backfill:.1f} s of it)"
    )
    wanted = sys.argv[1:] or ["report", "unit"]  # `asset_report.py unit`: the page only
    if "report" in wanted:
        report = bench.store.get("/api/backend/getAssetReport", {}).json()
        assert report["code"] == 200, report
        total = report["data"]["total"]
        assert total["units"] >= UNITS and total["in_recovery"] >= UNITS // 10, total
        assert report["data"]["count"] >= len(skus), report["data"]["count"]
        print(
            f"-- the report: {total['units']:,} units, {total['in_recovery']:,} in recovery, "
            f"{report['data']['count']:,} groups ({len(report['data']['rows'])} a page), "
            f"collected {total['collected']}"
        )
    page = bench.store.get("/api/backend/getUnitDetail", {"id": unit_id}).json()["data"]
    assert len(page["inspections"]) == INSPECTIONS and len(page["work_orders"]) == WORK_ORDERS
    assert len(page["orders"]) == 3, page["orders"]
    with served({"GUNICORN_TIMEOUT": "1800"}):  # the report alone takes seconds
        if "report" in wanted:
            measure(
                bench,
                "getAssetReport (by SKU)",
                "/api/backend/getAssetReport",
                {},
                TARGET_REPORT_P95_MS,
            )
        if "unit" in wanted:
            measure(
                bench,
                "getUnitDetail (50 inspections, 20 work orders, 3 past leases)",
                "/api/backend/getUnitDetail",
                {"id": unit_id},
                TARGET_UNIT_P95_MS,
            )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    sys.exit(main())
