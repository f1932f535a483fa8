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

from _setup import ROOT, debian_tool, django_setup, merchants_fill, template_dump

PGBIN = Path(os.environ.get("BENCH_SCALE_PGBIN", "/usr/lib/postgresql/15/bin"))
DIR = Path(os.environ.get("BENCH_SCALE_DIR", str(ROOT / ".run" / "scale")))
PORT = int(os.environ.get("BENCH_SCALE_PORT", "55433"))
TARGET = int(os.environ.get("BENCH_SCALE_MERCHANTS", "10000"))
STEP = int(os.environ.get("BENCH_SCALE_STEP", "1000"))
BATCH = int(os.environ.get("BENCH_SCALE_BATCH", "25"))
WORKERS = int(os.environ.get("BENCH_SCALE_WORKERS", "2"))
# pg_dump takes one lock per table in one transaction: 67 tables a merchant, 670,000 at 10,000.
# The lock table holds max_locks_per_transaction x max_connections (40) locks in all: 8,192
# held 4,000 merchants (268,000) and not 5,000; 24,000 holds 960,000 (about 250 MB of shared
# memory).
LOCKS = int(os.environ.get("BENCH_SCALE_LOCKS", "24000"))
MEMORY = os.environ.get("BENCH_SCALE_MEMORY", "1") != "0"
# BENCH_SCALE_DUMP=0: no pg_dump walk at the checkpoints (at 10,000 merchants it needs more
# memory than this machine's 24 GiB: docs/benchmarks.md).
DUMP = os.environ.get("BENCH_SCALE_DUMP", "1") != "0"
# What is measured once the merchants are built, in this order; each phase's figures are kept
# in the state file and a phase done is not run again.
PHASES = [
    p for p in os.environ.get("BENCH_SCALE_PHASES", "migration,backup,memory").split(",") if p
]
DB_NAME = "zulin_scale"
DATA = DIR / "pgdata"
STATE = DIR / "state.json"
MEMORY_SIZES = os.environ.get("BENCH_SCALE_MEMORY_SIZES", "100,1000,all").split(",")
MEMORY_LIMITS = os.environ.get("BENCH_SCALE_MEMORY_LIMITS", "none,100").split(",")
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
# Crash recovery first syncs the data directory: file by file that is minutes at 4.7 million
# files, one syncfs() a second.
recovery_init_sync_method = syncfs
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
    _conf_follow()
    subprocess.run(  # noqa: S603
        _as_postgres([str(PGBIN / "pg_ctl"), "-D", str(DATA), "-l", str(DIR / "postgres.log")])
        + ["-w", "-t", "300", "start"],
        check=True,
        stdout=subprocess.DEVNULL,
    )


def _conf_follow() -> None:
    """A cluster made by an earlier run with another lock setting gets this run's (the last
    line of postgresql.conf wins; the server reads it when it starts)."""
    conf = DATA / "postgresql.conf"
    settings = [
        line.split("=", 1)[1].strip()
        for line in conf.read_text().splitlines()
        if line.startswith("max_locks_per_transaction")
    ]
    if not settings or settings[-1] != str(LOCKS):
        with open(conf, "a") as out:
            out.write(f"max_locks_per_transaction = {LOCKS}\n")


