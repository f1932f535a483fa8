from django.db import migrations


def sync(apps, schema_editor):
    # `recovery.writeoff` (owner, finance): write off a case's debt long past due; the
    # /recoveryReport menu entry (`recovery.view`).
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0015_merge_recovery_dispute")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
