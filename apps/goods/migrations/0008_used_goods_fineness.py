from django.db import migrations, models

# The reservations already made hold back a unit of their goods' fineness (what the order
# was offered at before plans had a fineness of their own).
RESERVATIONS_AT_GOODS_FINENESS = """
UPDATE goods_stockmovement AS m SET fineness = g.fineness
FROM goods_sku AS s JOIN goods_goods AS g ON g.id = s.goods_id
WHERE m.sku_id = s.id AND m.kind = 'reserve' AND m.fineness = ''
"""


class Migration(migrations.Migration):
    dependencies = [
        ("goods", "0007_rent_plan_credit_deposit_max"),
    ]

    operations = [
        migrations.AddField(
            model_name="rentplan",
            name="fineness",
            field=models.CharField(blank=True, default="", max_length=8),
        ),
        migrations.AddField(
            model_name="stockmovement",
            name="fineness",
            field=models.CharField(blank=True, default="", max_length=8),
        ),
        migrations.RunSQL(RESERVATIONS_AT_GOODS_FINENESS, migrations.RunSQL.noop),
    ]
