from decimal import Decimal, InvalidOperation

from django.core.management.base import BaseCommand, CommandError

from tenants.merchants.services import SettlementInput, merchant_create
from zulin.core.errors import ApplicationError


class Command(BaseCommand):
    help = (
        "Create a merchant: schema, domain <slug>.<BASE_DOMAIN>, owner account and settlement"
        " terms, as the onboarding call does (retry-safe)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--name", required=True)
        parser.add_argument("--owner", default="owner")
        parser.add_argument("--password", required=True)
        parser.add_argument("--phone", default="")
        parser.add_argument("--commission", default="5.00", help="percent of each rent payment")
        parser.add_argument("--cycle", default="T+7", help="T+1, T+3, T+7, T+15 or monthly")
        parser.add_argument("--bank", required=True, help="settlement bank name")
        parser.add_argument("--account-name", required=True, help="settlement account holder")
        parser.add_argument("--account-number", required=True, help="settlement account number")

    def handle(self, *args, **options):
        try:
            commission = Decimal(options["commission"])
        except InvalidOperation as exc:
            raise CommandError("--commission must be a number such as 5.00") from exc
        terms = SettlementInput(
            commission_rate=commission,
            settlement_cycle=options["cycle"],
            bank_name=options["bank"],
            account_name=options["account_name"],
            account_number=options["account_number"],
        )
        try:
            merchant = merchant_create(
                settlement=terms,
                name=options["name"],
                slug=options["slug"],
                owner_username=options["owner"],
                owner_password=options["password"],
                owner_phone=options["phone"],
            )
        except ApplicationError as exc:
            raise CommandError(f"{exc.code.name}: {exc.message('en')} {exc.data or ''}") from exc
        self.stdout.write(f"merchant {merchant.slug} ready in schema {merchant.schema_name}")
