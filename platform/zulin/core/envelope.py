"""Builds every answer under /api: `{code, data, msg}` with HTTP 200 for handled outcomes."""

from __future__ import annotations

import json
from typing import Any

import orjson
from django.http import HttpRequest, HttpResponse
from ninja.responses import NinjaJSONEncoder

from .errors import ApplicationError, ErrorCode, message_for
from .i18n import language_of, resolve

_ORJSON_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_NON_STR_KEYS
_encoder = NinjaJSONEncoder(ensure_ascii=False)


def json_bytes(data: Any) -> bytes:
    """An answer's JSON, as Ninja's renderer wrote it (`json.dumps` with its encoder and
    `ensure_ascii=False`) but without the spaces after `,` and `:` and in a fifth of the time
    (orjson). The values orjson would write otherwise go through Ninja's encoder: dates and
    times (Django's form: milliseconds, `Z` for UTC), decimals (strings), lazy text, pydantic
    models. Whatever orjson refuses (an integer beyond 64 bits, a lone surrogate) is written
    by `json.dumps` as before."""
    try:
        return orjson.dumps(data, default=_encoder.default, option=_ORJSON_OPTIONS)
    except orjson.JSONEncodeError:
        return json.dumps(data, cls=NinjaJSONEncoder, ensure_ascii=False).encode()


def request_language(request: HttpRequest) -> str:
    return language_of(request.META.get("HTTP_ACCEPT_LANGUAGE", ""))


def envelope(code: ErrorCode, data: Any, msg: str, *, status: int = 200) -> HttpResponse:
    response = HttpResponse(
        json_bytes({"code": int(code), "data": data, "msg": msg}),
        status=status,
        content_type="application/json",
    )
    response.zulin_code = int(code)  # type: ignore[attr-defined]  # read by the request log
    return response


def error_response(request: HttpRequest, error: ApplicationError) -> HttpResponse:
    status = error.code if error.code in (ErrorCode.SERVER_ERROR, ErrorCode.UNAVAILABLE) else 200
    language = request_language(request)
    # Field problems and other texts in `data` are bilingual (zulin.core.i18n.Text).
    return envelope(
        error.code, resolve(error.data, language), error.message(language), status=status
    )


def error_for(request: HttpRequest, code: ErrorCode, data: Any = None) -> HttpResponse:
    return error_response(request, ApplicationError(code, data=data))


def success_msg(request: HttpRequest) -> str:
    return message_for(ErrorCode.OK, request_language(request))


class EnvelopeFallbackMiddleware:
    """Turns what Django or Ninja answer outside our handlers under /api (wrong method,
    unknown route) into the envelope, so clients never see HTML or plain text."""

    PASS_THROUGH = ("/api/docs", "/api/openapi.json", "/api/static/")
    CODES = {
        400: ErrorCode.VALIDATION,  # Django's own refusals: bad request, body too large
        403: ErrorCode.FORBIDDEN,
        404: ErrorCode.NOT_FOUND,
        405: ErrorCode.METHOD_NOT_ALLOWED,
        413: ErrorCode.VALIDATION,
    }

    def __init__(self, get_response):  # type: ignore[no-untyped-def]
        self.get_response = get_response

    def __call__(self, request: HttpRequest):  # type: ignore[no-untyped-def]
        response = self.get_response(request)
        if (
            response.status_code >= 400
            and not hasattr(response, "zulin_code")
            and request.path.startswith("/api")
            and not request.path.startswith(self.PASS_THROUGH)
        ):
            fallback = (
                ErrorCode.SERVER_ERROR if response.status_code >= 500 else ErrorCode.VALIDATION
            )
            code = self.CODES.get(response.status_code, fallback)
            return error_for(request, code)
        return response
