"""`make drill-restore` (issue 40): backups restore to a chosen moment, to the cent.

On a cluster brought up by infra/cluster/cluster.sh (WAL archived by pgBackRest from whichever
server is primary into the local repository .run/cluster/backrest): a full backup, money moving
(withdrawals applied and cancelled, bill withholds, as in drill_failover.py), an incremental
backup, money moving, then the chosen point T: the clients pause, the sandbox's callbacks
settle, every ledger account's balance of every schema is recorded with the server's clock
(T), and the private files are archived beside the backups; then money moves on (these moves
must not come back), the last WAL is archived (`pgbackrest check`), and the database is
restored into a fresh instance on its own host (zl-restore) to T (`--type=time`, promoted
at the target), the private files from their archive of T.

Checks (exit 1 on any): the restored instance's every ledger account equals its balance
recorded at T to the cent; the withdrawals acknowledged before T are there and none made after
T is; `ledger_check --all` and `ledger_agreement` pass on it; every private file its rows name
is there. Figures: full and incremental backup seconds and sizes, restore seconds, T and the
recovered point. Written to .run/cluster/drill-restore.json.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import tarfile
import threading
import time
import uuid
from decimal import Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import drill_failover as base  # noqa: E402

RUN = base.RUN
RESTORE_IP = "198.18.0.60"
RESTORE_DSN = f"postgresql://postgres@{RESTORE_IP}:5432/zulin"
PGBIN = "/usr/lib/postgresql/15/bin"
LOAD_SECONDS = float(os.environ.get("ZL_RESTORE_LOAD_SECONDS", "8"))
# ZL_RESTORE_MERCHANTS=1000: the database filled to that many merchants before the backups
# (infra/cluster/fill_merchants.py), for the figures at 1,000 merchants.
MERCHANTS = int(os.environ.get("ZL_RESTORE_MERCHANTS", "0"))
log = base.log


def backrest(host: str, config: Path, *args: str, timeout: float = 900) -> str:
    done = subprocess.run(
        ["ip", "netns", "exec", f"zl-{host}", "runuser", "-u", "postgres", "--", "pgbackrest"]
        + [f"--config={config}", "--stanza=zulin", "--log-level-console=warn", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"pgbackrest {' '.join(args)}: {done.stdout[-800:]}{done.stderr[-800:]}")
    return done.stdout


def move_money(load: base.Load, seconds: float) -> int:
    """Clients for `seconds`; returns the calls they made."""
    before = len(load.done)
    load.stop_at = time.monotonic() + seconds
    threads = [threading.Thread(target=load.worker, daemon=True) for _ in range(base.THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + base.OP_GIVE_UP + 30)
    return len(load.done) - before


def balances(dsn: str) -> dict[str, str]:
    """Every ledger account's balance of every schema, and the server's clock, read in one
    snapshot (repeatable read)."""
    import psycopg

    found: dict[str, str] = {}
    with psycopg.connect(dsn, connect_timeout=5) as conn:
        conn.execute("set transaction isolation level repeatable read")
        found["_at"] = str(conn.execute("select clock_timestamp()").fetchone()[0])  # type: ignore[index]
        schemas = [
            row[0]
            for row in conn.execute(
                "select table_schema from information_schema.tables "
                "where table_name = 'ledger_account' order by 1"
            ).fetchall()
        ]
        for schema in schemas:
            for code, sub_key, balance in conn.execute(
                f"select code, sub_key, balance from {schema}.ledger_account order by id"
            ).fetchall():
                found[f"{schema}:{code}:{sub_key}"] = str(Decimal(balance))
    return found


def stored_files(dsn: str) -> list[str]:
    import psycopg

    paths: list[str] = []
    with psycopg.connect(dsn, connect_timeout=5) as conn:
        schemas = [
            row[0]
            for row in conn.execute(
                "select table_schema from information_schema.tables "
                "where table_name = 'files_storedfile' order by 1"
            ).fetchall()
        ]
        for schema in schemas:
            paths += [row[0] for row in conn.execute(f"select path from {schema}.files_storedfile")]
    return paths


def backup_info(config: Path, host: str) -> list[dict]:
    info = json.loads(backrest(host, config, "info", "--output=json"))
    backups = info[0]["backup"] if info else []
    return [
        {
            "label": backup["label"],
            "type": backup["type"],
            "seconds": backup["timestamp"]["stop"] - backup["timestamp"]["start"],
            "database_bytes": backup["info"]["size"],
            "repository_bytes": backup["info"]["repository"]["delta"],
        }
        for backup in backups
    ]


def restore_host() -> None:
    """The fresh host: its own namespace on the bridge (zl-restore)."""
    subprocess.run(["bash", "-c", RESTORE_NET], check=True)


RESTORE_NET = f"""
set -e
ip netns add zl-restore
ip link add zl-restore type veth peer name zl-restore-p
ip link set zl-restore-p netns zl-restore
ip -n zl-restore link set zl-restore-p name eth0
ip -n zl-restore addr add {RESTORE_IP}/24 dev eth0
ip -n zl-restore link set eth0 up
ip -n zl-restore link set lo up
ip link set zl-restore master zl-br0
ip link set zl-restore up
"""


def main() -> int:
    run_id = uuid.uuid4().hex[:8]
    problems: list[str] = []
    primary = base.primary()
    if primary is None:
        log("no primary: is the cluster up?")
        return 1
    config = RUN / primary / "pgbackrest.conf"
    tokens = {host: base.login(host) for host in ("demo.localhost", "acme.localhost")}
    load = base.Load(tokens=tokens, withholds=queue.Queue(), run_id=run_id)
    for op in base.plan(run_id):
        load.withholds.put(op)

    if MERCHANTS:
        started = time.monotonic()
        filled = subprocess.run(
            [
                str(base.ROOT / ".venv/bin/python"),
                "infra/cluster/fill_merchants.py",
                str(MERCHANTS),
            ],
            cwd=base.ROOT,
            env=base.env(),
            capture_output=True,
            text=True,
            timeout=3600,
            check=False,
        )
        log(f"fill: exit {filled.returncode}: {(filled.stdout + filled.stderr).strip()[-300:]}")
        if filled.returncode != 0:
            return 1
    merchants, database_bytes = base.sql(
        "select count(*), pg_database_size(current_database()) from public.merchants_merchant"
    )[0]
    log(
        f"full backup on {primary}: {merchants} merchants,"
        f" database {database_bytes / 2**20:.0f} MiB"
    )
    started = time.monotonic()
    backrest(primary, config, "backup", "--type=full")
    full_seconds = time.monotonic() - started
    calls = move_money(load, LOAD_SECONDS)
    log(f"full backup {full_seconds:.1f} s; then {calls} calls")
    started = time.monotonic()
    backrest(primary, config, "backup", "--type=incr")
    incr_seconds = time.monotonic() - started
    calls = move_money(load, LOAD_SECONDS)
    log(f"incremental backup {incr_seconds:.1f} s; then {calls} calls")

    # --- the chosen point
    time.sleep(3)  # the sandbox's callbacks of the last withholds (2 s)
    recorded = balances(base.DSN)
    target = recorded.pop("_at")
    before_t = {op.key for op in load.done if op.kind == "withdrawal" and op.acknowledged}
    private_root = RUN / "shared" / "private"
    archive = RUN / "backrest" / f"private-{run_id}.tar"
    started = time.monotonic()
    with tarfile.open(archive, "w") as tar:
        tar.add(private_root, arcname="private")
    files_seconds = time.monotonic() - started
    log(f"T = {target}: {len(recorded)} ledger balances recorded; private files archived")
    time.sleep(1)
    calls = move_money(load, LOAD_SECONDS)
    after_t = {op.key for op in load.done if op.kind == "withdrawal" and op.acknowledged} - before_t
    log(f"after T: {calls} calls ({len(after_t)} withdrawals that must not come back)")
    backrest(primary, config, "check")  # the last WAL archived

    # --- restore into a fresh instance
    restore_host()
    directory = RUN / "restore"
    directory.mkdir(parents=True, exist_ok=True)
    restore_config = directory / "pgbackrest.conf"
    restore_config.write_text(
        config.read_text()
        .replace(str(RUN / primary / "data"), str(directory / "data"))
        .replace(f"pg1-socket-path={RUN / primary}", f"pg1-socket-path={directory}")
        .replace(f"log-path={RUN / primary}", f"log-path={directory}")
        .replace(f"{RUN / primary}/backrest-", f"{directory}/backrest-")
    )
    subprocess.run(["chown", "-R", "postgres:postgres", str(directory)], check=True)
    started = time.monotonic()
    subprocess.run(
        ["ip", "netns", "exec", "zl-restore", "runuser", "-u", "postgres", "--", "pgbackrest"]
        + [f"--config={restore_config}", "--stanza=zulin", "--log-level-console=warn"]
        + ["--type=time", f"--target={target}", "--target-action=promote", "restore"],
        check=True,
        timeout=900,
    )
    options = (
        f"-c listen_addresses={RESTORE_IP},127.0.0.1 -c port=5432 "
        f"-c unix_socket_directories={directory} -c archive_mode=off "
        "-c synchronous_standby_names='' -c hot_standby=on "
        f"-c hba_file={directory}/pg_hba.conf -c ident_file={directory}/pg_ident.conf"
    )
    (directory / "pg_hba.conf").write_text(
        "local all all trust\nhost all all 198.18.0.0/24 trust\nhost all all 127.0.0.1/32 trust\n"
    )
    (directory / "pg_ident.conf").write_text("")
    subprocess.run(["chown", "-R", "postgres:postgres", str(directory)], check=True)
    subprocess.run(
        ["ip", "netns", "exec", "zl-restore", "runuser", "-u", "postgres", "--"]
        + [f"{PGBIN}/pg_ctl", "-D", str(directory / "data"), "-l", str(directory / "postgres.log")]
        + ["-o", options, "-w", "-t", "300", "start"],
        check=True,
        timeout=330,
    )
    promoted = base.wait(300, "the restored instance promoted", lambda: _promoted())
    restore_seconds = time.monotonic() - started
    log(f"restored and promoted in {restore_seconds:.1f} s")
    if promoted is None:
        problems.append("the restored instance was not promoted")
    recovered_point = _recovered_point(directory / "postgres.log")

    # --- the restored books
    restored = balances(RESTORE_DSN)
    restored.pop("_at")
    differences = [
        (key, recorded.get(key), restored.get(key))
        for key in sorted(set(recorded) | set(restored))
        if recorded.get(key) != restored.get(key)
    ]
    if differences:
        problems.append(f"{len(differences)} balances differ from T: {differences[:5]}")
    import psycopg

    with psycopg.connect(RESTORE_DSN, connect_timeout=5) as conn:
        present = {
            row[0]
            for row in conn.execute(
                "select idempotency_key from public.finance_withdrawal "
                "where idempotency_key like %s",
                (f"zl-{run_id}-%",),
            )
        }
    lost_before = before_t - present
    came_back = after_t & present
    if lost_before:
        problems.append(f"{len(lost_before)} withdrawals acknowledged before T missing")
    if came_back:
        problems.append(f"{len(came_back)} withdrawals made after T came back")
    env = base.env()
    env["DATABASE_URL"] = RESTORE_DSN
    checks = {}
    for command in (("ledger_check", "--all"), ("ledger_agreement",)):
        done = subprocess.run(
            [str(base.ROOT / ".venv/bin/python"), "manage.py", *command],
            cwd=base.ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        checks[" ".join(command)] = done.returncode
        log(f"{' '.join(command)} on the restore: exit {done.returncode}")
        if done.returncode != 0:
            problems.append(f"{' '.join(command)} failed on the restore: {done.stderr[-300:]}")

    restored_private = directory / "files"
    with tarfile.open(archive) as tar:
        tar.extractall(restored_private, filter="data")
    paths = stored_files(RESTORE_DSN)
    missing_files = [p for p in paths if not (restored_private / "private" / p).is_file()]
    if missing_files:
        problems.append(f"{len(missing_files)} private files missing: {missing_files[:3]}")

    backups = backup_info(config, primary)
    figures = {
        "run": run_id,
        "backups": backups,
        "merchants": merchants,
        "database_bytes": database_bytes,
        "full_backup_s": round(full_seconds, 1),
        "incremental_backup_s": round(incr_seconds, 1),
        "private_files_archive_s": round(files_seconds, 2),
        "private_files_bytes": archive.stat().st_size,
        "target_time": target,
        "recovered_point": recovered_point,
        "restore_s": round(restore_seconds, 1),
        "balances_compared": len(recorded),
        "balances_different": len(differences),
        "withdrawals_before_t": len(before_t),
        "withdrawals_after_t": len(after_t),
        "lost_before_t": len(lost_before),
        "came_back_after_t": len(came_back),
        "checks": checks,
        "private_files_named": len(paths),
        "private_files_missing": len(missing_files),
        "problems": problems,
    }
    (RUN / "drill-restore.json").write_text(json.dumps(figures, indent=2, default=str))
    print(json.dumps(figures, indent=2, default=str))
    if problems:
        log("FAILED: " + "; ".join(problems))
        return 1
    log(
        f"PASSED: restored to {target} in {restore_seconds:.1f} s; {len(recorded)} balances equal "
        f"to the cent; full backup {full_seconds:.1f} s, incremental {incr_seconds:.1f} s"
    )
    return 0


def _promoted() -> bool:
    try:
        import psycopg

        with psycopg.connect(RESTORE_DSN, connect_timeout=2) as conn:
            return not conn.execute("select pg_is_in_recovery()").fetchone()[0]  # type: ignore[index]
    except Exception:
        return False


def _recovered_point(postgres_log: Path) -> Any:
    for line in postgres_log.read_text(errors="replace").splitlines():
        if "recovery stopping" in line or "last completed transaction was at" in line:
            return line.split("LOG:", 1)[-1].strip()
    return None


if __name__ == "__main__":
    sys.exit(main())
