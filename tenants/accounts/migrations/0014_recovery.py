from django.db import migrations


def sync(apps, schema_editor):
    # Recovery: `recovery.view`, `recovery.work`, `recovery.assign`, `recovery.config`, the
    # collector role (催收员) and the /recovery menu entry.
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0013_finance_waive")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
