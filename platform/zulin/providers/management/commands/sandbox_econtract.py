from django.core.management.base import BaseCommand
from django.utils.timezone import localtime

from zulin.providers.econtract import sandbox_econtract_reject, sandbox_econtract_sign
from zulin.providers.management.sandbox_commands import provider_failure_as_command_error
from zulin.providers.models import SandboxEContractFlow


class Command(BaseCommand):
    help = (
        "The sandbox e-contract service: list its flows (newest first), or play the signer: "
        "`sandbox_econtract sign <reference>` / `reject <reference>` (the callback goes to "
        "the outbox: `manage.py sandbox deliver` sends it)."
    )

    def add_arguments(self, parser):
        parser.add_argument("action", nargs="?", choices=["list", "sign", "reject"], default="list")
        parser.add_argument("reference", nargs="?", default="")
        parser.add_argument("--merchant", default="")
        parser.add_argument("--order", default="")
        parser.add_argument("--limit", type=int, default=20)

    def handle(self, *args, **options):
        if options["action"] != "list":
            signer_acts = {"sign": sandbox_econtract_sign, "reject": sandbox_econtract_reject}
            act = signer_acts[options["action"]]
            with provider_failure_as_command_error():
                finished = act(options["reference"])
            self.stdout.write(f"{finished.reference}: {finished.status}")
            return
        flows = SandboxEContractFlow.objects.all()
        if options["merchant"]:
            flows = flows.filter(merchant=options["merchant"])
        if options["order"]:
            flows = flows.filter(order_no=options["order"])
        for flow in flows[: options["limit"]]:
            self.stdout.write(
                f"{localtime(flow.created_at):%Y-%m-%d %H:%M:%S} {flow.merchant} {flow.reference} "
                f"order {flow.order_no} [{flow.status}] {flow.signer_name} "
                f"{flow.document_sha256[:12]}… events {len(flow.event_ids)}"
            )
