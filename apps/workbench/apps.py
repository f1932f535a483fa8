from django.apps import AppConfig


class WorkbenchConfig(AppConfig):
    name = "apps.workbench"
    label = "workbench"
    verbose_name = "Workbench shortcuts (each merchant schema, and public for the platform)"
