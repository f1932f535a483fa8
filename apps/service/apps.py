from django.apps import AppConfig


class ServiceConfig(AppConfig):
    name = "apps.service"
    label = "service"
    verbose_name = (
        "Customer service: the shop's settings, messages to customers, the customers' blacklist"
        " (each merchant schema)"
    )

    def ready(self) -> None:
        from apps.orders import events

        from .selectors import is_blacklisted

        events.PERSON_REFUSED.register(is_blacklisted)
