"""`manage.py money_days rebuild|check --from D --to D [--merchant slug]`: the public per
merchant per day money totals recomputed from each merchant's ledger, or compared with it."""

from __future__ import annotations

from datetime import date, timedelta

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from django_tenants.utils import get_public_schema_name, tenant_context

from tenants.finance.money import money_days_check, money_days_refresh
from tenants.merchants.models import Merchant


class Command(BaseCommand):
    help = (
        "rebuild: recompute the money totals of a range of days from each merchant's ledger "
        "(replacing them); check: list where they differ from the ledger (exit 1 if any). "
        "Default range: the last 30 days; default merchants: all."
    )

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["rebuild", "check"])
        parser.add_argument("--from", dest="date_from", help="YYYY-MM-DD")
        parser.add_argument("--to", dest="date_to", help="YYYY-MM-DD (default today)")
        parser.add_argument("--merchant", default="", help="a merchant's slug")

    def handle(self, *args, **options):
        date_to = self._day(options["date_to"]) or timezone.localdate()
        date_from = self._day(options["date_from"]) or date_to - timedelta(days=29)
        if date_from > date_to:
            raise CommandError("--from is after --to")
        merchants = Merchant.objects.exclude(schema_name=get_public_schema_name()).order_by("id")
        if options["merchant"]:
            merchants = merchants.filter(slug=options["merchant"])
            if not merchants.exists():
                raise CommandError(f"no merchant {options['merchant']!r}")
        problems = 0
        for merchant in merchants:
            with tenant_context(merchant):
                if options["action"] == "rebuild":
                    days = money_days_refresh(date_from=date_from, date_to=date_to)
                    self.stdout.write(f"{merchant.slug}: {days} day(s) with money")
                    continue
                found = money_days_check(date_from=date_from, date_to=date_to)
            problems += len(found)
            for line in found:
                self.stdout.write(f"{merchant.slug} {line}")
        if options["action"] == "check":
            if problems:
                raise CommandError(f"{problems} figure(s) differ from the ledger")
            self.stdout.write(f"the totals equal the ledger, {date_from} to {date_to}")

    @staticmethod
    def _day(value):
        if not value:
            return None
        try:
            return date.fromisoformat(value)
        except ValueError as error:
            raise CommandError("a day is YYYY-MM-DD") from error
