from django.db import migrations

CHANNELS = [
    ("alipay_mini", "支付宝小程序"),
    ("wechat_mini", "微信小程序"),
    ("h5", "H5"),
    ("app", "APP"),
]
SHOW_PLATFORMS = [
    ("alipay", "支付宝"),
    ("wechat", "微信"),
    ("h5", "H5"),
    ("app", "APP"),
]


def seed(apps, schema_editor):
    # Runs on the template schema, so every merchant cloned from it starts with these rows.
    for model_name, rows in (("Channel", CHANNELS), ("ShowPlatform", SHOW_PLATFORMS)):
        model = apps.get_model("subshops", model_name)
        for sort, (label, name) in enumerate(rows):
            model.objects.get_or_create(
                label=label, defaults={"name": name, "sort": (sort + 1) * 10}
            )


class Migration(migrations.Migration):
    dependencies = [("subshops", "0001_initial")]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
