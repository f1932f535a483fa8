from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0016_platform_aging"),
        ("accounts", "0016_recovery_writeoff"),
    ]

    operations: list = []
