"""Bill payments, refunds and early settlements take the shared fields of a provider operation (zulin/providers/operations.py):
`provider_trade_no` is kept as the column of `provider_reference`;
attempts, the last error and `updated_at` are added. No row and no column's data changes."""

from django.db import migrations, models
from django.db.models.functions import Now


class Migration(migrations.Migration):
    dependencies = [("billing", "0010_partial_waivers")]

    operations = [
        # The column keeps its name and its data: the field takes the shared name.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RenameField("billpayment", "provider_trade_no", "provider_reference"),
                migrations.AlterField(
                    "billpayment",
                    "provider_reference",
                    models.CharField(
                        blank=True, db_column="provider_trade_no", default="", max_length=64
                    ),
                ),
            ]
        ),
        migrations.AddField(
            "billpayment", "attempts", models.IntegerField(db_default=0, default=0)
        ),
        migrations.AddField(
            "billpayment",
            "last_error",
            models.CharField(blank=True, db_default="", default="", max_length=300),
        ),
        migrations.AddField(
            "billpayment",
            "updated_at",
            models.DateTimeField(auto_now=True, db_default=Now()),
        ),
        # A row's last change is its finish (or its creation), not the day of this migration.
        migrations.RunSQL(
            "UPDATE billing_billpayment SET updated_at = COALESCE(finished_at, created_at)",
            migrations.RunSQL.noop,
        ),
        # The column keeps its name and its data: the field takes the shared name.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RenameField("billrefund", "provider_trade_no", "provider_reference"),
                migrations.AlterField(
                    "billrefund",
                    "provider_reference",
                    models.CharField(
                        blank=True, db_column="provider_trade_no", default="", max_length=64
                    ),
                ),
            ]
        ),
        migrations.AddField("billrefund", "attempts", models.IntegerField(db_default=0, default=0)),
        migrations.AddField(
            "billrefund",
            "last_error",
            models.CharField(blank=True, db_default="", default="", max_length=300),
        ),
        migrations.AddField(
            "billrefund",
            "updated_at",
            models.DateTimeField(auto_now=True, db_default=Now()),
        ),
        # A row's last change is its finish (or its creation), not the day of this migration.
        migrations.RunSQL(
            "UPDATE billing_billrefund SET updated_at = COALESCE(finished_at, created_at)",
            migrations.RunSQL.noop,
        ),
        # The column keeps its name and its data: the field takes the shared name.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RenameField(
                    "earlysettlement", "provider_trade_no", "provider_reference"
                ),
                migrations.AlterField(
                    "earlysettlement",
                    "provider_reference",
                    models.CharField(
                        blank=True, db_column="provider_trade_no", default="", max_length=64
                    ),
                ),
            ]
        ),
        migrations.AddField(
            "earlysettlement", "attempts", models.IntegerField(db_default=0, default=0)
        ),
        migrations.AddField(
            "earlysettlement",
            "last_error",
            models.CharField(blank=True, db_default="", default="", max_length=300),
        ),
        migrations.AddField(
            "earlysettlement",
            "updated_at",
            models.DateTimeField(auto_now=True, db_default=Now()),
        ),
        # A row's last change is its finish (or its creation), not the day of this migration.
        migrations.RunSQL(
            "UPDATE billing_earlysettlement SET updated_at = COALESCE(finished_at, created_at)",
            migrations.RunSQL.noop,
        ),
    ]
