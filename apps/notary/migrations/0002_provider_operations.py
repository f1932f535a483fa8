"""Notarizations take the shared fields of a provider operation (zulin/providers/operations.py):
`case_reference` is kept as the column of `provider_reference`
(its index too); an idempotency key (none yet: blank) and attempts are added (the last
error and `updated_at` it had). No row and no column's data changes."""

from django.db import migrations, models
from django.db.models.functions import Now


class Migration(migrations.Migration):
    dependencies = [("notary", "0001_initial")]

    operations = [
        # The column keeps its name, its data and its index: the field takes the shared name.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveIndex("notarization", "notarization_case_idx"),
                migrations.RenameField("notarization", "case_reference", "provider_reference"),
                migrations.AlterField(
                    "notarization",
                    "provider_reference",
                    models.CharField(
                        blank=True, db_column="case_reference", default="", max_length=40
                    ),
                ),
                migrations.AddIndex(
                    "notarization",
                    models.Index(fields=["provider_reference"], name="notarization_case_idx"),
                ),
            ]
        ),
        migrations.AddField(
            "notarization",
            "idempotency_key",
            models.CharField(blank=True, default="", max_length=64),
        ),
        migrations.AddConstraint(
            "notarization",
            models.UniqueConstraint(
                condition=models.Q(("idempotency_key", ""), _negated=True),
                fields=("idempotency_key",),
                name="notarization_idempotency",
            ),
        ),
        migrations.AddField(
            "notarization", "attempts", models.IntegerField(db_default=0, default=0)
        ),
        # Its own `updated_at` takes the shared default in the database (rows written by SQL).
        migrations.AlterField(
            "notarization", "updated_at", models.DateTimeField(auto_now=True, db_default=Now())
        ),
    ]
