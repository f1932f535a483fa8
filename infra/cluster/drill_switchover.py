"""`make drill-switchover` (issue 40; run by `make test`): the reduced failover drill, so the
path never rots between full drills.

On the small cluster (ZL_TOPOLOGY=small: db1 and db2 under Patroni with etcd, HAProxy, one app
host, one worker host, one Redis), loaded with the same showcase as the full drills (`load_demo`
under production settings with the cluster's environment, so a demo step refused there fails
`make test`): client threads withhold the demo and acme shops' unpaid bills through HAProxy
(`/api/v2/BillPayment`), then apply for and cancel withdrawals of the demo shop, each call with
its idempotency key and retried with the same key after a 503 or a broken connection, as a
client does, while Patroni switches the primary over to the synchronous standby (`patronictl
switchover`, the planned move an operator makes before maintenance). The withholds settle
through the sandbox's callbacks on the worker host.

It fails (exit 1) when a call answered 500, an acknowledged write is missing (RPO), a bill
was paid twice or beyond what it owes, a withhold never settled, `ledger_check --all` or
`ledger_agreement` found a fault, the old primary did not come back as the synchronous standby,
no call was in flight while the primary changed (then the drill proved nothing), or a webhook
delivery to the demo's receiver was refused for its address or failed. Figures:
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
    Load,
    acknowledged_missing,
    log,
    login,
    manage,
    overpaid,
    owed_snapshot,
    patroni,
    patroni_command,
    plan,
    primary_and_other,
    sql,
    wait,
    webhook_check,
)

THREADS = int(os.environ.get("ZL_DRILL_THREADS", "4"))
# About ten calls a second while the primary changes (writes pause for about a second).
SWITCH_AFTER = float(os.environ.get("ZL_DRILL_SWITCH_AFTER", "3"))
# The load lasts this long whatever the number of bills (withdrawals once they are done).
LOAD_SECONDS = float(os.environ.get("ZL_DRILL_LOAD_SECONDS", "20"))
OP_GIVE_UP = 45.0


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
            patroni_command("patronictl"),
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
    tokens = {host: login(host) for host in ("demo.localhost", "acme.localhost")}
    before = owed_snapshot()
    load = Load(tokens=tokens, withholds=queue.Queue(), run_id=run_id)
    for op in ops:
        load.withholds.put(op)
    log(
        f"{len(ops)} withholds, then withdrawals, {THREADS} clients for {LOAD_SECONDS:.0f} s;"
        f" switchover in {SWITCH_AFTER} s"
    )
    load.stop_at = time.monotonic() + LOAD_SECONDS
    threads = [threading.Thread(target=load.worker, daemon=True) for _ in range(THREADS)]
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
        thread.join(timeout=LOAD_SECONDS + 2 * OP_GIVE_UP)
    done = list(load.done)
    withholds = [op for op in done if op.kind == "withhold"]
    log(f"load over: {len(done)} calls answered, {len(withholds)} of {len(ops)} withholds")

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
    unanswered = [op for op in done if not op.final or op.final[0] != 200]
    if served_500:
        problems.append(f"{len(served_500)} calls answered 500")
    if unanswered:
        problems.append(f"{len(unanswered)} calls never answered")
    if not withholds:
        problems.append("no withhold was made: the showcase has no unpaid bill to withhold")
    if not retried:
        problems.append("no call was in flight while the primary changed: the drill proved nothing")

    rejoined = wait(90, f"{old} as the synchronous standby", lambda: patroni(old, "/sync") == 200)
    if rejoined is None:
        problems.append(f"{old} did not come back as the synchronous standby within 90 s")

    # Every write acknowledged is there; the withholds settle through the worker's callbacks.
    missing = acknowledged_missing(acknowledged)
    if missing:
        problems.append(f"RPO: {len(missing)} acknowledged writes missing: {missing[:5]}")

    def settled() -> bool:
        """No withhold of this drill still processing (the showcase leaves some of its own
        in flight on purpose)."""
        return not any(
            sql(
                f"select 1 from {schema}.billing_billpayment "  # noqa: S608
                "where status = 'processing' and idempotency_key like %s",
                f"zl-{run_id}-%",
            )
            for schema in ("m_demo", "m_acme")
        )

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
    # No beat on the small topology: the drill sends beat's webhook sweep itself.
    webhooks = webhook_check(problems, sweep=True, seconds=60)

    figures: dict[str, Any] = {
        "run": run_id,
        "switched": f"{old} -> {new}",
        "switchover_command_s": round(switch_seconds, 1),
        "writes_paused_s": paused,
        "withholds_planned": len(ops),
        "withholds": len(withholds),
        "calls": len(attempts),
        "calls_not_served": len(not_served),
        "writes_retried_across_switch": len(retried),
        "answered_500": len(served_500),
        "acknowledged": len(acknowledged),
        "refused_by_rules": len(refused),
        "rpo_missing": len(missing),
        "bills_paid_twice": len(twice),
        "settled_after_s": round(settle_s, 1) if settle_s is not None else None,
        "old_primary_rejoined_s": round(rejoined, 1) if rejoined is not None else None,
        "ledger_check_exit": ledger.returncode,
        "ledger_agreement_exit": agreement.returncode,
        "webhooks": webhooks,
        "problems": problems,
    }
    (RUN / "drill-switchover.json").write_text(json.dumps(figures, indent=2))
    print(json.dumps(figures, indent=2))
    if problems:
        log("FAILED: " + "; ".join(problems))
        return 1
    log(
        f"PASSED: {len(retried)} writes in flight across the switch, all answered; "
        f"{len(not_served)} calls answered 503 or unanswered meanwhile, 0 answered 500; "
        f"RPO 0 ({len(acknowledged)} acknowledged, all present, withholds settled); books "
        f"balanced; webhooks to the demo's receiver: {webhooks['delivered']} delivered, "
        f"{webhooks['failed']} failed, 0 refused for their address"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
