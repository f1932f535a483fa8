"""The night's money jobs for 100 merchants x 1,000 leases (issue 12): `orders.refresh_overdue`
(01:10), `orders.rent_run` (01:30) and recovery's cases, `recovery.night` (02:00, issue 28),
as production runs them, then the same night again at once, which must make nothing. Not a
test.

How the night runs here: what beat does at those times — the fan-out of
`tenants.for_each_merchant` (`merchants_for_jobs(money=True)`, one task per merchant schema,
sent with the schema) — is done by this process with the same selector and the same
`send_task` call, keeping each task's result to know when the night is over; the tasks are run
by a real Celery worker started like `make run` starts it (`celery worker --concurrency 2`,
prefork: two processes on the 2 cores, each with its own database connection), with the
settings of `make run` except SANDBOX_AUTO_COMPLETE=false: the sandbox provider does not
settle tonight's withholds by itself, as a real provider settles them on its side, later
(they stay `processing`, which is what the night leaves behind in production too; their
callbacks are not part of the night).

Figures: seconds of each job over all merchants and of the night, bills acted on per second
(distinct bills given a late fee day, a withhold or a reminder tonight), late fee rows made,
debits made (withholds sent), stale payments closed, reminders, statements, recovery cases
opened, refreshed and closed and promises decided; then the second
night's seconds and a check that every table it could write holds exactly the rows it held
before it (and that every merchant's ledger and the platform's balance to the cent).

Data: a prepared database (BENCH_DB, default zulin_bench_nightly) made by `_nightly_data.py`
— see its docstring for how its rows are made and what they hold. It is made again only when
it is missing, when `_nightly_data.py`, the migrations or the sizes changed, or when it was
made on another day (every due date, late fee and statement is relative to tonight); each
run works on a copy of it (`CREATE DATABASE … TEMPLATE`, BENCH_DB + "_run"), so the prepared
one stays as it was. Setup time is printed apart and is not part of any figure.

Run: make bench-nightly   (BENCH_MERCHANTS=100 BENCH_LEASES=1000 BENCH_REDIS_DB=14
BENCH_WORKER_CONCURRENCY=2 BENCH_PROFILE=1 to write a cProfile of one merchant's night)
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DB_NAME = os.environ.get("BENCH_DB", "zulin_bench_nightly")
RUN_DB = f"{DB_NAME}_run"
REDIS_DB = int(os.environ.get("BENCH_REDIS_DB", "14"))
# Worker processes: what `make run` (infra/scripts/run.sh) and compose start.
CONCURRENCY = int(os.environ.get("BENCH_WORKER_CONCURRENCY", "2"))
NIGHT_TIMEOUT = 1800
TARGET_SECONDS = 120

sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT / "platform"), str(ROOT)]


# --- databases ------------------------------------------------------------------------------


def _urls() -> tuple[str, str]:
    """DATABASE_URL of the prepared database and REDIS_URL (services.py finds the servers)."""
    exports = subprocess.run(  # noqa: S603 (fixed argv: our own script)
        [sys.executable, str(ROOT / "infra/scripts/services.py"), DB_NAME]
        + ["--redis-db", str(REDIS_DB)],
        check=True,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "DATABASE_URL"},
    ).stdout
    found = {}
    for line in exports.splitlines():
        name, _, value = line.removeprefix("export ").partition("=")
        found[name] = value.strip("'")
    return found["DATABASE_URL"], found["REDIS_URL"]


def _named(url: str, name: str) -> str:
    base, _, query = url.partition("?")
    base = base.rsplit("/", 1)[0] + f"/{name}"
    return f"{base}?{query}" if query else base


def _version() -> str:
    """What the prepared data depends on (the date is added by the caller)."""
    digest = hashlib.sha256((ROOT / "benchmarks/_nightly_data.py").read_bytes())
    for folder in ("apps", "tenants", "platform"):
        for path in sorted((ROOT / folder).glob("**/migrations/*.py")):
            digest.update(str(path.relative_to(ROOT)).encode())
    from _nightly_data import LEASES, MERCHANTS

    digest.update(f"{MERCHANTS}x{LEASES}".encode())
    return digest.hexdigest()[:16]


def _prepared_as(url: str) -> str | None:
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=5) as conn:
            row = conn.execute("SELECT version FROM public.bench_nightly").fetchone()
    except psycopg.Error:
        return None
    return row[0] if row else None


def _prepare_in_subprocess(wanted: str) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    subprocess.run(  # noqa: S603 (fixed argv: this script)
        [sys.executable, str(Path(__file__).resolve()), "--prepare", wanted], check=True, env=env
    )


def _prepare(wanted: str) -> None:
    """(subprocess) The prepared database made afresh."""
    from _setup import django_setup, services_env

    started = time.perf_counter()
    services_env(DB_NAME, redis_db=REDIS_DB)
    os.environ["SANDBOX_AUTO_COMPLETE"] = "false"
    django_setup(cache_prefix="zulin-bench-nightly")
    print(f"  database {DB_NAME} made and migrated in {time.perf_counter() - started:.0f} s")
    from _nightly_data import prepare

    url = os.environ["DATABASE_URL"]
    prepare(url)
    import psycopg

    with psycopg.connect(url) as conn:
        conn.execute("CREATE TABLE public.bench_nightly (version text NOT NULL)")
        conn.execute("INSERT INTO public.bench_nightly VALUES (%s)", [wanted])


def _copy_database(prepared_url: str) -> None:
    """The run's database: a file copy of the prepared one."""
    import psycopg
    from psycopg import sql

    with psycopg.connect(_named(prepared_url, "postgres"), autocommit=True) as conn:
        conn.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(RUN_DB))
        )
        conn.execute(
            sql.SQL("CREATE DATABASE {} TEMPLATE {} STRATEGY FILE_COPY").format(
                sql.Identifier(RUN_DB), sql.Identifier(DB_NAME)
            )
        )


