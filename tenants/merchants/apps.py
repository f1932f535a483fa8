from django.apps import AppConfig


class MerchantsConfig(AppConfig):
    name = "tenants.merchants"
    label = "merchants"
    verbose_name = "Merchants, domains, provisioning and settlement terms (public schema)"

    def ready(self) -> None:
        from zulin.outbox.services import relay_register

        from .tasks import forward_send

        # After a commit that wrote a public event (a withdrawal's), it is forwarded.
        relay_register(forward_send, public=True)
