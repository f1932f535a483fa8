from django.apps import AppConfig


class NotaryConfig(AppConfig):
    name = "apps.notary"
    label = "notary"
    verbose_name = "Notarization of lease contracts (each merchant schema)"

    def ready(self) -> None:
        from .callbacks import register

        register()
