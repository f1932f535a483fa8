from django.db import migrations


def sync(apps, schema_editor):
    # `finance.waive`: forgo what an order still owes, with a reason (the owner holds every
    # action; no other system role gets it).
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0012_merge_20261124_1445")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
