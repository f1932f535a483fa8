from django.apps import AppConfig


class RiskPlatformConfig(AppConfig):
    """The platform's side of risk checks (public schema): the price list of query types,
    and merchants' recharges of their prepaid risk balance (by QR code, or by bank transfer
    the platform audits). The balance itself is kept in each merchant's books."""

    name = "tenants.risk"
    label = "risk_platform"
    verbose_name = "Risk price list and risk-balance recharges (public schema)"

    def ready(self) -> None:
        from .callbacks import register

        register()
