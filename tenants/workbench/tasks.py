from __future__ import annotations

from tenants.accounts.models import Menu
from zulin.celery import app
from zulin.core.db import tenant_connection

from .models import ShortcutPin


@app.task(name="workbench.prune_stale_shortcuts")
def prune_stale_shortcuts() -> dict[str, object]:
    """Drops pins whose menu entry no longer exists, in the schema the task was sent from."""
    existing = set(Menu.objects.values_list("id", flat=True))
    stale = ShortcutPin.objects.exclude(menu_id__in=existing)
    removed, _ = stale.delete()
    return {"schema": tenant_connection.schema_name, "removed": removed}
