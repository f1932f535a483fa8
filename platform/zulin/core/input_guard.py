"""Refuses, for every call under /api and before any handler, input no field can hold:

- NUL characters (PostgreSQL text cannot store them) in the query string, a JSON body
  (keys or values, however deep) or a form;
- JSON integers beyond the bigint range of every id column;
- a multipart body Django cannot parse (no or a bad boundary) or a body over Django's size
  limits.

Each answers the envelope with code 400 and `data.fields` naming the field (dotted path;
`_` for the body as a whole), worded in the request's language like the schemas' errors.
Other control characters are a matter of the field (zulin.core.text).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import HttpRequest, HttpResponse
from django.http.multipartparser import MultiPartParserError

from .envelope import error_for, request_language
from .errors import ErrorCode
from .field_messages import field_message
from .numbers import BIGINT_MAX

_MESSAGES = {
    "nul_character": "must not contain NUL (\\u0000) characters",
    "number_out_of_range": f"must be a number between {-BIGINT_MAX - 1} and {BIGINT_MAX}",
    "malformed_multipart": "is not valid multipart/form-data (a boundary is required)",
    "body_too_large": "the request body is too large",
}
_BODY = "_"
_LONG_NUMBER = re.compile(rb"\d{19}")


def _problems_in_json(value: Any, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        if "\x00" in value:
            yield path or _BODY, "nul_character"
    elif isinstance(value, bool):
        return
    elif isinstance(value, int):
        if not -BIGINT_MAX - 1 <= value <= BIGINT_MAX:
            yield path or _BODY, "number_out_of_range"
    elif isinstance(value, dict):
        for key, item in value.items():
            here = f"{path}.{key}" if path else str(key)
            if "\x00" in key:
                yield here, "nul_character"
            yield from _problems_in_json(item, here)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _problems_in_json(item, f"{path}.{index}" if path else str(index))


def _problems_in_pairs(pairs: Any) -> Iterator[tuple[str, str]]:
    for key, values in pairs.lists():
        if "\x00" in key or any(isinstance(v, str) and "\x00" in v for v in values):
            yield key.replace("\x00", "\\u0000"), "nul_character"


def _json_problems(body: bytes) -> Iterator[tuple[str, str]]:
    # Cheap test first: a NUL is written \u0000 in JSON, a long number as 19+ digits.
    if b"\\u0000" not in body.lower() and not _LONG_NUMBER.search(body):
        return
    try:
        data = json.loads(body)
    except ValueError:
        return  # malformed JSON: the call's own parsing answers it
    yield from _problems_in_json(data, "")


def input_problems(request: HttpRequest) -> list[tuple[str, str]]:
    """(field, error type) of every problem in the request's input."""
    problems = list(_problems_in_pairs(request.GET))
    content_type = request.content_type or ""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return problems
    if content_type == "application/json" or content_type.endswith("+json"):
        problems += _json_problems(request.body)
    elif content_type in ("multipart/form-data", "application/x-www-form-urlencoded"):
        problems += _problems_in_pairs(request.POST)
        problems += [
            (field, "nul_character")
            for field, uploads in request.FILES.lists()
            if any("\x00" in (upload.name or "") for upload in uploads)
        ]
    return problems


class InputGuardMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith("/api/"):
            try:
                problems = input_problems(request)
            except MultiPartParserError:
                problems = [(_BODY, "malformed_multipart")]
            except (RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent):
                problems = [(_BODY, "body_too_large")]
            if problems:
                return _refusal(request, problems)
        return self.get_response(request)


def _refusal(request: HttpRequest, problems: list[tuple[str, str]]) -> HttpResponse:
    language = request_language(request)
    fields: dict[str, list[str]] = {}
    for field, kind in problems:
        message = field_message({"type": kind, "msg": _MESSAGES[kind]}, language)
        fields.setdefault(field, []).append(message)
    return error_for(request, ErrorCode.VALIDATION, {"fields": fields})
