"""The export worker's task, defined beside the job it runs (`services.export_run`) and named
here for the worker (Celery's discovery imports every app's `tasks.py`)."""

from __future__ import annotations

from .services import export_run

__all__ = ["export_run"]
