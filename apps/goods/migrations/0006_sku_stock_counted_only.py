"""A SKU tracked by unit keeps no counted stock: its `stock` becomes NULL (the count nothing
kept since it was tracked: `sku.track_by_unit`'s audit entry holds what it was then), and a
CHECK makes a counted figure on a tracked SKU impossible (issue 59)."""

from django.db import migrations, models


def forget_tracked_counts(apps, schema_editor):
    Sku = apps.get_model("goods", "Sku")
    Sku.objects.filter(tracked=True).update(stock=None)


class Migration(migrations.Migration):
    dependencies = [
        ("goods", "0005_sku_tracked"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="sku", name="sku_stock_gte_0"),
        migrations.AlterField(
            model_name="sku",
            name="stock",
            field=models.IntegerField(default=0, null=True),
        ),
        migrations.RunPython(forget_tracked_counts, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="sku",
            constraint=models.CheckConstraint(
                condition=models.Q(("stock__gte", 0), ("stock__isnull", False), ("tracked", False))
                | models.Q(("stock__isnull", True), ("tracked", True)),
                name="sku_stock_counted_only",
            ),
        ),
    ]
