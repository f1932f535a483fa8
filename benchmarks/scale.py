"""Ten thousand merchants on one PostgreSQL (issue 45): builds them, then measures. Not a test.

A run of hours, so it is built to be stopped and started again:
- its own PostgreSQL 15 cluster (never the machine's): `BENCH_SCALE_DIR` (default
  .run/scale) holds the data directory, the state file and the log; the server runs
  on 127.0.0.1:`BENCH_SCALE_PORT` (55433) while the run lasts and is stopped at its end (and on
  Ctrl-C), the data kept. `max_locks_per_transaction` is raised (`BENCH_SCALE_LOCKS`, 8192) so
  that `pg_dump`, which locks every table of every schema in one transaction, can walk 10,000
  schemas; the setting is printed with the figures.
- the merchants are made as the benchmarks make them (`_setup.merchants_fill`: the template's
  dump replayed, as onboarding makes a schema, then the public rows), `BENCH_SCALE_BATCH` (25)
  a transaction: a large batch takes more locks than the lock table holds;
- the state file (`state.json`) records how far the build got and every figure measured; a
  second run goes on from there (`BENCH_SCALE_FRESH=1` starts over).

At every `BENCH_SCALE_STEP` merchants (1,000) and at the end (`BENCH_SCALE_MERCHANTS`, 10,000)
it measures what grows with the number of merchants: the catalog (relations, its size on disk),
the data directory's disk and inodes, `migrate_all` with nothing to do (target under 10 s),
onboarding with a spare ready and with the pool empty (3 each; target under 1 s), and the
`pg_dump` walk of every object (schema only). At the end, unless `BENCH_SCALE_MEMORY=0`, one
connection's memory after it has served 100, 1,000 and every merchant's nightly jobs
(`connections._run`: never recycled, and recycled after DB_SCHEMAS_PER_CONNECTION schemas).

Run: make bench-scale   (in the background: the build takes one to three hours; tail the log)
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from _setup import ROOT, django_setup, merchants_fill, template_dump

PGBIN = Path(os.environ.get("BENCH_SCALE_PGBIN", "/usr/lib/postgresql/15/bin"))
DIR = Path(os.environ.get("BENCH_SCALE_DIR", str(ROOT / ".run" / "scale")))
PORT = int(os.environ.get("BENCH_SCALE_PORT", "55433"))
TARGET = int(os.environ.get("BENCH_SCALE_MERCHANTS", "10000"))
STEP = int(os.environ.get("BENCH_SCALE_STEP", "1000"))
BATCH = int(os.environ.get("BENCH_SCALE_BATCH", "25"))
LOCKS = int(os.environ.get("BENCH_SCALE_LOCKS", "8192"))
MEMORY = os.environ.get("BENCH_SCALE_MEMORY", "1") != "0"
DB_NAME = "zulin_scale"
DATA = DIR / "pgdata"
STATE = DIR / "state.json"
SERVER_CONF = f"""
listen_addresses = '127.0.0.1'
port = {PORT}
unix_socket_directories = '{DIR}'
max_connections = 40
max_locks_per_transaction = {LOCKS}
shared_buffers = 1GB
max_wal_size = 8GB
checkpoint_timeout = 15min
logging_collector = off
"""


def _as_postgres(argv: list[str]) -> list[str]:
    """PostgreSQL's tools refuse root: run them as the `postgres` user when we are root."""
    return ["runuser", "-u", "postgres", "--", *argv] if os.geteuid() == 0 else argv


