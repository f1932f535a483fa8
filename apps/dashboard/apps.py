from django.apps import AppConfig


class DashboardConfig(AppConfig):
    """The data centre's store side: the shop's figures (or a sub-shop's) read from its
    orders, bills and ledger through their apps' selectors. No tables of its own."""

    name = "apps.dashboard"
    label = "dashboard"
    verbose_name = "Data centre (each merchant schema)"
