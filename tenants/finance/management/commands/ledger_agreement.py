"""`manage.py ledger_agreement`: proves each merchant's books and the platform's sub-ledger of
that merchant mirror each other (`tenants.finance.agreement`); exits with an error naming
every difference."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django_tenants.utils import get_public_schema_name

from tenants.finance.agreement import every_books_agreement
from tenants.merchants.models import Merchant


class Command(BaseCommand):
    help = "Check that every merchant's books and the platform's sub-ledger of it agree."

    def handle(self, *args: Any, **options: Any) -> None:
        problems = every_books_agreement()
        for problem in problems:
            self.stderr.write(problem)
        if problems:
            raise CommandError(f"{len(problems)} difference(s) between the books")
        merchants = Merchant.objects.exclude(schema_name=get_public_schema_name())
        self.stdout.write(f"{merchants.count()} merchants: the books agree")
