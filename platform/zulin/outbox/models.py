"""The transactional outbox (docs/webhooks.md): one row per event, written by the service
that makes the change, in its transaction, with the object as of that commit. In a
merchant's schema the row's id is the merchant's event sequence; the public schema's outbox
(what lives there: withdrawals, risk recharges) is keyed by merchant and relayed into the
merchant's own outbox, where it takes its sequence."""

from __future__ import annotations

from django.db import models


class OutboxEvent(models.Model):
    id = models.BigAutoField(primary_key=True)
    # Stable across retries and redeliveries: the `webhook-id` a receiver deduplicates on.
    event_id = models.CharField(max_length=40)
    type = models.CharField(max_length=64)
    occurred_at = models.DateTimeField()
    merchant_id = models.BigIntegerField()
    object_type = models.CharField(max_length=32)
    object_id = models.CharField(max_length=64)
    # Counts the object's events: a receiver drops one older than what it holds.
    object_version = models.BigIntegerField()
    data = models.JSONField()
    # Public: copied into the merchant's outbox; a merchant's: fanned out to its endpoints.
    relayed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event_id"], name="outbox_event_id_unique"),
        ]
        indexes = [
            models.Index(
                fields=["id"],
                condition=models.Q(relayed_at__isnull=True),
                name="outbox_unrelayed_idx",
            ),
        ]


class ObjectVersion(models.Model):
    """The last version given to an object's events (one row per object)."""

    id = models.BigAutoField(primary_key=True)
    object_type = models.CharField(max_length=32)
    object_id = models.CharField(max_length=64)
    version = models.BigIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["object_type", "object_id"], name="outbox_object_version_unique"
            ),
        ]
