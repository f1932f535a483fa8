"""Starting categories of the platform (two levels); operators edit them afterwards."""

from django.db import migrations

SEED = {
    "数码": ["手机", "电脑", "平板", "相机"],
    "家电": ["厨房电器", "生活电器"],
    "游戏": ["游戏主机", "VR 设备"],
    "户外": ["露营装备", "无人机"],
}


def seed(apps, schema_editor):
    Category = apps.get_model("catalog", "Category")
    if Category.objects.exists():
        return
    for top_sort, (top, children) in enumerate(SEED.items()):
        parent = Category.objects.create(name=top, level=1, sort=(top_sort + 1) * 10)
        for sort, name in enumerate(children):
            Category.objects.create(name=name, parent=parent, level=2, sort=(sort + 1) * 10)


class Migration(migrations.Migration):
    dependencies = [("catalog", "0001_initial")]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
