"""The tables of the current schema, as Django's migration recorder asks for them, read
through the schema's dependants: the same list as PostgreSQL's visibility test over the whole
catalog (which walked every merchant's relations), and nothing of another schema."""

from __future__ import annotations

from django.db import connection

VISIBLE = """
SELECT c.relname FROM pg_catalog.pg_class c
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('f', 'm', 'p', 'r', 'v') AND n.nspname NOT IN ('pg_catalog', 'pg_toast')
  AND pg_catalog.pg_table_is_visible(c.oid)
"""


def _visible_the_old_way(schema: str) -> set[str]:
    with connection.cursor() as cursor:
        cursor.execute(f'SET LOCAL search_path = "{schema}"')
        cursor.execute(VISIBLE)
        names = {row[0] for row in cursor.fetchall()}
        cursor.execute("SET LOCAL search_path = public")
    return names


def test_each_schema_lists_its_own_tables_views_and_nothing_else(db, demo, acme):
    with connection.cursor() as cursor:
        cursor.execute('CREATE TABLE "m_acme".acme_only (id int)')
        cursor.execute('CREATE VIEW "m_demo".demo_view AS SELECT 1 AS one')

    for tenant in (demo, acme):
        connection.set_tenant(tenant)
        with connection.cursor() as cursor:
            tables = connection.introspection.get_table_list(cursor)
        names = {table.name for table in tables}
        assert names == _visible_the_old_way(tenant.schema_name)
        assert "django_migrations" in names
        assert ("acme_only" in names) is (tenant.schema_name == "m_acme")
        assert ("demo_view" in names) is (tenant.schema_name == "m_demo")
        kinds = {table.name: table.type for table in tables}
        assert kinds["django_migrations"] == "t"
        if tenant.schema_name == "m_demo":
            assert kinds["demo_view"] == "v"

    connection.set_schema_to_public()
    with connection.cursor() as cursor:
        public = {t.name for t in connection.introspection.get_table_list(cursor)}
    assert public == _visible_the_old_way("public")
    assert "merchants_merchant" in public
    assert "django_migrations" in public
    assert "acme_only" not in public