def server_start() -> None:
    """The cluster of this benchmark, made on the first run, started on every run."""
    DIR.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(DIR, "postgres", "postgres")
    if not (DATA / "PG_VERSION").exists():
        subprocess.run(  # noqa: S603 (fixed argv)
            _as_postgres([str(PGBIN / "initdb"), "-D", str(DATA), "-A", "trust", "-E", "UTF8"])
            + ["--locale=C.UTF-8", "-U", "postgres"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        with open(DATA / "postgresql.conf", "a") as conf:
            conf.write(SERVER_CONF)
    subprocess.run(  # noqa: S603
        _as_postgres([str(PGBIN / "pg_ctl"), "-D", str(DATA), "-l", str(DIR / "postgres.log")])
        + ["-w", "-t", "300", "start"],
        check=True,
        stdout=subprocess.DEVNULL,
    )


def server_stop() -> None:
    subprocess.run(  # noqa: S603
        _as_postgres([str(PGBIN / "pg_ctl"), "-D", str(DATA), "-m", "fast", "-w", "stop"]),
        check=False,
        stdout=subprocess.DEVNULL,
    )


def _environment() -> None:
    """DATABASE_URL of this cluster's database (made when missing); Redis found as for the
    other benchmarks (a database of its own)."""
    import psycopg

    with psycopg.connect(
        f"postgresql://postgres@127.0.0.1:{PORT}/postgres", autocommit=True
    ) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [DB_NAME]).fetchone():
            conn.execute(f'CREATE DATABASE "{DB_NAME}"')
    exports = subprocess.run(  # noqa: S603
        [sys.executable, str(ROOT / "infra/scripts/services.py"), "zulin_scale_redis_only"]
        + ["--redis-db", "8"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    for line in exports.splitlines():
        name, _, value = line.removeprefix("export ").partition("=")
        if name == "REDIS_URL":
            os.environ[name] = value.strip("'")
    os.environ["DATABASE_URL"] = f"postgresql://postgres@127.0.0.1:{PORT}/{DB_NAME}"


def _state() -> dict[str, Any]:
    if STATE.exists():
        return dict(json.loads(STATE.read_text()))
    return {"built_seconds": 0.0, "chunks": [], "checkpoints": {}}


def _save(state: dict[str, Any]) -> None:
    STATE.write_text(json.dumps(state, indent=1, default=str))


def _disk() -> dict[str, int]:
    """The data directory's bytes and files (inodes)."""
    used = subprocess.run(  # noqa: S603
        ["du", "-sb", str(DATA)], check=True, capture_output=True, text=True
    ).stdout.split()[0]
    inodes = subprocess.run(  # noqa: S603
        ["du", "-s", "--inodes", str(DATA)], check=True, capture_output=True, text=True
    ).stdout.split()[0]
    return {"data_bytes": int(used), "data_inodes": int(inodes)}


def _catalog() -> dict[str, int]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_class")
        (relations,) = cursor.fetchone()
        cursor.execute(
            "SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c"
            " JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE n.nspname = 'pg_catalog' AND c.relkind = 'r'"
        )
        (catalog_bytes,) = cursor.fetchone()
        cursor.execute("SELECT pg_database_size(current_database())")
        (database_bytes,) = cursor.fetchone()
    return {
        "relations": int(relations),
        "catalog_bytes": int(catalog_bytes),
        "database_bytes": int(database_bytes),
    }


def _dump_walk() -> float:
    """Seconds of `pg_dump --schema-only` of the whole database (every object, a lock per
    table in one transaction), its output thrown away."""
    started = time.perf_counter()
    subprocess.run(  # noqa: S603
        [str(PGBIN / "pg_dump"), "--schema-only", "-f", os.devnull, os.environ["DATABASE_URL"]],
        check=True,
    )
    return time.perf_counter() - started


def _checkpoint(merchants: int) -> dict[str, Any]:
    """What grows with the number of merchants, measured now."""
    import migrations
    import onboarding

    figures: dict[str, Any] = {"merchants": merchants, "at": datetime.now(UTC).isoformat()}
    figures |= _catalog() | _disk()
    # The pool full first: migrate_all refills it, and three spares made would be timed as
    # part of "nothing to do" (the onboarding below leaves it empty).
    from tenants.merchants.provisioning import spare_pool_fill

    spare_pool_fill()
    figures["migrate_all_noop_s"] = round(migrations._migrate_all(), 2)
    spare, _ = onboarding._time_create(merchants, pool="spare")
    empty, _ = onboarding._time_create(merchants, pool="empty")
    figures["onboard_spare_s"] = [round(s, 3) for s in spare]
    figures["onboard_empty_s"] = [round(s, 3) for s in empty]
    figures["pg_dump_walk_s"] = round(_dump_walk(), 1)
    figures["max_locks_per_transaction"] = LOCKS
    return figures


def _memory(state: dict[str, Any]) -> None:
    import connections

    from tenants.merchants.models import Merchant

    merchants = list(Merchant.objects.order_by("id"))
    for size in sorted({100, 1000, len(merchants)}):
        if size > len(merchants) or str(size) in state.setdefault("memory", {}):
            continue
        row = {str(limit): connections._run(merchants[:size], limit=limit) for limit in (None, 100)}
        state["memory"][str(size)] = row
        _save(state)
        print(f"memory after {size} merchants: {json.dumps(row)}", flush=True)


def _print(figures: dict[str, Any]) -> None:
    mib = 1024 * 1024
    print(
        f"{figures['merchants']:>6} merchants: {figures['relations']:,} relations,"
        f" catalog {figures['catalog_bytes'] / mib:,.0f} MiB,"
        f" data {figures['data_bytes'] / mib / 1024:,.1f} GiB in {figures['data_inodes']:,} files;"
        f" migrate_all (nothing to do) {figures['migrate_all_noop_s']} s;"
        f" onboarding spare {figures['onboard_spare_s']} s, empty pool"
        f" {figures['onboard_empty_s']} s; pg_dump walk {figures['pg_dump_walk_s']} s",
        flush=True,
    )


def main() -> None:
    if os.environ.get("BENCH_SCALE_FRESH") == "1" and DIR.exists():
        server_stop()
        shutil.rmtree(DIR)
    server_start()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        _environment()
        os.environ["BENCH_REPEAT"] = "3"
        sys.path.insert(0, str(ROOT / "benchmarks"))
        django_setup(cache_prefix="zulin-bench-scale")
        for name in ("zulin.task", "zulin.request", "zulin.providers"):
            logging.getLogger(name).setLevel(logging.WARNING)  # the nightly jobs' lines
        from django.contrib.auth.hashers import make_password

        from tenants.merchants.models import Merchant

        state = _state()
        dump = template_dump()
        password = make_password("Bench@2026x")
        built = Merchant.objects.count()
        print(f"{built} merchants present, building to {TARGET} ({DATA})", flush=True)
        while built < TARGET:
            goal = min(TARGET, (built // STEP + 1) * STEP)
            seconds = merchants_fill(goal, dump, password, batch=BATCH)
            state["built_seconds"] += seconds
            state["chunks"].append({"to": goal, "schema_seconds": round(seconds, 1)})
            built = Merchant.objects.count()
            print(f"built {built}: {seconds:.0f} s for this step", flush=True)
            figures = _checkpoint(built)
            state["checkpoints"][str(built)] = figures
            _save(state)
            _print(figures)
        if str(built) not in state["checkpoints"]:
            state["checkpoints"][str(built)] = _checkpoint(built)
            _save(state)
            _print(state["checkpoints"][str(built)])
        if MEMORY:
            _memory(state)
        print(f"schemas made in {state['built_seconds']:.0f} s in all; state in {STATE}")
    finally:
        server_stop()


if __name__ == "__main__":
    main()
