"""The night's money jobs on the cluster, as beat's fan-out sends them (`tenants.for_each_merchant`:
one task per merchant a money job runs for, sent with the merchant's schema): `send` queues them
and returns; `run` queues them and waits for every result (bounded), printing JSON with the
counts and exiting 1 when a task failed or did not finish. Run with .run/cluster/env sourced.

Usage: python infra/cluster/night.py send|run [--timeout SECONDS] [--jobs a,b,c]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "zulin.settings.prod")

NIGHT = ["orders.refresh_overdue", "orders.rent_run", "recovery.night"]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["send", "run"])
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--jobs", default=",".join(NIGHT))
    options = parser.parse_args()

    import django

    django.setup()
    from django_tenants.utils import tenant_context

    from tenants.merchants.tasks import merchants_for_jobs
    from zulin.celery import app

    started = time.monotonic()
    results = []
    for job in options.jobs.split(","):
        for merchant in merchants_for_jobs(money=True).order_by("id"):
            with tenant_context(merchant):
                results.append((job, merchant.schema_name, app.send_task(job)))
    if options.mode == "send":
        print(json.dumps({"sent": len(results)}))
        return 0
    deadline = started + options.timeout
    failed, unfinished = [], []
    for job, schema, result in results:
        left = deadline - time.monotonic()
        try:
            result.get(timeout=max(left, 0.1), propagate=False)
        except Exception:  # timed out (or the result backend away): not finished
            unfinished.append(f"{job}@{schema}")
            continue
        if result.state != "SUCCESS":
            failed.append(f"{job}@{schema}: {result.state} {result.result!r}"[:300])
    print(
        json.dumps(
            {
                "sent": len(results),
                "succeeded": len(results) - len(failed) - len(unfinished),
                "failed": failed,
                "unfinished": unfinished,
                "seconds": round(time.monotonic() - started, 1),
            }
        )
    )
    return 1 if failed or unfinished else 0


if __name__ == "__main__":
    sys.exit(main())
