from django.apps import AppConfig


class DisputesConfig(AppConfig):
    name = "apps.disputes"
    label = "disputes"
    verbose_name = "Disputes: the evidence pack of an order (each merchant schema)"

    def ready(self) -> None:
        from .services import evidence_pack_builder_register
        from .sources import builtin_parts_register

        builtin_parts_register()
        evidence_pack_builder_register()
