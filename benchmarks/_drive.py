"""Serving and driving under load, shared by the benchmarks: the API under gunicorn exactly as
`make run` serves it (infra/gunicorn.conf.py: sync workers, one per core), and drivers that
run in a second process with N threads (N concurrent clients), over HTTP or over raw psycopg.
Each driver reports requests/s and p99 over the whole run."""

from __future__ import annotations

import http.client
import multiprocessing as mp
import os
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# A free port unless BENCH_PORT names one: benchmarks of several checkouts may run at once.
PORT = int(os.environ.get("BENCH_PORT") or _free_port())
CONCURRENCY = int(os.environ.get("BENCH_CONCURRENCY", "8"))
WORKERS = int(os.environ.get("GUNICORN_WORKERS") or os.cpu_count() or 2)


@dataclass(frozen=True)
class Figure:
    rps: float
    p99_ms: float
    requests: int
    errors: int
    p95_ms: float = 0.0

    def __str__(self) -> str:
        errors = f", {self.errors} errors" if self.errors else ""
        return f"{self.rps:7.0f}/s p99 {self.p99_ms:6.1f} ms ({self.requests}{errors})"


def request(
    path: str, headers: dict[str, str], body: bytes | None = None, *, port: int = PORT
) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("POST" if body else "GET", path, body=body, headers=headers)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, data


@contextmanager
def served(
    env: dict[str, str] | None = None, *, app: str = "zulin.wsgi:application", port: int = PORT
) -> Iterator[None]:
    """gunicorn with the project's config on BENCH_PORT (or `port`) serving `app` (the API,
    or a module of benchmarks/), ready once /api/health answers."""
    server = subprocess.Popen(  # noqa: S603 (fixed argv: our own server)
        [
            str(ROOT / ".venv/bin/gunicorn"),
            app,
            "--chdir",
            "platform" if app.startswith("zulin.") else "benchmarks",
            "--bind",
            f"127.0.0.1:{port}",
            "--config",
            str(ROOT / "infra" / "gunicorn.conf.py"),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env={
            **os.environ,
            "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT}",
            "DJANGO_SETTINGS_MODULE": "zulin.settings.dev",
            **(env or {}),
        },
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(200):
            try:
                request("/api/health", {}, port=port)
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise SystemExit("gunicorn did not start")
        yield
    finally:
        server.terminate()
        server.wait()


def _run_threads(one: Callable[[], bool], seconds: float, out: mp.Queue) -> None:
    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def loop() -> None:
        nonlocal errors
        local: list[float] = []
        local_errors = 0
        while time.monotonic() < deadline:
            started = time.perf_counter()
            ok = one()
            local.append(time.perf_counter() - started)
            local_errors += not ok
        with lock:
            latencies.extend(local)
            errors += local_errors

    started = time.monotonic()
    threads = [threading.Thread(target=loop) for _ in range(CONCURRENCY)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out.put((latencies, errors, time.monotonic() - started))


def _figure(target: Callable[..., None], args: tuple) -> Figure:  # type: ignore[type-arg]
    queue: mp.Queue = mp.Queue()
    driver = mp.Process(target=target, args=(*args, queue))
    driver.start()
    latencies, errors, elapsed = queue.get()
    driver.join()
    latencies.sort()
    p99 = latencies[max(int(len(latencies) * 0.99) - 1, 0)] * 1000
    p95 = latencies[max(int(len(latencies) * 0.95) - 1, 0)] * 1000
    return Figure(len(latencies) / elapsed, p99, len(latencies), errors, p95)


def _http_driver(
    path: str, headers: dict[str, str], seconds: float, port: int, out: mp.Queue
) -> None:
    def one() -> bool:
        status, body = request(path, headers, port=port)
        return status == 200 and body[:16].replace(b" ", b"").startswith(b'{"code":200,')

    _run_threads(one, seconds, out)


def drive_http(path: str, headers: dict[str, str], seconds: float, *, port: int = PORT) -> Figure:
    """CONCURRENCY clients calling `path` (query string included) for `seconds`, from a second
    process, after 30 warm-up calls. A request counts as an error unless it answers code 200."""
    for _ in range(30):
        request(path, headers, port=port)
    return _figure(_http_driver, (path, headers, seconds, port))


def drive_raw_served(
    conninfo: str, search_path: str, statements: list[str], path: str, seconds: float
) -> Figure:
    """The floor of a call served over HTTP: `statements` run by benchmarks/_raw_wsgi.py (raw
    psycopg, rows answered as JSON, no Django) under the project's gunicorn config on a port
    of its own, driven exactly as `drive_http` drives the call (same path, CONCURRENCY
    clients from a second process)."""
    import json
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as spec:
        json.dump(
            {"conninfo": conninfo, "search_path": search_path, "statements": statements}, spec
        )
    port = _free_port()
    try:
        with served({"BENCH_RAW_STATEMENTS": spec.name}, app="_raw_wsgi:application", port=port):
            return drive_http(path, {}, seconds, port=port)
    finally:
        os.unlink(spec.name)


def _sql_driver(
    params: dict[str, object],
    search_path: str,
    statements: list[str],
    seconds: float,
    out: mp.Queue,
) -> None:
    import psycopg

    local = threading.local()

    def one() -> bool:
        conn = getattr(local, "conn", None)
        if conn is None:
            conn = local.conn = psycopg.connect(**params, autocommit=True)
            conn.execute(f"SET search_path = {search_path}")
        for sql in statements:
            conn.execute(sql).fetchall()
        return True

    _run_threads(one, seconds, out)


def drive_sql(
    params: dict[str, object], search_path: str, statements: list[str], seconds: float
) -> Figure:
    """CONCURRENCY clients, each on its own psycopg connection, running `statements` one after
    another for `seconds`, from a second process: the floor of a call issuing that SQL."""
    return _figure(_sql_driver, (params, search_path, statements, seconds))
