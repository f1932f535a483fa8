from django.core.management.base import BaseCommand, CommandError

from tenants.provisioning import merchant_create
from zulin.core.errors import ApplicationError


class Command(BaseCommand):
    help = "Create a merchant: schema, domain <slug>.<BASE_DOMAIN> and owner account (retry-safe)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--name", required=True)
        parser.add_argument("--owner", default="owner")
        parser.add_argument("--password", required=True)
        parser.add_argument("--phone", default="")

    def handle(self, *args, **options):
        try:
            merchant = merchant_create(
                name=options["name"],
                slug=options["slug"],
                owner_username=options["owner"],
                owner_password=options["password"],
                owner_phone=options["phone"],
            )
        except ApplicationError as exc:
            raise CommandError(f"{exc.code.name}: {exc.message('en')} {exc.data or ''}") from exc
        self.stdout.write(f"merchant {merchant.slug} ready in schema {merchant.schema_name}")
