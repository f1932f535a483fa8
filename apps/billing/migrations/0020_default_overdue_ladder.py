"""Every shop gets the default overdue ladder (apps/billing/ladder.py): the night as it was
before the ladder, as steps (issue 66). A shop that already has a ladder keeps it."""

from django.db import migrations

# A copy of `ladder.DEFAULT_STEPS` as it stood when this migration was written (a migration
# never imports the code it precedes).
DEFAULT_STEPS = (
    (1, "reminder", {"template": "bill_overdue", "channel": "sms"}),
    (1, "withhold_retry", {}),
    (1, "late_fee_on", {}),
    (1, "recovery_case", {}),
    (1, "bureau_report", {}),
)


def default_ladder(apps, schema_editor):
    ladder_model = apps.get_model("billing", "OverdueLadder")
    step_model = apps.get_model("billing", "OverdueStep")
    if ladder_model.objects.exists():
        return
    ladder = ladder_model.objects.create(version=1, is_default=True)
    step_model.objects.bulk_create(
        step_model(ladder=ladder, position=index, days_past_due=days, action=action, params=params)
        for index, (days, action, params) in enumerate(DEFAULT_STEPS, start=1)
    )


class Migration(migrations.Migration):
    dependencies = [("billing", "0019_overdue_ladder")]

    operations = [migrations.RunPython(default_ladder, migrations.RunPython.noop)]
