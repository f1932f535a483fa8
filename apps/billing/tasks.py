"""Billing's per-merchant jobs, sent through the fan-out (`tenants.for_each_merchant`): the
night's rent run and the morning's bill reminders (under the names they had as orders' jobs:
beat entries and queued messages name them so), and the bills due per day for the platform."""

from __future__ import annotations

import logging

from zulin.celery import app
from zulin.core.db import tenant_connection

from . import rent_run
from .projection import due_days_project

log = logging.getLogger("zulin.task")


@app.task(name="billing.due_days_refresh")
def billing_due_days_refresh() -> dict[str, object]:
    """The merchant's bills due per day in public, for the platform's data centre."""
    return {"schema": tenant_connection.schema_name, "rows": due_days_project()}


@app.task(name="orders.send_reminders")
def orders_send_reminders() -> dict[str, object]:
    """The morning's reminder SMS of bills (`rent_run.reminders_morning`): due soon and
    overdue, each once; nothing in China's quiet hours (21:00–08:00)."""
    result = rent_run.reminders_morning()
    log.info("send_reminders %s: %s", tenant_connection.schema_name, result)
    return {"schema": tenant_connection.schema_name, **result}


@app.task(name="orders.rent_run")
def orders_rent_run() -> dict[str, object]:
    """The night's rent run (`rent_run.rent_run_night`): payments left processing, late
    fees, the auto-debit of bills due. Safe to run again the same night (nothing new is
    made) and to be killed at any point (nothing lost, nothing doubled)."""
    result = rent_run.rent_run_night()
    log.info("rent_run %s: %s", tenant_connection.schema_name, result)
    return {"schema": tenant_connection.schema_name, **result}


# The rent run's name until issue 42: kept registered for one release so that messages
# queued under it and a beat still sending it run the same work. Remove in the release after.
@app.task(name="orders.collect_due")
def orders_collect_due() -> dict[str, object]:
    """The rent run under its old name (`orders_rent_run`)."""
    return orders_rent_run()
