from django.core.management.base import BaseCommand
from django.utils.timezone import localtime

from zulin.providers.express import SandboxExpressProvider
from zulin.providers.management.sandbox_commands import provider_failure_as_command_error
from zulin.providers.models import SandboxShipment


class Command(BaseCommand):
    help = (
        "The sandbox carrier: list the parcels it knows, show one's events "
        "(`track SF SF1234567890`), or have it delivered now (`deliver SF SF1234567890`)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "action", nargs="?", choices=["list", "track", "deliver"], default="list"
        )
        parser.add_argument("company", nargs="?", default="")
        parser.add_argument("tracking_no", nargs="?", default="")
        parser.add_argument("--merchant", default="", help="whose failure rules apply")
        parser.add_argument("--limit", type=int, default=20)

    def handle(self, *args, **options):
        provider = SandboxExpressProvider(options["merchant"])
        parcel = {"company_code": options["company"], "tracking_no": options["tracking_no"]}
        with provider_failure_as_command_error():
            if options["action"] == "deliver":
                provider.deliver_now(**parcel)
            if options["action"] in ("track", "deliver"):
                result = provider.track(**parcel)
                for event in result.events:
                    self.stdout.write(
                        f"{localtime(event.occurred_at):%Y-%m-%d %H:%M} [{event.status}] "
                        f"{event.description_zh}"
                    )
                self.stdout.write(f"delivered: {result.delivered} {result.delivered_at or ''}")
                return
        for shipment in SandboxShipment.objects.all()[: options["limit"]]:
            self.stdout.write(
                f"{shipment.company_code} {shipment.tracking_no} "
                f"shipped {localtime(shipment.shipped_at):%Y-%m-%d %H:%M}"
            )
