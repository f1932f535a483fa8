from django.apps import AppConfig


class PrivacyConfig(AppConfig):
    name = "apps.privacy"
    label = "privacy"
    verbose_name = (
        "Privacy: customers' requests to access, copy, correct or delete their personal"
        " information (PIPL Art. 44-47), each merchant schema"
    )

    def ready(self) -> None:
        from .copy import customer_copy_builder_register

        customer_copy_builder_register()
