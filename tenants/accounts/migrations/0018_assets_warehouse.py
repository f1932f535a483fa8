from django.db import migrations


def sync(apps, schema_editor):
    # Devices (apps.assets): the asset.* actions, the 仓管 role (warehouse), sub-shops' own
    # units, and the 仓库管理 menu group.
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0017_merge_writeoff_aging")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