# --- the worker -----------------------------------------------------------------------------


def _worker_start(log: Path) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT}",
        "DJANGO_SETTINGS_MODULE": "zulin.settings.dev",
    }
    worker = subprocess.Popen(  # noqa: S603 (fixed argv: the project's worker)
        [
            str(ROOT / ".venv/bin/celery"),
            "-A",
            "zulin.celery:app",
            "worker",
            "--concurrency",
            str(CONCURRENCY),
            "--loglevel",
            "INFO",
            "-n",
            f"nightly-bench-{os.getpid()}@%h",
        ],
        cwd=ROOT,
        env=env,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
    )
    from zulin.celery import app

    deadline = time.monotonic() + 180  # a loaded machine starts it slowly
    while not app.control.ping(timeout=0.5):
        if worker.poll() is not None or time.monotonic() > deadline:
            worker.terminate()  # never left behind, taking another run's tasks
            raise SystemExit(f"the Celery worker did not start; see {log}")
    return worker


# --- one night ------------------------------------------------------------------------------


def _fan_out(task_name: str) -> list[Any]:
    """What `tenants.for_each_merchant(task_name, money=True)` sends, with each result kept."""
    from django_tenants.utils import tenant_context

    from tenants.merchants.tasks import merchants_for_jobs
    from zulin.celery import app

    results = []
    for merchant in merchants_for_jobs(money=True).order_by("id"):
        with tenant_context(merchant):
            results.append(app.send_task(task_name))
    return results


def _job(task_name: str) -> tuple[float, list[dict[str, Any]]]:
    started = time.perf_counter()
    results = _fan_out(task_name)
    answers = [result.get(timeout=NIGHT_TIMEOUT, propagate=False) for result in results]
    elapsed = time.perf_counter() - started
    failed = [a for a in answers if not isinstance(a, dict)]
    if failed:
        raise SystemExit(f"{task_name}: {len(failed)} tasks failed, e.g. {failed[0]!r}")
    return elapsed, answers


def _schemas() -> list[str]:
    from tenants.merchants.models import Merchant

    return list(Merchant.objects.order_by("id").values_list("schema_name", flat=True))


