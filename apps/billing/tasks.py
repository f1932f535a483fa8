"""Billing's per-merchant jobs, sent through the fan-out (`tenants.for_each_merchant`)."""

from __future__ import annotations

from zulin.celery import app
from zulin.core.db import tenant_connection

from .projection import due_days_project


@app.task(name="billing.due_days_refresh")
def billing_due_days_refresh() -> dict[str, object]:
    """The merchant's bills due per day in public, for the platform's data centre."""
    return {"schema": tenant_connection.schema_name, "rows": due_days_project()}
