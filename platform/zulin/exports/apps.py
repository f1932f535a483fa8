from django.apps import AppConfig


class ExportsConfig(AppConfig):
    name = "zulin.exports"
    label = "exports"
    verbose_name = "Excel exports (each merchant schema, and public for the platform's)"
