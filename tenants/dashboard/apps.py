from django.apps import AppConfig


class DashboardConfig(AppConfig):
    """The data centre's platform side: every merchant's figures from public rows only (the
    order index, money per merchant per day, and bills due per merchant per day)."""

    name = "tenants.dashboard"
    label = "dashboard_public"
    verbose_name = "Data centre (public schema)"
