from django.apps import AppConfig


class BillingConfig(AppConfig):
    name = "apps.billing"
    label = "billing"
    verbose_name = "Instalment bills and their payments (each merchant schema)"

    def ready(self) -> None:
        from apps.orders import events

        from .bill_pay import customer_bill_pay
        from .callbacks import register
        from .exports import finance_exporters_register
        from .order_facts import facts_register

        register()
        finance_exporters_register()
        # The demo's stories pay bill 1 as the customer would (the one event orders still
        # asks billing: docs/architecture.md, "What orders still asks billing").
        events.CUSTOMER_BILL_PAY.register(customer_bill_pay)
        # What billing does when something happens to an order (orders' facts).
        facts_register()
