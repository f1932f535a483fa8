"""The default connection as django-tenants extends it (set_tenant, schema_name …), typed
loosely because django-tenants ships no type information."""

from typing import Any

from django.db import connection as _connection

tenant_connection: Any = _connection
