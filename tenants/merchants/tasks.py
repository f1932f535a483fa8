"""Platform-level tasks: fanning a job out to every merchant's schema."""

from __future__ import annotations

from django_tenants.utils import tenant_context

from zulin.celery import app

from .models import Merchant, MerchantStatus


@app.task(name="tenants.for_each_merchant")
def for_each_merchant(task_name: str, args: list | None = None) -> int:
    """Sends `task_name` once per usable merchant, each copy carrying that merchant's schema
    (tenant-schemas-celery reads it at send time). Nightly jobs are scheduled through this."""
    sent = 0
    usable = Merchant.objects.filter(status__in=[MerchantStatus.ACTIVE, MerchantStatus.PENDING])
    for merchant in usable.order_by("id"):
        with tenant_context(merchant):
            app.send_task(task_name, args=args or [])
        sent += 1
    return sent


@app.task(name="tenants.spare_pool_refill")
def spare_pool_refill() -> int:
    """Clones spare schemas back up to SPARE_SCHEMAS after onboardings took some."""
    from .provisioning import spare_pool_fill

    return spare_pool_fill()
