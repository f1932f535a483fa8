"""Making merchants: one schema (a copy of the migrated template), one domain, one owner.

Schemas are made by replaying the template's dump (`replay.py`: flat at any number of
merchants), or with django-tenants' `clone_schema` when no pg_dump fits the server.

`merchant_provision` runs in the onboarding transaction (`tenants.merchants.services`;
PostgreSQL DDL is transactional), so a failure leaves nothing behind.
"""

from __future__ import annotations

import hashlib
import re
import uuid

from django.conf import settings
from django.core.management import call_command
from django.db import IntegrityError, transaction
from django_tenants.clone import CLONE_SCHEMA_FUNCTION
from django_tenants.utils import schema_exists
from psycopg import sql

from tenants.accounts.selectors import OWNER_ROLE_CODE
from tenants.accounts.services import account_create
from zulin.celery import app
from zulin.core.db import tenant_connection
from zulin.core.errors import field_error
from zulin.core.i18n import Text
from zulin.core.queue import queue_on_commit
from zulin.core.tenancy import forget_host

from .citus import schema_distribute, sharding_off_for_this_transaction
from .models import Domain, Merchant, SpareSchema
from .replay import schema_replay, template_script

SLUG_PATTERN = re.compile(r"^[a-z][a-z0-9]{1,29}$")
RESERVED_SLUGS = {"www", "api", "public", "static", "template", "mail", "localhost"}


# django-tenants' CloneSchema re-installs its ~4,500-line clone function (DROP TYPE …
# CASCADE, then every CREATE FUNCTION) on every clone; the DROP TYPE holds an exclusive lock
# until commit, so concurrent creations queue behind each other. We install it once per
# database and version (its text's hash is kept as the function's comment) and only call it.
# (benchmarks/onboarding.py: the re-install itself is cheap; the clone's time grows with the
# number of schemas in the database: docs/benchmarks.md; hence the replay, with this clone
# kept for when no pg_dump fits.)
CLONE_FUNCTION_VERSION = hashlib.sha256(CLONE_SCHEMA_FUNCTION.encode()).hexdigest()[:16]
_clone_function_ready: set[str] = set()


def clone_function_ensure() -> None:
    """Installs django-tenants' `public.clone_schema` unless this version is already there."""
    database = str(tenant_connection.settings_dict["NAME"])
    if database in _clone_function_ready:
        return
    with tenant_connection.cursor() as cursor:
        cursor.execute(
            "SELECT obj_description(p.oid, 'pg_proc') FROM pg_proc p"
            " WHERE p.proname = 'clone_schema' AND p.pronamespace = 'public'::regnamespace"
        )
        installed = {row[0] for row in cursor.fetchall()}
        if CLONE_FUNCTION_VERSION not in installed:
            db_user = settings.DATABASES["default"].get("USER") or "postgres"
            cursor.execute(CLONE_SCHEMA_FUNCTION.format(db_user=db_user))
            cursor.execute(
                "COMMENT ON FUNCTION public.clone_schema(text, text, public.cloneparms[])"
                f" IS '{CLONE_FUNCTION_VERSION}'"
            )
    # Remembered only once committed: installed inside a transaction that rolls back, the
    # function is gone again.
    transaction.on_commit(lambda: _clone_function_ready.add(database))


def template_schema_ensure(*, migrate: bool = True) -> None:
    """Creates and migrates the template schema new merchants are cloned from (`migrate`
    False: the caller knows it is up to date, as migrate_all checks)."""
    template = settings.TENANT_BASE_SCHEMA
    if not schema_exists(template):
        # Never distributed (Citus): the template is only ever read, to make new schemas.
        with transaction.atomic(), tenant_connection.cursor() as cursor:
            sharding_off_for_this_transaction(cursor)
            cursor.execute(f'CREATE SCHEMA "{template}"')
        migrate = True
    if migrate:
        call_command(
            "migrate_schemas", tenant=True, schema_name=template, interactive=False, verbosity=0
        )
    tenant_connection.set_schema_to_public()
    clone_function_ensure()
    if not transaction.get_connection().in_atomic_block:
        template_script(mark=template_mark())  # taken now, not at the first onboarding


def schema_make(*, target: str) -> None:
    """Makes schema `target` as a copy of the template, in the caller's transaction: the
    template's dump replayed, or a clone when no pg_dump fits the server (logged)."""
    script = template_script(mark=template_mark())
    # With Citus, made as plain local tables and distributed afterwards (citus.py).
    with tenant_connection.cursor() as cursor:
        sharding_off_for_this_transaction(cursor)
    if script is None:
        schema_clone(source=settings.TENANT_BASE_SCHEMA, target=target)
        return
    if schema_exists(target, case_sensitive=False):
        raise IntegrityError(f"schema {target} exists")
    with transaction.atomic(), tenant_connection.cursor() as cursor:
        schema_replay(cursor, script, target)


def schema_clone(*, source: str, target: str) -> None:
    """Copies the template (tables, sequences, rows) into a new schema, in the caller's
    transaction."""
    clone_function_ensure()
    if schema_exists(target, case_sensitive=False):
        raise IntegrityError(f"schema {target} exists")
    with tenant_connection.cursor() as cursor:
        cursor.execute("SELECT public.clone_schema(%s, %s, 'DATA')", [source, target])


