from django.core.management.base import BaseCommand
from django.utils.timezone import localtime

from zulin.providers.models import SandboxSmsMessage


class Command(BaseCommand):
    help = "Show the messages the sandbox SMS gateway has 'sent' (newest first)."

    def add_arguments(self, parser):
        parser.add_argument("--phone", default="")
        parser.add_argument("--limit", type=int, default=20)

    def handle(self, *args, **options):
        messages = SandboxSmsMessage.objects.all()
        if options["phone"]:
            messages = messages.filter(phone=options["phone"])
        for message in messages[: options["limit"]]:
            self.stdout.write(
                f"{localtime(message.created_at):%Y-%m-%d %H:%M:%S} {message.phone} "
                f"[{message.status}] "
                f"{message.reference}: {message.text}"
            )
