"""The shop's customer service: its settings (phone, hours, online service link), the notices
its customers see, its own message templates, every message sent to a customer, and the
blacklist the intake refuses.

Customers themselves are the orders' (`apps.orders`); this app knows a customer by the keyed
hash of the ID number (the same `lookup_hash` the orders keep), never by the number itself."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from zulin.core.idempotency import idempotency_unique


class ServiceSetting(models.Model):
    """The shop's customer-service settings (one row, pk 1). The after-sale address is the
    shop's return address (`apps.subshops`), not a copy kept here."""

    phone = models.CharField(max_length=20, blank=True, default="")
    hours = models.CharField(max_length=50, blank=True, default="")
    online_url = models.CharField(max_length=255, blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)


class ServiceNotice(models.Model):
    """A notice shown to customers (the customer-facing app), in `sort` order when visible."""

    title = models.CharField(max_length=50)
    content = models.CharField(max_length=500)
    is_visible = models.BooleanField(default=True)
    sort = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["sort", "id"]


class MessageTemplate(models.Model):
    """A message template of the shop's own (the platform's are in `rules.py`)."""

    name = models.CharField(max_length=30)
    content = models.CharField(max_length=300)
    is_active = models.BooleanField(default=True)
    sort = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["sort", "id"]


class MessageStatus(models.TextChoices):
    SENDING = "sending", "发送中"
    SENT = "sent", "已发送"
    FAILED = "failed", "发送失败"


class CustomerMessage(models.Model):
    """One SMS to an order's customer. The row is committed before the gateway is asked (the
    throttle counts it), then marked sent or failed. The text is kept as the customer read
    it but with the name masked, as every screen shows customers."""

    order_id = models.BigIntegerField()
    order_no = models.CharField(max_length=32)
    sub_shop_id = models.BigIntegerField(null=True, blank=True)
    customer_id = models.BigIntegerField()
    customer_hash = models.CharField(max_length=64)  # the ID number's lookup hash
    phone_masked = models.CharField(max_length=20)
    template_code = models.CharField(max_length=30)
    template_name = models.CharField(max_length=30)
    text = models.CharField(max_length=600)
    status = models.CharField(
        max_length=10, choices=MessageStatus.choices, default=MessageStatus.SENDING
    )
    provider_reference = models.CharField(max_length=64, blank=True, default="")
    failure_reason = models.CharField(max_length=300, blank=True, default="")
    idempotency_key = models.CharField(max_length=100, blank=True, default="")
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["customer_hash", "-created_at"], name="message_customer_idx"),
            models.Index(fields=["order_id", "-id"], name="message_order_idx"),
        ]
        constraints = [idempotency_unique("message_idempotency")]


class BlacklistStatus(models.TextChoices):
    ACTIVE = "active", "生效中"
    LIFTED = "lifted", "已解除"


class BlacklistEntry(models.Model):
    """A person the shop refuses: found by the keyed hash of the ID number (and of the phone),
    shown masked. Lifting keeps the row (history): a person has at most one active entry."""

    id_number_hash = models.CharField(max_length=64)
    phone_hash = models.CharField(max_length=64, blank=True, default="")
    name_masked = models.CharField(max_length=50, blank=True, default="")
    id_number_masked = models.CharField(max_length=24)
    phone_masked = models.CharField(max_length=20, blank=True, default="")
    customer_id = models.BigIntegerField(null=True, blank=True)  # apps.orders Customer, if any
    status = models.CharField(
        max_length=10, choices=BlacklistStatus.choices, default=BlacklistStatus.ACTIVE
    )
    reason = models.CharField(max_length=300)
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    lift_reason = models.CharField(max_length=300, blank=True, default="")
    lifted_by_account_id = models.BigIntegerField(null=True, blank=True)
    lifted_by_name = models.CharField(max_length=50, blank=True, default="")
    lifted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["id_number_hash"], name="blacklist_person_idx"),
            models.Index(
                fields=["phone_hash"], name="blacklist_phone_idx", condition=Q(status="active")
            ),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["id_number_hash"],
                condition=Q(status="active"),
                name="blacklist_one_active_per_person",
            )
        ]
