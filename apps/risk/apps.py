from django.apps import AppConfig


class RiskConfig(AppConfig):
    name = "apps.risk"
    label = "risk"
    verbose_name = (
        "Risk queries and their charges to the prepaid risk balance (each merchant schema)"
    )

    def ready(self) -> None:
        from .callbacks import register
        from .exports import risk_exporters_register

        register()
        risk_exporters_register()
