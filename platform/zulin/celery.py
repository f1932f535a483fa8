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
from tenant_schemas_celery.task import TenantTask

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "zulin.settings.dev")

# A task whose database went away (a failover, a restart: `zulin.core.db.database_unreachable`)
# is sent again after 1, 2, 4 … 20 s, for about three minutes in all, on a new connection (the
# new primary's); anything it wrote was rolled back with the connection, and every task is
# safe to run again (idempotent by design, as late acknowledgement needs). Any other error is
# the task's own and is not retried here.
DATABASE_RETRIES = 12
DATABASE_RETRY_MAX_SECONDS = 20


class DatabaseRetryTask(TenantTask):
    abstract = True

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from zulin.core.db import database_unreachable, drop_connection

        try:
            return super().__call__(*args, **kwargs)
        except Exception as error:
            if not database_unreachable(error) or self.request.called_directly:
                raise
            drop_connection()
            countdown = min(2**self.request.retries, DATABASE_RETRY_MAX_SECONDS)
            raise self.retry(
                exc=error, countdown=countdown, max_retries=DATABASE_RETRIES
            ) from error


app = CeleryApp("zulin", task_cls=DatabaseRetryTask)
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
