from django.db import migrations


def sync(apps, schema_editor):
    from tenants.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("tenants", "0001_initial")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
