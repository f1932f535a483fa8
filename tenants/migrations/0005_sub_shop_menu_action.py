from django.db import migrations


def sync(apps, schema_editor):
    # The sub-shop menu entry needs `subshop.view`, so sub-merchants see their own sub-shop.
    from tenants.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("tenants", "0004_spare_schema")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
