"""The schema editor of the project's backend: a column is added bare, then each of its
constraints by name, in its own statement.

Django adds a column with its constraints inline (`ADD COLUMN … CHECK (…)`, `… UNIQUE`), and
PostgreSQL names them itself. Citus refuses both on a distributed table: it wants every
constraint named and added by its own statement (issue 45; a Citus 13.2 run refused goods 0003,
orders 0005, recovery 0002 and billing 0005). On plain PostgreSQL the result is the same
column with the same constraints, under Django's own names (`…_check`, `…_uniq`), which later
migrations find by introspection as they find any constraint.

Foreign keys are already named inline on PostgreSQL (`CONSTRAINT … REFERENCES`). A new primary
key on an existing table never happens in a migration Django writes, and is left as it is.
`tests/test_citus_ready.py` renders every AddField of the merchant apps through this editor and
fails on an unnamed inline constraint.
"""

from __future__ import annotations

import copy
from typing import Any

from django.db.backends.postgresql.schema import DatabaseSchemaEditor as PostgresSchemaEditor


class DatabaseSchemaEditor(PostgresSchemaEditor):
    def add_field(self, model: Any, field: Any) -> None:
        if field.many_to_many or field.primary_key:
            return super().add_field(model, field)
        check = field.db_parameters(connection=self.connection)["check"]
        unique = bool(field.unique)
        if not check and not unique:
            return super().add_field(model, field)
        bare = copy.copy(field)
        bare._unique = False
        bare.unique = False  # a cached_property on Field: the copy may carry the cached value
        bare.db_index = False  # the field's own indexes are added below, as Django would
        bare.db_check = lambda connection: None  # shadows Field.db_check for this copy only
        super().add_field(model, bare)
        table = model._meta.db_table
        editor: Any = self  # Django's private helpers below are not in its type stubs
        if check:
            name = editor._create_index_name(table, [field.column], suffix="_check")
            self.execute(editor._create_check_sql(model, name, check))
        if unique:
            self.execute(editor._create_unique_sql(model, [field]))
        self.deferred_sql.extend(editor._field_indexes_sql(model, field))
        return None
