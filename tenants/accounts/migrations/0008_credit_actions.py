from django.db import migrations


def sync(apps, schema_editor):
    # Credit reporting: `credit.view` beside `credit.manage` (owner and finance), and the
    # /creditReport menu entry under risk.
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0007_reconciliation_action")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
