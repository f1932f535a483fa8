from django.apps import AppConfig


class FinanceConfig(AppConfig):
    """Merchants' withdrawals (public schema: the platform approves and pays them out); the
    amount is frozen in the merchant's own books while the withdrawal is in flight."""

    name = "tenants.finance"
    label = "finance"
    verbose_name = "Withdrawals (public schema)"

    def ready(self) -> None:
        from .callbacks import register

        register()
