from django.db import migrations


def sync(apps, schema_editor):
    # The carrier shipments' screen (/shipments, issue 65): its menu entry under Warehouse.
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0020_api_keys")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
