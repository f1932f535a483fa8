from django.apps import AppConfig


class GoodsConfig(AppConfig):
    name = "apps.goods"
    label = "goods"
    verbose_name = "Goods, SKUs, rent plans and add-on services (each merchant schema)"

    def ready(self) -> None:
        from .exports import goods_exporter_register

        goods_exporter_register()