MERCHANT_COUNTS = {
    "bills": "SELECT count(*) FROM {s}.billing_bill",
    "bills paid": "SELECT count(*) FROM {s}.billing_bill WHERE status = 'paid'",
    "bills paying": "SELECT count(*) FROM {s}.billing_bill WHERE status = 'paying'",
    "bills unpaid": "SELECT count(*) FROM {s}.billing_bill WHERE status = 'unpaid'",
    "late fee total": "SELECT coalesce(sum(late_fee), 0) FROM {s}.billing_bill",
    "late fee rows": "SELECT count(*) FROM {s}.billing_billlatefee",
    "bill payments": "SELECT count(*) FROM {s}.billing_billpayment",
    "payments failed": "SELECT count(*) FROM {s}.billing_billpayment WHERE status = 'failed'",
    "reminders": "SELECT count(*) FROM {s}.billing_billreminder",
    "statements": "SELECT count(*) FROM {s}.billing_statement",
    "statement lines": "SELECT count(*) FROM {s}.billing_statementline",
    "journals": "SELECT count(*) FROM {s}.ledger_journal",
    "entries": "SELECT count(*) FROM {s}.ledger_entry",
    "ledger accounts": "SELECT count(*) FROM {s}.ledger_account",
    "orders overdue": "SELECT count(*) FROM {s}.orders_order WHERE overdue_since IS NOT NULL",
    "audit entries": "SELECT count(*) FROM {s}.audit_auditentry",
    "status changes": "SELECT count(*) FROM {s}.audit_statuschange",
    "recovery cases": "SELECT count(*) FROM {s}.recovery_recoverycase",
    "recovery cases open": "SELECT count(*) FROM {s}.recovery_recoverycase WHERE state = 'open'",
}
PUBLIC_COUNTS = {
    "provider records": "SELECT count(*) FROM public.providers_sandboxpaymentrecord",
    "provider callbacks": "SELECT count(*) FROM public.providers_sandboxcallback",
    "SMS sent": "SELECT count(*) FROM public.providers_sandboxsmsmessage",
    "platform journals": "SELECT count(*) FROM public.ledger_journal",
    "order index overdue": (
        "SELECT count(*) FROM public.orders_index_orderindex WHERE overdue_since IS NOT NULL"
    ),
}


def _counts(schemas: list[str]) -> dict[str, Any]:
    from django.db import connection

    found: dict[str, Any] = {}
    with connection.cursor() as cursor:
        for name, query in MERCHANT_COUNTS.items():
            union = " UNION ALL ".join(query.format(s=f'"{s}"') for s in schemas)
            cursor.execute(f"SELECT sum(n) FROM ({union}) AS per(n)")
            found[name] = cursor.fetchone()[0]
        for name, query in PUBLIC_COUNTS.items():
            cursor.execute(query)
            found[name] = cursor.fetchone()[0]
    return found


def _bills_acted_on(schemas: list[str], since: Any) -> int:
    """Distinct bills given a late fee day, a payment attempt or a reminder since `since`."""
    from django.db import connection

    per_schema = (
        "SELECT count(*) FROM"
        " (SELECT bill_id FROM {s}.billing_billlatefee WHERE created_at >= %(t)s"
        " UNION SELECT bill_id FROM {s}.billing_billpayment WHERE created_at >= %(t)s"
        " UNION SELECT bill_id FROM {s}.billing_billreminder WHERE created_at >= %(t)s) AS b"
    )
    union = " UNION ALL ".join(per_schema.format(s=f'"{s}"') for s in schemas)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT sum(n) FROM ({union}) AS per(n)", {"t": since})
        return int(cursor.fetchone()[0] or 0)


def _total(answers: list[dict[str, Any]], *path: str) -> int:
    total = 0
    for answer in answers:
        value: Any = answer
        for key in path:
            value = value[key]
        total += int(value)
    return total


