from django.apps import AppConfig


class IdempotencyConfig(AppConfig):
    name = "zulin.idempotency"
    label = "idempotency"
    verbose_name = (
        "Idempotency keys and their request fingerprints (public and each merchant schema)"
    )
