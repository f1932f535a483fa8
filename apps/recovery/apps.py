from django.apps import AppConfig


class RecoveryConfig(AppConfig):
    name = "apps.recovery"
    label = "recovery"
    verbose_name = (
        "Recovery: cases of orders past due, their aging, collectors, contacts and promises"
        " (each merchant schema)"
    )

    def ready(self) -> None:
        from apps.orders import events

        from .evidence import recovery_part_register
        from .services import case_follow_payment

        events.PAYMENT_OUTCOME.register(case_follow_payment)
        recovery_part_register()
