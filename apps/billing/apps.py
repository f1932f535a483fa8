from django.apps import AppConfig


class BillingConfig(AppConfig):
    name = "apps.billing"
    label = "billing"
    verbose_name = "Instalment bills and their payments (each merchant schema)"

    def ready(self) -> None:
        from apps.orders import events

        from .callbacks import register
        from .exports import finance_exporters_register
        from .selectors import lease_schedule

        register()
        finance_exporters_register()
        # The contract's schedule: orders asks, billing (which owns the bills) answers.
        events.LEASE_SCHEDULE.register(lease_schedule)
