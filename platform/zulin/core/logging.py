"""One structured (JSON) log line per request: time, host, side, tenant, account, call,
code and duration."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from django.http import HttpRequest, HttpResponse

request_log = logging.getLogger("zulin.request")


class JsonLineFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, tz=UTC).isoformat(),
            "level": record.levelname.lower(),
            "event": record.getMessage(),
        }
        line.update(getattr(record, "fields", {}))
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


class RequestLogMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        started = time.perf_counter()
        response = self.get_response(request)
        session = getattr(request, "auth", None)
        tenant = getattr(request, "tenant", None)
        request_log.info(
            "request",
            extra={
                "fields": {
                    "host": request.META.get("HTTP_X_FORWARDED_HOST")
                    or request.META.get("HTTP_HOST", ""),
                    "side": getattr(request, "side", None),
                    "tenant": tenant.schema_name if tenant is not None else None,
                    "account": getattr(getattr(session, "account", None), "pk", None),
                    "method": request.method,
                    "call": request.path,
                    "status": response.status_code,
                    "code": getattr(response, "zulin_code", None),
                    "duration_ms": round((time.perf_counter() - started) * 1000, 2),
                }
            },
        )
        return response
