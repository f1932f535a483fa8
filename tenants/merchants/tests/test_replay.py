"""Schemas made by replaying the template's dump are the migrated template's twin; without a
pg_dump of the server's version, onboarding clones instead and says so."""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest
from django.db import connection
from django.test import override_settings
from django_tenants.utils import schema_exists
from psycopg import sql

from tenants.merchants import replay
from tenants.merchants.provisioning import schema_make, spare_pool_fill, template_mark
from tenants.merchants.services import merchant_create
from tenants.merchants.tests.test_provisioning import TERMS

TEMPLATE = "merchant_template"
LEDGER_TRIGGERS = {
    ("ledger_journal", "ledger_journal_balanced"),
    ("ledger_entry", "ledger_entry_balanced"),
    ("ledger_journal", "ledger_journal_no_truncate"),
    ("ledger_entry", "ledger_entry_no_truncate"),
}

CATALOG = {
    "relations": """
        SELECT c.relname, c.relkind, c.relpersistence FROM pg_class c
        WHERE c.relnamespace = %(ns)s::regnamespace ORDER BY 1""",
    "columns": """
        SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull,
               pg_get_expr(d.adbin, d.adrelid), a.attidentity, a.attgenerated, a.attcollation
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE c.relnamespace = %(ns)s::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY c.relname, a.attnum""",
    "constraints": """
        SELECT c.relname, k.conname, k.contype, k.condeferrable, k.condeferred,
               pg_get_constraintdef(k.oid)
        FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
        WHERE k.connamespace = %(ns)s::regnamespace ORDER BY 1, 2""",
    "indexes": """
        SELECT tablename, indexname, indexdef FROM pg_indexes
        WHERE schemaname = %(ns)s ORDER BY 1, 2""",
    "triggers": """
        SELECT c.relname, t.tgname, t.tgenabled, pg_get_triggerdef(t.oid)
        FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE c.relnamespace = %(ns)s::regnamespace AND NOT t.tgisinternal ORDER BY 1, 2""",
    "internal triggers": """
        SELECT c.relname, count(*) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE c.relnamespace = %(ns)s::regnamespace AND t.tgisinternal
        GROUP BY 1 ORDER BY 1""",
    "sequences": """
        SELECT sequencename, data_type::text, start_value, min_value, max_value,
               increment_by, cycle, last_value
        FROM pg_sequences WHERE schemaname = %(ns)s ORDER BY 1""",
    "sequence owners": """
        SELECT s.relname, t.relname, a.attname FROM pg_depend d
        JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
        JOIN pg_class t ON t.oid = d.refobjid
        JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
        WHERE s.relnamespace = %(ns)s::regnamespace ORDER BY 1""",
    "functions": """
        SELECT p.proname, pg_get_functiondef(p.oid) FROM pg_proc p
        WHERE p.pronamespace = %(ns)s::regnamespace ORDER BY 1""",
}


# PostgreSQL reprints `varchar_column IN ('a', 'b')` one way when a migration writes it and
# another once that print is read back (the cast to text moves from the array into its
# elements): the same check, in both forms here written as ARRAY['a'::character varying, …].
_CAST_ELEMENT = re.compile(r"\('((?:[^']|'')*)'::character varying\)::text")
_CAST_ARRAY = re.compile(r"\(ARRAY\[([^\]]*)\]\)::text\[\]")


def _same_form(definition: str) -> str:
    return _CAST_ARRAY.sub(r"ARRAY[\1]", _CAST_ELEMENT.sub(r"'\1'::character varying", definition))


def catalog(schema: str) -> dict[str, Any]:
    """What the catalog holds about `schema` (its name written as <schema>), and its rows:
    every table's content, django_migrations with its ids and times among them."""
    described: dict[str, Any] = {}
    with connection.cursor() as cursor:
        for part, query in CATALOG.items():
            cursor.execute(query, {"ns": schema})
            described[part] = [
                tuple(
                    _same_form(v.replace(schema, "<schema>")) if isinstance(v, str) else v
                    for v in row
                )
                for row in cursor.fetchall()
            ]
        cursor.execute("SELECT tablename FROM pg_tables WHERE schemaname = %s ORDER BY 1", [schema])
        rows = {}
        for (table,) in cursor.fetchall():
            cursor.execute(
                sql.SQL(
                    "SELECT count(*), md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), ''))"
                    " FROM {}.{} t"
                ).format(sql.Identifier(schema), sql.Identifier(table))
            )
            rows[table] = cursor.fetchone()
        described["rows"] = rows
        cursor.execute(
            sql.SQL("SELECT id, app, name, applied FROM {}.django_migrations ORDER BY id").format(
                sql.Identifier(schema)
            )
        )
        described["django_migrations"] = cursor.fetchall()
    return described


def assert_twin_of_template(schema: str) -> None:
    made, template = catalog(schema), catalog(TEMPLATE)
    for part in template:
        assert made[part] == template[part], part


def test_a_replayed_schema_is_the_migrated_template_s_twin(db):
    assert replay.pg_dump_find(), "this machine's PostgreSQL has a matching pg_dump"
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('search_path'), current_setting('row_security')")
        settings_before = cursor.fetchone()

    schema_make(target="m_replayed")

    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('search_path'), current_setting('row_security')")
        assert cursor.fetchone() == settings_before  # the dump's settings did not stay
    template = catalog(TEMPLATE)
    assert {(table, name) for table, name, *_ in template["triggers"]} >= LEDGER_TRIGGERS
    assert len(template["django_migrations"]) > 50
    assert_twin_of_template("m_replayed")


