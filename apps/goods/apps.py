from django.apps import AppConfig


class GoodsConfig(AppConfig):
    name = "apps.goods"
    label = "goods"
    verbose_name = "Goods, SKUs, rent plans and add-on services (each merchant schema)"