def _night(schemas: list[str]) -> dict[str, Any]:
    from django.utils import timezone

    before = _counts(schemas)
    since = timezone.now()
    refresh_s, refreshed = _job("orders.refresh_overdue")
    collect_s, collected = _job("orders.rent_run")
    recovery_s, recovered = _job("recovery.night")
    after = _counts(schemas)
    return {
        "before": before,
        "after": after,
        "refresh_s": refresh_s,
        "collect_s": collect_s,
        "recovery_s": recovery_s,
        "total_s": refresh_s + collect_s + recovery_s,
        "tasks": len(collected),
        "orders changed": _total(refreshed, "changed"),
        "late fee bills": _total(collected, "late_fees", "bills"),
        "stale closed": _total(collected, "stale", "stale"),
        "due": _total(collected, "debit", "due"),
        "charged": _total(collected, "debit", "charged"),
        "skipped": _total(collected, "debit", "skipped"),
        "statements closed": _total(collected, "statements", "closed"),
        "cases opened": _total(recovered, "cases", "opened"),
        "cases refreshed": _total(recovered, "cases", "refreshed"),
        "cases closed": _total(recovered, "cases", "closed"),
        "promises decided": _total(recovered, "promises", "kept")
        + _total(recovered, "promises", "broken"),
        "acted on": _bills_acted_on(schemas, since),
    }


def _books_balance(schemas: list[str]) -> list[str]:
    """What `ledger_check` finds wrong in every merchant's books and the platform's."""
    from django.db import connection
    from django_tenants.utils import schema_context

    from zulin.ledger.selectors import ledger_check

    problems = []
    for schema in [*schemas, "public"]:
        with schema_context(schema):
            problems += [f"{schema}: {p}" for p in ledger_check()]
    connection.set_schema_to_public()
    return problems


def _profile_one(schema: str) -> None:
    """cProfile of one merchant's night in this process (the second night's state: the
    profile of a first night needs a fresh copy; BENCH_PROFILE=1 runs it before night 1)."""
    import cProfile
    import pstats

    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext
    from django_tenants.utils import schema_context

    from apps.billing.rent_run import rent_run_night
    from apps.billing.tasks import orders_refresh_overdue

    profile = cProfile.Profile()
    with schema_context(schema), CaptureQueriesContext(connection) as queries:
        from tenants.merchants.models import Merchant

        connection.set_tenant(Merchant.objects.get(schema_name=schema))
        reset_queries()
        started = time.perf_counter()
        profile.enable()
        orders_refresh_overdue()
        refreshed = len(queries)
        rent_run_night()
        profile.disable()
        elapsed = time.perf_counter() - started
    connection.set_schema_to_public()
    out = ROOT / ".run" / "bench-nightly.prof"
    out.parent.mkdir(exist_ok=True)
    profile.dump_stats(out)
    print(
        f"profile of {schema}'s night in process: {elapsed:.2f} s, {refreshed} queries to"
        f" refresh, {len(queries) - refreshed} to collect; {out}"
    )
    pstats.Stats(profile).sort_stats("cumulative").print_stats(25)


# --- main -----------------------------------------------------------------------------------


def main() -> None:
    prepared_url, redis_url = _urls()
    run_url = _named(prepared_url, RUN_DB)
    os.environ.update(
        DATABASE_URL=run_url,
        REDIS_URL=redis_url,
        SANDBOX_AUTO_COMPLETE="false",
        DJANGO_SETTINGS_MODULE="zulin.settings.dev",
        CACHE_KEY_PREFIX="zulin-bench-nightly",
    )
    import django

    django.setup()
    from _nightly_data import LEASES, MERCHANTS
    from django.utils import timezone

    wanted = f"{_version()}:{timezone.localdate().isoformat()}"
    started = time.perf_counter()
    if _prepared_as(prepared_url) == wanted:
        print(f"prepared database {DB_NAME} is current ({wanted})")
    else:
        print(f"preparing {DB_NAME} ({MERCHANTS} merchants x {LEASES} leases)…", flush=True)
        _prepare_in_subprocess(wanted)
    prepare_s = time.perf_counter() - started
    started = time.perf_counter()
    _copy_database(prepared_url)
    copy_s = time.perf_counter() - started
    print(f"setup (not in the figures): prepare {prepare_s:.0f} s, copy {copy_s:.0f} s", flush=True)

    import redis

    redis.Redis.from_url(redis_url).flushdb()  # tasks queued while preparing (spare refills)
    schemas = _schemas()
    if os.environ.get("BENCH_PROFILE"):
        _profile_one(schemas[0])
    log = ROOT / ".run" / "bench-nightly-worker.log"
    log.parent.mkdir(exist_ok=True)
    load_before = os.getloadavg()
    worker = _worker_start(log)
    try:
        first = _night(schemas)
        second = _night(schemas)
    finally:
        worker.terminate()
        worker.wait(timeout=60)
    load_after = os.getloadavg()
    problems = _books_balance(schemas)
    _report(first, second, problems, load_before, load_after)


