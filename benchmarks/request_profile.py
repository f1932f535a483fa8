"""What one warm request costs in one process, beside a bare Django view: Python function calls,
SQL statements and CPU time per request through `zulin.wsgi.application` (the whole middleware
stack, no server), and with BENCH_VERBOSE=1 the profile of the call. Counts do not change with
the machine's load; CPU time does. Not a test.

Run on a database holding the demo (e.g. the one `make bench-foundation` loaded):
  eval "$(.venv/bin/python infra/scripts/services.py zulin_bench)"
  PYTHONPATH=platform:. .venv/bin/python benchmarks/request_profile.py [PATH]  (getLoginUserInfo)
"""

from __future__ import annotations

import cProfile
import io
import json
import os
import pstats
import sys
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "zulin.settings.dev")
os.environ["ZULIN_BENCH_VIEW"] = "1"

from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from zulin.wsgi import application  # noqa: E402

CALLS = int(os.environ.get("BENCH_CALLS", "500"))


def _environ(path: str, body: bytes = b"", **headers: str) -> dict[str, object]:
    environ: dict[str, object] = {
        "REQUEST_METHOD": "POST" if body else "GET",
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": "demo.localhost",
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body),
        "wsgi.url_scheme": "http",
        "wsgi.errors": sys.stderr,
    }
    if body:
        environ["CONTENT_TYPE"] = "application/json"
    return environ | headers


def _call(path: str, body: bytes = b"", **headers: str) -> bytes:
    status: list[str] = []
    answer = b"".join(application(_environ(path, body, **headers), lambda s, h: status.append(s)))
    assert status[0].startswith("200"), (status, answer[:300])
    return answer


def main() -> None:
    path = sys.argv[1] if len(sys.argv) > 1 else "/api/platform/getLoginUserInfo"
    login = json.dumps({"username": "owner", "password": "Zulin@2026"}).encode()
    token = json.loads(_call("/api/platform/mainLand", login))["data"]["token"]
    for name, headers in (("/bench/bare", {}), (path, {"HTTP_JWT_TOKEN": token})):
        for _ in range(50):
            _call(name, **headers)
        with CaptureQueriesContext(connection) as queries:
            _call(name, **headers)
        statements = [q for q in queries.captured_queries if not q["sql"].startswith("SET ")]
        cpu = []
        for _ in range(3):
            started = time.process_time()
            for _ in range(CALLS):
                _call(name, **headers)
            cpu.append((time.process_time() - started) / CALLS * 1000)
        profile = cProfile.Profile(time.process_time)
        profile.enable()
        for _ in range(CALLS):
            _call(name, **headers)
        profile.disable()
        stats = pstats.Stats(profile)
        load = os.getloadavg()[0]
        print(
            f"{name}: {stats.total_calls / CALLS:.0f} function calls, {len(statements)} SQL "
            f"statements, CPU {min(cpu):.3f} ms a request (best of 3 x {CALLS}; load {load:.1f})"
        )
        if os.environ.get("BENCH_VERBOSE") and name == path:
            stats.sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main()
