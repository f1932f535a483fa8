"""The SQL a served process sends, written down for the Citus check (tests only).

Set `SQL_CAPTURE_DIR` (the test settings read `ZULIN_SQL_CAPTURE`) and every statement each
connection of the process executes is appended to `<dir>/<pid>.jsonl` as
`{"schema": <the merchant schema in force, or "public">, "sql": <the statement>}` — the SQL
with its placeholders, never the parameters (no customer data lands in the file). The served
smoke test (`tests/test_served_smoke.py`) calls every endpoint with it on and matches each
statement against the forms Citus's schema-based sharding refuses (`tests/citus_sql.py`).
Production never sets it; unset, nothing is wrapped.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any


class SqlCapture:
    """An execute wrapper (Django's `connection.execute_wrappers`) appending each statement."""

    def __init__(self, directory: str) -> None:
        self.directory = Path(directory)

    def __call__(
        self,
        execute: Callable[..., Any],
        sql: str,
        params: Any,
        many: bool,
        context: dict[str, Any],
    ) -> Any:
        connection = context["connection"]
        line = json.dumps(
            {"schema": getattr(connection, "schema_name", "public"), "sql": str(sql)},
            ensure_ascii=False,
        )
        # One file per process; a line is written whole by one append.
        with open(self.directory / f"{os.getpid()}.jsonl", "a", encoding="utf-8") as out:
            out.write(line + "\n")
        return execute(sql, params, many, context)
