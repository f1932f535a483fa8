"""`make demo-check`: the shipped demo (`load_demo`, the settings `make run` uses) loaded on a
fresh database at the hours that have broken it or could, with the clock pinned.

A PostgreSQL of its own (under `.run/demo-check/`, port 5499, stopped at the end) and the
loader both run under libfaketime with one offset, so `now()` in the database and
`timezone.now()` in Python read the same moment (the loader never asks the database for the
time, `zulin.core.clock`, but the two agree anyway). The schema is migrated once under the
real clock into a template; each case copies it to a fresh database, restarts the server at
the case's offset (cases in time order, so its clock never runs back) and loads the demo.

First the order rounds at the real time (1, 4 and 8, item 3 of issue 59), then the moments
(China time). Prints one line per case, and exits non-zero when any load failed.
`DEMO_CHECK_CASES=rounds-1,2026-12-07T01:20` runs the named cases only."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[2]
DIR = ROOT / ".run" / "demo-check"
DATA = DIR / "pgdata"
PORT = 5499
CHINA = ZoneInfo("Asia/Shanghai")
PY = str(ROOT / ".venv" / "bin" / "python")

# (name, moment in China time or None for the real time, DEMO_ORDER_ROUNDS or None: shipped)
MOMENTS: list[tuple[str, str]] = [
    ("the night's refresh has run, the rent run not yet", "2026-12-07T01:10:30"),
    ("a Monday, 01:20: between the refresh and the rent run", "2026-12-07T01:20:00"),
    ("the rent run has run, the provider's answers not yet", "2026-12-07T01:34:00"),
    ("the night just over", "2026-12-07T01:36:00"),
    ("just before China's midnight", "2026-12-07T23:58:00"),
    ("just after China's midnight", "2026-12-08T00:01:00"),
    ("after midnight, today's night not yet told (it is at 02:00)", "2026-12-08T00:40:00"),
    ("the last day of a month (and of a year)", "2026-12-31T12:00:00"),
    ("the night after a month's last day", "2027-01-01T01:20:00"),
    ("29 February of a leap year", "2028-02-29T12:00:00"),
]


@dataclass(frozen=True)
class Case:
    name: str
    why: str
    moment: datetime | None
    rounds: int | None


def cases() -> list[Case]:
    made = [Case(f"rounds-{n}", f"DEMO_ORDER_ROUNDS={n}, now", None, n) for n in (1, 4, 8)]
    for why, at in MOMENTS:
        made.append(Case(at, why, datetime.fromisoformat(at).replace(tzinfo=CHINA), None))
    wanted = [c for c in os.environ.get("DEMO_CHECK_CASES", "").split(",") if c]
    return [case for case in made if not wanted or case.name in wanted]


def _libfaketime() -> str:
    found = glob.glob("/usr/lib/*/faketime/libfaketime.so.1")
    if not found:
        print("installing libfaketime (Debian's faketime)…", flush=True)
        apt = ["apt-get", "-o", "DPkg::Lock::Timeout=120"]
        subprocess.run([*apt, "update", "-qq"], check=True)  # noqa: S603
        subprocess.run([*apt, "install", "-y", "-qq", "faketime"], check=True)  # noqa: S603
        found = glob.glob("/usr/lib/*/faketime/libfaketime.so.1")
    return found[0]


def _pg_bin() -> Path:
    """The machine's PostgreSQL 15 when it has one, else the embedded server's binaries."""
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(candidate) / "initdb").exists():
            return Path(candidate)
    import pgserver  # the embedded fallback (`infra/scripts/services.py`)

    return Path(pgserver.__file__).parent / "pginstall" / "bin"


def _as_postgres(argv: list[str]) -> list[str]:
    """PostgreSQL's tools refuse root: run them as `postgres` when we are root."""
    return ["runuser", "-u", "postgres", "--", *argv] if os.geteuid() == 0 else argv


def _faked(offset: int | None, lib: str) -> dict[str, str]:
    env = dict(os.environ)
    for name in ("LD_PRELOAD", "FAKETIME"):
        env.pop(name, None)
    if offset is not None:
        # A whole number of seconds ahead of the real clock; the clock keeps running.
        env.update(LD_PRELOAD=lib, FAKETIME=f"{offset:+d}", FAKETIME_DONT_RESET="1")
    return env


