from django.apps import AppConfig


class FinanceConfig(AppConfig):
    """Merchants' withdrawals (public schema: the platform approves and pays them out); the
    amount is frozen in the merchant's own books while the withdrawal is in flight."""

    name = "tenants.finance"
    label = "finance"
    verbose_name = "Withdrawals (public schema)"

    def ready(self) -> None:
        from zulin.ledger.checks import cross_book_check_register

        from .agreement import every_books_agreement
        from .callbacks import register

        register()
        cross_book_check_register("books agree", every_books_agreement)
