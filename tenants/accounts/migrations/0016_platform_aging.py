from django.db import migrations


def sync(apps, schema_editor):
    # The platform's /aging menu entry (账龄分析, `data.view`).
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0015_merge_recovery_dispute")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
