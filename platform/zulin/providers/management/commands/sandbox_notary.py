from django.core.management.base import BaseCommand
from django.utils.timezone import localtime

from zulin.providers.management.sandbox_commands import provider_failure_as_command_error
from zulin.providers.models import SandboxNotaryCase
from zulin.providers.notary import sandbox_notary_complete, sandbox_notary_refuse


class Command(BaseCommand):
    help = (
        "The sandbox notary service: list its cases (newest first), or end a submitted one: "
        "`sandbox_notary complete <reference>` (notarized, unless a failure rule or the "
        "customer's face check says otherwise) / `refuse <reference> [--reason R]` (the "
        "callback goes to the outbox: `manage.py sandbox deliver` sends it)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "action", nargs="?", choices=["list", "complete", "refuse"], default="list"
        )
        parser.add_argument("reference", nargs="?", default="")
        parser.add_argument("--reason", default="REFUSED")
        parser.add_argument("--merchant", default="")
        parser.add_argument("--limit", type=int, default=20)

    def handle(self, *args, **options):
        if options["action"] != "list":
            with provider_failure_as_command_error():
                if options["action"] == "complete":
                    case = sandbox_notary_complete(options["reference"])
                else:
                    case = sandbox_notary_refuse(options["reference"], reason=options["reason"])
            self.stdout.write(f"{case.reference}: {case.status} {case.certificate_no}".rstrip())
            return
        cases = SandboxNotaryCase.objects.all()
        if options["merchant"]:
            cases = cases.filter(merchant=options["merchant"])
        for row in cases[: options["limit"]]:
            self.stdout.write(
                f"{localtime(row.created_at):%Y-%m-%d %H:%M:%S} {row.merchant} {row.reference} "
                f"order {row.order_no} [{row.status}] {row.customer_masked} "
                f"evidence {', '.join(sorted(row.evidence))} {row.certificate_no}"
                f" {row.reason}".rstrip()
            )
