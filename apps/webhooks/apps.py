from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    name = "apps.webhooks"
    label = "webhooks"
    verbose_name = "A merchant's webhook endpoints and their deliveries (each merchant schema)"

    def ready(self) -> None:
        from zulin.outbox.services import flush_register, relay_register

        from .services import relay_run
        from .tasks import relay_send

        # After a commit that wrote an event, the schema's relay is queued.
        relay_register(relay_send)
        # A schema about to be dropped sends its last events (merchant.redact) in process.
        flush_register(relay_run)
