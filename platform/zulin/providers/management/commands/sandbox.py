from datetime import date
from decimal import Decimal, InvalidOperation

from django.core.management.base import BaseCommand, CommandError
from django.utils.timezone import localtime

from zulin.providers.interfaces import ProviderError
from zulin.providers.models import SandboxCallback, SandboxFailureRule, SandboxPaymentRecord
from zulin.providers.payment import (
    get_payment_provider,
    sandbox_payer_pay,
    sandbox_payment_unknown,
    sandbox_payment_void,
    sandbox_payments_complete,
)
from zulin.providers.sandbox import (
    http_transport,
    in_process_transport,
    sandbox_callback_replay,
    sandbox_callbacks_deliver,
    sandbox_failure_add,
    sandbox_failures_clear,
)


class Command(BaseCommand):
    help = (
        "Look at and move the sandbox providers: payments, callbacks, failures on demand.\n"
        "  payments [--merchant demo]     the payment sandbox's records, newest first\n"
        "  callbacks                      the callbacks sent (or waiting)\n"
        "  complete [--merchant demo]     settle processing operations now\n"
        "  pay <trade_no>                 the payer pays a QR-code payment\n"
        "  deliver [--http]               deliver pending callbacks (in process, or by HTTP)\n"
        "  replay <event_id> [--http]     send one callback again\n"
        "  fail <service> <operation> <REASON> [--merchant m] [--subject s] [--times n|0]\n"
        "  rules | clear [service]        the failure rules; remove them\n"
        "  statement <YYYY-MM-DD> --merchant m   the merchant's daily statement\n"
        "  void <out_no> --merchant m     the provider reports a succeeded trade failed\n"
        "  unknown <amount> --merchant m  a payment we never asked for"
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "action",
            choices=["payments", "callbacks", "complete", "pay", "deliver", "replay", "fail"]
            + ["rules", "clear", "statement", "void", "unknown"],
        )
        parser.add_argument("values", nargs="*")
        parser.add_argument("--merchant", default="")
        parser.add_argument("--subject", default="")
        parser.add_argument("--times", type=int, default=1, help="0: every request")
        parser.add_argument("--http", action="store_true", help="POST to CALLBACK_BASE_URL")
        parser.add_argument("--limit", type=int, default=30)

    def handle(self, *args, **options):
        action, values = options["action"], options["values"]
        transport = http_transport if options["http"] else in_process_transport
        try:
            if action == "payments":
                records = SandboxPaymentRecord.objects.order_by("-id")
                if options["merchant"]:
                    records = records.filter(merchant=options["merchant"])
                for r in records[: options["limit"]]:
                    self.stdout.write(
                        f"{localtime(r.created_at):%m-%d %H:%M:%S} {r.merchant} {r.operation:<13} "
                        f"{r.out_no} {r.trade_no} {r.amount} {r.status} {r.reason}".rstrip()
                    )
            elif action == "callbacks":
                for c in SandboxCallback.objects.order_by("-id")[: options["limit"]]:
                    self.stdout.write(
                        f"{localtime(c.created_at):%m-%d %H:%M:%S} {c.provider}/{c.merchant} "
                        f"{c.event_type} {c.event_id} {c.status} x{c.attempts} {c.last_error}"
                    )
            elif action == "complete":
                done = sandbox_payments_complete(merchant=options["merchant"] or None)
                self.stdout.write(f"{len(done)} operation(s) settled")
            elif action == "pay":
                result = sandbox_payer_pay(trade_no=self._one(values, "trade_no"))
                self.stdout.write(f"{result.out_no}: {result.status} {result.reason}".rstrip())
            elif action == "deliver":
                for delivery in sandbox_callbacks_deliver(transport=transport):
                    self.stdout.write(f"{delivery.event_id}: {delivery.code} {delivery.answer}")
            elif action == "replay":
                delivery = sandbox_callback_replay(
                    event_id=self._one(values, "event_id"), transport=transport
                )
                self.stdout.write(f"{delivery.event_id}: {delivery.code} {delivery.answer}")
            elif action == "fail":
                if len(values) != 3:
                    raise CommandError("fail <service> <operation> <REASON>")
                rule = sandbox_failure_add(
                    service=values[0],
                    operation=values[1],
                    reason=values[2],
                    merchant=options["merchant"],
                    subject=options["subject"],
                    times=options["times"] or None,
                )
                self.stdout.write(f"rule {rule.pk} added")
            elif action == "rules":
                for rule in SandboxFailureRule.objects.all():
                    self.stdout.write(
                        f"{rule.pk} {rule.service}/{rule.operation} {rule.reason} "
                        f"merchant={rule.merchant or '*'} subject={rule.subject or '*'} "
                        f"remaining={rule.remaining if rule.remaining is not None else 'all'}"
                    )
            elif action == "statement":
                day = self._day(self._one(values, "day"))
                provider = get_payment_provider(merchant=self._merchant(options))
                for line in provider.statement(day=day):
                    self.stdout.write(
                        f"{localtime(line.finished_at):%H:%M:%S} {line.operation:<9} {line.out_no} "
                        f"{line.trade_no} {line.amount} {line.status} {line.reason}".rstrip()
                    )
            elif action == "void":
                result = sandbox_payment_void(
                    merchant=self._merchant(options), out_no=self._one(values, "out_no")
                )
                self.stdout.write(f"{result.out_no}: {result.status} {result.reason}")
            elif action == "unknown":
                try:
                    amount = Decimal(self._one(values, "amount"))
                except InvalidOperation as error:
                    raise CommandError("give an amount such as 88.00") from error
                result = sandbox_payment_unknown(merchant=self._merchant(options), amount=amount)
                self.stdout.write(f"{result.out_no} {result.trade_no}: {result.amount}")
            elif action == "clear":
                removed = sandbox_failures_clear(service=values[0] if values else None)
                self.stdout.write(f"{removed} rule(s) removed")
        except (ProviderError, ValueError) as error:
            raise CommandError(str(error)) from error

    @staticmethod
    def _merchant(options):
        if not options["merchant"]:
            raise CommandError("name the merchant: --merchant <slug>")
        return options["merchant"]

    @staticmethod
    def _day(value):
        try:
            return date.fromisoformat(value)
        except ValueError as error:
            raise CommandError("a day is YYYY-MM-DD") from error

    @staticmethod
    def _one(values, name):
        if len(values) != 1:
            raise CommandError(f"give one {name}")
        return values[0]
