"""A merchant's webhook endpoints, and the delivery of each outbox event to each endpoint
that wants it, with every attempt (docs/webhooks.md)."""

from __future__ import annotations

from django.db import models

from zulin.outbox.models import OutboxEvent


class WebhookEndpoint(models.Model):
    id = models.BigAutoField(primary_key=True)
    url = models.CharField(max_length=500)
    description = models.CharField(max_length=200, blank=True, default="")
    # The event types it wants (empty: every type).
    event_types = models.JSONField(default=list)
    enabled = models.BooleanField(default=True)
    secret = models.CharField(max_length=80)
    # During a roll the old secret signs too, until this time (24 hours).
    previous_secret = models.CharField(max_length=80, blank=True, default="")
    previous_secret_until = models.DateTimeField(null=True, blank=True)
    disabled_reason = models.CharField(max_length=200, blank=True, default="")
    # The first failed attempt with no delivery since (an endpoint failing 5 days is disabled).
    failing_since = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def wants(self, event_type: str) -> bool:
        return event_type == "ping" or not self.event_types or event_type in self.event_types


class WebhookDelivery(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "待发送"
        DELIVERED = "delivered", "已送达"
        FAILED = "failed", "失败"

    id = models.BigAutoField(primary_key=True)
    event = models.ForeignKey(OutboxEvent, on_delete=models.PROTECT, related_name="+")
    endpoint = models.ForeignKey(
        WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    # A worker sending it holds it until then; one killed mid-send leaves it to be sent again.
    claimed_until = models.DateTimeField(null=True, blank=True)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True, default="")
    delivered_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["event", "endpoint"], name="webhooks_delivery_event_endpoint_unique"
            ),
        ]
        indexes = [
            models.Index(
                fields=["next_attempt_at"],
                condition=models.Q(status="pending"),
                name="webhooks_delivery_due_idx",
            ),
        ]


class WebhookAttempt(models.Model):
    id = models.BigAutoField(primary_key=True)
    delivery = models.ForeignKey(WebhookDelivery, on_delete=models.CASCADE, related_name="tries")
    number = models.PositiveSmallIntegerField()
    started_at = models.DateTimeField()
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    duration_ms = models.PositiveIntegerField(default=0)
    response_excerpt = models.CharField(max_length=1024, blank=True, default="")
    error = models.CharField(max_length=300, blank=True, default="")
