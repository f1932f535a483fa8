"""Cost of the foundation: getLoginUserInfo on a merchant host against a bare Django view
returning the same JSON, under the same gunicorn server and workers (what `make run` serves:
infra/gunicorn.conf.py), driven from a second process with 8 threads. Prints requests/s and
p99 of each and their ratio. Not a test.

Run: make bench-foundation   (uses its own database, zulin_bench); BENCH_SECONDS (10).
BENCH_KEEP_DB=1 skips migrating and loading the demo (a database a run before has loaded), so
runs before and after a change are a minute apart, under the same load.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from _drive import CONCURRENCY, WORKERS, drive_http, request, served

ROOT = Path(__file__).resolve().parents[1]
PY = str(ROOT / ".venv" / "bin" / "python")
DURATION = float(os.environ.get("BENCH_SECONDS", "10"))


def main() -> None:
    env = {
        **os.environ,
        "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT}",
        "DJANGO_SETTINGS_MODULE": "zulin.settings.dev",
    }
    for command in () if os.environ.get("BENCH_KEEP_DB") else ("migrate_all", "load_demo"):
        subprocess.run(
            [PY, "manage.py", command], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL
        )
    body_file = Path(tempfile.mkstemp(suffix=".json")[1])
    bench_env = {"ZULIN_BENCH_VIEW": "1", "ZULIN_BENCH_BODY": str(body_file)}
    try:
        # First pass: sign in and capture the real answer, which the bare view then serves.
        with served(bench_env):
            _, login = request(
                "/api/platform/mainLand",
                {"Host": "demo.localhost", "Content-Type": "application/json"},
                json.dumps({"username": "owner", "password": "Zulin@2026"}).encode(),
            )
            token = json.loads(login)["data"]["token"]
            headers = {"Host": "demo.localhost", "jwt-token": token}
            _, answer = request("/api/platform/getLoginUserInfo", headers)
            assert json.loads(answer)["code"] == 200, answer
            body_file.write_bytes(answer)

        with served(bench_env):
            load = os.getloadavg()
            print(
                f"gunicorn sync workers={WORKERS}, driver: 1 process x {CONCURRENCY} threads, "
                f"{DURATION:.0f} s each, {os.cpu_count()} cores "
                f"(load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f})"
            )
            bare = drive_http("/bench/bare", {"Host": "demo.localhost"}, DURATION)
            print(f"{'bare Django view':<22} {bare}")
            real = drive_http("/api/platform/getLoginUserInfo", headers, DURATION)
            print(f"{'getLoginUserInfo':<22} {real}")
            print(
                f"ratio getLoginUserInfo/bare: throughput {real.rps / bare.rps:.2f}, "
                f"p99 {real.p99_ms / bare.p99_ms:.2f}"
            )
    finally:
        body_file.unlink(missing_ok=True)


if __name__ == "__main__":
    sys.exit(main())
