"""Recovery's jobs, per merchant through the fan-out (`tenants.for_each_merchant`): the
night's cases and promises, the morning's reminders. Safe to run again."""

from __future__ import annotations

import logging
from typing import Any

from zulin.celery import app
from zulin.core.db import tenant_connection

from .services import case_reminders_send, recovery_night

log = logging.getLogger("zulin.task")


@app.task(name="recovery.night")
def recovery_night_run() -> dict[str, Any]:
    """Cases opened, refreshed and closed with the debts; promises kept or broken."""
    result = recovery_night()
    log.info("recovery night %s: %s", tenant_connection.schema_name, result)
    return {"schema": tenant_connection.schema_name, **result}


@app.task(name="recovery.send_reminders")
def recovery_send_reminders() -> dict[str, Any]:
    """The morning's reminders by bucket (nothing in China's quiet hours, the daily cap)."""
    result = case_reminders_send()
    log.info("recovery reminders %s: %s", tenant_connection.schema_name, result)
    return {"schema": tenant_connection.schema_name, **result}
