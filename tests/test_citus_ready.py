"""Ready for Citus schema-based sharding (issue 45, docs/scaling.md): what a distributed
merchant schema refuses, checked on every merchant app's migrations and on the template's
catalog, so that a change that would break a Citus deployment fails here first.

Each rule is in its failure's message. Found on a Citus 13.2 run (PostgreSQL 15, a coordinator
and two workers): unnamed inline constraints in ADD COLUMN were refused, and the ledger's
balance trigger failed on the workers because it told its tables apart by TG_TABLE_NAME.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.db import connection, migrations, models, transaction
from django.db.migrations.loader import MigrationLoader
from django.db.utils import IntegrityError

pytestmark = pytest.mark.django_db

TEMPLATE = settings.TENANT_BASE_SCHEMA

# What a merchant schema's triggers may call in public, and why Citus accepts it: the functions
# exist on every node (created by the public migrations, which run on the coordinator and, with
# Citus, are propagated as distributed functions), take no table rows of public, and decide
# nothing by the firing table's name (checked below).
ALLOWED_PUBLIC_TRIGGER_FUNCTIONS = {
    "ledger_refuse_change": "refuses UPDATE, DELETE, TRUNCATE; names its table in a message only",
    "ledger_balance_check": "the balance check: its table is the trigger's argument",
}

# A merchant schema's own ids must be bigint: an identity column cannot change type once the
# schema is distributed (docs/scaling.md). The one exception is Django's own: contenttypes is a
# merchant app too (its table in every schema) and its id is an int4 identity of Django's
# initial migration. It holds one row per model, far from int4's limit; no migration may change
# its type on a distributed schema (written down in docs/scaling.md).
INT4_ID_ALLOWED = {("django_content_type", "id")}

_DECIDES_BY_NAME = re.compile(
    r"(IF|WHEN|CASE|ELSIF)\s+TG_TABLE_NAME|TG_TABLE_NAME\s*(=|<>|!=|IN\b)", re.I
)
_INLINE_CONSTRAINT = re.compile(r"\bADD COLUMN\b(?P<definition>.*)", re.I | re.S)


def _merchant_app_labels() -> list[str]:
    from django.apps import apps

    return [
        config.label for config in apps.get_app_configs() if config.name in settings.TENANT_APPS
    ]


def _add_column_problems(sql: str) -> list[str]:
    """An ADD COLUMN with a constraint PostgreSQL would name itself: UNIQUE, CHECK, PRIMARY KEY,
    or REFERENCES without a CONSTRAINT name."""
    problems = []
    for statement in sql.split(";"):
        match = _INLINE_CONSTRAINT.search(statement)
        if not match:
            continue
        definition = match.group("definition")
        for word in ("UNIQUE", "CHECK", "PRIMARY KEY"):
            if re.search(rf"\b{word}\b", definition, re.I):
                problems.append(f"{word} inline in ADD COLUMN: {statement.strip()[:160]}")
        if re.search(r"\bREFERENCES\b", definition, re.I) and not re.search(
            r"\bCONSTRAINT\s+\S+\s+REFERENCES\b", definition, re.I
        ):
            problems.append(f"an unnamed REFERENCES in ADD COLUMN: {statement.strip()[:160]}")
    return problems


def _add_field_sql() -> list[tuple[str, str]]:
    """The SQL of every AddField of the merchant apps' migrations, rendered through the
    project's schema editor in the state before it (nothing is executed)."""
    loader = MigrationLoader(connection, ignore_no_migrations=True)
    rendered = []
    # As in a merchant's schema: the tenants' router lets the merchant apps migrate only there.
    connection.set_schema(TEMPLATE)
    try:
        _render_add_fields(loader, rendered)
    finally:
        connection.set_schema_to_public()
    return rendered


def _render_add_fields(loader: MigrationLoader, rendered: list[tuple[str, str]]) -> None:
    for label in _merchant_app_labels():
        for key in sorted(node for node in loader.graph.nodes if node[0] == label):
            migration = loader.graph.nodes[key]
            if not any(isinstance(op, migrations.AddField) for op in migration.operations):
                continue
            state = loader.project_state(key, at_end=False)
            for operation in migration.operations:
                after = state.clone()
                operation.state_forwards(label, after)
                if isinstance(operation, migrations.AddField):
                    with connection.schema_editor(collect_sql=True, atomic=False) as editor:
                        operation.database_forwards(label, editor, state, after)
                    rendered.append(
                        (
                            f"{label}.{key[1]} {operation.model_name}.{operation.name}",
                            "\n".join(editor.collected_sql),
                        )
                    )
                state = after


