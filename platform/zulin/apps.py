from django.apps import AppConfig


class ZulinConfig(AppConfig):
    """The composition root as an app: commands that span every domain (demo data, OpenAPI)."""

    name = "zulin"
    verbose_name = "Zulin"
