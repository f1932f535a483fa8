"""What every benchmark does first: a fresh database of its own (and a Redis database), and
Django set up on it with every schema migrated."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def services_env(db_name: str, *, redis_db: int) -> None:
    """Exports DATABASE_URL and REDIS_URL of a fresh database `db_name` (services.py)."""
    exports = subprocess.run(  # noqa: S603 (fixed argv: our own script)
        [sys.executable, str(ROOT / "infra/scripts/services.py"), db_name, "--fresh"]
        + ["--redis-db", str(redis_db)],
        check=True,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k not in ("DATABASE_URL",)},
    ).stdout
    for line in exports.splitlines():
        name, _, value = line.removeprefix("export ").partition("=")
        os.environ[name] = value.strip("'")


def django_setup(*, cache_prefix: str) -> None:
    """Django on that database, every schema migrated (quietly)."""
    sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]
    os.environ["DJANGO_SETTINGS_MODULE"] = "zulin.settings.dev"
    os.environ["CACHE_KEY_PREFIX"] = cache_prefix
    import django

    django.setup()
    from django.core.management import call_command

    with open(os.devnull, "w") as quiet:
        call_command("migrate_all", verbosity=0, stdout=quiet)


def template_dump() -> str:
    """The merchant template schema's DDL and rows as plain SQL (INSERTs, not COPY, so one
    execute runs it); `schema_replay` makes a schema from it."""
    import shutil

    from django.conf import settings

    dump = subprocess.run(  # noqa: S603 (fixed argv)
        [shutil.which("pg_dump") or "pg_dump", "--schema", settings.TENANT_BASE_SCHEMA]
        + ["--inserts", "--no-owner", "--no-privileges", os.environ["DATABASE_URL"]],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    # psql meta-commands (\restrict since 15.14) are not SQL.
    return "\n".join(line for line in dump.splitlines() if not line.startswith("\\"))


def schema_replay(cursor, dump: str, schema: str) -> None:  # noqa: ANN001
    """Makes `schema` as a copy of the template by running its dump renamed (0.08 s a schema
    where django-tenants' clone takes seconds once there are many: benchmarks/migrations.py).
    Use a connection of its own: the dump sets search_path to ''."""
    import re

    from django.conf import settings

    template = re.compile(rf"\b{re.escape(settings.TENANT_BASE_SCHEMA)}\b")
    cursor.execute(template.sub(schema, dump))
