from django.apps import AppConfig


class OrdersConfig(AppConfig):
    name = "apps.orders"
    label = "orders"
    verbose_name = (
        "Orders, customers, shipments, deposits, contracts and after-sale (each merchant schema)"
    )

    def ready(self) -> None:
        from .callbacks import register

        register()
