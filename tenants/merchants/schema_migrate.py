"""Merchant schemas migrated one after another, each distinct starting state rendered once.

django-tenants' executors run Django's `migrate` command in every schema. Most of its time
there is not the schema's DDL but Python: it renders every model of the project twice (the
state before, for `pre_migrate`, and after, for `post_migrate`: 0.25 s of a 0.37 s no-op run
here), and the standard executor closes the connection after each schema. Every merchant
schema of a release starts from the same recorded migrations and runs the same plan, so those
renderings are the same for all of them: here each (recorded migrations, plan) is rendered
once and its states reused, cloned, for every schema that shares it. What each schema runs is
what `migrate` runs: the consistency check, the plan from its own `django_migrations`, each
migration applied and recorded in its own transaction (atomic migrations), `pre_migrate` and
`post_migrate` sent for the schema (content types and permissions made in it). The one
connection is recycled as a worker's is (`DB_SCHEMAS_PER_CONNECTION`): PostgreSQL keeps each
schema's catalog entries for the connection's life. benchmarks/migrations.py measures it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.management.sql import emit_post_migrate_signal, emit_pre_migrate_signal
from django.db import DEFAULT_DB_ALIAS
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder
from django.db.migrations.state import ModelState, ProjectState
from django_tenants.signals import schema_migrated, schema_pre_migration

from zulin.core.db import tenant_connection

# (the migrations recorded in the schema, the plan it runs)
_Key = tuple[frozenset[tuple[str, str]], tuple[tuple[str, str], ...]]


@dataclass
class _Rendered:
    before: ProjectState
    after_apps: Any = None


@dataclass
class SchemaMigrator:
    """Migrates merchant schemas in turn on the tenant connection; `rendered` counts the
    distinct starting states it rendered (one for a release's schemas)."""

    verbosity: int = 0
    _states: dict[_Key, _Rendered] = field(default_factory=dict)

    @property
    def rendered(self) -> int:
        return len(self._states)

    def migrate(self, schema: str) -> list[str]:
        """Brings `schema` up to the migrations on disk; returns the migrations applied."""
        connection = tenant_connection
        schema_pre_migration.send(SchemaMigrator, schema_name=schema)
        # The recorder's table made in the schema itself, never found in public.
        connection.set_schema(schema, include_public=False)
        MigrationRecorder(connection).ensure_schema()
        connection.set_schema(schema)
        executor = MigrationExecutor(connection)
        executor.loader.check_consistent_history(connection)
        targets = executor.loader.graph.leaf_nodes()
        plan = executor.migration_plan(targets)
        key: _Key = (
            frozenset(executor.loader.applied_migrations),
            tuple((migration.app_label, migration.name) for migration, _ in plan),
        )
        rendered = self._states.get(key)
        if rendered is None:
            # Django's own starting state (the applied migrations' state), rendered once.
            before = executor._create_project_state(  # type: ignore[attr-defined]  # noqa: SLF001
                with_applied_migrations=True
            )
            before.apps  # noqa: B018 (renders every model: the part shared between schemas)
            rendered = self._states[key] = _Rendered(before)
        emit_pre_migrate_signal(
            self.verbosity, False, DEFAULT_DB_ALIAS, apps=rendered.before.apps, plan=plan
        )
        after = executor.migrate(targets, plan=plan, state=rendered.before.clone())
        if rendered.after_apps is None:
            rendered.after_apps = _apps_for_post_migrate(after)
        emit_post_migrate_signal(
            self.verbosity, False, DEFAULT_DB_ALIAS, apps=rendered.after_apps, plan=plan
        )
        connection.set_schema_to_public()
        schema_migrated.send(SchemaMigrator, schema_name=schema)
        # The catalogs it cached go with a recycled connection; the next opens a fresh one.
        connection.close_if_many_schemas()
        return [f"{app}.{name}" for app, name in key[1]]


def _apps_for_post_migrate(state: ProjectState) -> Any:
    """The final state's apps as `migrate` hands them to `post_migrate`: every model, the
    real apps' re-rendered with their relations."""
    from django.apps import apps as global_apps

    state.clear_delayed_apps_cache()
    post_apps = state.apps
    with post_apps.bulk_update():
        keys = []
        for model_state in post_apps.real_models:
            model_key = model_state.app_label, model_state.name_lower
            keys.append(model_key)
            post_apps.unregister_model(*model_key)
    post_apps.render_multiple([ModelState.from_model(global_apps.get_model(*k)) for k in keys])
    return post_apps
