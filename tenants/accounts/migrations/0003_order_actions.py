from django.db import migrations


def sync(apps, schema_editor):
    # Order actions (ship, remark, identity, assigned orders) and the roles that hold them.
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0002_access_catalogue")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
