"""`make drill-failover` (issue 40): the primary's host is lost under load, and nothing
acknowledged is lost.

On a cluster brought up by infra/cluster/cluster.sh: client threads call the API through
HAProxy — bill withholds (`/api/v2/BillPayment`) of the demo and acme shops and withdrawals
(`/api/finance/applyWithdraw`) of the demo shop, each with its idempotency key, retried with the
same key after a 503 or a broken connection as a client does — while the night's money jobs
run on the workers. Then the primary's host is cut off (its link down) and its PostgreSQL and
Patroni are killed (-9). Patroni promotes the synchronous standby; HAProxy follows Patroni's
`/primary`.

Figures: RTO (seconds from the kill until a write succeeds again, as the clients saw it; and
until Patroni reported the new primary), calls answered 503 meanwhile, calls answered 500
(must be 0), RPO (acknowledged writes missing afterwards: must be 0). Then the proof: every
acknowledged withhold and withdrawal present, no bill paid twice nor beyond its amount, the
night finished by running it again, `ledger_check --all` and `ledger_agreement` clean, the old
primary back as the synchronous standby, and the demo shop's webhook deliveries to the sandbox
receiver behind the entry delivered (counted; none refused for its address under the cluster's
WEBHOOKS_HTTP_ALLOWED / WEBHOOKS_ALLOWED_NETWORKS, none failed). Exit 1 on any of these
failing. Results are written to .run/cluster/drill-failover.json.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import queue
import random
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RUN = ROOT / ".run" / "cluster"
ENTRY = "198.18.0.20"
DB_HOSTS = {"db1": "198.18.0.11", "db2": "198.18.0.12"}
DSN = f"postgresql://postgres@{ENTRY}:5432/zulin"
PASSWORD = "Zulin@2026"
THREADS = int(os.environ.get("ZL_DRILL_THREADS", "6"))
KILL_AFTER = float(os.environ.get("ZL_DRILL_KILL_AFTER", "8"))
LOAD_SECONDS = float(os.environ.get("ZL_DRILL_LOAD_SECONDS", "45"))
OP_GIVE_UP = 45.0  # a client retries one call this long at most
PACE = float(os.environ.get("ZL_DRILL_PACE", "0.3"))  # seconds between one client's calls
SHOP = "demo.localhost"


def patroni_command(name: str) -> str:
    """Patroni's command `name` (patroni, patronictl) as the cluster runs it: from its own
    virtualenv (infra/cluster/cluster.sh, ZL_PATRONI=pypi, the default) or Debian's."""
    if os.environ.get("ZL_PATRONI", "pypi") == "debian":
        return name
    return str(ROOT / ".run" / "patroni-venv" / "bin" / name)


def patroni_version() -> str:
    done = subprocess.run(
        [patroni_command("patroni"), "--version"], capture_output=True, text=True, check=False
    )
    return done.stdout.strip()


def patroni_timing() -> dict[str, str]:
    """ttl, loop_wait, retry_timeout and the synchronous mode the cluster was given."""
    import yaml

    config = yaml.safe_load((RUN / "db1" / "patroni.yml").read_text())["bootstrap"]["dcs"]
    names = ("ttl", "loop_wait", "retry_timeout", "synchronous_mode", "synchronous_mode_strict")
    return {name: config.get(name) for name in names}


def log(message: str) -> None:
    print(f"[drill {time.strftime('%H:%M:%S')}] {message}", flush=True)


def call(host: str, path: str, body: dict | None, token: str | None = None) -> tuple[int, Any]:
    """(HTTP status, envelope) or (0, error text) when no answer came."""
    headers = {"Host": host, "Content-Type": "application/json"}
    if token:
        headers["jwt-token"] = token
    conn = http.client.HTTPConnection(ENTRY, 8000, timeout=15)
    try:
        conn.request("POST", path, body=json.dumps(body).encode(), headers=headers)
        response = conn.getresponse()
        raw = response.read()
        try:
            return response.status, json.loads(raw)
        except ValueError:
            return response.status, {"code": None, "raw": raw[:200].decode(errors="replace")}
    except OSError as exc:
        return 0, {"code": None, "error": str(exc)}
    finally:
        conn.close()


