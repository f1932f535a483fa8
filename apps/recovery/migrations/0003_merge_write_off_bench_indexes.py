from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("recovery", "0002_bench_indexes"),
        ("recovery", "0002_write_off"),
    ]

    operations: list = []
