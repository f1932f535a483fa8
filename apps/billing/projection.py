"""The only module of billing that writes public rows: the merchant's bills due per day and
kind (`tenants.dashboard.MerchantDueDay`), what the platform's data centre reads."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from tenants.dashboard.models import MerchantDueDay
from zulin.core.db import advisory_xact_lock, tenant_connection

from .due_reads import due_days_compute


def due_days_project() -> int:
    """Replaces the active merchant's rows with its bills as they are now (one GROUP BY over
    its bills, under a per-merchant advisory lock so two runs never interleave). Answers the
    number of rows."""
    merchant_id = int(tenant_connection.tenant.pk)
    with transaction.atomic():
        advisory_xact_lock(f"due_days:{merchant_id}")
        rows = due_days_compute()
        now = timezone.now()
        MerchantDueDay.objects.filter(merchant_id=merchant_id).delete()
        MerchantDueDay.objects.bulk_create(
            [
                MerchantDueDay(
                    merchant_id=merchant_id,
                    day=row["due_date"],
                    kind=row["kind"],
                    bills=row["bills"],
                    rent_due=row["rent_due"],
                    amount_due=row["amount_due"],
                    outstanding=row["outstanding"],
                    refreshed_at=now,
                )
                for row in rows
            ],
            batch_size=2000,
        )
    return len(rows)
