"""`make drill-freeze` (issue 61): the primary's host frozen, not dead — a stalled VM, a host
under swap, a long pause — and nothing acknowledged is lost.

On a cluster brought up by infra/cluster/cluster.sh, the failover drill's load (client threads
withholding the demo and acme shops' bills and applying for and cancelling withdrawals through
HAProxy, each call retried with its key after a 503 or no answer, the night's money jobs on
the workers) runs while every process of the primary's host — PostgreSQL, Patroni and its etcd
member — is stopped with SIGSTOP for ZL_FREEZE_SECONDS (30), then continued with SIGCONT;
nothing is restarted by hand. The pause lands at a different moment of the load each run
(ZL_FREEZE_RUNS runs, default 5, one cluster; the primary alternates). Where an etcd member
runs on the database host (ZL_ETCD=db), it is made the raft leader first: the worst case.

Each run checks: the standby takes over while the host is frozen; on waking, the old primary
steps down by itself and comes back as the synchronous standby; the new primary is never
demoted; every acknowledged write is on the server that is primary at the end; no bill paid
twice nor beyond what it owes; and what the old primary committed after the promotion, read
from a copy of its data directory kept just before Patroni rewinds it (the pg_rewind wrapper,
infra/cluster/pg_rewind_keep.sh), holds no write a client saw committed. After the runs: the
night finished by running it again, `ledger_check --all` and `ledger_agreement` clean. Exit 1
on any failure. Figures: .run/cluster/drill-freeze.json and stdout.
"""

from __future__ import annotations

import http.client
import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import drill_failover as base  # noqa: E402

RUN = base.RUN
log = base.log
RUNS = int(os.environ.get("ZL_FREEZE_RUNS", "5"))
FREEZE_SECONDS = float(os.environ.get("ZL_FREEZE_SECONDS", "30"))
LOAD_SECONDS = float(os.environ.get("ZL_DRILL_LOAD_SECONDS", "60"))
# The pause starts between these many seconds into the load (drawn per run).
FREEZE_FROM, FREEZE_TO = 3.0, 12.0


def host_pids(host: str) -> list[int]:
    out = subprocess.run(
        ["ip", "netns", "pids", f"zl-{host}"], capture_output=True, text=True, check=False
    ).stdout
    return [int(pid) for pid in out.split()]


def signal_host(host: str, sig: signal.Signals) -> int:
    """Every process of the host's namespace signalled; answers how many."""
    pids = host_pids(host)
    for pid in pids:
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            continue
    return len(pids)


def etcd_endpoints() -> str:
    """The etcd members Patroni was given (.run/cluster/db1/patroni.yml)."""
    import yaml

    hosts = yaml.safe_load((RUN / "db1" / "patroni.yml").read_text())["etcd3"]["hosts"]
    return ",".join(f"http://{host}" for host in str(hosts).split(","))


def etcd_leader_onto(host: str) -> str:
    """When an etcd member runs on `host` (ZL_ETCD=db), it is made the raft leader before the
    pause: the worst case, a member that wakes as a deposed leader. Answers what was done."""
    address = base.DB_HOSTS[host]
    status = subprocess.run(
        ["etcdctl", "--endpoints", f"http://{address}:2379", "--dial-timeout", "1s"]
        + ["endpoint", "status", "-w", "json"],
        capture_output=True,
        text=True,
        timeout=20,
        check=False,
    )
    if status.returncode != 0:
        return "no etcd member on the host"
    found = json.loads(status.stdout)[0]["Status"]
    member, leader = found["header"]["member_id"], found["leader"]
    if member == leader:
        return "its etcd member is the raft leader"
    moved = subprocess.run(
        ["etcdctl", "--endpoints", etcd_endpoints(), "--dial-timeout", "1s"]
        + ["move-leader", format(member, "x")],
        capture_output=True,
        text=True,
        timeout=20,
        check=False,
    )
    return f"its etcd member made the raft leader (exit {moved.returncode})"


