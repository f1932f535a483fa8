from django.db import migrations


def sync(apps, schema_editor):
    # `privacy.manage`: customers' requests about their personal information (issue 67),
    # the owner's and customer service's; the screen /privacyRequests under Customers.
    from tenants.accounts.catalogue import catalogue_sync

    catalogue_sync(apps)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0022_asset_report_menu")]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