def template_mark() -> str:
    """The template's migration state: spares cloned under another state are stale."""
    template = sql.Identifier(settings.TENANT_BASE_SCHEMA)
    query = sql.SQL("SELECT count(*), coalesce(max(id), 0) FROM {}.django_migrations")
    with tenant_connection.cursor() as cursor:
        cursor.execute(query.format(template))
        count, last = cursor.fetchone()
    return f"{count}:{last}"


def spare_pool_fill(*, target: int | None = None) -> int:
    """Makes spare schemas until `target` (settings.SPARE_SCHEMAS) fresh ones exist; one
    filler at a time (advisory lock). Returns how many it made."""
    target = settings.SPARE_SCHEMAS if target is None else target
    made = 0
    mark = template_mark()
    with transaction.atomic():
        with tenant_connection.cursor() as cursor:
            cursor.execute("SELECT pg_try_advisory_xact_lock(hashtext('zulin.spare_pool'))")
            if not cursor.fetchone()[0]:
                return 0
        for stale in SpareSchema.objects.exclude(template_mark=mark):
            schema_drop(stale.schema_name)
            stale.delete()
        while SpareSchema.objects.count() < target:
            name = f"spare_{uuid.uuid4().hex[:16]}"
            schema_make(target=name)
            SpareSchema.objects.create(schema_name=name, template_mark=mark)
            made += 1
    spares_distribute()
    tenant_connection.set_schema_to_public()
    return made


def spares_distribute() -> int:
    """Distributes each finished spare not yet distributed, each in its own transaction, where
    the database has Citus schema-based sharding (citus.py); elsewhere nothing."""
    distributed = 0
    for spare in SpareSchema.objects.filter(distributed=False).order_by("id"):
        if not schema_distribute(spare.schema_name):
            break
        SpareSchema.objects.filter(pk=spare.pk).update(distributed=True)
        distributed += 1
    return distributed


def schema_drop(name: str) -> None:
    with tenant_connection.cursor() as cursor:
        cursor.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(name)))


def schema_take(*, target: str) -> bool:
    """Gives the new merchant a schema: a fresh spare renamed (True), or one made now when
    the pool is empty (False). In the caller's transaction; a refill is queued once it
    commits."""
    spare = (
        SpareSchema.objects.select_for_update(skip_locked=True)
        .filter(template_mark=template_mark())
        .order_by("-distributed", "id")  # with Citus, one already on a worker first
        .first()
    )
    _queue_spare_refill()
    if spare is None:
        schema_make(target=target)
        # With Citus: made local in this transaction, distributed once it has committed. A
        # failure there is logged, not raised into the onboarding that has already committed:
        # the merchant is served from the coordinator until it is distributed by hand.
        transaction.on_commit(lambda: schema_distribute(target), robust=True)
        return False
    if schema_exists(target, case_sensitive=False):
        raise IntegrityError(f"schema {target} exists")
    rename = sql.SQL("ALTER SCHEMA {} RENAME TO {}")
    with tenant_connection.cursor() as cursor:
        cursor.execute(rename.format(sql.Identifier(spare.schema_name), sql.Identifier(target)))
    spare.delete()
    return True


@app.task(name="tenants.spare_pool_refill")
def spare_pool_refill() -> int:
    """Clones spare schemas back up to SPARE_SCHEMAS after onboardings took some."""
    return spare_pool_fill()


def _queue_spare_refill() -> None:
    # Onboarding does not need the queue: without a broker the refill is skipped and the
    # next onboarding or migrate_all refills the pool.
    queue_on_commit(spare_pool_refill, required=False)


def slug_validate(slug: str) -> None:
    if not SLUG_PATTERN.match(slug) or slug in RESERVED_SLUGS or slug == settings.ADMIN_HOST_PREFIX:
        raise field_error(
            "slug",
            Text(
                "2–30 位小写字母或数字，以字母开头",
                "2-30 lowercase letters or digits, starting with a letter",
            ),
        )


def merchant_provision(
    *,
    name: str,
    slug: str,
    owner_password: str,
    owner_username: str,
    owner_name: str,
    owner_phone: str,
    contact_name: str,
    contact_phone: str,
    status: str,
) -> Merchant:
    """Makes the merchant, its schema, domain and owner in one transaction (a savepoint when
    the caller has one). Raises IntegrityError when the slug or schema is taken."""
    schema_name = f"m_{slug}"
    domain_name = f"{slug}.{settings.BASE_DOMAIN}"
    try:
        with transaction.atomic():
            merchant = Merchant.objects.create(
                schema_name=schema_name,
                name=name,
                slug=slug,
                status=status,
                contact_name=contact_name,
                contact_phone=contact_phone,
            )
            schema_take(target=schema_name)
            Domain.objects.create(domain=domain_name, tenant=merchant, is_primary=True)
            account_create(
                merchant=merchant,
                username=owner_username,
                password=owner_password,
                name=owner_name or name,
                phone=owner_phone,
                role_codes=[OWNER_ROLE_CODE],
            )
    finally:
        tenant_connection.set_schema_to_public()
    # Now, and again once committed: a request between the two could cache "no merchant".
    forget_host(domain_name)
    transaction.on_commit(lambda: forget_host(domain_name))
    return merchant
