from django.apps import AppConfig


class CreditConfig(AppConfig):
    name = "apps.credit"
    label = "credit"
    verbose_name = "Credit-bureau reporting of leases (each merchant schema)"

    def ready(self) -> None:
        from .callbacks import register

        register()
