"""The floor of a list call served over HTTP: a plain WSGI app (no Django, no ORM, no
validation) that runs a call's captured SQL through raw psycopg on one connection per worker
and answers its rows in the envelope, as JSON (orjson). `_drive.drive_raw_served` serves it with
the project's gunicorn config, so it differs from the call only by what the call does above
its SQL.

BENCH_RAW_STATEMENTS: a JSON file, {"conninfo": ..., "search_path": ..., "statements": [...]}.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from typing import Any

import orjson
import psycopg

with open(os.environ["BENCH_RAW_STATEMENTS"]) as given:
    _SPEC = json.load(given)
_connection: psycopg.Connection[Any] | None = None


def _cursor() -> psycopg.Cursor[Any]:
    global _connection
    if _connection is None or _connection.closed:
        _connection = psycopg.connect(_SPEC["conninfo"], autocommit=True)
        _connection.execute(f"SET search_path = {_SPEC['search_path']}")
    return _connection.cursor()


def application(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    answers = []
    with _cursor() as cursor:
        for sql in _SPEC["statements"]:
            cursor.execute(sql)
            names = [column.name for column in cursor.description or ()]
            answers.append([dict(zip(names, row, strict=True)) for row in cursor.fetchall()])
    body = orjson.dumps({"code": 200, "data": answers, "msg": ""}, default=str)
    start_response(
        "200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(body)))]
    )
    return [body]
