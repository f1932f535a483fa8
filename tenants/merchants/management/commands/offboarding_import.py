"""Loads a leaving merchant's export (its ZIP) into a new schema, made from the migrations:

    manage.py offboarding_import export.zip --schema restored_shop

Checks every file against the manifest first; prints each table's row count and whether the
restored ledger balances (docs/privacy.md, "A merchant leaves"). For a merchant's own
records or an audit, never to serve the shop again: no merchant row names the schema."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django_tenants.utils import schema_context

from tenants.merchants.offboarding_export import export_import, ledger_summary


class Command(BaseCommand):
    help = "Load a merchant's offboarding export into a new, empty schema."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path")
        parser.add_argument("--schema", required=True)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            with open(options["path"], "rb") as source:
                counts = export_import(source, schema=options["schema"])
        except (OSError, ValueError) as error:
            raise CommandError(str(error)) from error
        for table, rows in counts.items():
            self.stdout.write(f"{table}\t{rows}")
        with schema_context(options["schema"]):
            books = ledger_summary()
        self.stdout.write(
            f"ledger: debits {books['debit_total']} credits {books['credit_total']} "
            f"balanced={books['balanced'] and not books['problems']}"
        )