def role(host: str) -> str | None:
    """The role Patroni reports for its PostgreSQL (None: no answer within a second)."""
    try:
        conn = http.client.HTTPConnection(base.DB_HOSTS[host], 8008, timeout=1)
        conn.request("GET", "/patroni")
        answer = json.loads(conn.getresponse().read())
        conn.close()
    except (OSError, ValueError):
        return None
    return str(answer.get("role"))


def watch_roles(old: str, new: str, seconds: float) -> dict[str, Any]:
    """Both servers' Patroni sampled every 0.2 s for `seconds` after the host continued: when
    the old primary last claimed to be primary, and whether the new one was demoted — its
    Patroni reporting another role than primary, or no `/primary` 200 for 3 s on end (a single
    slow answer of a busy REST API is counted apart, as a blip)."""
    started = time.monotonic()
    old_claimed_until: float | None = None
    new_lost_at: float | None = None
    blips = 0
    not_primary_since: float | None = None
    while time.monotonic() - started < seconds:
        now = time.monotonic() - started
        if base.patroni(old, "/primary") == 200:
            old_claimed_until = now
        if base.patroni(new, "/primary") == 200:
            not_primary_since = None
        else:
            blips += not_primary_since is None
            not_primary_since = now if not_primary_since is None else not_primary_since
            reported = role(new)
            demoted = reported is not None and reported not in ("primary", "master")
            if new_lost_at is None and (demoted or now - not_primary_since >= 3):
                new_lost_at = now
        if base.patroni(old, "/replica") == 200 and new_lost_at is None and now > 5:
            break
        time.sleep(0.2)
    return {
        "old_claimed_primary_until_s": round(old_claimed_until, 1)
        if old_claimed_until is not None
        else None,
        "new_primary_lost_at_s": round(new_lost_at, 1) if new_lost_at is not None else None,
        "new_primary_rest_blips": blips,
    }


PGBIN = Path("/usr/lib/postgresql/15/bin")
# Where a load op's writes land: its idempotency key (every keyed call claims one), the bill
# payment of a withhold, the withdrawal an application makes and a cancel updates.
LOAD_SCHEMAS = ("public", "m_demo", "m_acme")


def keep_diverged(on: bool) -> None:
    """Asks the pg_rewind wrapper (infra/cluster/pg_rewind_keep.sh) of every database host to
    keep a copy of a former primary's data before rewinding it."""
    for host in base.DB_HOSTS:
        flag = RUN / host / "keep-diverged"
        if on:
            flag.write_text("the freeze drill reads a former primary's commits after the fork\n")
        else:
            flag.unlink(missing_ok=True)


def kept_copies(host: str, since: float) -> list[Path]:
    """The copies the wrapper kept since `since` (each under a directory named by its UTC
    time)."""
    import calendar

    kept = []
    for path in sorted((RUN / host / "diverged").glob("*/data")):
        try:
            stamp = calendar.timegm(time.strptime(path.parent.name, "%Y%m%dT%H%M%S"))
        except ValueError:
            continue
        if stamp >= since - 1:
            kept.append(path)
    return kept


def rewinds_logged(host: str, since: float) -> int:
    """How many times the host's Patroni ran pg_rewind since `since` (its log's lines are
    stamped in local time, as Patroni writes them)."""
    log_file = RUN / "logs" / f"patroni-{host}.log"
    if not log_file.exists():
        return 0
    count = 0
    for line in log_file.read_text(errors="replace").splitlines():
        if "pg_rewind exit code=" not in line:
            continue
        try:
            stamp = time.mktime(time.strptime(line[:19], "%Y-%m-%d %H:%M:%S"))
        except ValueError:
            continue
        count += stamp >= since - 1
    return count


