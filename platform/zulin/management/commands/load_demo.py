from django.core.management.base import BaseCommand

from zulin.demo import demo_load, demo_showcase_load


class Command(BaseCommand):
    help = (
        "Load the demo merchants and logins, then the showcase (goods, sub-shops, staff, "
        "merchants in every status). Idempotent."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--base-only",
            action="store_true",
            help="only the merchants and logins the tests start from, no showcase",
        )

    def handle(self, *args, **options):
        lines = demo_load()
        if not options["base_only"]:
            lines += demo_showcase_load()
        for line in lines:
            self.stdout.write(line)
