from django.db import migrations


def sync(apps, schema_editor):
    # The action to manage the shop's application keys (the owner holds every action).
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0003_order_actions")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