class Server:
    def __init__(self, pg_bin: Path, lib: str) -> None:
        self.bin, self.lib = pg_bin, lib

    def make(self) -> None:
        shutil.rmtree(DIR, ignore_errors=True)
        DIR.mkdir(parents=True)
        if os.geteuid() == 0:
            shutil.chown(DIR, "postgres", "postgres")
        subprocess.run(  # noqa: S603 (fixed argv)
            _as_postgres([str(self.bin / "initdb"), "-D", str(DATA), "-A", "trust", "-E", "UTF8"])
            + ["--locale=C.UTF-8", "-U", "postgres"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        with open(DATA / "postgresql.conf", "a") as conf:
            conf.write(
                f"listen_addresses = '127.0.0.1'\nport = {PORT}\n"
                f"unix_socket_directories = '{DIR}'\nfsync = off\n"
                "synchronous_commit = off\nfull_page_writes = off\nmax_connections = 40\n"
                "max_locks_per_transaction = 256\n"
            )

    def start(self, offset: int | None) -> None:
        subprocess.run(  # noqa: S603
            _as_postgres([str(self.bin / "pg_ctl"), "-D", str(DATA), "-l", str(DIR / "pg.log")])
            + ["-w", "-t", "60", "start"],
            check=True,
            stdout=subprocess.DEVNULL,
            env=_faked(offset, self.lib),
        )

    def stop(self) -> None:
        subprocess.run(  # noqa: S603
            _as_postgres([str(self.bin / "pg_ctl"), "-D", str(DATA), "-m", "fast", "-w"])
            + ["stop"],
            check=False,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def sql(self, statement: str) -> None:
        import psycopg

        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(statement)  # type: ignore[arg-type]

    @staticmethod
    def url(db: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{PORT}/{db}"


def _redis_url() -> str:
    """The Redis the loads use, found once as `make run` finds it (database 13)."""
    found = subprocess.run(  # noqa: S603 (the project's own script)
        [PY, str(ROOT / "infra/scripts/services.py"), "postgres", "--redis-db", "13"],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "DATABASE_URL": Server.url("postgres")},
    ).stdout
    return next(
        line.split("=", 1)[1].strip("'") for line in found.splitlines() if "REDIS_URL" in line
    )


def _env(
    db: str, rounds: int | None, offset: int | None, lib: str, redis_url: str
) -> dict[str, str]:
    env = _faked(offset, lib)
    env.update(
        DATABASE_URL=Server.url(db),
        REDIS_URL=redis_url,
        PYTHONPATH=f"{ROOT / 'platform'}:{ROOT}",
        DJANGO_SETTINGS_MODULE="zulin.settings.dev",  # what `make run` loads under
        CACHE_KEY_PREFIX=f"demo-check-{db}",
    )
    env.pop("DEMO_ORDER_ROUNDS", None)  # the shipped setting, unless the case names rounds
    if rounds is not None:
        env["DEMO_ORDER_ROUNDS"] = str(rounds)
    return env


CLOCKS = """
import os, psycopg
from datetime import datetime
from zoneinfo import ZoneInfo
with psycopg.connect(os.environ["DATABASE_URL"]) as conn:
    db = conn.execute("select now()").fetchone()[0]
china = ZoneInfo("Asia/Shanghai")
print(f"{datetime.now(china):%Y-%m-%d %H:%M} / {db.astimezone(china):%Y-%m-%d %H:%M}")
"""


def _clocks(env: dict[str, str]) -> str:
    """What the loader's and the database's clocks read (China time), as the load starts."""
    return subprocess.run(  # noqa: S603 (our own interpreter, a fixed program)
        [PY, "-c", CLOCKS], env=env, check=True, capture_output=True, text=True
    ).stdout.strip()


# What the showcase promises whatever the hour (tenants.finance.demo.TODAY_OPEN_DIFFERENCES):
# the load's stories after the faults must not settle or close their trades.
SHOWCASE = """
import django
django.setup()
from collections import Counter
from django.utils import timezone
from tenants.finance.demo import TODAY_OPEN_DIFFERENCES as want
from tenants.finance.models import ReconciliationMismatch
kinds = Counter(ReconciliationMismatch.objects.filter(
    run__merchant__slug="demo", run__day=timezone.localdate(), status="open"
).values_list("kind", flat=True))
print("" if kinds == want else f"today's reconciliation: {dict(kinds)}, expected {want}")
"""


def _showcase_wrong(env: dict[str, str]) -> str:
    """What of the showcase's promises the loaded database breaks ('' when none)."""
    return subprocess.run(  # noqa: S603 (our own interpreter, a fixed program)
        [PY, "-c", SHOWCASE], env=env, cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()


def _manage(args: list[str], env: dict[str, str], log: Path) -> int:
    with open(log, "w") as out:
        return subprocess.run(  # noqa: S603
            [PY, str(ROOT / "manage.py"), *args], cwd=ROOT, env=env, stdout=out, stderr=out
        ).returncode


def main() -> int:
    lib, pg_bin = _libfaketime(), _pg_bin()
    server = Server(pg_bin, lib)
    server.make()
    results: list[tuple[Case, bool, float, str]] = []
    try:
        server.start(None)
        server.sql("create database template_zulin")
        redis_url = _redis_url()
        started = time.monotonic()
        if _manage(
            ["migrate_all"], _env("template_zulin", None, None, lib, redis_url), DIR / "migrate.log"
        ):
            print(f"migrate_all failed: see {DIR / 'migrate.log'}", file=sys.stderr)
            return 1
        print(f"schema migrated once in {time.monotonic() - started:.0f} s", flush=True)
        current: int | None = None
        for number, case in enumerate(cases()):
            offset = None
            if case.moment is not None:
                offset = int(case.moment.timestamp() - time.time())
                if offset < 0:
                    results.append((case, True, 0.0, "skipped: the moment is past"))
                    continue
            if offset != current:
                server.stop()
                server.start(offset)
                current = offset
            db = f"demo_check_{number}"
            server.sql(f"drop database if exists {db}")
            server.sql(f"create database {db} template template_zulin")
            log = DIR / f"{case.name.replace(':', '')}.log"
            env = _env(db, case.rounds, offset, lib, redis_url)
            clocks = _clocks(env)
            began = time.monotonic()
            code = _manage(["load_demo"], env, log)
            took = time.monotonic() - began
            tail = "" if code == 0 else log.read_text().strip().splitlines()[-1][:200]
            if code == 0 and (wrong := _showcase_wrong(env)):
                code, tail = 1, wrong
            results.append((case, code == 0, took, tail))
            print(
                f"{'ok  ' if code == 0 else 'FAIL'} {case.name:22} {took:5.0f} s"
                f"  clocks {clocks} (loader / database)  {case.why}"
                + (f"\n     {tail} (see {log})" if tail else ""),
                flush=True,
            )
            server.sql(f"drop database {db}")
    finally:
        server.stop()
    failed = [case.name for case, ok, _, _ in results if not ok]
    print(
        f"\n{len(results) - len(failed)} of {len(results)} loads passed"
        + (f"; failed: {', '.join(failed)}" if failed else "")
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
