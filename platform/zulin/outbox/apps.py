from django.apps import AppConfig


class OutboxConfig(AppConfig):
    name = "zulin.outbox"
    label = "outbox"
    verbose_name = "The transactional outbox of events (public and each merchant schema)"
