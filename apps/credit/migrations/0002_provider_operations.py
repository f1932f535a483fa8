"""Credit report files take the shared fields of a provider operation (zulin/providers/operations.py):
`feedback_reason` is kept as the column of
`failure_reason`; an idempotency key (none yet: blank), attempts, the last error and
`updated_at` are added. No row and no column's data changes."""

from django.db import migrations, models
from django.db.models.functions import Now


class Migration(migrations.Migration):
    dependencies = [("credit", "0001_initial")]

    operations = [
        # The column keeps its name and its data: the field takes the shared name.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RenameField("creditreportfile", "feedback_reason", "failure_reason"),
                migrations.AlterField(
                    "creditreportfile",
                    "failure_reason",
                    models.CharField(
                        blank=True, db_column="feedback_reason", default="", max_length=60
                    ),
                ),
            ]
        ),
        migrations.AddField(
            "creditreportfile",
            "idempotency_key",
            models.CharField(blank=True, default="", max_length=64),
        ),
        migrations.AddConstraint(
            "creditreportfile",
            models.UniqueConstraint(
                condition=models.Q(("idempotency_key", ""), _negated=True),
                fields=("idempotency_key",),
                name="credit_report_file_idempotency",
            ),
        ),
        migrations.AddField(
            "creditreportfile", "attempts", models.IntegerField(db_default=0, default=0)
        ),
        migrations.AddField(
            "creditreportfile",
            "last_error",
            models.CharField(blank=True, db_default="", default="", max_length=300),
        ),
        migrations.AddField(
            "creditreportfile",
            "updated_at",
            models.DateTimeField(auto_now=True, db_default=Now()),
        ),
        # A row's last change is its finish (or its creation), not the day of this migration.
        migrations.RunSQL(
            "UPDATE credit_creditreportfile SET updated_at = COALESCE(finished_at, created_at)",
            migrations.RunSQL.noop,
        ),
    ]
