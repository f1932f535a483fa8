"""Making a schema by replaying the template's dump: its DDL and rows, as `pg_dump` writes
them, with the template's name changed to the new schema's.

django-tenants' `clone_schema` reads the catalog object by object, so its time grows with
the number of schemas in the database (4.8 s a schema at 500 merchants); running the dump
is a fixed batch of DDL (under 0.1 s a schema at 1,000: docs/benchmarks.md). The dump is
taken once per template version (`template_mark`) and kept in this process and in the
cache; `pg_dump` must have the server's major version. Without one, `template_script`
answers None and the caller clones instead (tenants/merchants/provisioning.py).

The replayed schema is the migrated template's twin: tables, columns, constraints,
indexes, triggers (the ledger's balance triggers among them), sequences and rows,
django_migrations included (tenants/merchants/tests/test_replay.py compares the catalogs).
"""

from __future__ import annotations

import functools
import glob
import logging
import os
import re
import shutil
import subprocess
from typing import Any

from django.conf import settings
from django.core.cache import cache

from zulin.core.db import tenant_connection

log = logging.getLogger("zulin.provisioning")

SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
# The dump's session settings, made transaction-local here: set for the session, they would
# outlive the replay (an empty search_path under a connection that thinks it set one).
_SESSION_LINE = re.compile(
    r"^(SET \w+ = .*;|SELECT pg_catalog\.set_config\('search_path', '', false\);)$"
)
_REPLAY_SETTINGS = {
    "search_path": "",
    "check_function_bodies": "off",
    "client_min_messages": "warning",
    "standard_conforming_strings": "on",
    "row_security": "off",
}
_scripts: dict[str, list[str]] = {}


@functools.cache
def _pg_dump_major(path: str) -> int | None:
    """The major version of the pg_dump at `path` ("pg_dump (PostgreSQL) 16.2" → 16)."""
    try:
        answer = subprocess.run(  # noqa: S603 (a pg_dump binary, fixed argv)
            [path, "--version"], capture_output=True, text=True, timeout=10, check=True
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    found = re.search(r"\) (\d+)", answer)
    return int(found.group(1)) if found else None


def _pg_dump_candidates() -> list[str]:
    """settings.PG_DUMP when set (only that); else the one on PATH, the distribution's
    versioned ones, and the one shipped inside pgserver (a dependency: the embedded server
    of `make run` and the binary the API image carries)."""
    if settings.PG_DUMP:
        return [settings.PG_DUMP]
    found = [shutil.which("pg_dump") or ""]
    found += sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_dump"), reverse=True)
    try:
        import pgserver  # type: ignore[import-untyped]

        found.append(os.path.join(os.path.dirname(pgserver.__file__), "pginstall/bin/pg_dump"))
    except ImportError:
        pass
    return [path for path in found if path and os.access(path, os.X_OK)]


def pg_dump_find() -> str | None:
    """A pg_dump of the server's major version, or None."""
    server_major = tenant_connection.pg_version // 10000
    for path in _pg_dump_candidates():
        if _pg_dump_major(path) == server_major:
            return path
    return None


def _dump_env() -> dict[str, str]:
    """libpq's environment for the default database (as Django connects to it)."""
    db = tenant_connection.settings_dict
    env = {**os.environ, "PGDATABASE": str(db["NAME"]), "PGUSER": db["USER"] or "postgres"}
    for key, name in (("PASSWORD", "PGPASSWORD"), ("HOST", "PGHOST"), ("PORT", "PGPORT")):
        if db.get(key):
            env[name] = str(db[key])
    return env


def _template_dump(pg_dump: str) -> list[str]:
    """The template's dump, cut at each mention of the template's name (the replay joins the
    pieces with the new schema's name), session settings taken out."""
    template = settings.TENANT_BASE_SCHEMA
    dump = subprocess.run(  # noqa: S603 (fixed argv)
        [pg_dump, "--schema", template, "--rows-per-insert", "1000"]
        + ["--no-owner", "--no-privileges"],
        check=True,
        capture_output=True,
        text=True,
        env=_dump_env(),
        timeout=120,
    ).stdout
    # psql meta-commands (\restrict since 15.14) are not SQL.
    kept = [
        line
        for line in dump.splitlines()
        if not line.startswith("\\") and not _SESSION_LINE.match(line)
    ]
    return re.split(rf"\b{re.escape(template)}\b", "\n".join(kept))


def template_script(*, mark: str) -> list[str] | None:
    """The template's dump for the template at `mark` (provisioning.template_mark), or None
    when no pg_dump matches the server or it fails (logged). Taken once per version: kept
    here and in the cache, which every process shares."""
    with tenant_connection.cursor() as cursor:
        # The schema's oid too: a template made again (a database dropped and made again
        # under the same name) has the same migrations but other rows.
        cursor.execute("SELECT %s::regnamespace::oid", [settings.TENANT_BASE_SCHEMA])
        template_oid = cursor.fetchone()[0]
    key = f"{tenant_connection.settings_dict['NAME']}:{template_oid}:{mark}"
    if key in _scripts:
        return _scripts[key]
    cache_key = f"merchants:template-dump:{key}"
    script = cache.get(cache_key)
    if script is None:
        pg_dump = pg_dump_find()
        if pg_dump is None:
            log.warning(
                "no pg_dump of PostgreSQL %s found (PATH, /usr/lib/postgresql, pgserver, "
                "PG_DUMP): new schemas are cloned with clone_schema, slower",
                tenant_connection.pg_version // 10000,
            )
            return None
        try:
            script = _template_dump(pg_dump)
        except (OSError, subprocess.SubprocessError) as failed:
            stderr = getattr(failed, "stderr", "") or ""
            log.warning(
                "%s could not dump the template (%s): new schemas are cloned with "
                "clone_schema, slower",
                pg_dump,
                stderr.strip()[:500] or failed,
            )
            return None
        cache.set(cache_key, script, timeout=None)
    _scripts[key] = script
    return script


def schema_replay(cursor: Any, script: list[str], target: str) -> None:
    """Makes schema `target` as a copy of the template by running `script`. In the caller's
    transaction (which must be one: the dump's settings are transaction-local and put back
    afterwards); any DB-API cursor of the database will do."""
    if not SCHEMA_NAME.match(target):
        raise ValueError(f"not a plain schema name: {target!r}")
    names = list(_REPLAY_SETTINGS)
    cursor.execute("SELECT " + ", ".join(f"current_setting('{name}')" for name in names))
    before = cursor.fetchone()
    settings_sql = ", ".join(
        f"set_config('{name}', '{value}', true)" for name, value in _REPLAY_SETTINGS.items()
    )
    cursor.execute(f"SELECT {settings_sql};" + target.join(script))
    restore = ", ".join(f"set_config('{name}', %s, true)" for name in names)
    cursor.execute(f"SELECT {restore}", list(before))
