from django.db import migrations


def sync(apps, schema_editor):
    # Notarization: `notary.config` (the shop's notary account, the owner's) joins the store
    # side; the auditor role notarizes orders' contracts (`notary.manage`).
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0007_reconciliation_action")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
