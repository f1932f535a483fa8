from django.apps import AppConfig


class OrdersConfig(AppConfig):
    name = "apps.orders"
    label = "orders"
    verbose_name = (
        "Orders, customers, shipments, deposits, contracts and after-sale (each merchant schema)"
    )

    def ready(self) -> None:
        from apps.assets import order_facts

        from .callbacks import register
        from .exports import order_exporters_register
        from .reads import overdue_order_ids, unit_order_facts
        from .waybill_exports import shipment_exporter_register

        register()
        order_exporters_register()
        shipment_exporter_register()
        # What a unit's row and detail name of its orders (assets sits below orders).
        order_facts.register(unit_order_facts)
        order_facts.register_overdue(overdue_order_ids)
