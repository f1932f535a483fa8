from django.db import migrations


def sync(apps, schema_editor):
    # The developers' screen (/developers): its menu entry, and webhook.manage's new name
    # (webhook endpoints and API keys).
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0018_assets_warehouse")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
