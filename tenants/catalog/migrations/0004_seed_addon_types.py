"""The platform's add-on service types, seeded with the five types merchants used so far."""

from django.db import migrations

SEED = [
    ("damage_cover", "碎屏/意外保障", "Damage cover"),
    ("accessory", "配件", "Accessories"),
    ("warranty", "延长保修", "Extended warranty"),
    ("delivery", "送货上门", "Home delivery"),
    ("other", "其他", "Other"),
]


def seed(apps, schema_editor):
    AddonType = apps.get_model("catalog", "AddonType")
    for sort, (code, name, name_en) in enumerate(SEED):
        AddonType.objects.get_or_create(
            code=code, defaults={"name": name, "name_en": name_en, "sort": (sort + 1) * 10}
        )


class Migration(migrations.Migration):
    dependencies = [("catalog", "0003_addontype_platformaddon")]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
