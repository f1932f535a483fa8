"""Making merchants: one schema (cloned from a migrated template), one domain, one owner.

`merchant_create` is one transaction (PostgreSQL DDL is transactional), so a failure leaves
nothing behind, and calling it again with the same slug and owner answers the same merchant.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.core.management import call_command
from django.db import IntegrityError, transaction
from django_tenants.clone import CloneSchema
from django_tenants.utils import schema_exists

from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.tenancy import forget_host

from .models import Account, AccountRole, Domain, Merchant, MerchantStatus, PlatformType, Role

SLUG_PATTERN = re.compile(r"^[a-z][a-z0-9]{1,29}$")
RESERVED_SLUGS = {"www", "api", "public", "static", "template", "mail", "localhost"}
OWNER_ROLE_CODE = "owner"


def template_schema_ensure() -> None:
    """Creates and migrates the template schema new merchants are cloned from."""
    template = settings.TENANT_BASE_SCHEMA
    if not schema_exists(template):
        with tenant_connection.cursor() as cursor:
            cursor.execute(f'CREATE SCHEMA "{template}"')
    call_command(
        "migrate_schemas", tenant=True, schema_name=template, interactive=False, verbosity=0
    )
    tenant_connection.set_schema_to_public()


def slug_validate(slug: str) -> None:
    if not SLUG_PATTERN.match(slug) or slug in RESERVED_SLUGS or slug == settings.ADMIN_HOST_PREFIX:
        raise ApplicationError(
            ErrorCode.VALIDATION,
            data={"fields": {"slug": ["2-30 lowercase letters or digits, starting with a letter"]}},
        )


def merchant_create(
    *,
    name: str,
    slug: str,
    owner_password: str,
    owner_username: str = "owner",
    owner_name: str = "",
    owner_phone: str = "",
    contact_name: str = "",
    contact_phone: str = "",
    status: str = MerchantStatus.ACTIVE,
) -> Merchant:
    slug_validate(slug)
    existing = _existing_merchant(slug=slug, owner_username=owner_username)
    if existing is not None:
        return existing
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
            CloneSchema().clone_schema(settings.TENANT_BASE_SCHEMA, schema_name, "DATA")
            Domain.objects.create(domain=domain_name, tenant=merchant, is_primary=True)
            owner = Account.objects.create(
                platform_type=PlatformType.STORE,
                merchant=merchant,
                username=owner_username,
                name=owner_name or name,
                phone=owner_phone,
                password=make_password(owner_password),
            )
            owner_role = Role.objects.get(
                platform_type=PlatformType.STORE, merchant=None, code=OWNER_ROLE_CODE
            )
            AccountRole.objects.create(account=owner, role=owner_role)
    except IntegrityError:
        # A concurrent call with the same slug won; answer its merchant if it is the same one.
        existing = _existing_merchant(slug=slug, owner_username=owner_username)
        if existing is None:
            raise ApplicationError(ErrorCode.SLUG_TAKEN) from None
        return existing
    finally:
        tenant_connection.set_schema_to_public()
    forget_host(domain_name)
    return merchant


def _existing_merchant(*, slug: str, owner_username: str) -> Merchant | None:
    merchant = Merchant.objects.filter(slug=slug).first()
    if merchant is None:
        return None
    if not Account.objects.filter(merchant=merchant, username=owner_username).exists():
        raise ApplicationError(ErrorCode.SLUG_TAKEN)
    return merchant
