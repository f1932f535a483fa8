from django.db import migrations


def sync(apps, schema_editor):
    # `dispute.evidence`: make and download an order's evidence pack (owner, finance).
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0013_finance_waive")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
