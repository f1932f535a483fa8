"""The API as `make run` serves it, for tests that need what a test client hides: gunicorn
with the project's config (infra/gunicorn.conf.py, sync workers, each with its own database
connection in autocommit) on the test database, on a free port. API tests run inside a
transaction; a served call does not, so a lock taken outside one, a connection that breaks
or a worker's process state show up only here.

Whatever the server writes is committed: a test using it cleans up (`committed_demo`)."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db import connection

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def served_database_url(*, host: str | None = None, port: int | None = None) -> str:
    """The URL of the test database this run uses (pytest-django's), optionally reached
    through another host or port."""
    db = connection.settings_dict
    return f"postgresql://{db['USER']}@{host or db['HOST']}:{port or db['PORT']}/{db['NAME']}"


@dataclass(frozen=True)
class ServedApi:
    port: int

    def http(
        self,
        method: str,
        path: str,
        headers: dict[str, str],
        body: bytes | None = None,
        timeout: float = 60,
    ) -> tuple[int, dict[str, Any]]:
        """The HTTP status and the JSON answer (or `{"not_json": …}` when it is not JSON)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            raw = response.read()
        finally:
            conn.close()
        try:
            return response.status, json.loads(raw)
        except ValueError:
            return response.status, {"not_json": raw[:300].decode(errors="replace")}


@contextmanager
def served_api(
    *, workers: int, env: dict[str, str] | None = None, database_url: str | None = None
) -> Iterator[ServedApi]:
    """gunicorn with `workers` sync workers on the test database (or `database_url`), until
    the block ends; ready once `/api/health` answers (200 or, when the database is meant
    to be away, 503)."""
    served = ServedApi(free_port())
    process = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), "zulin.wsgi:application"]
        + ["--chdir", "platform", "--bind", f"127.0.0.1:{served.port}"]
        + ["--config", str(ROOT / "infra/gunicorn.conf.py"), "--log-level", "warning"],
        cwd=ROOT,
        env={
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "zulin.settings.test",
            "DATABASE_URL": database_url or served_database_url(),
            "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT}",
            "GUNICORN_WORKERS": str(workers),
            # Workers importing Django at once on a busy 2-core machine may take longer
            # than the default 30 s to boot; a request never comes near it.
            "GUNICORN_TIMEOUT": "120",
            **(env or {}),
        },
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 180
        while True:
            assert process.poll() is None, process.communicate()[1].decode()[-2000:]
            assert time.monotonic() < deadline, "gunicorn did not answer within 180 s"
            try:
                status, _ = served.http("GET", "/api/health", {"Host": "localhost"})
                if status in (200, 503):
                    break
            except OSError:
                time.sleep(0.3)
        yield served
    finally:
        process.terminate()
        process.wait(timeout=30)
