from django.db import migrations


def sync(apps, schema_editor):
    # `privacy.reveals`: the owner's log of whole phones and ID numbers shown (issue 67).
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0023_privacy_requests")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
