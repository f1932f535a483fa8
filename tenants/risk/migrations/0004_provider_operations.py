"""Risk recharges take the shared fields of a provider operation (zulin/providers/operations.py):
`provider_trade_no` is kept as the column of `provider_reference`;
attempts and the last error are added. No row and no column's data changes."""

from django.db import migrations, models
from django.db.models.functions import Now


class Migration(migrations.Migration):
    dependencies = [("risk_platform", "0003_credit_report_type")]

    operations = [
        # The column keeps its name and its data: the field takes the shared name.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RenameField("riskrecharge", "provider_trade_no", "provider_reference"),
                migrations.AlterField(
                    "riskrecharge",
                    "provider_reference",
                    models.CharField(
                        blank=True, db_column="provider_trade_no", default="", max_length=64
                    ),
                ),
            ]
        ),
        migrations.AddField(
            "riskrecharge", "attempts", models.IntegerField(db_default=0, default=0)
        ),
        migrations.AddField(
            "riskrecharge",
            "last_error",
            models.CharField(blank=True, db_default="", default="", max_length=300),
        ),
        # Its own `updated_at` takes the shared default in the database (rows written by SQL).
        migrations.AlterField(
            "riskrecharge", "updated_at", models.DateTimeField(auto_now=True, db_default=Now())
        ),
    ]
