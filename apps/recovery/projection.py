"""The only module of recovery that writes public rows: the merchant's open cases per bucket
(`tenants.dashboard.MerchantAging`), what the platform's aging (`getPlatformAging`) reads."""

from __future__ import annotations

from datetime import date

from django.db import transaction
from django.utils import timezone

from tenants.dashboard.models import AGING_BUCKETS, MerchantAging
from zulin.core.db import advisory_xact_lock, tenant_connection

from .selectors import open_cases_by_bucket


def aging_project(*, today: date | None = None) -> int:
    """Replaces the active merchant's aging rows with its open cases as they are now (one
    GROUP BY over them, the same sums as the shop's `getRecoveryCount`), all four buckets in
    one transaction under a per-merchant advisory lock, so a reader never sees half a
    merchant and two refreshes never interleave. Answers the number of open cases."""
    merchant_id = int(tenant_connection.tenant.pk)
    as_of = today or timezone.localdate()
    with transaction.atomic():
        advisory_xact_lock(f"aging:{merchant_id}")
        found = open_cases_by_bucket()
        now = timezone.now()
        MerchantAging.objects.filter(merchant_id=merchant_id).delete()
        MerchantAging.objects.bulk_create(
            [
                MerchantAging(
                    merchant_id=merchant_id,
                    bucket=bucket,
                    cases=found[bucket]["cases"],
                    rent_owed=found[bucket]["rent_owed"],
                    late_fee_owed=found[bucket]["late_fee_owed"],
                    charges_owed=found[bucket]["charges_owed"],
                    total_owed=found[bucket]["total_owed"],
                    as_of=as_of,
                    refreshed_at=now,
                )
                for bucket in AGING_BUCKETS
            ]
        )
    return sum(found[bucket]["cases"] for bucket in AGING_BUCKETS)
