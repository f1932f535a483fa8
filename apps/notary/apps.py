from django.apps import AppConfig


class NotaryConfig(AppConfig):
    name = "apps.notary"
    label = "notary"
    verbose_name = "Notarization of lease contracts (each merchant schema)"

    def ready(self) -> None:
        from apps.orders import events

        from .callbacks import register
        from .selectors import order_notarization

        register()
        events.ORDER_NOTARIZATION.register(order_notarization)
