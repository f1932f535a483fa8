from unittest import mock

import pytest
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
    migrate.assert_called_once_with(["m_demo"], executor="shared")
    assert SEED in {(app, name) for _, app, name, _ in _recorded("m_demo")}
    assert _recorded("m_acme") == acme_before
    assert migrate_all.merchant_schemas_behind() == []
    assert "migrated: public, template, merchants;" in capsys.readouterr().out


def test_a_merchant_without_a_migrations_table_is_behind(db):
    with connection.cursor() as cursor:
        cursor.execute('ALTER TABLE "m_acme".django_migrations RENAME TO django_migrations_old')

    assert migrate_all.merchant_schemas_behind() == ["m_acme"]


RELEASE = """from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("subshops", "{last}")]

    operations = [
        migrations.AddField("channel", "release_note", models.CharField(max_length=20, default="")),
        migrations.AddIndex(
            "channel", models.Index(fields=["release_note"], name="subshops_ch_release_idx")
        ),
        migrations.CreateModel(
            "ReleaseProbe", [("id", models.BigAutoField(primary_key=True))]
        ),
    ]
"""


def _release(tmp_path, monkeypatch, settings) -> None:
    """A copy of subshops' migrations with one more (a column, an index, a model), read
    through MIGRATION_MODULES as a release's new migration would be."""
    import shutil
    import sys
    from pathlib import Path

    import apps.subshops

    source = Path(apps.subshops.__file__).parent / "migrations"
    folder = tmp_path / "release_subshops_migrations"
    shutil.copytree(source, folder, ignore=shutil.ignore_patterns("__pycache__"))
    last = max(p.stem for p in source.glob("0*.py"))
    (folder / "9999_release.py").write_text(RELEASE.format(last=last))
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    settings.MIGRATION_MODULES = {**settings.MIGRATION_MODULES, "subshops": folder.name}


def _columns_and_models(schema: str) -> tuple[bool, bool, bool]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = %s"
            " AND table_name = 'subshops_channel' AND column_name = 'release_note'),"
            " EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = %s"
            " AND indexname = 'subshops_ch_release_idx'),"
            f' EXISTS (SELECT 1 FROM "{schema}".django_content_type'
            " WHERE app_label = 'subshops' AND model = 'releaseprobe')",
            [schema, schema],
        )
        return cursor.fetchone()


def test_a_release_migrates_every_merchant_rendering_each_starting_state_once(
    db, tmp_path, monkeypatch, settings
):
    # given: a release with one new migration; demo also lacks an older one (two starting states)
    from tenants.merchants.schema_migrate import SchemaMigrator

    _release(tmp_path, monkeypatch, settings)
    with connection.cursor() as cursor:
        cursor.execute('DELETE FROM "m_demo".django_migrations WHERE app = %s AND name = %s', SEED)
    behind = migrate_all.merchant_schemas_behind()
    assert {"m_acme", "m_demo"} <= set(behind)
    migrator = SchemaMigrator()

    # when
    applied = {schema: migrator.migrate(schema) for schema in behind}

    # then: each schema ran its own plan, has the column, the index and (post_migrate run in
    # it) the new model's content type; nobody is left behind
    assert applied["m_acme"] == ["subshops.9999_release"]
    assert applied["m_demo"] == ["subshops.0002_seed_channels", "subshops.9999_release"]
    for schema in behind:
        assert _columns_and_models(schema) == (True, True, True), schema
    assert migrate_all.merchant_schemas_behind() == []
    # the renderings: one per distinct starting state, not one per schema
    assert migrator.rendered == len({tuple(plan) for plan in applied.values()}) == 2


def _migrate_runs(capsys) -> list[dict]:
    """migrate_all run once; the options of every `migrate_schemas` it called."""
    from tenants.merchants import provisioning

    with (
        mock.patch.object(migrate_all, "call_command", wraps=migrate_all.call_command) as here,
        mock.patch.object(
            provisioning, "call_command", wraps=provisioning.call_command
        ) as template,
    ):
        call_command("migrate_all")
    capsys.readouterr()
    return [c.kwargs for c in here.call_args_list + template.call_args_list]


def test_with_nothing_to_do_django_migrate_runs_in_no_schema(db, capsys):
    # public, the template and every merchant are up to date
    assert migrate_all.schemas_behind(["public", "merchant_template"]) == []

    assert _migrate_runs(capsys) == []


@pytest.fixture
def sequences_kept():
    """The migration recorders' id sequences of public and the template as they were (a
    sequence is not rolled back with the test: the template's cached dump would differ)."""
    names = ("public.django_migrations_id_seq", "merchant_template.django_migrations_id_seq")
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(f"(SELECT last_value FROM {name})" for name in names))
        kept = cursor.fetchone()
    yield
    with connection.cursor() as cursor:
        for name, value in zip(names, kept, strict=True):
            cursor.execute("SELECT setval(%s, %s)", [name, value])


def test_public_and_the_template_are_migrated_only_when_behind(db, capsys, sequences_kept):
    # given: the template lacks a migration (public does not)
    with connection.cursor() as cursor:
        cursor.execute(
            'DELETE FROM "merchant_template".django_migrations WHERE app = %s AND name = %s', SEED
        )
    assert migrate_all.schemas_behind(["public", "merchant_template"]) == ["merchant_template"]

    # when
    runs = _migrate_runs(capsys)

    # then: only the template was migrated, and it is up to date again
    assert [run.get("schema_name") for run in runs] == ["merchant_template"]
    assert migrate_all.schemas_behind(["public", "merchant_template"]) == []

    # and public, once behind, is migrated alone
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM public.django_migrations WHERE app = %s AND name = %s", SEED)
    runs = _migrate_runs(capsys)
    assert [run.get("shared") for run in runs] == [True]
    assert migrate_all.schemas_behind(["public", "merchant_template"]) == []


def test_many_schemas_are_read_on_connections_side_by_side_with_the_same_answer(db, monkeypatch):
    # One schema a query: the chunks go to the side connections (each its own thread).
    monkeypatch.setattr(migrate_all, "SCHEMAS_PER_QUERY", 1)
    on_disk = migrate_all.migrations_on_disk()
    schemas = ["m_acme", "m_demo", "merchant_template", "public"]

    assert migrate_all.schemas_behind(schemas, target=on_disk) == []
    # A migration no schema has recorded: every one is behind, in the order asked.
    later = on_disk | {("subshops", "9999_not_yet")}
    assert migrate_all.schemas_behind(schemas, target=later) == schemas
