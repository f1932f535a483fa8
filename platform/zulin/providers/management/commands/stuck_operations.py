import json
from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from zulin.providers.selectors import STUCK_AFTER, stuck_operations


class Command(BaseCommand):
    help = (
        "Every provider operation still waiting for its provider's result (a payment, refund, "
        "deposit operation, early settlement, credit query or file, notarization, risk "
        "recharge, withdrawal payout), unchanged for --minutes (default "
        f"{int(STUCK_AFTER.total_seconds() // 60)}), across merchants, oldest first: kind, "
        "merchant, reference, status, age, attempts, last error. --json for a machine."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--minutes", type=int, default=int(STUCK_AFTER.total_seconds() // 60))
        parser.add_argument("--json", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["minutes"] < 0:
            raise CommandError("--minutes is 0 or more")
        stuck = stuck_operations(older_than=timedelta(minutes=options["minutes"]))
        if options["json"]:
            rows = [
                {
                    "kind": s.kind,
                    "merchant": s.merchant,
                    "reference": s.reference,
                    "status": s.status,
                    "waiting_since": s.waiting_since.isoformat(),
                    "age_seconds": int(s.age.total_seconds()),
                    "attempts": s.attempts,
                    "last_error": s.last_error,
                }
                for s in stuck
            ]
            self.stdout.write(json.dumps(rows, ensure_ascii=False))
            return
        self.stdout.write(
            f"{'kind':<20} {'merchant':<14} {'reference':<36} {'status':<11} "
            f"{'age':>9} {'tries':>5}  last error"
        )
        for s in stuck:
            self.stdout.write(
                f"{s.kind:<20} {s.merchant or '-':<14} {s.reference:<36} {s.status:<11} "
                f"{_age(s.age):>9} {s.attempts:>5}  {s.last_error}"
            )
        self.stdout.write(f"{len(stuck)} stuck")


def _age(age: timedelta) -> str:
    minutes = int(age.total_seconds() // 60)
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    return f"{days}d{hours:02d}h{minutes:02d}m" if days else f"{hours}h{minutes:02d}m"
