from django.db import migrations, models

# The orders placed before plans had a fineness of their own leased at their goods'.
ORDERS_AT_GOODS_FINENESS = """
UPDATE orders_order AS o SET fineness = g.fineness
FROM goods_goods AS g WHERE g.id = o.goods_id AND o.fineness <> g.fineness
"""


class Migration(migrations.Migration):
    dependencies = [
        ("orders", "0017_customer_restricted"),
        ("goods", "0008_used_goods_fineness"),
    ]

    operations = [
        migrations.AddField(
            model_name="order",
            name="fineness",
            field=models.CharField(default="new", max_length=8),
        ),
        migrations.RunSQL(ORDERS_AT_GOODS_FINENESS, migrations.RunSQL.noop),
    ]
