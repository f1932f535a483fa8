from django.apps import AppConfig


class LedgerConfig(AppConfig):
    name = "zulin.ledger"
    label = "ledger"
    verbose_name = "Double-entry ledger (each merchant schema, and public for the platform)"
