from django.db import migrations


def sync(apps, schema_editor):
    # Reconciliation with the payment provider: the `reconciliation.resolve` action of the
    # admin side (platform finance), and the /reconciliation menu entry under finance.
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0006_finance_manage")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