def login(host: str) -> str:
    status, answer = call(
        host, "/api/platform/mainLand", {"username": "owner", "password": PASSWORD}
    )
    assert status == 200 and answer["code"] == 200, answer
    return str(answer["data"]["token"])


@dataclass
class Op:
    kind: str  # withhold | withdrawal | cancel
    host: str
    schema: str
    path: str
    body: dict
    key: str
    attempts: list[tuple[float, int, Any]] = field(default_factory=list)
    final: tuple[int, Any] | None = None

    @property
    def acknowledged(self) -> bool:
        return bool(self.final and self.final[0] == 200 and self.final[1].get("code") == 200)


@dataclass
class Load:
    """Client threads until `stop_at`: each takes the next withhold while there are any, or
    else applies for a withdrawal of 1.00 and cancels it (two money writes that leave the
    balance as it was), one call every PACE seconds, retrying a call with the same key after
    a 503 or no answer, as a client does."""

    tokens: dict[str, str]
    withholds: queue.Queue
    run_id: str
    done: list[Op] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    stop_at: float = 0.0
    counter: int = 0

    def send(self, op: Op) -> Op:
        given_up = time.monotonic() + OP_GIVE_UP
        while True:
            status, answer = call(op.host, op.path, op.body, self.tokens[op.host])
            code = answer.get("code") if isinstance(answer, dict) else None
            op.attempts.append((time.monotonic(), status, code))
            retry = status in (0, 502, 503, 504) or code == 503
            if not retry or time.monotonic() > given_up:
                op.final = (status, answer)
                break
            time.sleep(0.25)
        with self.lock:
            self.done.append(op)
        return op

    def withdrawal(self) -> None:
        with self.lock:
            self.counter += 1
            key = f"zl-{self.run_id}-d-{self.counter:05d}"
        body = {"amount": "1.00", "idempotency_key": key}
        applied = self.send(
            Op("withdrawal", SHOP, "m_demo", "/api/finance/applyWithdraw", body, key)
        )
        if applied.acknowledged and applied.final:
            withdrawal_id = applied.final[1]["data"]["id"]
            time.sleep(PACE)
            self.send(
                Op(
                    "cancel",
                    SHOP,
                    "m_demo",
                    "/api/finance/cancelWithdraw",
                    {"id": withdrawal_id},
                    key,
                )
            )

    def worker(self) -> None:
        while time.monotonic() < self.stop_at:
            try:
                self.send(self.withholds.get_nowait())
            except queue.Empty:
                self.withdrawal()
            time.sleep(PACE)


def acknowledged_missing(acknowledged: list[Op]) -> list[str]:
    """The acknowledged writes not on the primary now (a cancel: its withdrawal not
    cancelled)."""
    missing: list[str] = []
    for op in acknowledged:
        if op.kind == "withhold":
            rows = sql(
                f"select status from {op.schema}.billing_billpayment where idempotency_key = %s",  # noqa: S608
                op.key,
            )
        else:
            rows = sql(
                "select status from public.finance_withdrawal where idempotency_key = %s", op.key
            )
        if not rows or (op.kind == "cancel" and rows[0][0] != "cancelled"):
            missing.append(f"{op.kind} {op.key} {rows}")
    return missing


def sql(query: str, *params: Any) -> list[tuple]:
    import psycopg

    with psycopg.connect(DSN, connect_timeout=5) as conn:
        return conn.execute(query, params).fetchall()  # type: ignore[arg-type]


def patroni(host: str, path: str) -> int:
    try:
        conn = http.client.HTTPConnection(DB_HOSTS[host], 8008, timeout=1)
        conn.request("GET", path)
        status = conn.getresponse().status
        conn.close()
        return status
    except OSError:
        return 0


def primary() -> str | None:
    for host in DB_HOSTS:
        if patroni(host, "/primary") == 200:
            return host
    return None


