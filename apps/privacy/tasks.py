"""The privacy night: the retention table applied in the merchant's schema (sent by the
per-merchant fan-out, `tenants.for_each_merchant`, from the beat schedule)."""

from __future__ import annotations

import logging
from typing import Any

from zulin.celery import app
from zulin.core.db import tenant_connection

from .retention import retention_night

log = logging.getLogger("zulin.task")


@app.task(name="privacy.retention_night")
def privacy_retention_night() -> dict[str, Any]:
    """What is past its period and held by nothing erased or anonymised; counts recorded."""
    result = retention_night()
    log.info("privacy retention %s: %s", tenant_connection.schema_name, result["counts"])
    return {"schema": tenant_connection.schema_name, **result}
