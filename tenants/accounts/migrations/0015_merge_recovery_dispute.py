# The recovery roles and the evidence pack's right were added side by side.
from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0014_dispute_evidence"),
        ("accounts", "0014_recovery"),
    ]

    operations = []
