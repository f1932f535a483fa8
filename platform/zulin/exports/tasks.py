"""The export worker: runs in the schema the job was asked in (tenant-schemas-celery)."""

from __future__ import annotations

from typing import Any

from zulin.celery import app

from .services import export_job_run


@app.task(name="exports.run")
def export_run(job_id: int) -> dict[str, Any]:
    return export_job_run(job_id=job_id)
