from django.db import migrations


def sync(apps, schema_editor):
    # The asset report (/assetReport, issue 63): its menu entry under Warehouse.
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0021_shipments_menu")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