def _report(
    first: dict[str, Any],
    second: dict[str, Any],
    problems: list[str],
    load_before: tuple[float, float, float],
    load_after: tuple[float, float, float],
) -> None:
    from _nightly_data import LEASES, MERCHANTS
    from django.utils import timezone

    made = {
        key: first["after"][key] - first["before"][key]
        for key in first["before"]
        if first["after"][key] != first["before"][key]
    }
    second_made = {
        key: (second["before"][key], second["after"][key])
        for key in second["before"]
        if second["after"][key] != second["before"][key]
    }
    bills = first["before"]["bills"]
    print()
    print(
        f"night of {timezone.localdate()}: {MERCHANTS} merchants x {LEASES} leases,"
        f" {bills:,} bills;"
        f" worker concurrency {CONCURRENCY} on {os.cpu_count()} cores; load"
        f" {load_before[0]:.1f} before, {load_after[0]:.1f} after"
    )
    rows = [
        (
            "refresh_overdue (all merchants)",
            f"{first['refresh_s']:.1f} s",
            f"{second['refresh_s']:.1f} s",
        ),
        (
            "collect_due (all merchants)",
            f"{first['collect_s']:.1f} s",
            f"{second['collect_s']:.1f} s",
        ),
        (
            "recovery.night (all merchants)",
            f"{first['recovery_s']:.1f} s",
            f"{second['recovery_s']:.1f} s",
        ),
        ("the night", f"{first['total_s']:.1f} s", f"{second['total_s']:.1f} s"),
        (
            "bills acted on / s",
            f"{first['acted on']:,} / {first['acted on'] / first['total_s']:.0f}",
            f"{second['acted on']:,}",
        ),
        (
            "orders' overdue mark changed",
            f"{first['orders changed']:,}",
            f"{second['orders changed']:,}",
        ),
        ("stale payments closed", f"{first['stale closed']:,}", f"{second['stale closed']:,}"),
        ("bills given late fees", f"{first['late fee bills']:,}", f"{second['late fee bills']:,}"),
        (
            "late fee rows made",
            f"{made.get('late fee rows', 0):,}",
            "0" if "late fee rows" not in second_made else "!",
        ),
        (
            "bills due / debits made / skipped",
            f"{first['due']:,} / {first['charged']:,} / {first['skipped']:,}",
            f"{second['due']:,} / {second['charged']:,} / {second['skipped']:,}",
        ),
        (
            "statements closed",
            f"{first['statements closed']:,}",
            f"{second['statements closed']:,}",
        ),
        (
            "recovery cases opened / refreshed / closed",
            f"{first['cases opened']:,} / {first['cases refreshed']:,} / {first['cases closed']:,}",
            f"{second['cases opened']:,} / {second['cases refreshed']:,}"
            f" / {second['cases closed']:,}",
        ),
        (
            "promises decided",
            f"{first['promises decided']:,}",
            f"{second['promises decided']:,}",
        ),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"{'':<{width}} | {'first night':>24} | {'second night':>20}")
    for label, one, two in rows:
        print(f"{label:<{width}} | {one:>24} | {two:>20}")
    print("rows made by the first night: " + ", ".join(f"{k} {v:+,}" for k, v in made.items()))
    if second_made:
        print(
            "the second night changed: "
            + ", ".join(f"{k} {a} → {b}" for k, (a, b) in second_made.items())
        )
    else:
        print("the second night made and changed nothing (every counted table as before it)")
    print(
        "books: "
        + (
            "every merchant's and the platform's balance to the cent"
            if not problems
            else f"{len(problems)} problems, e.g. {problems[:3]}"
        )
    )
    verdict = "within" if first["total_s"] < TARGET_SECONDS else "OVER"
    print(f"target: first night under {TARGET_SECONDS} s — {verdict}")
    if second_made or problems:
        raise SystemExit(1)


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--prepare":
        _prepare(sys.argv[2])
    else:
        main()
