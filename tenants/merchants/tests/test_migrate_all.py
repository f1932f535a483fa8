from unittest import mock

from django.core.management import call_command
from django.db import connection

from tenants.merchants.management.commands import migrate_all

SEED = ("subshops", "0002_seed_channels")  # RunPython with get_or_create: safe to run again


def _recorded(schema: str) -> list[tuple[int, str, str, object]]:
    with connection.cursor() as cursor:
        cursor.execute(
            f'SELECT id, app, name, applied FROM "{schema}".django_migrations ORDER BY id'
        )
        return cursor.fetchall()


def test_up_to_date_merchants_are_skipped_and_one_behind_is_migrated(db, capsys):
    # given: demo lacks one recorded migration, acme is up to date
    acme_before = _recorded("m_acme")
    with connection.cursor() as cursor:
        cursor.execute('DELETE FROM "m_demo".django_migrations WHERE app = %s AND name = %s', SEED)
    assert migrate_all.merchant_schemas_behind() == ["m_demo"]

    # when
    with mock.patch.object(
        migrate_all, "merchant_schemas_migrate", wraps=migrate_all.merchant_schemas_migrate
    ) as migrate:
        call_command("migrate_all")

    # then: only demo was handed to the executor, its row is back, acme's rows are untouched
    migrate.assert_called_once_with(["m_demo"], executor="standard")
    assert SEED in {(app, name) for _, app, name, _ in _recorded("m_demo")}
    assert _recorded("m_acme") == acme_before
    assert migrate_all.merchant_schemas_behind() == []
    assert "migrated: public, template, merchants;" in capsys.readouterr().out


def test_a_merchant_without_a_migrations_table_is_behind(db):
    with connection.cursor() as cursor:
        cursor.execute('ALTER TABLE "m_acme".django_migrations RENAME TO django_migrations_old')

    assert migrate_all.merchant_schemas_behind() == ["m_acme"]