def fork_point(timeline: int) -> str | None:
    """Where the cluster's history left `timeline`: the LSN of the promotion that ended it,
    from the current primary's timeline history file."""
    rows = base.sql(
        "select pg_read_file('pg_wal/' || lpad(upper(to_hex(timeline_id)), 8, '0') || '.history')"
        " from pg_control_checkpoint()"
    )
    for line in (rows[0][0] if rows else "").splitlines():
        fields = line.split()
        if len(fields) >= 2 and fields[0].isdigit() and int(fields[0]) == timeline:
            return fields[1]
    return None


def committed_after(data: Path, timeline: int, fork: str) -> tuple[int, list[str], set[str]]:
    """The WAL records of `timeline` in the kept copy from the fork point on, the ids of the
    transactions that committed among them, and the relation files (`<db oid>/<relfilenode>`)
    those transactions' heap records wrote (pg_waldump stops at the end of valid WAL)."""
    done = subprocess.run(
        [str(PGBIN / "pg_waldump"), "-p", str(data / "pg_wal"), "-t", str(timeline), "-s", fork],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    records = [line for line in done.stdout.splitlines() if line.startswith("rmgr:")]
    commits: list[str] = []
    wrote: dict[str, set[str]] = {}
    for line in records:
        if "tx:" not in line:
            continue
        xid = line.split("tx:")[1].split(",")[0].strip()
        if "desc: COMMIT" in line:
            commits.append(xid)
        elif line.startswith(("rmgr: Heap ", "rmgr: Heap2 ")) and "blkref #0: rel " in line:
            rel = line.split("blkref #0: rel ")[1].split()[0].split("/")
            wrote.setdefault(xid, set()).add(f"{rel[1]}/{rel[2]}")
    files = set().union(*(wrote.get(xid, set()) for xid in commits))
    return len(records), commits, files


def rows_of(
    data: Path, xids: list[str], files: set[str]
) -> tuple[list[tuple[str, str, str]], dict[str, int]]:
    """The copy started on a private socket (no network, no archiving, no standby, as a
    primary of its own: it was shut down cleanly before the rewind) and asked which load rows
    those transactions wrote — (table, idempotency key, status) — and which tables of the
    product's database their heap records touched (name: rows of those transactions still
    there)."""
    sockets = data.parent / "socket"
    sockets.mkdir(exist_ok=True)
    subprocess.run(["chown", "-R", "postgres:postgres", str(data.parent)], check=True)
    for signal_file in ("standby.signal", "recovery.signal"):
        (data / signal_file).unlink(missing_ok=True)
    options = (
        f"-c port=5499 -c listen_addresses='' -c unix_socket_directories={sockets} "
        "-c archive_mode=off -c synchronous_standby_names='' -c primary_conninfo='' "
        "-c shared_buffers=32MB -c max_connections=200 -c max_wal_senders=10"
    )
    pg_ctl = ["runuser", "-u", "postgres", "--", str(PGBIN / "pg_ctl"), "-D", str(data)]
    started = subprocess.run(
        [*pg_ctl, "-w", "-t", "60", "-l", str(data.parent / "copy.log"), "-o", options, "start"],
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
    )
    if started.returncode != 0:
        raise RuntimeError(f"the kept copy did not start: {started.stderr.strip()[-300:]}")
    import psycopg

    found: list[tuple[str, str, str]] = []
    tables: dict[str, int] = {}
    try:
        with psycopg.connect(
            host=str(sockets), port=5499, user="postgres", dbname="zulin", connect_timeout=10
        ) as conn:
            for schema in LOAD_SCHEMAS:
                queries = [
                    ("idempotency_key", "key", "operation"),
                    ("billing_billpayment", "idempotency_key", "status"),
                    ("finance_withdrawal", "idempotency_key", "status"),
                ]
                for table, key, status in queries:
                    exists = conn.execute(
                        "select to_regclass(%s)", (f"{schema}.{table}",)
                    ).fetchone()
                    if not exists or exists[0] is None:
                        continue
                    for row in conn.execute(
                        f"select {key}, {status} from {schema}.{table}"  # noqa: S608
                        " where xmin::text = any(%s)",
                        (xids,),
                    ).fetchall():
                        found.append((f"{schema}.{table}", str(row[0]), str(row[1])))
            database = conn.execute(
                "select oid::text from pg_database where datname = current_database()"
            ).fetchone()
            ours = [f.split("/")[1] for f in files if database and f.split("/")[0] == database[0]]
            for schema, name in conn.execute(
                "select n.nspname, c.relname from pg_class c"
                " join pg_namespace n on n.oid = c.relnamespace"
                " where c.relkind in ('r', 'p', 't') and c.relfilenode::text = any(%s)",
                (ours,),
            ).fetchall():
                count = conn.execute(
                    f'select count(*) from "{schema}"."{name}" where xmin::text = any(%s)',  # noqa: S608
                    (xids,),
                ).fetchone()
                tables[f"{schema}.{name}"] = int(count[0]) if count else 0
    finally:
        subprocess.run([*pg_ctl, "-m", "fast", "-w", "stop"], capture_output=True, check=False)
    return found, tables


def op_kind(table: str, key: str, status: str) -> str:
    """Which load call wrote a row: a withhold's payment (its key holds `-w-`), a withdrawal
    applied for (its key, or the withdrawal written pending) or cancelled."""
    if table.endswith("finance_withdrawal"):
        return "cancel" if status == "cancelled" else "withdrawal"
    return "withhold" if "-w-" in key else "withdrawal"


def diverged_check(old: str, since: float, ops: list[base.Op]) -> dict[str, Any]:
    """What the old primary committed after the promotion, read before its rewind (issue 61):
    the transactions the rewind throws away must be ones no client saw committed. A load op
    with a write among them is one the client saw committed when its call was answered 200
    and that was its only attempt (the answer can only have been that commit), or when it was
    answered 200 and its write is not on the primary now. Answers figures and `seen`."""
    rewinds = rewinds_logged(old, since)
    copies = kept_copies(old, since)
    figures: dict[str, Any] = {"rewinds": rewinds, "copies": len(copies), "seen": []}
    if not copies:
        figures["problem"] = (
            f"{old} was rewound {rewinds} times but no copy was kept before it" if rewinds else None
        )
        return figures
    records = commits = 0
    written: list[tuple[str, str, str]] = []
    tables: dict[str, int] = {}
    for data in copies:
        control = (data.parent / "controldata.txt").read_text()
        timeline = int(control.split("Latest checkpoint's TimeLineID:")[1].split()[0])
        fork = fork_point(timeline)
        if fork is None:
            figures["problem"] = f"no fork point for timeline {timeline} in the primary's history"
            return figures
        found, xids, files = committed_after(data, timeline, fork)
        records += found
        commits += len(xids)
        if xids:
            rows, touched = rows_of(data, xids, files)
            written += rows
            for name, count in touched.items():
                tables[name] = tables.get(name, 0) + count
        (data.parent / "checked.json").write_text(
            json.dumps({"timeline": timeline, "fork": fork, "records": found, "commits": xids})
        )
        subprocess.run(["rm", "-rf", str(data)], check=False)
    diverged = sorted({(op_kind(table, key, status), key) for table, key, status in written})
    by_op = {(op.kind, op.key): op for op in ops}
    seen = []
    for kind, key in diverged:
        op = by_op.get((kind, key))
        answered = op is not None and op.acknowledged
        if op and answered and (len(op.attempts) == 1 or base.acknowledged_missing([op])):
            seen.append(f"{op.kind} {key} ({len(op.attempts)} attempts)")
    figures.update(
        records_after_fork=records,
        commits_after_fork=commits,
        tables_written_after_fork=tables,
        load_writes_after_fork=sum((kind, key) in by_op for kind, key in diverged),
        seen=seen,
        problem=None,
    )
    return figures


def one_run(number: int, run_id: str, tokens: dict[str, str]) -> dict[str, Any]:
    problems: list[str] = []
    hosts = base.primary_and_other()
    if hosts is None:
        return {"run": number, "problems": ["no primary"]}
    old, new = hosts
    synchronous = base.wait(
        120, f"{new} as the synchronous standby", lambda: base.patroni(new, "/sync") == 200
    )
    if synchronous is None:
        return {"run": number, "problems": [f"{new} not the synchronous standby before the run"]}
    since = time.time()
    ops = base.plan(f"{run_id}-{number}")
    load = base.Load(tokens=tokens, withholds=queue.Queue(), run_id=f"{run_id}-{number}")
    for op in ops:
        load.withholds.put(op)
    before = base.owed_snapshot()
    base.night("send")
    freeze_after = random.Random(f"{run_id}-{number}").uniform(FREEZE_FROM, FREEZE_TO)
    log(f"run {number}: primary {old}, {len(ops)} withholds; {old} frozen at {freeze_after:.1f} s")
    load.stop_at = time.monotonic() + LOAD_SECONDS
    threads = [threading.Thread(target=load.worker, daemon=True) for _ in range(base.THREADS)]
    for thread in threads:
        thread.start()
    log(f"run {number}: {old}: {etcd_leader_onto(old)}")
    time.sleep(freeze_after)
    frozen_at = time.monotonic()
    stopped = signal_host(old, signal.SIGSTOP)
    log(f"run {number}: {stopped} processes of {old} stopped (SIGSTOP)")
    promoted = base.wait(
        FREEZE_SECONDS, f"{new} to become primary", lambda: base.patroni(new, "/primary") == 200
    )
    time.sleep(max(0.0, frozen_at + FREEZE_SECONDS - time.monotonic()))
    continued = signal_host(old, signal.SIGCONT)
    woke_at = time.monotonic()
    log(f"run {number}: {continued} processes of {old} continued (SIGCONT)")
    roles = watch_roles(old, new, 60)
    log(f"run {number}: after waking: {roles}")
    rejoined = base.wait(
        120, f"{old} as the synchronous standby", lambda: base.patroni(old, "/sync") == 200
    )
    if rejoined is not None:
        rejoined = time.monotonic() - woke_at
    for thread in threads:
        thread.join(timeout=LOAD_SECONDS + base.OP_GIVE_UP + 30)
    final = base.primary()
    try:
        diverged = diverged_check(old, since, load.done)
    except (RuntimeError, OSError, ValueError, subprocess.SubprocessError) as error:
        diverged = {"problem": f"the old primary's timeline could not be read: {error}", "seen": []}
    log(f"run {number}: {old}'s timeline after the promotion: {diverged}")
    attempts = [(t, status, code) for op in load.done for (t, status, code) in op.attempts]
    served_500 = [a for a in attempts if a[1] == 500 or a[2] == 500]
    acknowledged = [op for op in load.done if op.acknowledged]
    missing = base.acknowledged_missing(acknowledged)
    twice = base.overpaid(before)
    if promoted is None:
        problems.append(f"{new} was not promoted within the {FREEZE_SECONDS:.0f} s pause")
    if roles["new_primary_lost_at_s"] is not None:
        problems.append(f"the new primary {new} was demoted after {old} woke")
    if rejoined is None:
        problems.append(f"{old} did not come back as the synchronous standby within 120 s")
    if final != new:
        problems.append(f"the primary at the end is {final}, not {new}")
    if served_500:
        problems.append(f"{len(served_500)} calls answered 500")
    if missing:
        problems.append(f"RPO: {len(missing)} acknowledged writes missing: {missing[:5]}")
    if twice:
        problems.append(f"bills paid twice or beyond what they owe: {twice[:5]}")
    if diverged.get("problem"):
        problems.append(str(diverged["problem"]))
    if diverged["seen"]:
        problems.append(
            f"{old}'s timeline after the promotion holds {len(diverged['seen'])} transactions a "
            f"client saw committed: {diverged['seen'][:5]}"
        )
    figures = {
        "run": number,
        "frozen": old,
        "promoted": new,
        "freeze_after_s": round(freeze_after, 1),
        "processes_frozen": stopped,
        "promoted_after_s": round(promoted, 1) if promoted is not None else None,
        **roles,
        "rejoined_as_sync_after_wake_s": round(rejoined, 1) if rejoined is not None else None,
        "primary_at_end": final,
        "calls": len(attempts),
        "answered_500": len(served_500),
        "acknowledged": len(acknowledged),
        "rpo_missing": len(missing),
        "bills_paid_twice": len(twice),
        "old_rewound": diverged.get("rewinds"),
        "old_commits_after_fork": diverged.get("commits_after_fork", 0),
        "old_load_writes_after_fork": diverged.get("load_writes_after_fork", 0),
        "old_writes_seen_committed": len(diverged["seen"]),
        "problems": problems,
    }
    log(f"run {number}: {'FAILED: ' + '; '.join(problems) if problems else 'passed'}")
    return figures


def main() -> int:
    run_id = uuid.uuid4().hex[:8]
    tokens = {host: base.login(host) for host in ("demo.localhost", "acme.localhost")}
    keep_diverged(True)
    try:
        runs = [one_run(number, run_id, tokens) for number in range(1, RUNS + 1)]
    finally:
        keep_diverged(False)
    problems = [f"run {r['run']}: {p}" for r in runs for p in r["problems"]]
    night_again = base.night("run", timeout=300)
    log(f"night run again: {night_again}")
    if night_again.get("exit") != 0:
        problems.append(f"the night did not finish when run again: {night_again}")
    time.sleep(3)
    ledger = base.manage("ledger_check", "--all")
    agreement = base.manage("ledger_agreement")
    for name, done in (("ledger_check --all", ledger), ("ledger_agreement", agreement)):
        log(f"{name}: exit {done.returncode}: {(done.stdout + done.stderr).strip()[-300:]}")
        if done.returncode != 0:
            problems.append(f"{name} failed")
    figures = {
        "run": run_id,
        "patroni": base.patroni_version(),
        "freeze_s": FREEZE_SECONDS,
        "runs": len(runs),
        "passed": sum(not r["problems"] for r in runs),
        "promoted_after_s": [r.get("promoted_after_s") for r in runs],
        "stepped_down_after_s": [r.get("old_claimed_primary_until_s") for r in runs],
        "rejoined_after_wake_s": [r.get("rejoined_as_sync_after_wake_s") for r in runs],
        "acknowledged": sum(r.get("acknowledged", 0) for r in runs),
        "rpo_missing": sum(r.get("rpo_missing", 0) for r in runs),
        "bills_paid_twice": sum(r.get("bills_paid_twice", 0) for r in runs),
        "old_commits_after_fork": [r.get("old_commits_after_fork") for r in runs],
        "old_load_writes_after_fork": [r.get("old_load_writes_after_fork") for r in runs],
        "old_writes_seen_committed": sum(r.get("old_writes_seen_committed", 0) for r in runs),
        "night_rerun": night_again,
        "ledger_check_exit": ledger.returncode,
        "ledger_agreement_exit": agreement.returncode,
        "each_run": runs,
        "problems": problems,
    }
    (RUN / "drill-freeze.json").write_text(json.dumps(figures, indent=2, default=str))
    print(json.dumps(figures, indent=2, default=str))
    if problems:
        log("FAILED: " + "; ".join(problems))
        return 1
    log(
        f"PASSED: {len(runs)} freezes of {FREEZE_SECONDS:.0f} s, the standby promoted each time "
        f"and the old primary back as its synchronous standby; RPO 0 "
        f"({figures['acknowledged']} acknowledged writes all present); books clean"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
