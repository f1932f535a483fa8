"""`make bench-webhooks` (issue 44): events from the outbox to a receiver, at 100 events a
second for a minute. Not a test.

How it runs, as production runs it:
- a merchant made as onboarding makes one (the template's dump replayed), with one endpoint
  on a local receiver, a second process (a threaded HTTP server that verifies each delivery's
  Standard Webhooks signature on its raw body with the `standardwebhooks` package and keeps
  the event id and the time it arrived);
- a Celery worker started as `make run` starts it (prefork, 2 processes), which runs the
  relay each commit queues (`webhooks.relay`: fan-out, claim, sign, send);
- this process writes BENCH_WEBHOOKS_RATE events a second (each in its own transaction,
  `zulin.outbox.services.event_emit`, as a service writes one with its change) for
  BENCH_WEBHOOKS_SECONDS, noting each commit's time; then waits (at most 120 s) for the rest.

Printed: events written and their rate, deliveries received, events lost (never received),
events received twice (the same `webhook-id`), bad signatures, and commit-to-delivery
latency (p50, p99, max; target p99 < 1 s), with the sustained rate of deliveries. Uses a
throwaway database, zulin_bench_webhooks, and Redis database 7 (BENCH_WEBHOOKS_REDIS_DB).

Run: make bench-webhooks   (BENCH_WEBHOOKS_RATE=100 BENCH_WEBHOOKS_SECONDS=60)
"""

from __future__ import annotations

import http.server
import json
import multiprocessing as mp
import os
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from _setup import django_setup, merchants_fill, services_env, template_dump

ROOT = Path(__file__).resolve().parents[1]
RATE = int(os.environ.get("BENCH_WEBHOOKS_RATE", "100"))
SECONDS = float(os.environ.get("BENCH_WEBHOOKS_SECONDS", "60"))
REDIS_DB = int(os.environ.get("BENCH_WEBHOOKS_REDIS_DB", "7"))
DB_NAME = "zulin_bench_webhooks"
DRAIN_SECONDS = 120
TARGET_P99_S = 1.0


def _receive(secret_in: Any, port_out: Any, seen_out: Any, stop: Any) -> None:
    """The receiver process: tells its port, is told the endpoint's secret, then verifies and
    records each delivery until `stop`."""
    from standardwebhooks import Webhook

    seen: list[tuple[str, float]] = []  # appended by the handler threads (atomic)
    bad = 0
    counting = threading.Lock()

    class Receiver(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802
            nonlocal bad
            body = self.rfile.read(int(self.headers["content-length"]))
            arrived = time.time()
            headers = {k.lower(): v for k, v in self.headers.items()}
            try:
                verifier.verify(body, headers)
                seen.append((headers["webhook-id"], arrived))
            except Exception:  # noqa: BLE001 (a bad signature is counted, not raised)
                with counting:
                    bad += 1
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    class Server(http.server.ThreadingHTTPServer):
        # The relay opens up to 16 connections at once: the default backlog of 5 dropped
        # connects, which the kernel retried after a second (the first runs' 1 s tails and
        # their ceiling of 100 deliveries a second were the receiver's, not the relay's).
        request_queue_size = 256
        daemon_threads = True

    server = Server(("127.0.0.1", 0), Receiver)
    port_out.put(server.server_port)
    verifier = Webhook(secret_in.get(timeout=60))
    serving = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2})
    serving.start()
    stop.wait()
    server.shutdown()
    serving.join(timeout=10)
    server.server_close()
    seen_out.put((seen, bad))


def _worker_start(log: Path) -> subprocess.Popen[bytes]:
    worker = subprocess.Popen(  # noqa: S603 (fixed argv: the project's worker)
        [str(ROOT / ".venv/bin/celery"), "-A", "zulin.celery:app", "worker"]
        + ["--concurrency", "2", "--loglevel", "WARNING", "-n", f"webhooks-bench-{os.getpid()}@%h"],
        cwd=ROOT,
        env={
            **os.environ,
            "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT}",
            "DJANGO_SETTINGS_MODULE": "zulin.settings.dev",
        },
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
    )
    from zulin.celery import app

    deadline = time.monotonic() + 180
    while not app.control.ping(timeout=0.5):
        if worker.poll() is not None or time.monotonic() > deadline:
            worker.terminate()
            raise SystemExit(f"the Celery worker did not start; see {log}")
    return worker


