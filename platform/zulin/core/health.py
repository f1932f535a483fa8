"""GET /api/health: database, Redis and Celery reachability, answered on any host."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.db import connection
from ninja import Router

from .db import database_unreachable
from .errors import ApplicationError, ErrorCode

router = Router(tags=["health"])


def _check_database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("select 1")
        return "ok"
    except Exception as exc:  # any failure is the answer here
        return "down" if database_unreachable(exc) else f"error: {exc.__class__.__name__}"


def _check_redis() -> str:
    try:
        cache.set("global:health", "1", 5)
        return "ok" if cache.get("global:health") == "1" else "error: no read-back"
    except Exception as exc:
        return f"error: {exc.__class__.__name__}"


def _check_celery() -> str:
    from zulin.celery import app

    try:
        replies = app.control.inspect(timeout=1.0).ping() or {}
    except Exception as exc:
        return f"error: {exc.__class__.__name__}"
    return f"ok ({len(replies)} workers)" if replies else "no workers"


@router.get("/health", auth=None, operation_id="health", summary="Service health (added)")
def health(request: Any) -> dict[str, Any]:
    """HTTP 503 with code 503 when the database or Redis fails (the database `down` when
    PostgreSQL cannot be reached); a missing Celery worker is reported (`healthy` false)
    without failing the API itself. Workers are asked only when the rest is up: their ping
    waits a second, and a failing answer must come at once."""
    checks = {"database": _check_database(), "redis": _check_redis()}
    if not (checks["database"] == "ok" and checks["redis"] == "ok"):
        checks["celery"] = "not checked"
        raise ApplicationError(ErrorCode.UNAVAILABLE, data={"healthy": False, "checks": checks})
    checks["celery"] = _check_celery()
    return {"healthy": all(v.startswith("ok") for v in checks.values()), "checks": checks}
