from django.apps import AppConfig


class AssetsConfig(AppConfig):
    name = "apps.assets"
    label = "assets"
    verbose_name = (
        "Devices by serial and IMEI: units, suppliers, stock receipts (each merchant schema)"
    )

    def ready(self) -> None:
        from apps.goods.units import register
        from zulin.ledger.listeners import order_journal_listener_register

        from .exports import asset_report_exporter_register, units_exporter_register
        from .figures import figures_after_journal
        from .selectors import units_in_stock_by_sku

        register(units_in_stock_by_sku)
        units_exporter_register()
        asset_report_exporter_register()
        order_journal_listener_register("assets.figures", figures_after_journal)
