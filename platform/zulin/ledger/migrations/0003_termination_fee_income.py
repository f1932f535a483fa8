from django.db import migrations

# The chart (zulin/ledger/chart.py) this migration syncs: the merchant's books gain
# `termination_fee_income` (the early-termination fee of a lease returned early).
CHART_VERSION = "9a007aa603ad"


def chart_sync_here(apps, schema_editor):
    from zulin.ledger.services import chart_sync

    chart_sync(
        account_model=apps.get_model("ledger", "LedgerAccount"),
        schema_name=schema_editor.connection.schema_name,
    )


class Migration(migrations.Migration):
    dependencies = [("ledger", "0002_early_settlement_discount")]

    operations = [migrations.RunPython(chart_sync_here, migrations.RunPython.noop)]