def _write(merchant: Any) -> dict[str, float]:
    """RATE events a second for SECONDS, each committed on its own; event id -> commit time."""
    from django.db import transaction
    from django_tenants.utils import tenant_context

    from zulin.outbox.services import event_emit

    committed: dict[str, float] = {}
    started = time.monotonic()
    number = 0
    with tenant_context(merchant):
        while (elapsed := time.monotonic() - started) < SECONDS:
            if number >= elapsed * RATE:
                time.sleep(min(0.002, number / RATE - elapsed))
                continue
            with transaction.atomic():
                event = event_emit(
                    "order.status_changed",
                    object_type="order",
                    object_id=number % 500,
                    data={"id": number % 500, "status": "in_lease", "bench": number},
                )
            committed[event.event_id] = time.time()
            number += 1
    return committed


def _quantile(ordered: list[float], q: float) -> float:
    return ordered[max(int(len(ordered) * q) - 1, 0)] if ordered else float("nan")


def main() -> None:
    services_env(DB_NAME, redis_db=REDIS_DB)
    django_setup(cache_prefix="zulin-bench-webhooks")
    from django.contrib.auth.hashers import make_password
    from django_tenants.utils import tenant_context

    from apps.webhooks.models import WebhookDelivery
    from apps.webhooks.services import endpoint_create
    from tenants.merchants.models import Merchant
    from zulin.outbox.models import OutboxEvent

    merchants_fill(1, template_dump(), make_password("Bench@2026x"), batch=1)
    merchant = Merchant.objects.get(schema_name="m_fill0")
    stop, port_out, seen_out, secret_in = mp.Event(), mp.Queue(), mp.Queue(), mp.Queue()
    receiver = mp.Process(target=_receive, args=(secret_in, port_out, seen_out, stop))
    receiver.start()
    port = port_out.get(timeout=30)
    with tenant_context(merchant):
        endpoint = endpoint_create(
            url=f"http://127.0.0.1:{port}/hooks", event_types=["order.status_changed"]
        )
    secret_in.put(endpoint.secret)
    log = ROOT / ".run" / "bench-webhooks-worker.log"
    log.parent.mkdir(exist_ok=True)
    worker = _worker_start(log)
    try:
        started = time.monotonic()
        committed = _write(merchant)
        wrote_s = time.monotonic() - started
        deadline = time.monotonic() + DRAIN_SECONDS
        while time.monotonic() < deadline:
            with tenant_context(merchant):
                pending = WebhookDelivery.objects.exclude(status="delivered").count()
                unrelayed = OutboxEvent.objects.filter(relayed_at__isnull=True).count()
            if pending == 0 and unrelayed == 0:
                break
            time.sleep(0.5)
    finally:
        worker.terminate()
        worker.wait(timeout=60)
        time.sleep(1)
        stop.set()
    seen, bad = seen_out.get(timeout=60)
    receiver.join(timeout=30)
    arrived: dict[str, float] = {}
    twice = 0
    for event_id, at in seen:
        if event_id in arrived:
            twice += 1
        else:
            arrived[event_id] = at
    lost = [event_id for event_id in committed if event_id not in arrived]
    latency = sorted(arrived[e] - committed[e] for e in committed if e in arrived)
    span = max(arrived.values()) - min(committed.values()) if arrived else float("nan")
    figures = {
        "events_written": len(committed),
        "written_per_s": round(len(committed) / wrote_s, 1),
        "received": len(seen),
        "lost": len(lost),
        "received_twice": twice,
        "bad_signatures": bad,
        "p50_s": round(_quantile(latency, 0.5), 3),
        "p99_s": round(_quantile(latency, 0.99), 3),
        "max_s": round(latency[-1], 3) if latency else None,
        "delivered_per_s": round(len(arrived) / span, 1) if arrived else 0,
        "load_after": round(os.getloadavg()[0], 1),
    }
    print(json.dumps(figures))
    verdict = "met" if figures["p99_s"] < TARGET_P99_S and not lost else "NOT met"
    print(f"p99 commit to delivery {figures['p99_s']} s (target < {TARGET_P99_S} s): {verdict}")


if __name__ == "__main__":
    main()
