"""Credit queries take the shared fields of a provider operation (zulin/providers/operations.py):
`reason` is kept as the column of `failure_reason`; attempts, the last
error and `updated_at` are added. No row and no column's data changes."""

from django.db import migrations, models
from django.db.models.functions import Now


class Migration(migrations.Migration):
    dependencies = [("risk", "0002_credit_query")]

    operations = [
        # The column keeps its name and its data: the field takes the shared name.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RenameField("creditquery", "reason", "failure_reason"),
                migrations.AlterField(
                    "creditquery",
                    "failure_reason",
                    models.CharField(blank=True, db_column="reason", default="", max_length=40),
                ),
            ]
        ),
        migrations.AddField(
            "creditquery", "attempts", models.IntegerField(db_default=0, default=0)
        ),
        migrations.AddField(
            "creditquery",
            "last_error",
            models.CharField(blank=True, db_default="", default="", max_length=300),
        ),
        migrations.AddField(
            "creditquery",
            "updated_at",
            models.DateTimeField(auto_now=True, db_default=Now()),
        ),
        # A row's last change is its finish (or its creation), not the day of this migration.
        migrations.RunSQL(
            "UPDATE risk_creditquery SET updated_at = COALESCE(finished_at, created_at)",
            migrations.RunSQL.noop,
        ),
    ]
