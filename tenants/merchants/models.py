"""Public-schema data of merchants: the merchants (one schema each), their domains, settlement
terms, onboarding keys, the spare schemas onboarding takes, and the sub-shop directory (the
projection `apps.subshops` keeps of each merchant's sub-shops for sign-in)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django_tenants.models import DomainMixin, TenantMixin

from zulin.core.crypto import EncryptedTextField


class MerchantStatus(models.TextChoices):
    PENDING = "pending", "待审核"
    ACTIVE = "active", "正常"
    FROZEN = "frozen", "冻结"
    CLOSED = "closed", "关闭"


class Merchant(TenantMixin):
    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=30, unique=True)
    status = models.CharField(
        max_length=16, choices=MerchantStatus.choices, default=MerchantStatus.ACTIVE
    )
    contact_name = models.CharField(max_length=50, blank=True, default="")
    contact_phone = models.CharField(max_length=20, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Private ranges the platform allows this merchant's webhook deliveries to reach (an
    # on-premise receiver over a private line), as CIDR texts; set only by
    # services.merchant_webhook_networks_set (zulin.webhooks.addresses.grant_problem). The
    # database's own default ([]) keeps an insert that names no list working: code of the
    # release before this field during a rolling deploy, and the benchmarks' bulk copies.
    webhook_networks = models.JSONField(
        default=list,
        db_default=models.Value([], output_field=models.JSONField()),
        blank=True,
    )

    # Schemas are made by tenants.merchants.provisioning (clone of the template), not on save().
    auto_create_schema = False
    auto_drop_schema = False

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.slug})"

    @property
    def is_usable(self) -> bool:
        return self.status in (MerchantStatus.ACTIVE, MerchantStatus.PENDING)


class Domain(DomainMixin):
    pass


class SettlementCycle(models.TextChoices):
    T1 = "T+1", "T+1"
    T3 = "T+3", "T+3"
    T7 = "T+7", "T+7"
    T15 = "T+15", "T+15"
    MONTHLY = "monthly", "按月"


class SettlementTerms(models.Model):
    """The settlement terms of a merchant from `created_at` on. Each change is a new row;
    the current terms are the latest row, so the history is never rewritten."""

    merchant = models.ForeignKey(Merchant, on_delete=models.CASCADE, related_name="settlements")
    # Percent of each rent payment the platform keeps: 0.00-100.00.
    commission_rate = models.DecimalField(max_digits=5, decimal_places=2)
    settlement_cycle = models.CharField(max_length=16, choices=SettlementCycle.choices)
    bank_name = models.CharField(max_length=100)
    account_name = models.CharField(max_length=100)
    # Encrypted at rest (AES-GCM, zulin.core.crypto); answers show it masked.
    account_number = EncryptedTextField(context="settlement.account_number")
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(commission_rate__gte=0) & Q(commission_rate__lte=100),
                name="settlement_commission_rate_percent",
            )
        ]


class MerchantOnboarding(models.Model):
    """An onboarding request's idempotency key: the same key answers the same merchant.

    The row is written first in the onboarding transaction, so a concurrent retry with the
    same key waits on the unique index and then finds the merchant the first one made."""

    idempotency_key = models.CharField(max_length=64, unique=True)
    slug = models.CharField(max_length=30)
    merchant = models.OneToOneField(
        Merchant, null=True, on_delete=models.CASCADE, related_name="onboarding"
    )
    created_at = models.DateTimeField(auto_now_add=True)


class SpareSchema(models.Model):
    """A schema cloned ahead of time from the template, renamed to a new merchant's schema at
    onboarding (O(1), whatever the number of merchants). `template_mark` is the template's
    migration state when cloned; a spare whose mark is stale is dropped, never handed out."""

    schema_name = models.CharField(max_length=63, unique=True)
    template_mark = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)
    # Made with Citus's schema-based sharding off, then distributed in a step of its own
    # (tenants/merchants/citus.py); always False on a database without Citus.
    distributed = models.BooleanField(default=False)

    class Meta:
        ordering = ["id"]


class SubShopEntry(models.Model):
    """A merchant's sub-shop as sign-in needs it (name, enabled). Written only by
    `apps.subshops.projection`, in the transaction of the sub-shop's change."""

    merchant = models.ForeignKey(Merchant, on_delete=models.CASCADE, related_name="sub_shops")
    sub_shop_id = models.BigIntegerField()
    name = models.CharField(max_length=100)
    is_active = models.BooleanField(default=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["merchant", "sub_shop_id"], name="sub_shop_entry_unique"
            )
        ]


class WebhookDue(models.Model):
    """When a merchant's next webhook delivery is due (its earliest pending retry), so the
    periodic sweep visits only merchants with something to send. Written only by
    `apps.webhooks.projection` after each relay run."""

    merchant = models.OneToOneField(
        Merchant, on_delete=models.CASCADE, related_name="webhook_due", primary_key=True
    )
    due_at = models.DateTimeField(db_index=True)


class OffboardingStatus(models.TextChoices):
    REQUESTED = "requested", "导出中"
    EXPORTED = "exported", "已导出"
    DELETED = "deleted", "已删除"


class MerchantOffboarding(models.Model):
    """A merchant leaving the platform (docs/privacy.md, "A merchant leaves"): its full
    export (a private file of its own schema, read by its owner), then the deletion of its
    schema, files and projections, and the certificate of that deletion (a private file of
    the public schema: the schema it named is gone). Statuses move only through
    `offboarding.OFFBOARDING_MACHINE`."""

    merchant = models.OneToOneField(
        Merchant, on_delete=models.PROTECT, related_name="offboarding", primary_key=True
    )
    status = models.CharField(
        max_length=12, choices=OffboardingStatus.choices, default=OffboardingStatus.REQUESTED
    )
    requested_by_name = models.CharField(max_length=50, blank=True, default="")
    requested_at = models.DateTimeField(auto_now_add=True)
    # The export: its ZIP (a StoredFile of the merchant's schema), the ZIP's SHA-256, the
    # manifest's SHA-256, per-table row counts, the ledger's balance check, when it ends.
    export_file_id = models.BigIntegerField(null=True, blank=True)
    export_sha256 = models.CharField(max_length=64, blank=True, default="")
    manifest_sha256 = models.CharField(max_length=64, blank=True, default="")
    table_rows = models.JSONField(default=dict, blank=True)
    file_count = models.IntegerField(default=0)
    ledger_balanced = models.BooleanField(null=True, blank=True)
    exported_at = models.DateTimeField(null=True, blank=True)
    export_expires_at = models.DateTimeField(null=True, blank=True)
    export_error = models.CharField(max_length=300, blank=True, default="")
    # The deletion.
    deleted_at = models.DateTimeField(null=True, blank=True)
    deleted_by_name = models.CharField(max_length=50, blank=True, default="")
    deleted_reason = models.CharField(max_length=300, blank=True, default="")
    deleted_summary = models.JSONField(default=dict, blank=True)
    certificate_file_id = models.BigIntegerField(null=True, blank=True)
    certificate_sha256 = models.CharField(max_length=64, blank=True, default="")
