from django.apps import AppConfig


class AuditConfig(AppConfig):
    name = "zulin.audit"
    label = "audit"
    verbose_name = "Audit trail (each merchant schema, and public for platform changes)"
