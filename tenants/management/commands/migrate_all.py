from django.core.management import call_command
from django.core.management.base import BaseCommand

from tenants.provisioning import template_schema_ensure


class Command(BaseCommand):
    help = "Migrate the public schema, the merchant template schema, then every merchant."

    def handle(self, *args, **options):
        call_command("migrate_schemas", shared=True, interactive=False, verbosity=0)
        template_schema_ensure()
        call_command("migrate_schemas", tenant=True, interactive=False, verbosity=0)
        self.stdout.write("migrated: public, template, merchants")
