from django.core.management import call_command
from django.core.management.base import BaseCommand

from tenants.merchants.provisioning import spare_pool_fill, template_schema_ensure


class Command(BaseCommand):
    help = (
        "Migrate the public schema, the merchant template schema, then every merchant, and "
        "refill the pool of spare merchant schemas."
    )

    def handle(self, *args, **options):
        call_command("migrate_schemas", shared=True, interactive=False, verbosity=0)
        template_schema_ensure()
        call_command("migrate_schemas", tenant=True, interactive=False, verbosity=0)
        # Spares cloned from an older template are dropped and the pool is filled again.
        made = spare_pool_fill()
        self.stdout.write(f"migrated: public, template, merchants; {made} spare schemas made")
