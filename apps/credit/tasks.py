"""The nightly pick-up of reporting, per merchant through the fan-out
(`tenants.for_each_merchant`): safe to run again."""

from __future__ import annotations

from zulin.celery import app

from .services import reporting_refresh


@app.task(name="credit.refresh_reporting")
def credit_refresh_reporting() -> dict[str, int]:
    """Authorised leases that started get their D1 account; open accounts their new
    repayment and overdue records, and their close when the lease is settled or ended."""
    return reporting_refresh()
