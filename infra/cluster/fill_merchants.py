"""Fills the cluster's database up to N merchants (`make drill-restore` with
ZL_RESTORE_MERCHANTS=1000: the backup and restore figures at 1,000 merchants), each schema made
by replaying the merchant template's dump as onboarding does, with its domain and owner (as
`make bench-migrations` fills its 1,000). Run with .run/cluster/env sourced.

Usage: python infra/cluster/fill_merchants.py N
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "platform"), str(ROOT), str(ROOT / "benchmarks")]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "zulin.settings.prod")


def main() -> int:
    count = int(sys.argv[1])
    import django

    django.setup()
    from _setup import merchants_fill, template_dump
    from django.contrib.auth.hashers import make_password

    from tenants.merchants.models import Merchant

    started = time.monotonic()
    before = Merchant.objects.count()
    # Ten schemas a transaction: each takes a lock per relation (about 300), and the cluster keeps
    # PostgreSQL's default max_locks_per_transaction (64 x max_connections slots in all).
    password = make_password("Fill@2026x")
    schema_seconds = merchants_fill(count, template_dump(), password, batch=10)
    print(
        f"merchants: {before} -> {Merchant.objects.count()} in {time.monotonic() - started:.0f} s"
        f" ({schema_seconds:.0f} s making schemas)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
