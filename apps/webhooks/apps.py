from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    name = "apps.webhooks"
    label = "webhooks"
    verbose_name = "A merchant's webhook endpoints and their deliveries (each merchant schema)"

    def ready(self) -> None:
        from zulin.outbox.services import relay_register

        from .tasks import relay_send

        # After a commit that wrote an event, the schema's relay is queued.
        relay_register(relay_send)
