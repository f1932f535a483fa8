"""Citus schema-based sharding, where the database has it (docs/scaling.md).

With `citus.enable_schema_based_sharding` on, every `CREATE SCHEMA` makes a distributed schema
and every table created in it a distributed table. Making a schema that way fails: `pg_dump`'s
script adds identities after `CREATE TABLE`, which a distributed table refuses, and
django-tenants' clone leaves a half-made schema behind (found on a Citus 13.2 run, issue 45).
So the template, the replay and the clone run with sharding off for their own transaction
(`SET LOCAL`), which makes plain local tables on the coordinator; a finished spare is then
distributed in a step of its own (`citus_schema_distribute`, which moves it to a worker), and
records that it was.

On a database without Citus the setting does not exist and each function here does nothing.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from psycopg import sql

from zulin.core.db import tenant_connection

SHARDING_SETTING = "citus.enable_schema_based_sharding"


def sharding_on(cursor: Any) -> bool:
    """Whether a new schema would be distributed here (the setting exists and is on)."""
    cursor.execute("SELECT current_setting(%s, true)", [SHARDING_SETTING])
    return cursor.fetchone()[0] in ("on", "true", "1")


def sharding_off_for_this_transaction(cursor: Any) -> bool:
    """Turns schema-based sharding off until the current transaction ends, where it was on.
    Must run inside the transaction that makes the schema. True when it was on."""
    if not sharding_on(cursor):
        return False
    cursor.execute(f"SET LOCAL {SHARDING_SETTING} TO off")
    return True


def schema_distribute(name: str) -> bool:
    """Distributes a finished schema in a transaction of its own; False where there is no
    schema-based sharding (nothing to do)."""
    with transaction.atomic(), tenant_connection.cursor() as cursor:
        if not sharding_on(cursor):
            return False
        cursor.execute(
            sql.SQL("SELECT citus_schema_distribute({})").format(sql.Literal(name)),
        )
    return True
