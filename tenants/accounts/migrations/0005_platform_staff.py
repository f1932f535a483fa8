from django.db import migrations


def sync(apps, schema_editor):
    # Platform staff: the `staff.manage` action of the admin side, its menu entry, and the
    # read-only platform_auditor role.
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0004_intake_keys_action")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
