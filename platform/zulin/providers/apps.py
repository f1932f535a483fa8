from django.apps import AppConfig


class ProvidersConfig(AppConfig):
    name = "zulin.providers"
    label = "providers"
    verbose_name = "Outside services and their sandboxes"
