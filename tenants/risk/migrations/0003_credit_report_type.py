"""The credit bureau's report joins the price list (a `credit` kind: applyCreditQuery, not
getRisk)."""

from decimal import Decimal

from django.db import migrations, models


def add_credit_report(apps, schema_editor):
    RiskQueryType = apps.get_model("risk_platform", "RiskQueryType")
    RiskQueryType.objects.get_or_create(
        code="credit_report",
        defaults={
            "kind": "credit",
            "name_zh": "征信报告",
            "name_en": "Credit report",
            "description_zh": "征信机构的信用报告摘要：信用分、逾期与在贷账户、近90天查询次数",
            "description_en": (
                "The credit bureau's report: score, accounts in arrears and open, queries in"
                " the last 90 days"
            ),
            "price": Decimal("8.00"),
            "sort": 50,
        },
    )


class Migration(migrations.Migration):
    dependencies = [("risk_platform", "0002_price_list")]

    operations = [
        migrations.AddField(
            model_name="riskquerytype",
            name="kind",
            field=models.CharField(
                choices=[("risk", "风控查询"), ("credit", "征信查询")], default="risk", max_length=8
            ),
        ),
        migrations.RunPython(add_credit_report, migrations.RunPython.noop),
    ]
