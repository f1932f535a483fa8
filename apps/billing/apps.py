from django.apps import AppConfig


class BillingConfig(AppConfig):
    name = "apps.billing"
    label = "billing"
    verbose_name = "Instalment bills and their payments (each merchant schema)"

    def ready(self) -> None:
        from .callbacks import register
        from .exports import finance_exporters_register

        register()
        finance_exporters_register()
