from django.apps import AppConfig


class OrdersConfig(AppConfig):
    name = "apps.orders"
    label = "orders"
    verbose_name = (
        "Orders, customers, shipments, deposits, contracts and after-sale (each merchant schema)"
    )

    def ready(self) -> None:
        from .callbacks import register
        from .exports import order_exporters_register

        register()
        order_exporters_register()
