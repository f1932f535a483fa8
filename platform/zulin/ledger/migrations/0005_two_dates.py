from django.db import migrations, models

# Journals booked before the two dates: the money moved and counts on the day it was booked
# (China time). The ledger's rows are append-only (migration 0001): the backfill lifts that
# trigger for its one UPDATE, in this migration's transaction, and puts it back.
BACKFILL = """
ALTER TABLE ledger_journal DISABLE TRIGGER ledger_journal_append_only;
UPDATE ledger_journal
   SET moved_on = (created_at AT TIME ZONE 'Asia/Shanghai')::date,
       counted_on = (created_at AT TIME ZONE 'Asia/Shanghai')::date;
ALTER TABLE ledger_journal ENABLE TRIGGER ledger_journal_append_only;
INSERT INTO ledger_close (id, closed_through, closed_at, closed_by) VALUES (1, NULL, NULL, '');
"""


class Migration(migrations.Migration):
    dependencies = [("ledger", "0004_balanced_journals")]

    operations = [
        migrations.CreateModel(
            name="LedgerClose",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("closed_through", models.DateField(blank=True, null=True)),
                ("closed_at", models.DateTimeField(blank=True, null=True)),
                ("closed_by", models.CharField(blank=True, default="", max_length=60)),
            ],
            options={"db_table": "ledger_close"},
        ),
        migrations.AddField(
            model_name="journal", name="moved_on", field=models.DateField(null=True)
        ),
        migrations.AddField(
            model_name="journal", name="counted_on", field=models.DateField(null=True)
        ),
        migrations.RunSQL(BACKFILL, migrations.RunSQL.noop),
        migrations.AlterField(model_name="journal", name="moved_on", field=models.DateField()),
        migrations.AlterField(model_name="journal", name="counted_on", field=models.DateField()),
        migrations.AddIndex(
            model_name="journal",
            index=models.Index(fields=["counted_on"], name="ledger_journal_counted_idx"),
        ),
        migrations.AddIndex(
            model_name="journal",
            index=models.Index(fields=["moved_on"], name="ledger_journal_moved_idx"),
        ),
        migrations.AddConstraint(
            model_name="journal",
            constraint=models.CheckConstraint(
                condition=models.Q(counted_on__gte=models.F("moved_on")),
                name="ledger_journal_counted_not_before_moved",
            ),
        ),
    ]
