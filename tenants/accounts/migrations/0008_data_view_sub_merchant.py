from django.db import migrations


def sync(apps, schema_editor):
    # The data centre (branch `data`): a sub-shop's account reads its own sub-shop's figures
    # (`data.view` on the sub_merchant role).
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0007_reconciliation_action")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
