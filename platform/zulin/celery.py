"""The Celery app: tenant-aware (tasks run in the schema they were sent from) and logged."""

from __future__ import annotations

import logging
import os
import sys
import time
from pathlib import Path
from typing import Any

from celery import signals
from tenant_schemas_celery.app import CeleryApp

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "zulin.settings.dev")

app = CeleryApp("zulin")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

task_log = logging.getLogger("zulin.task")
# task id → (start time, schema). tenant-schemas-celery's own prerun hook is connected
# before ours, so the schema is already switched when ours runs.
_started: dict[str, tuple[float, str]] = {}


@signals.task_prerun.connect
def _task_started(task_id: str | None = None, **_: Any) -> None:
    from zulin.core.db import tenant_connection

    if task_id:
        _started[task_id] = (time.monotonic(), tenant_connection.schema_name)


@signals.task_postrun.connect
def _task_finished(
    task_id: str | None = None, task: Any = None, state: str | None = None, **_: Any
) -> None:
    started, schema = _started.pop(task_id or "", (None, None))
    duration_ms = round((time.monotonic() - started) * 1000, 1) if started else None
    task_log.info(
        "task",
        extra={
            "fields": {
                "task": getattr(task, "name", None),
                "task_id": task_id,
                "tenant": schema,
                "state": state,
                "duration_ms": duration_ms,
            }
        },
    )
