"""`DepositOperation` moves to billing, which alone writes it (issue 62): a move of Django's
state only. Its table stays `orders_depositoperation`, with its rows, constraints and the
foreign key to the order, untouched (billing/0016 declares the same model there)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("orders", "0014_zhima_settings_deposit_credit"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="DepositOperation")],
            database_operations=[],
        ),
    ]