def test_the_ledger_refuses_an_unbalanced_journal_in_a_replayed_schema(db):
    from django.db import IntegrityError, transaction

    schema_make(target="m_ledgered")
    with (
        pytest.raises(IntegrityError, match="unbalanced"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(
            "INSERT INTO m_ledgered.ledger_journal (reference, kind, memo,"
            " payment_reference, meta, actor_name, created_at, moved_on, counted_on)"
            " VALUES ('alone', 'test', '', '', '{}', '', now(), current_date, current_date)"
        )
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def test_onboarding_with_an_empty_pool_replays_the_template(db):
    merchant = merchant_create(
        name="空池商户", slug="emptypool", owner_password="Start2026x", settlement=TERMS
    )

    connection.set_schema_to_public()
    assert merchant.schema_name == "m_emptypool"
    assert_twin_of_template_but_owner("m_emptypool")


def assert_twin_of_template_but_owner(schema: str) -> None:
    made, template = catalog(schema), catalog(TEMPLATE)
    for part in template:
        if part != "rows":
            assert made[part] == template[part], part


def test_without_a_matching_pg_dump_onboarding_clones_and_says_so(db, monkeypatch, caplog):
    monkeypatch.setattr(replay, "_scripts", {})
    logger = logging.getLogger("zulin.provisioning")
    logger.addHandler(caplog.handler)
    try:
        with override_settings(PG_DUMP="/nonexistent/pg_dump"):
            assert replay.pg_dump_find() is None
            assert spare_pool_fill(target=1) == 1
            merchant_create(
                name="克隆商户", slug="clonedshop", owner_password="Start2026x", settlement=TERMS
            )
    finally:
        logger.removeHandler(caplog.handler)

    connection.set_schema_to_public()
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings and "no pg_dump" in warnings[0].getMessage()
    assert schema_exists("m_clonedshop")
    made, template = catalog("m_clonedshop"), catalog(TEMPLATE)
    # (django-tenants' clone names some indexes its own way: the tables are what is compared.)
    tables = [(table, kind) for table, kind, _ in template["relations"] if kind == "r"]
    assert [(table, kind) for table, kind, _ in made["relations"] if kind == "r"] == tables
    assert made["django_migrations"] == template["django_migrations"]
    assert replay._scripts == {}  # nothing remembered: a pg_dump installed later is used


def test_a_pg_dump_that_fails_makes_onboarding_clone_and_say_so(db, monkeypatch, caplog, tmp_path):
    """A pg_dump of the right version that cannot dump (no access, a broken install)."""
    broken = tmp_path / "pg_dump"
    major = connection.pg_version // 10000
    broken.write_text(
        f'#!/bin/sh\n[ "$1" = --version ] && echo "pg_dump (PostgreSQL) {major}.0" && exit 0\n'
        'echo "pg_dump: error: permission denied for schema merchant_template" >&2; exit 1\n'
    )
    broken.chmod(0o755)
    monkeypatch.setattr(replay, "_scripts", {})
    logger = logging.getLogger("zulin.provisioning")
    logger.addHandler(caplog.handler)
    try:
        with override_settings(PG_DUMP=str(broken)):
            assert replay.pg_dump_find() == str(broken)
            schema_make(target="m_brokendump")
    finally:
        logger.removeHandler(caplog.handler)

    assert schema_exists("m_brokendump")
    assert "permission denied" in caplog.records[-1].getMessage()


def test_the_dump_is_taken_once_per_template_version(db, monkeypatch):
    monkeypatch.setattr(replay, "_scripts", {})
    taken = []
    real = replay._template_dump
    monkeypatch.setattr(replay, "_template_dump", lambda path: taken.append(path) or real(path))

    schema_make(target="m_first")
    schema_make(target="m_second")
    monkeypatch.setattr(replay, "_scripts", {})  # another process: the cache has it
    schema_make(target="m_third")

    assert len(taken) == 1
    assert [key.endswith(f":{template_mark()}") for key in replay._scripts] == [True]
    assert all(schema_exists(name) for name in ("m_first", "m_second", "m_third"))


def test_the_api_image_carries_a_pg_dump_of_the_compose_postgres_version():
    """New merchant schemas are made by replaying the template with a pg_dump of the server's
    major version (`pg_dump_find`): the API image installs Debian's client of the compose
    file's PostgreSQL major (where `_pg_dump_candidates` looks), not only pgserver's 16."""
    import inspect
    from pathlib import Path

    import yaml

    root = Path(__file__).resolve().parents[3]
    image = yaml.safe_load((root / "docker-compose.yml").read_text())["services"]["postgres"]
    major = int(image["image"].split(":")[1].split(".")[0])
    dockerfile = (root / "infra/docker/api.Dockerfile").read_text()
    assert major == 15  # the product's one PostgreSQL (docs/operations.md)
    assert f"postgresql-client-{major}" in dockerfile
    # Debian 12 is the release whose own client package is that major.
    assert "FROM python:3.11-slim-bookworm" in dockerfile
    # The client's pg_dump lands where replay looks for versioned ones.
    assert "/usr/lib/postgresql/*/bin/pg_dump" in inspect.getsource(replay._pg_dump_candidates)
