from django.conf import settings
from django.db import migrations

from zulin.core.richtext import rich_text_clean


def clean_descriptions(apps, schema_editor):
    # Descriptions stored before the rich-text allow-list (the raw HTML of a text area) are
    # kept to it as a save would (apps.goods.services.goods_description_clean), so what the
    # API answers for old goods is as safe as for new ones.
    goods_model = apps.get_model("goods", "Goods")
    prefix = f"{settings.MEDIA_URL}{schema_editor.connection.schema_name}/goods/"
    rows = goods_model.objects.exclude(description="").only("pk", "description")
    for goods in rows.iterator(chunk_size=500):
        cleaned = rich_text_clean(goods.description, image_prefix=prefix)
        if cleaned != goods.description:
            goods_model.objects.filter(pk=goods.pk).update(description=cleaned)


class Migration(migrations.Migration):
    dependencies = [("goods", "0003_early_return_terms")]

    operations = [migrations.RunPython(clean_descriptions, migrations.RunPython.noop)]
