from django.apps import AppConfig


class WorkbenchConfig(AppConfig):
    """Each account's workbench shortcuts. Accounts live in the public schema, so do their
    pins: one table, keyed by account."""

    name = "tenants.workbench"
    label = "workbench"
    verbose_name = "Workbench shortcuts (public schema)"
