"""`make drill-switchover` (issue 40; run by `make test`): the reduced failover drill, so the
path never rots between full drills.

On the small cluster (ZL_TOPOLOGY=small: db1 and db2 under Patroni with etcd, HAProxy, one app
host, one worker host, one Redis): client threads withhold the acme shop's overdue bills through
HAProxy (`/api/v2/BillPayment`, each with its idempotency key, retried with the same key after
a 503 or a broken connection, as a client does) while Patroni switches the primary over to the
synchronous standby (`patronictl switchover`, the planned move an operator makes before
maintenance). The withholds settle through the sandbox's callbacks on the worker host.

It fails (exit 1) when a call answered 500, an acknowledged withhold is missing (RPO), a bill
was paid twice or beyond what it owes, a withhold never settled, `ledger_check --all` or
`ledger_agreement` found a fault, the old primary did not come back as the synchronous standby,
or no call was in flight while the primary changed (then the drill proved nothing). Figures:
.run/cluster/drill-switchover.json and stdout. The unplanned loss of a host is `make
drill-failover`'s.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
import uuid
from typing import Any

from drill_failover import (
    RUN,
    Op,
    call,
    log,
    login,
    manage,
    overpaid,
    owed_snapshot,
    patroni,
    plan,
    primary_and_other,
    sql,
    wait,
)

THREADS = int(os.environ.get("ZL_DRILL_THREADS", "4"))
PACE = float(os.environ.get("ZL_DRILL_PACE", "0.4"))  # seconds between one client's calls
# About ten calls a second while the primary changes (writes pause for about a second).
SWITCH_AFTER = float(os.environ.get("ZL_DRILL_SWITCH_AFTER", "2"))
OP_GIVE_UP = 45.0


def client(work: queue.Queue, token: str, done: list[Op], lock: threading.Lock) -> None:
    """Takes the next withhold until none is left; retries one call with its key after a 503
    or no answer, for OP_GIVE_UP seconds at most."""
    while True:
        try:
            op: Op = work.get_nowait()
        except queue.Empty:
            return
        given_up = time.monotonic() + OP_GIVE_UP
        while True:
            status, answer = call(op.host, op.path, op.body, token)
            code = answer.get("code") if isinstance(answer, dict) else None
            op.attempts.append((time.monotonic(), status, code))
            if not (status in (0, 502, 503, 504) or code == 503) or time.monotonic() > given_up:
                op.final = (status, answer)
                break
            time.sleep(0.25)
        with lock:
            done.append(op)
        time.sleep(PACE)


def patronictl(host: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            "ip",
            "netns",
            "exec",
            f"zl-{host}",
            "runuser",
            "-u",
            "postgres",
            "--",
            "patronictl",
            "-c",
            str(RUN / host / "patroni.yml"),
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def main() -> int:
    run_id = uuid.uuid4().hex[:8]
    problems: list[str] = []
    hosts = primary_and_other()
    if hosts is None:
        return 1
    old, new = hosts
    if patroni(new, "/sync") != 200:
        log(f"{new} is not the synchronous standby")
        return 1

    ops = plan(run_id)
    token = login("acme.localhost")
    before = owed_snapshot()
    work: queue.Queue = queue.Queue()
    for op in ops:
        work.put(op)
    done: list[Op] = []
    lock = threading.Lock()
    log(
        f"{len(ops)} withholds, {THREADS} clients one call every {PACE} s;"
        f" switchover in {SWITCH_AFTER} s"
    )
    threads = [
        threading.Thread(target=client, args=(work, token, done, lock), daemon=True)
        for _ in range(THREADS)
    ]
    for thread in threads:
        thread.start()
    time.sleep(SWITCH_AFTER)
    switched_at = time.monotonic()
    moved = patronictl(old, "switchover", "--leader", old, "--candidate", new, "--force")
    log(
        f"patronictl switchover: exit {moved.returncode}:"
        f" {(moved.stdout + moved.stderr).strip()[-300:]}"
    )
    if moved.returncode != 0:
        problems.append("patronictl switchover failed")
    switch_seconds = time.monotonic() - switched_at
    if wait(60, f"{new} to become primary", lambda: patroni(new, "/primary") == 200) is None:
        problems.append(f"{new} did not become the primary")
    for thread in threads:
        thread.join(timeout=len(ops) * (PACE + 1) + OP_GIVE_UP)
    log(f"load over: {len(done)} of {len(ops)} withholds answered")

    attempts = [(t, status, code, op) for op in done for (t, status, code) in op.attempts]
    served_500 = [a for a in attempts if a[1] == 500 or a[2] == 500]
    not_served = [a for a in attempts if a[1] != 200 or a[2] == 503]
    # Writes paused: from the first call not served to the first success after the last one.
    failures = sorted(t for t, status, code, _ in attempts if status != 200 or code == 503)
    resumed = next(
        (
            t
            for t, status, code, _ in sorted(attempts)
            if failures and t > failures[-1] and status == 200 and code == 200
        ),
        None,
    )
    paused = round(resumed - failures[0], 1) if failures and resumed else None
    retried = [op for op in done if len(op.attempts) > 1]
    acknowledged = [op for op in done if op.acknowledged]
    refused = [op for op in done if op.final and op.final[0] == 200 and not op.acknowledged]
    if served_500:
        problems.append(f"{len(served_500)} calls answered 500")
    if len(done) != len(ops):
        problems.append(f"{len(ops) - len(done)} withholds never answered")
    if not retried:
        problems.append("no call was in flight while the primary changed: the drill proved nothing")

    rejoined = wait(90, f"{old} as the synchronous standby", lambda: patroni(old, "/sync") == 200)
    if rejoined is None:
        problems.append(f"{old} did not come back as the synchronous standby within 90 s")

    # Every withhold acknowledged is there, and settles through the worker host's callbacks.
    missing = []
    for op in acknowledged:
        rows = sql(
            f"select status from {op.schema}.billing_billpayment where idempotency_key = %s",  # noqa: S608
            op.key,
        )
        if not rows:
            missing.append(op.key)
    if missing:
        problems.append(f"RPO: {len(missing)} acknowledged withholds missing: {missing[:5]}")

    def settled() -> bool:
        return not sql("select 1 from m_acme.billing_billpayment where status = 'processing'")

    settle_s = wait(60, "every withhold settled", settled)
    if settle_s is None:
        problems.append("withholds still processing 60 s after the load")
    twice = overpaid(before)
    if twice:
        problems.append(f"bills paid twice or beyond what they owe: {twice[:5]}")
    ledger = manage("ledger_check", "--all")
    agreement = manage("ledger_agreement")
    for name, result in (("ledger_check --all", ledger), ("ledger_agreement", agreement)):
        log(f"{name}: exit {result.returncode}: {(result.stdout + result.stderr).strip()[-200:]}")
        if result.returncode != 0:
            problems.append(f"{name} failed")

    figures: dict[str, Any] = {
        "run": run_id,
        "switched": f"{old} -> {new}",
        "switchover_command_s": round(switch_seconds, 1),
        "writes_paused_s": paused,
        "withholds": len(ops),
        "calls": len(attempts),
        "calls_not_served": len(not_served),
        "withholds_retried_across_switch": len(retried),
        "answered_500": len(served_500),
        "acknowledged": len(acknowledged),
        "refused_by_rules": len(refused),
        "rpo_missing": len(missing),
        "bills_paid_twice": len(twice),
        "settled_after_s": round(settle_s, 1) if settle_s is not None else None,
        "old_primary_rejoined_s": round(rejoined, 1) if rejoined is not None else None,
        "ledger_check_exit": ledger.returncode,
        "ledger_agreement_exit": agreement.returncode,
        "problems": problems,
    }
    (RUN / "drill-switchover.json").write_text(json.dumps(figures, indent=2))
    print(json.dumps(figures, indent=2))
    if problems:
        log("FAILED: " + "; ".join(problems))
        return 1
    log(
        f"PASSED: {len(retried)} withholds in flight across the switch, all answered; "
        f"{len(not_served)} calls answered 503 or unanswered meanwhile, 0 answered 500; "
        f"RPO 0 ({len(acknowledged)} acknowledged, all present and settled); books balanced"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