def test_every_added_column_comes_bare_and_each_constraint_by_its_own_named_statement():
    rendered = _add_field_sql()
    assert len(rendered) > 20  # the merchant apps' migrations do add fields
    problems = [
        f"{where}: {problem}" for where, sql in rendered for problem in _add_column_problems(sql)
    ]
    assert problems == [], (
        "Citus refuses a constraint added inline with a column on a distributed table; the "
        "project's schema editor (zulin/core/postgres/schema.py) adds it by name instead — "
        "a migration bypassing it (RunSQL) must do the same:\n" + "\n".join(problems)
    )
    # The fields that had inline constraints still get them, by name.
    named = [sql for _, sql in rendered if re.search(r"ADD CONSTRAINT \S+ (UNIQUE|CHECK)", sql)]
    assert named, "no AddField with a UNIQUE or CHECK: the test no longer sees what it guards"


def test_the_schema_editor_adds_the_same_constraints_under_names_that_postgresql_enforces():
    """On a table of its own: a positive integer and a unique code added to it are refused a
    negative value and a duplicate, as Django's inline constraints would be."""

    class Probe(models.Model):
        class Meta:
            app_label = "zulin"
            db_table = "citus_probe"

    count = models.PositiveIntegerField(default=0)
    count.set_attributes_from_name("count")
    code = models.CharField(max_length=20, unique=True, null=True)
    code.set_attributes_from_name("code")
    with transaction.atomic():
        with connection.schema_editor(atomic=False) as editor:
            editor.create_model(Probe)
            editor.add_field(Probe, count)
            editor.add_field(Probe, code)
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT conname, contype FROM pg_constraint"
                " WHERE conrelid = 'citus_probe'::regclass AND contype IN ('c', 'u')"
                " ORDER BY contype"
            )
            constraints = cursor.fetchall()
            assert [kind for _, kind in constraints] == ["c", "u"]
            assert all(name.startswith("citus_probe_") for name, _ in constraints)
            cursor.execute("INSERT INTO citus_probe (count, code) VALUES (1, 'a')")
            for statement in (
                "INSERT INTO citus_probe (count, code) VALUES (-1, 'b')",
                "INSERT INTO citus_probe (count, code) VALUES (2, 'a')",
            ):
                with pytest.raises(IntegrityError), transaction.atomic():
                    cursor.execute(statement)
        transaction.set_rollback(True)


def _template_rows(sql: str, params: list[Any] | None = None) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, [TEMPLATE, *(params or [])])
        return list(cursor.fetchall())


def test_the_template_has_nothing_a_distributed_schema_refuses():
    foreign_keys_out = _template_rows(
        """SELECT c.conrelid::regclass::text, c.confrelid::regclass::text FROM pg_constraint c
           JOIN pg_class r ON r.oid = c.conrelid JOIN pg_class f ON f.oid = c.confrelid
          WHERE c.contype = 'f' AND r.relnamespace = %s::regnamespace
            AND f.relnamespace <> r.relnamespace"""
    )
    assert foreign_keys_out == [], (
        "a merchant table's foreign key may point only into its own schema"
        " (never public or another merchant)"
    )

    views = _template_rows(
        "SELECT relname FROM pg_class"
        " WHERE relnamespace = %s::regnamespace AND relkind IN ('v', 'm')"
    )
    assert views == [], (
        "no views in a merchant schema: Citus does not distribute them with the schema"
    )

    foreign_tables = _template_rows(
        "SELECT relname FROM pg_class WHERE relnamespace = %s::regnamespace AND relkind = 'f'"
    )
    assert foreign_tables == [], "no foreign tables in a merchant schema"

    inherited = _template_rows(
        "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid"
        " WHERE c.relnamespace = %s::regnamespace"
    )
    assert inherited == [], "no table inheritance in a merchant schema: Citus refuses it"

    int4_ids = _template_rows(
        """SELECT c.relname, a.attname FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
           JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY(i.indkey)
          WHERE i.indisprimary AND c.relnamespace = %s::regnamespace
            AND a.atttypid = 'int4'::regtype"""
    )
    assert {tuple(row) for row in int4_ids} - INT4_ID_ALLOWED == set(), (
        "a merchant table's id must be bigint (DEFAULT_AUTO_FIELD):"
        " an identity column cannot change type once distributed"
    )


def test_the_templates_triggers_call_only_known_functions_that_decide_nothing_by_table_name():
    triggers = _template_rows(
        """SELECT c.relname, t.tgname, n.nspname, p.proname, p.prosrc FROM pg_trigger t
           JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
           JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE NOT t.tgisinternal AND c.relnamespace = %s::regnamespace"""
    )
    assert triggers, "the template has the ledger's triggers: the check no longer sees them"
    for table, trigger, namespace, function, source in triggers:
        assert not _DECIDES_BY_NAME.search(source), (
            f"{table}.{trigger} → {namespace}.{function} decides by TG_TABLE_NAME:"
            " on a Citus worker "
            "the trigger fires on the shard (table_<shardid>); pass the table as an argument"
        )
        if namespace == "public":
            assert function in ALLOWED_PUBLIC_TRIGGER_FUNCTIONS, (
                f"{table}.{trigger} calls public.{function}: a merchant schema's trigger"
                " may call a public "
                "function only when it is listed, with why Citus accepts it"
            )


