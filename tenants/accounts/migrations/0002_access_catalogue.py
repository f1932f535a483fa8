from django.db import migrations


def sync(apps, schema_editor):
    # Actions, system roles and menus of both sides (tenants/accounts/catalogue.py). A later
    # migration that changes the catalogue calls the same function again.
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_initial")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
