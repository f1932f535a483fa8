"""The platform's price list of risk query types (a later change of a price is data the
platform edits, not a migration)."""

from decimal import Decimal

from django.db import migrations

PRICE_LIST = (
    (
        "standard",
        "标准风控",
        "Standard check",
        "身份核验、多头借贷与逾期记录；下单时自动查询",
        "Identity, multiple borrowing and overdue history; run at every order's intake",
        Decimal("2.00"),
    ),
    (
        "blacklist",
        "风险名单",
        "Risk list",
        "是否命中行业风险名单",
        "Whether the person is on the trade's risk lists",
        Decimal("0.50"),
    ),
    (
        "multi_lending",
        "多头借贷",
        "Multiple borrowing",
        "近期在多个平台申请借贷或租赁",
        "Recent applications on several lending or leasing platforms",
        Decimal("1.50"),
    ),
    (
        "deep",
        "深度风控报告",
        "In-depth report",
        "综合评分、设备与地址关联、租赁集中度",
        "Overall score, device and address links, leasing concentration",
        Decimal("5.00"),
    ),
)


def add_price_list(apps, schema_editor):
    RiskQueryType = apps.get_model("risk_platform", "RiskQueryType")
    for sort, (code, name_zh, name_en, about_zh, about_en, price) in enumerate(PRICE_LIST):
        RiskQueryType.objects.get_or_create(
            code=code,
            defaults={
                "name_zh": name_zh,
                "name_en": name_en,
                "description_zh": about_zh,
                "description_en": about_en,
                "price": price,
                "sort": (sort + 1) * 10,
            },
        )


class Migration(migrations.Migration):
    dependencies = [("risk_platform", "0001_initial")]

    operations = [migrations.RunPython(add_price_list, migrations.RunPython.noop)]