def test_the_ledgers_balance_triggers_name_their_table_by_argument():
    rows = _template_rows(
        """SELECT c.relname, p.proname, t.tgargs FROM pg_trigger t
           JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
          WHERE c.relnamespace = %s::regnamespace AND t.tgname LIKE %s ORDER BY c.relname""",
        ["%_balanced"],
    )
    assert [
        (table, function, bytes(args).split(b"\x00")[0].decode()) for table, function, args in rows
    ] == [
        ("ledger_entry", "ledger_balance_check", "entry"),
        ("ledger_journal", "ledger_balance_check", "journal"),
    ]


# Functions of earlier migrations that a later one replaced in every trigger: kept in public so a
# schema not yet migrated keeps working during `migrate_all`, called by no trigger after it.
SUPERSEDED = {("ledger", "0004_balanced_journals"): "0006_balance_trigger_argument"}

_REFUSED_IN_SQL = {
    r"\bINHERITS\s*\(": "table inheritance",
    r"\bCREATE\s+FOREIGN\s+TABLE\b": "a foreign table",
    r"\bCREATE\s+(OR\s+REPLACE\s+)?(MATERIALIZED\s+)?VIEW\b": "a view",
    r"\bREFERENCES\s+public\.": "a foreign key into public",
}


def test_the_merchant_apps_raw_sql_migrations_use_nothing_a_distributed_schema_refuses():
    loader = MigrationLoader(connection, ignore_no_migrations=True)
    problems = []
    for label in _merchant_app_labels():
        for key in sorted(node for node in loader.graph.nodes if node[0] == label):
            for operation in loader.graph.nodes[key].operations:
                if not isinstance(operation, migrations.RunSQL):
                    continue
                sql = (
                    operation.sql
                    if isinstance(operation.sql, str)
                    else "\n".join(map(str, operation.sql))
                )
                for pattern, what in _REFUSED_IN_SQL.items():
                    if re.search(pattern, sql, re.I):
                        problems.append(f"{label}.{key[1]}: {what}")
                for match in re.finditer(r"CREATE (OR REPLACE )?FUNCTION[\s\S]*?\$f\$;", sql, re.I):
                    body = match.group(0)
                    if _DECIDES_BY_NAME.search(body) and key not in SUPERSEDED:
                        problems.append(f"{label}.{key[1]}: a function deciding by TG_TABLE_NAME")
    assert problems == [], "\n".join(problems)


# --- the statements the app sends at run time (tests/citus_sql.py) ------------------------


def _sql_tables():
    from tests import citus_sql

    return citus_sql.tables_of_settings({"m_one", "m_two"})


@pytest.mark.parametrize(
    ("schema", "sql", "rule"),
    [
        (
            "m_one",
            'SELECT "orders_order"."id" FROM "orders_order" INNER JOIN "merchants_merchant" '
            'ON true WHERE "orders_order"."id" = %s FOR UPDATE',
            "lock-across-nodes",
        ),
        (
            "m_one",
            'SELECT * FROM "m_one"."orders_order" JOIN "m_two"."orders_order" ON true',
            "cross-merchant",
        ),
        (
            "public",
            'SELECT 1 FROM "m_one"."billing_bill", "m_two"."billing_bill"',
            "cross-merchant",
        ),
        ("m_one", 'SELECT 1 FROM "m_two"."billing_bill"', "cross-merchant"),
        (
            "m_one",
            'UPDATE "billing_bill" SET "note" = random()::text WHERE "id" = %s',
            "volatile-in-update",
        ),
        (
            "m_one",
            'INSERT INTO "billing_bill" ("order_id") '
            'VALUES ((SELECT max("id") FROM "orders_order"))',
            "subquery-in-insert",
        ),
        ("m_one", "CREATE RULE r AS ON INSERT TO x DO NOTHING", "rule"),
    ],
)
def test_a_statement_citus_refuses_is_named_with_its_rule(schema, sql, rule):
    from tests import citus_sql

    report = citus_sql.check([(schema, sql)], _sql_tables())
    assert [found for found, _, _ in report.refused] == [rule]


@pytest.mark.parametrize(
    ("schema", "sql"),
    [
        ("m_one", 'SELECT "orders_order"."id" FROM "orders_order" WHERE "id" = %s FOR UPDATE'),
        (
            "m_one",
            'SELECT "orders_order"."id" FROM "orders_order" JOIN "merchants_merchant" ON true',
        ),
        ("m_one", 'UPDATE "billing_bill" SET "updated_at" = %s WHERE "id" = %s'),
        ("m_one", 'INSERT INTO "billing_bill" ("order_id") SELECT "id" FROM "orders_order"'),
        ("public", 'SELECT "merchants_merchant"."id" FROM "merchants_merchant" FOR UPDATE'),
        ("m_one", 'SELECT 1 FROM "m_one"."billing_bill"'),
    ],
)
def test_what_stays_on_one_shard_passes(schema, sql):
    from tests import citus_sql

    report = citus_sql.check([(schema, sql)], _sql_tables())
    assert report.refused == []
    assert report.mixed_reads == ("merchants_merchant" in sql and "FOR UPDATE" not in sql)
