"""`make drill-workers` (issue 40): a worker host lost mid-night, and the broker lost.

On a cluster brought up by infra/cluster/cluster.sh (three worker hosts, `-Q celery,nightly`,
acks late, the broker's visibility timeout ZL_VISIBILITY_TIMEOUT = 30 s here):

1. **A worker host cut off mid-run.** The drill holds the demo shop's bills locked (`LOCK TABLE
   … IN EXCLUSIVE MODE`, as a long statement would), sends the night's money jobs the way beat's
   fan-out does (one task per merchant and job, routed to `nightly`), and waits until a worker
   host is running one of the demo's jobs (`celery inspect active`). That host's link is cut,
   the lock released. The unacknowledged tasks of the lost host are handed again to the other
   two hosts once the visibility timeout has passed (late acknowledgement), the server drops
   the lost host's session (TCP keepalives), and the night finishes.
2. **The broker lost.** With the nightly consumers paused, the night's jobs are queued; the
   broker's Redis is killed (-9) and started again on its append-only file: the queued tasks
   are there again, the consumers resume and the night finishes.
3. **Nothing twice.** No bill has two automatic withholds of one day, none is paid beyond what
   it owes, `ledger_check --all` and `ledger_agreement` pass, and the night run once more
   changes no row of any merchant schema. Exactly one beat runs.

Figures: tasks sent, active on the lost host, redelivered to others, the night's seconds,
tasks back after the broker restart, rows changed by the second run (must be 0), duplicates
(must be 0). Written to .run/cluster/drill-workers.json; exit 1 on any failure.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import drill_failover as base  # noqa: E402

RUN = base.RUN
log = base.log
NIGHT = ["orders.refresh_overdue", "orders.rent_run", "recovery.night"]
WORKERS = {"worker1": "198.18.0.31", "worker2": "198.18.0.32", "worker3": "198.18.0.33"}


def django_setup() -> Any:
    os.environ.update(base.env())
    sys.path[:0] = [str(base.ROOT / "platform"), str(base.ROOT)]
    import django

    django.setup()
    from zulin.celery import app

    return app


def send_night(app: Any) -> list[tuple[str, str, Any]]:
    from django_tenants.utils import tenant_context

    from tenants.merchants.tasks import merchants_for_jobs

    sent = []
    for job in NIGHT:
        for merchant in merchants_for_jobs(money=True).order_by("id"):
            with tenant_context(merchant):
                sent.append((job, merchant.schema_name, app.send_task(job)))
    return sent


def wait_results(sent: list[tuple[str, str, Any]], seconds: float) -> tuple[list, list]:
    deadline = time.monotonic() + seconds
    failed, unfinished = [], []
    for job, schema, result in sent:
        try:
            result.get(timeout=max(deadline - time.monotonic(), 0.1), propagate=False)
        except Exception:
            unfinished.append(f"{job}@{schema}")
            continue
        if result.state != "SUCCESS":
            failed.append(f"{job}@{schema}: {result.state}")
    return failed, unfinished


def row_counts() -> dict[str, int]:
    """Rows of every table of every merchant schema."""
    import psycopg

    counts: dict[str, int] = {}
    with psycopg.connect(base.DSN, connect_timeout=5) as conn:
        tables = conn.execute(
            "select table_schema, table_name from information_schema.tables "
            "where table_schema like 'm\\_%' and table_type = 'BASE TABLE' order by 1, 2"
        ).fetchall()
        for schema, table in tables:
            counts[f"{schema}.{table}"] = conn.execute(
                f'select count(*) from {schema}."{table}"'
            ).fetchone()[0]  # type: ignore[index]
    return counts


def duplicates() -> list[tuple]:
    found: list[tuple] = []
    for slug in ("demo", "acme"):
        found += base.sql(
            f"select '{slug}', bill_id, split_part(idempotency_key, ':', 3), count(*) "
            f"from m_{slug}.billing_billpayment where idempotency_key like 'auto:%%' "
            "group by 1, 2, 3 having count(*) > 1"
        )
    # Paid beyond the amount, or succeeded payments above what the bill could owe (the
    # count since a load does not apply here: partial payments are legitimate).
    return found + [
        row for row in base.overpaid({}) if row[2] != "succeeded payments since the load"
    ]


def beats() -> int:
    found = 0
    names = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True, check=True)
    for name in re.findall(r"^(zl-\S+)", names.stdout, re.M):
        pids = subprocess.run(
            ["ip", "netns", "pids", name], capture_output=True, text=True, check=False
        ).stdout.split()
        for pid in pids:
            try:
                args = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
            except OSError:
                continue
            # Celery sets its process title (setproctitle): beat's command line reads
            # "[celery beat] -A zulin.celery:app beat …" as one string, not argv words.
            words = args.replace("\0", " ").split()
            if words[:2] == ["[celery", "beat]"] or (
                "zulin.celery:app" in words and "beat" in words
            ):
                found += 1
    return found


def main() -> int:
    problems: list[str] = []
    app = django_setup()
    import psycopg
    from django.conf import settings

    visibility = settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]
    log(
        f"acks_late={settings.CELERY_TASK_ACKS_LATE}, visibility timeout {visibility} s, "
        f"routes: {sorted(set(r['queue'] for r in settings.CELERY_TASK_ROUTES.values()))}"
    )
    beat_count = beats()
    if beat_count != 1:
        problems.append(f"{beat_count} beats running, not one")

    # --- 1. a worker host lost mid-run ---------------------------------------------------------
    lock = psycopg.connect(base.DSN, connect_timeout=5)
    lock.execute(
        "lock table m_demo.billing_bill, m_demo.billing_billpayment, m_demo.ledger_account "
        "in exclusive mode"
    )
    started = time.monotonic()
    sent = send_night(app)
    log(f"night sent: {len(sent)} tasks; the demo's bills held locked")
    # The host to lose: one running a night task that is still running a moment later (held
    # by the lock), so that it is cut off mid-task.
    lost, lost_tasks = None, []
    seen: dict[str, str] = {}
    deadline = time.monotonic() + 60
    while lost is None and time.monotonic() < deadline:
        active = app.control.inspect(timeout=1.0).active() or {}
        for worker, tasks in sorted(active.items()):
            held = [t for t in tasks if t["name"] in NIGHT and seen.get(t["id"]) == worker]
            if held:
                lost = worker.split("@")[0]
                lost_tasks = [t["id"] for t in tasks]
                break
            seen.update({t["id"]: worker for t in tasks})
        time.sleep(1.5)
    if lost is None:
        lock.rollback()
        lock.close()
        problems.append("no worker took a demo job within 60 s")
        return finish({"problems": problems})
    log(f"cutting {lost} off (its link down) while it runs {len(lost_tasks)} tasks")
    subprocess.run(["ip", "link", "set", f"zl-{lost}", "down"], check=True)
    cut_at = time.monotonic()
    time.sleep(1)
    lock.rollback()  # the lock released: the other hosts' tasks go on
    lock.close()
    failed, unfinished = wait_results(sent, visibility + 180)
    night_seconds = time.monotonic() - started
    after_cut = time.monotonic() - cut_at
    redelivered = []
    for task_id in lost_tasks:
        for other in WORKERS:
            if other != lost and task_id in (RUN / "logs" / f"celery-{other}.log").read_text(
                errors="replace"
            ):
                redelivered.append((task_id, other))
                break
    log(
        f"night finished in {night_seconds:.1f} s ({after_cut:.1f} s after the cut): "
        f"{len(failed)} failed, {len(unfinished)} unfinished; {len(redelivered)} of the lost "
        f"host's {len(lost_tasks)} tasks run again on another host"
    )
    if failed or unfinished:
        problems.append(
            f"the night did not finish: failed {failed[:3]} unfinished {unfinished[:3]}"
        )
    if len(redelivered) != len(lost_tasks):
        problems.append(
            f"tasks of the lost host not redelivered: {len(lost_tasks) - len(redelivered)}"
        )

    # --- 2. the broker lost -------------------------------------------------------------------
    paused = app.control.cancel_consumer("nightly", reply=True, timeout=2)
    log(f"nightly consumers paused: {len(paused or [])} workers answered")
    time.sleep(2)
    queued = send_night(app)
    broker = base.env()["CELERY_BROKER_URL"]
    import redis

    client = redis.Redis.from_url(broker, socket_timeout=2)
    waiting_before = client.llen("nightly")
    time.sleep(1.5)  # appendfsync everysec
    pids = base.ns_pids("broker", ("redis-server",))
    for pid in pids:
        os.kill(pid, 9)
    log(f"broker killed (-9) with {waiting_before} tasks queued in `nightly`")
    time.sleep(1)
    subprocess.Popen(
        ["setsid", "ip", "netns", "exec", "zl-broker", "redis-server", "--bind", "198.18.0.50"]
        + ["--port", "6379", "--protected-mode", "no", "--dir", str(RUN / "broker")]
        + ["--appendonly", "yes", "--appendfsync", "everysec", "--save", ""]
        + ["--maxmemory-policy", "noeviction", "--daemonize", "no"],
        stdout=open(RUN / "logs" / "redis-broker.log", "a"),  # noqa: SIM115
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    back = base.wait(30, "the broker back", lambda: _llen(client) is not None)
    waiting_after = _llen(client) or 0
    log(f"broker back after {back} s with {waiting_after} tasks in `nightly`")
    if waiting_after < waiting_before:
        problems.append(f"broker restart lost tasks: {waiting_before} queued, {waiting_after} back")
    time.sleep(3)  # the workers reconnect
    for _ in range(10):  # the control connection to the restarted broker may need a retry
        try:
            app.control.add_consumer("nightly", reply=True, timeout=2)
            break
        except Exception as exc:
            log(f"add_consumer: {exc!r}; again")
            time.sleep(1)
    failed2, unfinished2 = wait_results(queued, 180)
    if failed2 or unfinished2:
        problems.append(f"queued night after the broker restart: {failed2[:3]} {unfinished2[:3]}")

    # --- 3. nothing twice ---------------------------------------------------------------------
    time.sleep(5)  # the sandbox settles the night's withholds (2 s) through callbacks
    before = row_counts()
    again = send_night(app)
    failed3, unfinished3 = wait_results(again, 180)
    time.sleep(5)
    after = row_counts()
    changed = {
        k: (before.get(k), after.get(k))
        for k in set(before) | set(after)
        if before.get(k) != after.get(k)
    }
    if failed3 or unfinished3:
        problems.append(f"second run did not finish: {failed3[:3]} {unfinished3[:3]}")
    if changed:
        problems.append(f"the second run changed rows: {sorted(changed.items())[:5]}")
    twice = duplicates()
    if twice:
        problems.append(f"charged twice: {twice[:5]}")
    checks = {}
    for command in (("ledger_check", "--all"), ("ledger_agreement",)):
        done = base.manage(*command)
        checks[" ".join(command)] = done.returncode
        if done.returncode != 0:
            problems.append(f"{' '.join(command)} failed: {(done.stdout + done.stderr)[-300:]}")
    return finish(
        {
            "visibility_timeout_s": visibility,
            "tasks_sent": len(sent),
            "lost_host": lost,
            "lost_host_active_tasks": len(lost_tasks),
            "redelivered_to_other_hosts": len(redelivered),
            "night_s": round(night_seconds, 1),
            "night_after_cut_s": round(after_cut, 1),
            "broker_queued_before_kill": waiting_before,
            "broker_queued_after_restart": waiting_after,
            "second_run_rows_changed": len(changed),
            "duplicates": len(twice),
            "beats": beat_count,
            "checks": checks,
            "problems": problems,
        }
    )


def _llen(client: Any) -> int | None:
    try:
        return int(client.llen("nightly"))
    except Exception:
        return None


def finish(figures: dict) -> int:
    (RUN / "drill-workers.json").write_text(json.dumps(figures, indent=2, default=str))
    print(json.dumps(figures, indent=2, default=str))
    if figures["problems"]:
        log("FAILED: " + "; ".join(figures["problems"]))
        return 1
    log("PASSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
