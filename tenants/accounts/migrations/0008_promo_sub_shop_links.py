from django.db import migrations


def sync(apps, schema_editor):
    # Promotion share links: a sub-shop's account manages its own sub-shop's links
    # (`promotion.manage` for the sub_merchant role; apps.promotion scopes them).
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0007_reconciliation_action")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