def server_stop() -> None:
    """Waits for the shutdown's checkpoint: at 10,000 merchants it syncs over a million files,
    minutes beyond pg_ctl's default 60 s (a start after a stop given up on finds the old
    server still there)."""
    subprocess.run(  # noqa: S603
        _as_postgres([str(PGBIN / "pg_ctl"), "-D", str(DATA), "-m", "fast", "-w", "-t", "1800"])
        + ["stop"],
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
        + ["--redis-db", os.environ.get("BENCH_SCALE_REDIS_DB", "8")],
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
    figures["max_locks_per_transaction"] = LOCKS
    print(f"{merchants} merchants, before the pg_dump walk: {json.dumps(figures)}", flush=True)
    if DUMP:
        try:
            figures["pg_dump_walk_s"] = round(_dump_walk(), 1)
        except subprocess.CalledProcessError as failed:
            # At 10,000 merchants the walk's backend was killed by the kernel for memory
            # (docs/benchmarks.md): what failed is a figure too.
            figures["pg_dump_walk_s"] = None
            figures["pg_dump_walk_failed"] = f"exit {failed.returncode}"
            _server_wait()
    return figures


def _server_wait() -> None:
    """The server back after a crash of one of its processes (it restarts by itself, after
    recovery: with millions of files the recovery's fsync takes minutes)."""
    import psycopg

    deadline = time.monotonic() + 1800
    while time.monotonic() < deadline:
        try:
            with psycopg.connect(os.environ["DATABASE_URL"], connect_timeout=5) as conn:
                conn.execute("SELECT 1")
                return
        except psycopg.OperationalError:
            time.sleep(5)
    raise SystemExit("the server did not come back within 30 minutes")


def _memory(state: dict[str, Any]) -> None:
    import connections

    from tenants.merchants.models import Merchant

    merchants = list(Merchant.objects.order_by("id"))
    sizes = sorted({len(merchants) if size == "all" else int(size) for size in MEMORY_SIZES})
    runs = state.setdefault("memory_runs", {})
    for size in (size for size in sizes if size <= len(merchants)):
        for limit in MEMORY_LIMITS:
            key = f"{size}/{limit}"
            if key in runs:
                continue
            runs[key] = connections._run(
                merchants[:size], limit=None if limit == "none" else int(limit)
            )
            runs[key]["load_after"] = round(os.getloadavg()[0], 1)
            _save(state)
            print(f"memory after {size} merchants, recycled after {limit}: {runs[key]}", flush=True)


def _pgbackrest() -> str:
    """Debian's pgBackRest, installed where missing (as `make cluster` installs it)."""
    return debian_tool("pgbackrest", "pgbackrest", "/usr/bin/pgbackrest")


def _backrest(binary: str, *args: str) -> str:
    done = subprocess.run(  # noqa: S603
        _as_postgres([binary, f"--config={DIR / 'pgbackrest.conf'}", "--stanza=scale", *args]),
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"pgbackrest {' '.join(args)}: {done.stdout[-800:]}{done.stderr[-800:]}")
    return done.stdout


def _census() -> dict[str, int]:
    """What a restore must bring back: merchants, relations, the public rows of onboarding."""
    import psycopg

    with psycopg.connect(os.environ["DATABASE_URL"]) as conn:
        merchants, relations, schemas = conn.execute(
            "SELECT (SELECT count(*) FROM merchants_merchant), (SELECT count(*) FROM pg_class),"
            " (SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'm\\_%')"
        ).fetchone()
    return {"merchants": merchants, "relations": relations, "schemas": schemas}


def _backup(state: dict[str, Any]) -> None:
    """pgBackRest at this size, as production runs it (the previous issue's settings: WAL
    archived by archive-push, lz4, two processes; small files bundled): a full backup, then a
    restore in place — the data directory emptied and restored from the repository (a second
    copy beside it does not fit on this disk), the server started (WAL replayed to the end of
    the archive), and what it holds compared with what it held. Archiving is switched on
    first (a restart)."""
    binary = _pgbackrest()
    repo = DIR / "backrest"
    (DIR / "pgbackrest.conf").write_text(
        "[global]\n"
        f"repo1-path={repo}\nrepo1-retention-full=1\nlog-path={DIR}\n"
        f"lock-path={DIR}/backrest-lock\nspool-path={DIR}/backrest-spool\n"
        # Bundled: unbundled, each of the 5 million files took a file of its own in the
        # repository, a 4 KiB block at least (docs/benchmarks.md, fourth run).
        "start-fast=y\ncompress-type=lz4\nprocess-max=2\nrepo1-bundle=y\n"
        "log-level-console=warn\n"
        "log-level-file=info\n\n"
        f"[scale]\npg1-path={DATA}\npg1-port={PORT}\npg1-socket-path={DIR}\n"
        "pg1-user=postgres\n"
    )
    repo.mkdir(exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(repo, "postgres", "postgres")
    conf = DATA / "postgresql.conf"
    if "archive-push" not in conf.read_text():
        with open(conf, "a") as out:
            out.write(
                "archive_mode = on\n"
                f"archive_command = '{binary} --config={DIR / 'pgbackrest.conf'}"
                " --stanza=scale archive-push %p'\n"
            )
        server_stop()
        server_start()
    _backrest(binary, "stanza-create")
    before = _census()
    started = time.perf_counter()
    _backrest(binary, "--type=full", "backup")
    backup_s = time.perf_counter() - started
    info = json.loads(_backrest(binary, "--output=json", "info"))[0]["backup"][-1]["info"]
    print(
        f"pgBackRest full backup: {backup_s:.0f} s, {info['size'] / 2**30:.1f} GiB of"
        f" database in {info['repository']['delta'] / 2**30:.1f} GiB stored",
        flush=True,
    )
    server_stop()
    started = time.perf_counter()
    shutil.rmtree(DATA)
    DATA.mkdir(mode=0o700)
    if os.geteuid() == 0:
        shutil.chown(DATA, "postgres", "postgres")
    emptied_s = time.perf_counter() - started
    started = time.perf_counter()
    _backrest(binary, "restore")
    restore_s = time.perf_counter() - started
    started = time.perf_counter()
    server_start()
    start_s = time.perf_counter() - started
    after = _census()
    state["backup"] = {
        "full_backup_s": round(backup_s, 1),
        "database_bytes": info["size"],
        "stored_bytes": info["repository"]["delta"],
        "emptied_s": round(emptied_s, 1),
        "restore_s": round(restore_s, 1),
        "start_s": round(start_s, 1),
        "before": before,
        "after": after,
        "same": before == after,
    }
    _save(state)
    print(f"restore in place: {json.dumps(state['backup'])}", flush=True)
    if before != after:
        raise SystemExit(f"the restore lost something: {before} -> {after}")


SERVED_MERCHANTS = 40  # signed in and called while the migration runs, spread over all
SERVED_CLIENTS = 4  # concurrent clients, each pausing SERVED_PAUSE between calls
SERVED_PAUSE = 0.02
SERVED_BASELINE_S = 20.0


def _served_sessions(merchants: list[Any]) -> list[tuple[str, str]]:
    """(host, token) of owners signed in through the served API, spread over `merchants`."""
    from _drive import request
    from django.conf import settings

    step = max(1, len(merchants) // SERVED_MERCHANTS)
    sessions = []
    for merchant in merchants[::step][:SERVED_MERCHANTS]:
        host = f"{merchant.slug}.{settings.BASE_DOMAIN}"
        body = json.dumps({"username": "owner", "password": "Bench@2026x"}).encode()
        status, answer = request(
            "/api/platform/mainLand", {"Host": host, "Content-Type": "application/json"}, body
        )
        data = json.loads(answer)
        if status != 200 or data["code"] != 200:
            raise SystemExit(f"sign-in on {host} refused: {data}")
        sessions.append((host, data["data"]["token"]))
    return sessions


def _client(sessions: list[tuple[str, str]], stop: Any, out: Any) -> None:
    """SERVED_CLIENTS threads calling getChannels (the migrated table) on the sessions in turn
    until `stop` is set; puts (latencies, errors, failures seen)."""
    import threading

    from _drive import request

    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()

    def loop(offset: int) -> None:
        number = offset
        while not stop.is_set():
            host, token = sessions[number % len(sessions)]
            number += SERVED_CLIENTS
            started = time.perf_counter()
            try:
                headers = {"Host": host, "jwt-token": token}
                status, body = request("/api/backend/getChannels", headers)
                ok = status == 200 and b'"code":200' in body.replace(b" ", b"")[:20]
                failure = "" if ok else f"{status} {body[:120]!r}"
            except OSError as error:
                failure = repr(error)
            with lock:
                latencies.append(time.perf_counter() - started)
                if failure:
                    errors.append(failure)
            time.sleep(SERVED_PAUSE)

    threads = [threading.Thread(target=loop, args=(n,)) for n in range(SERVED_CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out.put((latencies, errors))


def _p99(latencies: list[float]) -> float:
    ordered = sorted(latencies)
    return round(ordered[max(int(len(ordered) * 0.99) - 1, 0)] * 1000, 1) if ordered else 0.0


def _served_while(work: Any, sessions: list[tuple[str, str]]) -> tuple[Any, dict[str, Any]]:
    """Runs `work()` while a second process calls the API; returns its result and the calls'
    count, errors and p99."""
    import multiprocessing as mp

    stop, out = mp.Event(), mp.Queue()
    driver = mp.Process(target=_client, args=(sessions, stop, out))
    driver.start()
    try:
        result = work()
    finally:
        stop.set()
        latencies, errors = out.get(timeout=120)
        driver.join(timeout=60)
    figures = {"calls": len(latencies), "errors": len(errors), "p99_ms": _p99(latencies)}
    if errors:
        figures["first_errors"] = errors[:3]
    return result, figures


def _migration(state: dict[str, Any]) -> None:
    """One new migration over every merchant: `migrate_all` (its shared executor) with the
    throwaway migration of benchmarks/migrations.py (a nullable column and its index on
    subshops_channel) while the API, served as `make run` serves it, answers getChannels —
    which reads that table — for owners of SERVED_MERCHANTS merchants spread over all of them.
    Printed: the total, each schema's seconds (the longest is the most any merchant's table
    can have been locked: a migration's locks are held within its schema's run), the calls'
    p99 and errors before and during it. The migration is left recorded in the schemas (this
    cluster is the benchmark's own)."""
    import migrations
    from _drive import served
    from django.conf import settings
    from django.test.utils import override_settings
    from django_tenants.signals import schema_migrated, schema_pre_migration

    from tenants.merchants.management.commands.migrate_all import merchant_schemas_behind
    from tenants.merchants.models import Merchant

    merchants = list(Merchant.objects.order_by("id"))
    per_schema: list[float] = []
    started_at: dict[str, float] = {}

    def before(sender: Any, schema_name: str, **_: Any) -> None:
        started_at[schema_name] = time.perf_counter()

    def after(sender: Any, schema_name: str, **_: Any) -> None:
        per_schema.append(time.perf_counter() - started_at.pop(schema_name))

    schema_pre_migration.connect(before)
    schema_migrated.connect(after)
    modules = {**settings.MIGRATION_MODULES, "subshops": migrations._bench_migration_modules()}
    with served({"LOGIN_RATE": "100000/m"}):
        sessions = _served_sessions(merchants)
        _, baseline = _served_while(lambda: time.sleep(SERVED_BASELINE_S), sessions)
        print(f"served before the migration: {json.dumps(baseline)}", flush=True)
        with override_settings(MIGRATION_MODULES=modules):
            total, during = _served_while(migrations._migrate_all, sessions)
            behind = len(merchant_schemas_behind())
    per_schema = sorted(per_schema) or [0.0]
    state["migration"] = {
        "merchants": len(merchants),
        "total_s": round(total, 1),
        "schemas": len(per_schema),
        "schema_median_s": round(per_schema[len(per_schema) // 2], 3),
        "schema_p99_s": round(per_schema[max(int(len(per_schema) * 0.99) - 1, 0)], 3),
        "schema_max_s": round(per_schema[-1], 3),
        "left_behind": behind,
        "served_before": baseline,
        "served_during": during,
    }
    _save(state)
    print(f"one new migration: {json.dumps(state['migration'])}", flush=True)


def _orphans_drop() -> None:
    """Schemas a stopped build replayed but never gave a merchant row (it was stopped between
    the two transactions) are dropped, so the build goes on from the merchants' count."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'm\\_fill%'"
            " AND nspname NOT IN (SELECT schema_name FROM merchants_merchant)"
        )
        for (schema,) in cursor.fetchall():
            cursor.execute(f'DROP SCHEMA "{schema}" CASCADE')
            print(f"dropped {schema}: replayed by a stopped build, no merchant row", flush=True)


def _print(figures: dict[str, Any]) -> None:
    mib = 1024 * 1024
    print(
        f"{figures['merchants']:>6} merchants: {figures['relations']:,} relations,"
        f" catalog {figures['catalog_bytes'] / mib:,.0f} MiB,"
        f" data {figures['data_bytes'] / mib / 1024:,.1f} GiB in {figures['data_inodes']:,} files;"
        f" migrate_all (nothing to do) {figures['migrate_all_noop_s']} s;"
        f" onboarding spare {figures['onboard_spare_s']} s, empty pool"
        f" {figures['onboard_empty_s']} s; pg_dump walk {figures.get('pg_dump_walk_s')} s",
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
        logging.disable(logging.INFO)  # the nightly jobs' lines, 12 a merchant
        from django.contrib.auth.hashers import make_password

        from tenants.merchants.models import Merchant

        state = _state()
        dump = template_dump()
        password = make_password("Bench@2026x")
        _orphans_drop()
        built = Merchant.objects.count()
        print(f"{built} merchants present, building to {TARGET} ({DATA})", flush=True)
        while built < TARGET:
            goal = min(TARGET, (built // STEP + 1) * STEP)
            seconds = merchants_fill(goal, dump, password, batch=BATCH, workers=WORKERS)
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
        _phases(state)
        print(f"schemas made in {state['built_seconds']:.0f} s in all; state in {STATE}")
    finally:
        server_stop()


def _phases(state: dict[str, Any]) -> None:
    for phase in PHASES:
        if phase == "memory" and MEMORY:
            _memory(state)
        elif phase == "backup" and "backup" not in state:
            _backup(state)
        elif phase == "migration" and "migration" not in state:
            _migration(state)


if __name__ == "__main__":
    main()
