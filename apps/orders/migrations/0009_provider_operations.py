"""Deposit operations take the shared fields of a provider operation (zulin/providers/operations.py):
attempts, the last error and `updated_at` are added. No row and no column's data changes."""

from django.db import migrations, models
from django.db.models.functions import Now


class Migration(migrations.Migration):
    dependencies = [("orders", "0008_after_sale_started_by")]

    operations = [
        migrations.AddField(
            "depositoperation", "attempts", models.IntegerField(db_default=0, default=0)
        ),
        migrations.AddField(
            "depositoperation",
            "last_error",
            models.CharField(blank=True, db_default="", default="", max_length=300),
        ),
        migrations.AddField(
            "depositoperation",
            "updated_at",
            models.DateTimeField(auto_now=True, db_default=Now()),
        ),
        # A row's last change is its finish (or its creation), not the day of this migration.
        migrations.RunSQL(
            "UPDATE orders_depositoperation SET updated_at = COALESCE(confirmed_at, created_at)",
            migrations.RunSQL.noop,
        ),
    ]
