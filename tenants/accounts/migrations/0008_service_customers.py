from django.db import migrations


def sync(apps, schema_editor):
    # Customer service and customers: `service.message`, `customer.view`,
    # `customer.blacklist` (store side) and the /customers menu entry.
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0007_reconciliation_action")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
