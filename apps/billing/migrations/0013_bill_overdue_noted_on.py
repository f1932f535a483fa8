"""`Bill.overdue_noted_on`: the night that wrote the bill's `bill.overdue`. A bill with late-fee
rows had its event with its first row (the only way it was written until now): it is noted
on that day, so no event is written twice; a past-due bill without rows (a shop charging no
late fee) never had one and gets it from the next night."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("billing", "0012_refund_purpose_unwound")]

    operations = [
        migrations.AddField(
            model_name="bill",
            name="overdue_noted_on",
            field=models.DateField(blank=True, null=True),
        ),
        migrations.RunSQL(
            """
            UPDATE billing_bill AS bill SET overdue_noted_on = fee.first_day
            FROM (
                SELECT bill_id, MIN(day) AS first_day FROM billing_billlatefee GROUP BY bill_id
            ) AS fee
            WHERE fee.bill_id = bill.id
            """,
            migrations.RunSQL.noop,
        ),
    ]
