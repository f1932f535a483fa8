"""django-tenants' PostgreSQL backend, setting the schema path once per connection rather
than once per request.

django-tenants (with TENANT_LIMIT_SET_CALLS) sends `SET search_path` once after each
`set_tenant()`, and the host middleware calls `set_tenant()` on every request, so every
request paid a round trip for it. Here the path PostgreSQL really holds is remembered, and
a request for the same path sends nothing. PostgreSQL drops a path set inside a transaction
that is rolled back, or after a savepoint that is rolled back, and a new connection has
none: each of those forgets what is remembered, so the next statement sets it again.

PostgreSQL caches the catalog entries of every relation a connection touches, for the
connection's life, so a connection that has worked in many merchants' schemas holds all their
catalogs (benchmarks/connections.py). A connection that has set DB_SCHEMAS_PER_CONNECTION
different schemas is closed where Django closes an obsolete one
(`close_if_unusable_or_obsolete`: at the start and end of each request, and around each Celery
task), never inside a transaction; the next statement opens a fresh one.

Behind PgBouncer, session pooling only: in transaction mode a session's SET does not follow
the client from one transaction to the next, and a SET before each statement
(TENANT_LIMIT_SET_CALLS off) is its own autocommit transaction, so it does not either
(benchmarks/pgbouncer.py; docs/platform.md).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django_tenants.postgresql_backend import base

from .capture import SqlCapture
from .introspection import DatabaseIntrospection
from .schema import DatabaseSchemaEditor


class DatabaseWrapper(base.DatabaseWrapper):  # type: ignore[misc]
    search_path_set_schemas: list[str] | None
    # Columns added bare, then each constraint by name (schema.py: what Citus asks).
    SchemaEditorClass = DatabaseSchemaEditor

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._path_in_session: list[str] | None = None
        self.schemas_touched: set[str] = set()
        super().__init__(*args, **kwargs)
        # The tables of the current schema read through its dependants (introspection.py).
        self.introspection = DatabaseIntrospection(self)
        capture_dir = getattr(settings, "SQL_CAPTURE_DIR", "")
        if capture_dir:  # tests only (capture.py)
            self.execute_wrappers.append(SqlCapture(capture_dir))

    def _handle_search_path(self, cursor: Any = None) -> None:
        if self._setting_search_path:
            return
        if (
            self.search_path_set_schemas is None
            and self._path_in_session is not None
            and self._path_in_session == self._get_cursor_search_paths()
        ):
            self.search_path_set_schemas = self._path_in_session
            return
        super()._handle_search_path(cursor)
        self._path_in_session = self.search_path_set_schemas
        self.schemas_touched.add(self.schema_name)

    def close_if_many_schemas(self) -> bool:
        """Closes the connection, never inside a transaction, once it has set
        DB_SCHEMAS_PER_CONNECTION different schemas; answers whether it did."""
        if (
            self.connection is not None
            and not self.in_atomic_block
            and len(self.schemas_touched) >= settings.DB_SCHEMAS_PER_CONNECTION
        ):
            self.close()
            return True
        return False

    def close_if_unusable_or_obsolete(self) -> None:
        if not self.close_if_many_schemas():
            super().close_if_unusable_or_obsolete()

    def forget_search_path(self) -> None:
        self._path_in_session = None
        self.search_path_set_schemas = None

    def close(self) -> None:
        self.forget_search_path()
        self.schemas_touched = set()
        super().close()

    def connect(self) -> None:
        self.forget_search_path()
        self.schemas_touched = set()
        super().connect()

    def rollback(self) -> None:
        self.forget_search_path()
        super().rollback()

    def savepoint_rollback(self, sid: Any) -> None:
        try:
            super().savepoint_rollback(sid)
        finally:
            self.forget_search_path()
