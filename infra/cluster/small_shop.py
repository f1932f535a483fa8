"""The small cluster's shop (ZL_TOPOLOGY=small, `make drill-switchover`): on top of the demo's
base merchants, the acme shop's goods and ZL_SMALL_LEASES month leases (default 60), each
delivered weeks ago and unpaid since its first bill, so every lease has overdue bills a client
can withhold. Made through the services, as the demo is; run with .run/cluster/env sourced.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "zulin.settings.prod")


def main() -> int:
    import django

    django.setup()
    from django_tenants.utils import tenant_context

    from apps.goods.demo import ACME_CATALOGUE, goods_showcase_load
    from apps.orders.demo import overdue_leases_load
    from tenants.accounts.demo import demo_actor
    from tenants.merchants.models import Merchant
    from zulin.core.sides import PlatformType

    leases = int(os.environ.get("ZL_SMALL_LEASES", "60"))
    admin = demo_actor(platform_type=PlatformType.ADMIN, merchant=None, username="admin")
    acme = Merchant.objects.get(slug="acme")
    with tenant_context(acme):
        owner = demo_actor(platform_type=PlatformType.STORE, merchant=acme, username="owner")
        goods_showcase_load(
            actor=owner, platform_actor=admin, merchant=acme, catalogue=ACME_CATALOGUE
        )
        # 35, 37, 39 … days since delivery: one to three bills overdue each.
        # Their customers can pay: the drill's withholds succeed.
        ids = overdue_leases_load(
            owner=owner,
            slug="acme",
            days_ago=tuple(35 + 2 * n for n in range(leases)),
            accounts_empty=False,
        )
    print(f"small shop: acme, {len(ids)} overdue leases")
    return 0 if len(ids) == leases else 1


if __name__ == "__main__":
    sys.exit(main())
