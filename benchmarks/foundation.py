"""Cost of the foundation: getLoginUserInfo on a merchant host against a bare Django view
returning the same JSON, under the same gunicorn server and workers, driven from a second
process. Prints requests/s and p99 of each and their ratio. Not a test.

Run: make bench-foundation   (uses its own database, zulin_bench)
"""

from __future__ import annotations

import http.client
import json
import multiprocessing as mp
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = str(ROOT / ".venv" / "bin" / "python")
PORT = int(os.environ.get("BENCH_PORT", "8799"))
DURATION = float(os.environ.get("BENCH_SECONDS", "10"))
CONCURRENCY = int(os.environ.get("BENCH_CONCURRENCY", "8"))
WORKERS = int(os.environ.get("GUNICORN_WORKERS") or os.cpu_count() or 2)


def _request(path: str, headers: dict[str, str], body: bytes | None = None) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=10)
    conn.request("POST" if body else "GET", path, body=body, headers=headers)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, data


def _drive(path: str, headers: dict[str, str], deadline: float, out: mp.Queue) -> None:
    import threading

    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()

    def loop() -> None:
        nonlocal errors
        local: list[float] = []
        local_errors = 0
        while time.monotonic() < deadline:
            started = time.perf_counter()
            status, _ = _request(path, headers)
            local.append(time.perf_counter() - started)
            if status != 200:
                local_errors += 1
        with lock:
            latencies.extend(local)
            errors += local_errors

    threads = [threading.Thread(target=loop) for _ in range(CONCURRENCY)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out.put((latencies, errors))


def measure(name: str, path: str, headers: dict[str, str]) -> dict[str, float]:
    for _ in range(50):  # warm caches and workers
        _request(path, headers)
    queue: mp.Queue = mp.Queue()
    started = time.monotonic()
    driver = mp.Process(target=_drive, args=(path, headers, started + DURATION, queue))
    driver.start()
    latencies, errors = queue.get()
    driver.join()
    elapsed = time.monotonic() - started
    latencies.sort()
    p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000
    rps = len(latencies) / elapsed
    print(
        f"{name:<22} {rps:8.0f} req/s   p99 {p99:6.1f} ms   ({len(latencies)} requests, "
        f"{errors} errors)"
    )
    return {"rps": rps, "p99": p99}


def main() -> None:
    env = {
        **os.environ,
        "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT}",
        "DJANGO_SETTINGS_MODULE": "zulin.settings.dev",
    }
    subprocess.run(
        [PY, "manage.py", "migrate_all"], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL
    )
    subprocess.run(
        [PY, "manage.py", "load_demo"], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL
    )
    body_file = Path(tempfile.mkstemp(suffix=".json")[1])
    env_server = {**env, "ZULIN_BENCH_VIEW": "1", "ZULIN_BENCH_BODY": str(body_file)}

    def start_server() -> subprocess.Popen:
        server = subprocess.Popen(
            [
                str(ROOT / ".venv/bin/gunicorn"),
                "zulin.wsgi:application",
                "--chdir",
                "platform",
                "--bind",
                f"127.0.0.1:{PORT}",
                # What `make run` serves: sync workers, one per core (GUNICORN_WORKERS).
                "--config",
                str(ROOT / "infra" / "gunicorn.conf.py"),
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
            env={**env_server, "LOGGING_LEVEL": "WARNING"},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(100):
            try:
                _request("/api/health", {})
                return server
            except OSError:
                time.sleep(0.1)
        raise SystemExit("gunicorn did not start")

    # First pass: sign in and capture the real answer, which the bare view then serves.
    server = start_server()
    host = {"Host": "demo.localhost", "Content-Type": "application/json"}
    _, login = _request(
        "/api/platform/mainLand",
        host,
        json.dumps({"username": "owner", "password": "Zulin@2026"}).encode(),
    )
    token = json.loads(login)["data"]["token"]
    headers = {"Host": "demo.localhost", "jwt-token": token}
    _, answer = _request("/api/platform/getLoginUserInfo", headers)
    assert json.loads(answer)["code"] == 200, answer
    body_file.write_bytes(answer)
    server.terminate()
    server.wait()

    server = start_server()
    try:
        print(
            f"gunicorn sync workers={WORKERS}, driver: 1 process x {CONCURRENCY} threads, "
            f"{DURATION:.0f} s each, {os.cpu_count()} cores"
        )
        bare = measure("bare Django view", "/bench/bare", {"Host": "demo.localhost"})
        real = measure("getLoginUserInfo", "/api/platform/getLoginUserInfo", headers)
        print(
            f"ratio getLoginUserInfo/bare: throughput {real['rps'] / bare['rps']:.2f}, "
            f"p99 {real['p99'] / bare['p99']:.2f}"
        )
    finally:
        server.terminate()
        server.wait()
        body_file.unlink(missing_ok=True)


if __name__ == "__main__":
    sys.exit(main())
