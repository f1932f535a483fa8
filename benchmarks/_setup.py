"""What every benchmark does first: a fresh database of its own (and a Redis database), and
Django set up on it with every schema migrated."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def services_env(db_name: str, *, redis_db: int, fresh: bool = True) -> None:
    """Exports DATABASE_URL and REDIS_URL of database `db_name`, fresh (dropped and made
    again) unless told otherwise (services.py)."""
    exports = subprocess.run(  # noqa: S603 (fixed argv: our own script)
        [sys.executable, str(ROOT / "infra/scripts/services.py"), db_name]
        + (["--fresh"] if fresh else [])
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


def template_dump() -> list[str]:
    """The merchant template's dump as onboarding replays it (tenants/merchants/replay.py);
    `schema_replay(cursor, dump, name)` there makes a schema from it (0.08 s a schema where
    django-tenants' clone takes seconds once there are many: docs/benchmarks.md)."""
    from tenants.merchants.provisioning import template_mark
    from tenants.merchants.replay import template_script

    script = template_script(mark=template_mark())
    if script is None:
        raise SystemExit("no pg_dump of the server's major version (docs/configuration.md)")
    return script


def raw_params() -> dict[str, object]:
    """Django's connection parameters for a plain psycopg connection (the benchmarks' floor:
    the same SQL without Django)."""
    from django.db import connection

    params = connection.get_connection_params()
    for key in ("cursor_factory", "context"):
        params.pop(key, None)
    return {k: v for k, v in params.items() if v is not None}
