"""`manage.py ledger_check [--schema X | --all]`: proves a ledger sums to the cent.

Exits with an error when any checked schema has a problem (`zulin.ledger.selectors.ledger_check`).
With `--all` it then runs the checks that span books (`zulin.ledger.checks`): every
merchant's books against the platform's sub-ledger of that merchant.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django_tenants.utils import (
    get_public_schema_name,
    get_tenant_model,
    schema_context,
    schema_exists,
)

from zulin.ledger.checks import cross_book_checks
from zulin.ledger.selectors import ledger_check


def ledger_schemas() -> list[str]:
    """The platform's books, the template's and every merchant's, in that order."""
    public = get_public_schema_name()
    merchants = (
        get_tenant_model()
        .objects.exclude(schema_name=public)
        .order_by("pk")
        .values_list("schema_name", flat=True)
    )
    template = [settings.TENANT_BASE_SCHEMA] if schema_exists(settings.TENANT_BASE_SCHEMA) else []
    return [public, *template, *merchants]


class Command(BaseCommand):
    help = (
        "Check that a ledger sums to the cent: debits equal credits overall and per journal, "
        "cached balances equal their entries, guarded accounts are not below zero, the chart "
        "is complete. Default: the platform's ledger (public). --all also proves every "
        "merchant's books and the platform's sub-ledger of it agree."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        which = parser.add_mutually_exclusive_group()
        which.add_argument("--schema", help="one schema, e.g. m_demo")
        which.add_argument("--all", action="store_true", help="public, template, every merchant")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["all"]:
            schemas = ledger_schemas()
        else:
            schemas = [options["schema"] or get_public_schema_name()]
        failed = 0
        for schema in schemas:
            if not schema_exists(schema):
                raise CommandError(f"no schema {schema}")
            with schema_context(schema):
                problems = ledger_check()
            if problems:
                failed += 1
                for problem in problems:
                    self.stdout.write(f"{schema}: {problem}")
            else:
                self.stdout.write(f"{schema}: ok")
        differences = 0
        if options["all"]:
            for name, check in cross_book_checks().items():
                problems = check()
                differences += len(problems)
                for problem in problems:
                    self.stdout.write(f"{name}: {problem}")
                if not problems:
                    self.stdout.write(f"{name}: ok")
        if failed or differences:
            raise CommandError(
                f"{failed} of {len(schemas)} ledgers have problems;"
                f" {differences} difference(s) between the books"
            )
