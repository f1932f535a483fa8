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
twice nor beyond what it owes. After the runs: the night finished by running it again,
`ledger_check --all` and `ledger_agreement` clean. Exit 1 on any failure. Figures:
.run/cluster/drill-freeze.json and stdout.
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
        "problems": problems,
    }
    log(f"run {number}: {'FAILED: ' + '; '.join(problems) if problems else 'passed'}")
    return figures


def main() -> int:
    run_id = uuid.uuid4().hex[:8]
    tokens = {host: base.login(host) for host in ("demo.localhost", "acme.localhost")}
    runs = [one_run(number, run_id, tokens) for number in range(1, RUNS + 1)]
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
