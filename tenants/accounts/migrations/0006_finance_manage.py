from django.db import migrations


def sync(apps, schema_editor):
    # `finance.manage`: record offline repayments and settle leases early (the owner holds
    # every action; the store's finance role gets it).
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0005_platform_staff")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
