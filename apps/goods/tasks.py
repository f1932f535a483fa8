"""Per-merchant goods jobs, sent through the fan-out (`tenants.for_each_merchant`)."""

from __future__ import annotations

from django.db import transaction

from zulin.celery import app
from zulin.core.db import tenant_connection

from .models import Goods
from .projection import goods_project


@app.task(name="goods.reproject")
def goods_reproject() -> dict[str, object]:
    """Writes every goods item of the schema the task was sent from into the platform's
    listing again: repairs a listing restored from an older backup, or one a bug left stale.
    Safe to run any time (the projection is a pure function of the goods row)."""
    projected = 0
    for goods in Goods.objects.filter(is_deleted=False).iterator():
        with transaction.atomic():
            goods_project(goods)
        projected += 1
    return {"schema": tenant_connection.schema_name, "projected": projected}
