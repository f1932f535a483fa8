"""The idempotency keys a schema has seen, each with the fingerprint of the one request it
belongs to (`zulin.idempotency.services`): the platform side's in the public schema, a
merchant's in its own."""

from __future__ import annotations

from django.db import models


class IdempotencyKey(models.Model):
    """One key, claimed by the first request that carried it. Unique per schema, as the
    records the services keep under a key are: a key answers one request whoever sends it
    (the caller is part of the fingerprint, so another caller's reuse is refused)."""

    key = models.CharField(max_length=160, unique=True)
    operation = models.CharField(max_length=80)
    fingerprint = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "idempotency_key"

    def __str__(self) -> str:
        return f"{self.operation}:{self.key}"
