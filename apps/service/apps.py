from django.apps import AppConfig


class ServiceConfig(AppConfig):
    name = "apps.service"
    label = "service"
    verbose_name = (
        "Customer service: the shop's settings, messages to customers, the customers' blacklist"
        " (each merchant schema)"
    )
