from django.core.management.base import BaseCommand

from zulin.demo import demo_load


class Command(BaseCommand):
    help = "Load the demo merchants and logins (idempotent)."

    def handle(self, *args, **options):
        for line in demo_load():
            self.stdout.write(line)
