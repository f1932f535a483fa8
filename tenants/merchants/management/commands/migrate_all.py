"""Migrates public, the template, the merchants that are behind, and refills the spare pool.

django-tenants' `migrate_schemas` runs Django's `migrate` in every merchant schema, even when
there is nothing to do: each run loads the migration graph, reads the schema's
`django_migrations` and checks its history (12 minutes for a no-op over 900 tenants, dt #719).
We read every schema's recorded migrations (public's, the template's, each merchant's) in a few
UNION queries instead, on two connections, compare them with the migrations on disk, and
migrate only the schemas that lack some: the merchants by the shared executor
(schema_migrate.py), or django-tenants' when asked.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django_tenants.management.commands.migrate_schemas import MigrateSchemasCommand
from django_tenants.migration_executors import get_executor
from django_tenants.utils import get_public_schema_name
from psycopg import sql

from tenants.merchants.models import Merchant
from tenants.merchants.provisioning import spare_pool_fill, template_schema_ensure
from tenants.merchants.schema_migrate import SchemaMigrator
from zulin.core.db import tenant_connection

# Schemas per UNION query: one statement stays small enough to plan quickly.
SCHEMAS_PER_QUERY = 250
# Connections reading the schemas' records side by side (one a core here).
CHECK_CONNECTIONS = 2


def migrations_on_disk() -> set[tuple[str, str]]:
    """Every migration of every installed app (squashes as Django reads them with nothing
    applied). A schema migrated by `migrate` records all of them, shared apps' included."""
    return set(MigrationLoader(None, ignore_no_migrations=True).graph.nodes)


def merchant_schemas_behind(*, target: set[tuple[str, str]] | None = None) -> list[str]:
    """The merchants' schemas (in id order) that lack a recorded migration of `target`
    (default: the migrations on disk), or have no `django_migrations` table at all."""
    schemas = list(
        Merchant.objects.exclude(schema_name=get_public_schema_name())
        .order_by("id")
        .values_list("schema_name", flat=True)
    )
    return schemas_behind(schemas, target=target)


def schemas_behind(schemas: list[str], *, target: set[tuple[str, str]] | None = None) -> list[str]:
    """Those of `schemas` (in their order) that lack a recorded migration of `target`
    (default: the migrations on disk), or have no `django_migrations` table at all (or do
    not exist). Every schema migrated by `migrate` records every migration, shared apps'
    and merchant apps' alike: public, the template and each merchant."""
    target = migrations_on_disk() if target is None else target
    wanted = [f"{app}.{name}" for app, name in sorted(target)]
    tenant_connection.set_schema_to_public()
    with tenant_connection.cursor() as cursor:
        cursor.execute(
            "SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE c.relname = 'django_migrations' AND c.relkind = 'r'"
            " AND n.nspname = ANY(%s)",
            [schemas],
        )
        recorded = sorted(row[0] for row in cursor.fetchall())
    chunks = [
        recorded[start : start + SCHEMAS_PER_QUERY]
        for start in range(0, len(recorded), SCHEMAS_PER_QUERY)
    ]
    up_to_date: set[str] = set()
    if len(chunks) <= 1:
        for chunk in chunks:
            up_to_date |= _chunk_up_to_date(tenant_connection, chunk, wanted)
    else:
        # Most of the time goes to PostgreSQL opening each schema's table: the chunks are
        # read on CHECK_CONNECTIONS connections side by side (0.6 ms a schema on one).
        with ThreadPoolExecutor(CHECK_CONNECTIONS) as pool:
            for found in pool.map(lambda part: _chunks_read(part, wanted), _split(chunks)):
                up_to_date |= found
    return [schema for schema in schemas if schema not in up_to_date]


def _split(chunks: list[list[str]]) -> list[list[list[str]]]:
    return [chunks[n::CHECK_CONNECTIONS] for n in range(CHECK_CONNECTIONS)]


def _chunks_read(chunks: list[list[str]], wanted: list[str]) -> set[str]:
    """On this thread's own connection (closed afterwards), the schemas of `chunks` that
    record every wanted migration."""
    found: set[str] = set()
    try:
        for chunk in chunks:
            found |= _chunk_up_to_date(connection, chunk, wanted)
    finally:
        connection.close()
    return found


def _chunk_up_to_date(conn: Any, chunk: list[str], wanted: list[str]) -> set[str]:
    count_query = sql.SQL(
        "SELECT {name}::text, count(DISTINCT (app, name)) FROM {schema}.django_migrations"
        " WHERE app || '.' || name = ANY(%(wanted)s)"
    )
    union = sql.SQL(" UNION ALL ").join(
        count_query.format(name=sql.Literal(schema), schema=sql.Identifier(schema))
        for schema in chunk
    )
    with conn.cursor() as cursor:
        cursor.execute(union, {"wanted": wanted})
        return {schema for schema, found in cursor.fetchall() if found == len(wanted)}


def merchant_schemas_migrate(schemas: list[str], *, executor: str, verbosity: int = 0) -> None:
    """Migrates `schemas` only: `shared` (the default) one after another on one connection,
    each distinct starting state rendered once (schema_migrate.py); or django-tenants'
    executor (`standard`: `migrate` in one schema after another; `multiprocessing`:
    TENANT_MULTIPROCESSING_MAX_PROCESSES workers), with the options `migrate_schemas --tenant`
    would pass."""
    if not schemas:
        return
    if executor == "shared":
        migrator = SchemaMigrator(verbosity=verbosity)
        for schema in schemas:
            migrator.migrate(schema)
        return
    parser = MigrateSchemasCommand().create_parser("manage.py", "migrate_schemas")
    argv = ["--tenant", "--noinput", "--skip-checks", f"--executor={executor}"]
    options: dict[str, Any] = vars(parser.parse_args([*argv, f"--verbosity={verbosity}"]))
    get_executor(codename=executor)([], options).run_migrations(tenants=list(schemas))
    tenant_connection.set_schema_to_public()


class Command(BaseCommand):
    help = (
        "Migrate the public schema, the merchant template schema, then every merchant that is "
        "behind, and refill the pool of spare merchant schemas."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--executor",
            choices=["shared", "standard", "multiprocessing"],
            default="shared",
            help="How the merchants that are behind are migrated (benchmarks/migrations.py).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        # Django's `migrate` is run only in a schema that is behind: even with nothing to do
        # it lists the tables of its schema several times, and PostgreSQL's answer walks the
        # catalog of every merchant (0.5 s a time at 2,900 merchants; docs/benchmarks.md).
        on_disk = migrations_on_disk()
        if schemas_behind([get_public_schema_name()], target=on_disk):
            call_command("migrate_schemas", shared=True, interactive=False, verbosity=0)
        template_behind = schemas_behind([settings.TENANT_BASE_SCHEMA], target=on_disk)
        template_schema_ensure(migrate=bool(template_behind))
        behind = merchant_schemas_behind(target=on_disk)
        merchant_schemas_migrate(behind, executor=options["executor"])
        # Spares cloned from an older template are dropped and the pool is filled again.
        made = spare_pool_fill()
        if options["verbosity"] >= 2:
            self.stdout.write(f"{len(behind)} merchant schemas were behind")
        self.stdout.write(f"migrated: public, template, merchants; {made} spare schemas made")