def ns_pids(host: str, names: tuple[str, ...]) -> list[int]:
    out = subprocess.run(
        ["ip", "netns", "pids", f"zl-{host}"], capture_output=True, text=True, check=False
    ).stdout.split()
    found = []
    for pid in out:
        try:
            comm = Path(f"/proc/{pid}/comm").read_text().strip()
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        if comm in names or any(name in cmdline for name in names if name == "patroni"):
            found.append(int(pid))
    return found


def lose_host(host: str) -> None:
    """The host gone: its link cut, then its PostgreSQL and Patroni killed (-9)."""
    subprocess.run(["ip", "link", "set", f"zl-{host}", "down"], check=True)
    for pid in ns_pids(host, ("postgres", "patroni")):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, 9)


def env() -> dict[str, str]:
    """The cluster's app environment (.run/cluster/env) for manage.py and night.py."""
    out = subprocess.run(
        ["bash", "-c", f"source {RUN / 'env'} && env -0"], capture_output=True, check=True
    ).stdout
    return dict(item.split("=", 1) for item in out.decode().split("\0") if "=" in item)


def manage(*args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(ROOT / ".venv/bin/python"), "manage.py", *args],
        cwd=ROOT,
        env=env(),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def night(mode: str, timeout: float = 300) -> dict:
    done = subprocess.run(
        [str(ROOT / ".venv/bin/python"), "infra/cluster/night.py", mode, "--timeout", str(timeout)],
        cwd=ROOT,
        env=env(),
        capture_output=True,
        text=True,
        timeout=timeout + 60,
        check=False,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    result = json.loads(lines[-1]) if lines else {"error": done.stderr[-800:]}
    result["exit"] = done.returncode
    return result


def plan(run_id: str) -> list[Op]:
    """One withhold per running order of the demo and acme shops: its oldest unpaid bill
    (a later one is refused, older bill first)."""
    ops: list[Op] = []
    for slug in ("demo", "acme"):
        bills = sql(
            f"select distinct on (b.order_id) b.order_id, b.period from m_{slug}.billing_bill b "  # noqa: S608
            f"join m_{slug}.orders_order o on o.id = b.order_id "
            "where b.status in ('unpaid', 'overdue') and o.status in ('in_lease', 'overdue') "
            "order by b.order_id, b.period"
        )
        for order_id, period in bills:
            key = f"zl-{run_id}-w-{slug}-{order_id}-{period}"
            body = {"order_id": order_id, "period": period, "idempotency_key": key}
            path = "/api/v2/BillPayment"
            ops.append(Op("withhold", f"{slug}.localhost", f"m_{slug}", path, body, key))
    random.Random(run_id).shuffle(ops)
    return ops


def owed_snapshot() -> dict[tuple[str, int], int]:
    """Succeeded payments per bill of the two shops, before the load."""
    counts: dict[tuple[str, int], int] = {}
    for slug in ("demo", "acme"):
        for bill_id, count in sql(
            f"select bill_id, count(*) from m_{slug}.billing_billpayment "  # noqa: S608
            "where status = 'succeeded' group by bill_id"
        ):
            counts[(slug, bill_id)] = count
    return counts


def overpaid(before: dict[tuple[str, int], int]) -> list[tuple]:
    """Bills charged twice: more than one succeeded payment made since the load began, more
    paid than the bill's amount, or succeeded payments above what the bill could ever owe
    (its amount and its late fee)."""
    found: list[tuple] = []
    after = owed_snapshot()
    for (slug, bill_id), count in after.items():
        if count - before.get((slug, bill_id), 0) > 1:
            found.append((slug, bill_id, "succeeded payments since the load", count))
    for slug in ("demo", "acme"):
        found += sql(
            f"select '{slug}', b.id, b.paid_amount, b.amount from m_{slug}.billing_bill b "  # noqa: S608
            "where b.paid_amount > b.amount"
        )
        found += sql(
            f"select '{slug}', b.id, sum(p.amount), b.amount + b.late_fee "  # noqa: S608
            f"from m_{slug}.billing_bill b join m_{slug}.billing_billpayment p "
            "on p.bill_id = b.id and p.status = 'succeeded' "
            "group by b.id having sum(p.amount) > b.amount + b.late_fee"
        )
    return found


def wait(seconds: float, what: str, check: Any) -> float | None:
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if check():
            return time.monotonic() - started
        time.sleep(0.25)
    log(f"gave up after {seconds:.0f} s waiting for {what}")
    return None


# The demo's webhook endpoint (apps/webhooks/demo.py): the sandbox receiver behind the entry,
# allowed only by the cluster's environment (WEBHOOKS_HTTP_ALLOWED, WEBHOOKS_ALLOWED_NETWORKS).
RECEIVER_PATH = "/api/sandbox/webhooks/receive"
# How an attempt refused for its address reads (zulin/webhooks/addresses.py AddressRefused,
# sender.deliver): nothing was sent.
ADDRESS_REFUSED = ("%): refused", "the name did not resolve%")


def webhook_counts() -> dict[str, Any]:
    """The demo endpoint's deliveries by status, its attempts, those refused for their
    address, and the commonest other failures."""
    found = sql(
        "select id, url from m_demo.webhooks_webhookendpoint where url like %s",
        f"%{RECEIVER_PATH}",
    )
    if not found:
        return {"endpoint": None}
    endpoint_id, url = found[0]
    statuses = dict(
        sql(
            "select status, count(*) from m_demo.webhooks_webhookdelivery "
            "where endpoint_id = %s group by status",
            endpoint_id,
        )
    )
    attempts = "m_demo.webhooks_webhookattempt a join m_demo.webhooks_webhookdelivery d "
    attempts += "on d.id = a.delivery_id where d.endpoint_id = %s"
    refused = "(a.error like %s or a.error like %s)"
    total, address = sql(
        f"select count(*), count(*) filter (where {refused}) from {attempts}",  # noqa: S608
        *ADDRESS_REFUSED,
        endpoint_id,
    )[0]
    others = sql(
        f"select coalesce(a.status_code::text, '-'), left(a.error, 100), count(*) "  # noqa: S608
        f"from {attempts} and (a.status_code is null or a.status_code >= 300) "
        f"and not {refused} group by 1, 2 order by 3 desc limit 5",
        endpoint_id,
        *ADDRESS_REFUSED,
    )
    later = sql(
        "select count(*) from m_demo.webhooks_webhookdelivery where endpoint_id = %s "
        "and status = 'pending' and next_attempt_at > now() + interval '60 seconds'",
        endpoint_id,
    )[0][0]
    return {
        "endpoint": url,
        "deliveries": sum(statuses.values()),
        "delivered": statuses.get("delivered", 0),
        "pending": statuses.get("pending", 0),
        "pending_retry_later": later,
        "failed": statuses.get("failed", 0),
        "attempts": total,
        "refused_for_address": address,
        "other_failed_attempts": [list(row) for row in others],
    }


def webhook_check(problems: list[str], *, sweep: bool, seconds: float = 90) -> dict[str, Any]:
    """The demo endpoint's deliveries succeed in the cluster: waits (at most `seconds`) until
    none is pending with an attempt due within a minute (a retry after the receiver's 503 comes
    5 s later, then 5 min), then counts. With `sweep` (a topology without beat) the drill sends
    beat's webhook sweep itself every few seconds. Fails the drill on an attempt refused for
    its address, a failed delivery, or no delivery at all."""
    started = time.monotonic()
    counts = webhook_counts()
    while counts.get("endpoint") and time.monotonic() - started < seconds:
        if counts["pending"] == counts["pending_retry_later"] or counts["refused_for_address"]:
            break
        if sweep:
            manage(
                "shell",
                "-c",
                "from tenants.merchants.tasks import webhooks_sweep; webhooks_sweep()",
                timeout=60,
            )
        time.sleep(3)
        counts = webhook_counts()
    log(f"webhooks to the demo's receiver: {counts}")
    if not counts.get("endpoint"):
        problems.append("the demo shop has no webhook endpoint at the sandbox receiver")
        return counts
    if counts["refused_for_address"]:
        problems.append(
            f"webhooks: {counts['refused_for_address']} attempts refused for their address "
            "(WEBHOOKS_HTTP_ALLOWED / WEBHOOKS_ALLOWED_NETWORKS of the cluster)"
        )
    if counts["failed"]:
        problems.append(f"webhooks: {counts['failed']} deliveries failed")
    if not counts["delivered"]:
        problems.append("webhooks: no delivery reached the demo's receiver")
    return counts


def primary_and_other() -> tuple[str, str] | None:
    """(the primary, the other database host), or None (said) when no primary answers."""
    old = primary()
    if old is None:
        log("no primary: is the cluster up?")
        return None
    return old, next(host for host in DB_HOSTS if host != old)


def main() -> int:
    run_id = uuid.uuid4().hex[:8]
    problems: list[str] = []
    hosts = primary_and_other()
    if hosts is None:
        return 1
    old, standby = hosts
    settings = sql("select current_setting('synchronous_standby_names')")[0][0]
    log(f"primary {old}, synchronous standby {standby} (synchronous_standby_names={settings!r})")

    tokens = {host: login(host) for host in ("demo.localhost", "acme.localhost")}
    ops = plan(run_id)
    log(f"{len(ops)} withholds planned, withdrawals (apply, cancel) in between; {THREADS} clients")
    load = Load(tokens=tokens, withholds=queue.Queue(), run_id=run_id)
    for op in ops:
        load.withholds.put(op)
    before = owed_snapshot()
    night_sent = night("send")
    log(f"night sent: {night_sent}")
    load.stop_at = time.monotonic() + LOAD_SECONDS
    threads = [threading.Thread(target=load.worker, daemon=True) for _ in range(THREADS)]
    for thread in threads:
        thread.start()

    time.sleep(KILL_AFTER)
    killed_at = time.monotonic()
    log(f"losing {old}: link down, PostgreSQL and Patroni killed (-9)")
    lose_host(old)
    promoted = wait(60, f"{standby} to become primary", lambda: patroni(standby, "/primary") == 200)
    log(
        f"Patroni: {standby} primary after {promoted if promoted is None else round(promoted, 1)} s"
    )
    for thread in threads:
        thread.join(timeout=LOAD_SECONDS + OP_GIVE_UP + 30)
    log(f"load over: {len(load.done)} calls finished")

    # --- figures from the clients' side -----------------------------------------------------
    attempts = [(t, status, code, op) for op in load.done for (t, status, code) in op.attempts]
    served_500 = [a for a in attempts if a[1] == 500 or a[2] == 500]
    served_503 = [a for a in attempts if a[1] == 503 or a[2] == 503]
    no_answer = [a for a in attempts if a[1] == 0]
    after = sorted(a for a in attempts if a[0] > killed_at)
    first_ok = next((t for t, status, code, _ in after if status == 200 and code == 200), None)
    last_fail = max(
        (t for t, status, code, _ in after if status != 200 or code == 503), default=None
    )
    rto = round(first_ok - killed_at, 1) if first_ok else None
    acknowledged = [
        op for op in load.done if op.final and op.final[0] == 200 and op.final[1].get("code") == 200
    ]
    refused = [
        op
        for op in load.done
        if op.final and op.final[0] == 200 and op.final[1].get("code") not in (200, 503)
    ]
    unanswered = [op for op in load.done if not op.final or op.final[0] != 200]
    if rto is None:
        problems.append("no write succeeded after the kill")
    if served_500:
        problems.append(f"{len(served_500)} calls answered 500")

    # --- the old primary rejoins ---------------------------------------------------------------
    log(f"bringing {old} back: link up, Patroni started")
    subprocess.run(["ip", "link", "set", f"zl-{old}", "up"], check=True)
    subprocess.Popen(  # noqa: S603 (fixed argv)
        [
            "setsid",
            "ip",
            "netns",
            "exec",
            f"zl-{old}",
            "runuser",
            "-u",
            "postgres",
            "--",
            patroni_command("patroni"),
            str(RUN / old / "patroni.yml"),
        ],
        stdout=open(RUN / "logs" / f"patroni-{old}.log", "a"),  # noqa: SIM115
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    rejoined = wait(120, f"{old} as synchronous standby", lambda: patroni(old, "/sync") == 200)
    if rejoined is None:
        problems.append(f"{old} did not rejoin as the synchronous standby within 120 s")
    else:
        log(f"{old} is the synchronous standby again after {rejoined:.1f} s")

    # --- nothing acknowledged lost ---------------------------------------------------------------
    missing = acknowledged_missing(acknowledged)
    if missing:
        problems.append(f"RPO: {len(missing)} acknowledged writes missing: {missing[:5]}")
    twice = overpaid(before)
    if twice:
        problems.append(f"bills paid twice or beyond what they owe: {twice[:5]}")

    # --- the night finished by running it again; the books ----------------------------------------
    night_again = night("run", timeout=300)
    log(f"night run again: {night_again}")
    if night_again.get("exit") != 0:
        problems.append(f"the night did not finish when run again: {night_again}")
    time.sleep(3)  # the sandbox's last callbacks (SANDBOX_COMPLETE_SECONDS=2)
    ledger = manage("ledger_check", "--all")
    agreement = manage("ledger_agreement")
    for name, done in (("ledger_check --all", ledger), ("ledger_agreement", agreement)):
        log(f"{name}: exit {done.returncode}: {(done.stdout + done.stderr).strip()[-300:]}")
    if ledger.returncode != 0:
        problems.append("ledger_check --all failed")
    if agreement.returncode != 0:
        problems.append("ledger_agreement failed")
    webhooks = webhook_check(problems, sweep=False)

    figures = {
        "run": run_id,
        "patroni": patroni_version(),
        "settings": patroni_timing(),
        "killed": old,
        "promoted": standby,
        "patroni_promoted_after_s": round(promoted, 1) if promoted else None,
        "rto_s": rto,
        "last_failure_after_kill_s": round(last_fail - killed_at, 1) if last_fail else None,
        "calls": len(attempts),
        "answered_503": len(served_503),
        "no_answer": len(no_answer),
        "answered_500": len(served_500),
        "acknowledged": len(acknowledged),
        "acknowledged_withholds": sum(op.kind == "withhold" for op in acknowledged),
        "acknowledged_withdrawals": sum(op.kind == "withdrawal" for op in acknowledged),
        "acknowledged_cancels": sum(op.kind == "cancel" for op in acknowledged),
        "refused_by_rules": len(refused),
        "unanswered_after_retries": len(unanswered),
        "rpo_missing": len(missing),
        "bills_paid_twice": len(twice),
        "night_rerun": night_again,
        "ledger_check_exit": ledger.returncode,
        "ledger_agreement_exit": agreement.returncode,
        "old_primary_rejoined_s": round(rejoined, 1) if rejoined else None,
        "webhooks": webhooks,
        "problems": problems,
    }
    (RUN / "drill-failover.json").write_text(json.dumps(figures, indent=2, default=str))
    print(json.dumps(figures, indent=2, default=str))
    if refused:
        codes: dict[Any, int] = {}
        for op in refused:
            key = (op.kind, op.final[1].get("code") if op.final else None)
            codes[key] = codes.get(key, 0) + 1
        log(f"refused by the rules (business answers, not failures): {codes}")
    if problems:
        log("FAILED: " + "; ".join(problems))
        return 1
    log(
        f"PASSED: RTO {rto} s (Patroni {figures['patroni_promoted_after_s']} s), "
        f"{len(served_503)} answers 503, {len(no_answer)} without answer, 0 answers 500, RPO 0 "
        f"({len(acknowledged)} acknowledged writes all present); webhooks to the demo's "
        f"receiver: {webhooks['delivered']} delivered, {webhooks['failed']} failed, "
        f"{webhooks['pending']} pending, 0 refused for their address"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
