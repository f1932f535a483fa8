from django.db import migrations

# The chart (zulin/ledger/chart.py) this migration syncs: the merchant's books gain
# `early_settlement_discount` (rent forgone when a lease is settled early).
CHART_VERSION = "ed4dde965674"


def chart_sync_here(apps, schema_editor):
    from zulin.ledger.services import chart_sync

    chart_sync(
        account_model=apps.get_model("ledger", "LedgerAccount"),
        schema_name=schema_editor.connection.schema_name,
    )


class Migration(migrations.Migration):
    dependencies = [("ledger", "0001_initial")]

    operations = [migrations.RunPython(chart_sync_here, migrations.RunPython.noop)]
