"""django-tenants behind Debian's PgBouncer (1.18): which pooling mode keeps every query in its
merchant's schema, and what each costs (issue 45, docs/scaling.md "PgBouncer").

django-tenants puts a merchant's schema on the connection with `SET search_path`, once per
connection here (TENANT_LIMIT_SET_CALLS, zulin/core/postgres/base.py) or before each cursor's
first statement (TENANT_LIMIT_SET_CALLS=false). A session-mode pool gives a client one server
connection for its whole session; a transaction-mode pool may give each transaction another,
and Debian's 1.18 does not carry `search_path` from one to the next.

On a throwaway database with two merchants whose schemas differ (a table of 2 rows in one, of 3
in the other): 8 threads, each with its own Django connection, alternate between the two
merchants and count that table, unqualified; the other merchant's count is a query that ran in
the wrong schema (or in public, where the table is missing). Run directly on
PostgreSQL, through PgBouncer in session mode, and in transaction mode with the path set once
per connection and before each statement; each in a process of its own (the settings are read
at start). Printed: wrong answers, queries, p50 and p99. Not a test.

Run: make bench-pgbouncer   (installs Debian's pgbouncer where it is missing; root)
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _setup import debian_tool, django_setup, merchants_fill, services_env, template_dump

ROOT = Path(__file__).resolve().parents[1]
DB_NAME = "zulin_bench_pgbouncer"
THREADS = 8
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "300"))
PORT = 6433
MODES = [
    ("direct", None, "true"),
    ("session pool", "session", "true"),
    ("transaction pool, path set once", "transaction", "true"),
    ("transaction pool, path set each time", "transaction", "false"),
]


def _pgbouncer_binary() -> str:
    return debian_tool("pgbouncer", "pgbouncer", "/usr/sbin/pgbouncer")


def _pgbouncer_start(binary: str, mode: str, workdir: Path) -> subprocess.Popen:
    from urllib.parse import urlparse

    url = urlparse(os.environ["DATABASE_URL"])
    ini = workdir / f"{mode}.ini"
    ini.write_text(
        "[databases]\n"
        f"{DB_NAME} = host={url.hostname} port={url.port or 5432} dbname={DB_NAME}"
        f" user={url.username}\n"
        "[pgbouncer]\n"
        f"listen_addr = 127.0.0.1\nlisten_port = {PORT}\n"
        "auth_type = any\n"
        f"pool_mode = {mode}\n"
        "default_pool_size = 4\nmax_client_conn = 100\n"
        f"unix_socket_dir = {workdir}\nlogfile = {workdir / 'pgbouncer.log'}\n"
        f"pidfile = {workdir / 'pgbouncer.pid'}\n"
    )
    ini.chmod(0o644)
    # PgBouncer refuses to run as root: as postgres, which owns nothing here but reads the file.
    user = ["-u", "postgres"] if os.geteuid() == 0 else []
    process = subprocess.Popen([binary, *user, str(ini)])  # noqa: S603
    for _ in range(50):
        try:
            import socket

            with socket.create_connection(("127.0.0.1", PORT), timeout=0.2):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("pgbouncer did not start")


def _worker_run(database_url: str, limit_set_calls: str) -> dict:
    """One mode's run in a process of its own (the backend reads its settings at start)."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "TENANT_LIMIT_SET_CALLS": limit_set_calls,
        "BENCH_PGBOUNCER_WORKER": "1",
    }
    out = subprocess.run(  # noqa: S603
        [sys.executable, __file__], env=env, check=True, capture_output=True, text=True
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def _worker() -> None:
    """8 threads alternating between two merchants; prints one JSON line."""
    import threading

    sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]
    os.environ["DJANGO_SETTINGS_MODULE"] = "zulin.settings.dev"
    import django

    django.setup()
    from django.db import DatabaseError, connection

    from tenants.merchants.models import Merchant

    merchants = {
        m.schema_name: m for m in Merchant.objects.filter(schema_name__in=["m_one", "m_two"])
    }
    expected = {"m_one": 2, "m_two": 3}
    times: list[float] = []
    wrong = [0]
    lock = threading.Lock()

    def run(index: int) -> None:
        mine: list[float] = []
        bad = 0
        for round_ in range(ROUNDS):
            schema = "m_one" if (round_ + index) % 2 else "m_two"
            connection.set_tenant(merchants[schema])
            started = time.perf_counter()
            try:
                with connection.cursor() as cursor:
                    # unqualified: the schema path decides which merchant's table answers
                    cursor.execute("SELECT count(*) FROM bench_marker")
                    count = cursor.fetchone()[0]
            except DatabaseError:  # no such table on the path the server connection had
                count = None
            mine.append(time.perf_counter() - started)
            bad += count != expected[schema]
        connection.close()
        with lock:
            times.extend(mine)
            wrong[0] += bad

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    times.sort()
    print(
        json.dumps(
            {
                "queries": len(times),
                "wrong": wrong[0],
                "p50": times[len(times) // 2] * 1000,
                "p99": times[int(len(times) * 0.99)] * 1000,
            }
        )
    )


def _merchants_make() -> None:
    """Two merchants told apart by a table: 2 rows in m_one, 3 in m_two."""
    django_setup(cache_prefix="zulin-bench-pgbouncer")
    from django.contrib.auth.hashers import make_password
    from django.db import connection

    from tenants.merchants.models import Merchant

    merchants_fill(2, template_dump(), make_password("Bench2026x"))
    for merchant, (schema, rows) in zip(
        Merchant.objects.order_by("id"), [("m_one", 2), ("m_two", 3)], strict=True
    ):
        with connection.cursor() as cursor:
            cursor.execute(f'ALTER SCHEMA "{merchant.schema_name}" RENAME TO "{schema}"')
            cursor.execute(
                f'CREATE TABLE "{schema}".bench_marker AS SELECT generate_series(1, %s) AS n',
                [rows],
            )
        Merchant.objects.filter(pk=merchant.pk).update(schema_name=schema)


def main() -> None:
    if os.environ.get("BENCH_PGBOUNCER_WORKER"):
        _worker()
        return
    binary = _pgbouncer_binary()
    services_env(DB_NAME, redis_db=10, fresh=True)
    _merchants_make()
    direct = os.environ["DATABASE_URL"]
    pooled = f"postgresql://postgres@127.0.0.1:{PORT}/{DB_NAME}"
    print(f"{THREADS} threads × {ROUNDS} queries, alternating two merchants; PgBouncer pool of 4")
    print(f"{'':40} {'wrong schema':>13} {'queries':>8} {'p50 ms':>7} {'p99 ms':>7}")
    workdir = Path(tempfile.mkdtemp(prefix="zulin-pgbouncer-"))
    workdir.chmod(0o777)
    try:
        for name, mode, limit in MODES:
            process = _pgbouncer_start(binary, mode, workdir) if mode else None
            try:
                row = _worker_run(pooled if mode else direct, limit)
            finally:
                if process:
                    process.terminate()
                    process.wait(timeout=10)
            print(
                f"{name:40} {row['wrong']:>13} {row['queries']:>8}"
                f" {row['p50']:>7.2f} {row['p99']:>7.2f}"
            )
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
