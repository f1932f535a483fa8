"""Public-schema data: merchants and their domains, every account, roles, actions and menus."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django_tenants.models import DomainMixin, TenantMixin


class PlatformType(models.IntegerChoices):
    ADMIN = 0, "admin"
    STORE = 1, "store"


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

    # Schemas are made by tenants.provisioning (clone of the template), not on save().
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


class Action(models.Model):
    """One permission entry, answered to the front end as `{action}`."""

    code = models.CharField(max_length=64)
    name = models.CharField(max_length=100)
    platform_type = models.PositiveSmallIntegerField(choices=PlatformType.choices)

    class Meta:
        ordering = ["code"]
        constraints = [
            models.UniqueConstraint(fields=["platform_type", "code"], name="action_code_unique")
        ]

    def __str__(self) -> str:
        return self.code


class Role(models.Model):
    """A named set of actions. merchant NULL: a system role offered on every merchant."""

    code = models.CharField(max_length=64)
    name = models.CharField(max_length=100)
    platform_type = models.PositiveSmallIntegerField(choices=PlatformType.choices)
    merchant = models.ForeignKey(
        Merchant, null=True, blank=True, on_delete=models.CASCADE, related_name="roles"
    )
    actions = models.ManyToManyField(Action, related_name="roles", blank=True)
    sort = models.IntegerField(default=0)

    class Meta:
        ordering = ["sort", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["platform_type", "code"],
                condition=Q(merchant__isnull=True),
                name="role_system_code_unique",
            ),
            models.UniqueConstraint(
                fields=["merchant", "code"],
                condition=Q(merchant__isnull=False),
                name="role_merchant_code_unique",
            ),
        ]

    def __str__(self) -> str:
        return self.code


class Account(models.Model):
    """Every login: platform staff (no merchant) and store users (one merchant, maybe a sub-shop).

    Usernames are unique per side and merchant, so `owner` exists on every merchant.
    """

    platform_type = models.PositiveSmallIntegerField(choices=PlatformType.choices)
    merchant = models.ForeignKey(
        Merchant, null=True, blank=True, on_delete=models.PROTECT, related_name="accounts"
    )
    # Sub-shops live in the merchant's schema; this is their id there.
    sub_shop_id = models.BigIntegerField(null=True, blank=True)
    username = models.CharField(max_length=50)
    name = models.CharField(max_length=50, blank=True, default="")
    phone = models.CharField(max_length=20, blank=True, default="")
    password = models.CharField(max_length=255)
    is_active = models.BooleanField(default=True)
    # Bumped by logout, password reset and disabling: every older token stops working.
    token_version = models.PositiveIntegerField(default=1)
    roles = models.ManyToManyField(Role, through="AccountRole", related_name="accounts")
    last_login_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["username"],
                condition=Q(merchant__isnull=True),
                name="account_platform_username_unique",
            ),
            models.UniqueConstraint(
                fields=["merchant", "username"],
                condition=Q(merchant__isnull=False),
                name="account_merchant_username_unique",
            ),
            models.CheckConstraint(
                condition=(Q(platform_type=0) & Q(merchant__isnull=True))
                | (Q(platform_type=1) & Q(merchant__isnull=False)),
                name="account_side_matches_merchant",
            ),
        ]

    def __str__(self) -> str:
        return self.username


class AccountRole(models.Model):
    account = models.ForeignKey(Account, on_delete=models.CASCADE)
    role = models.ForeignKey(Role, on_delete=models.CASCADE)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["account", "role"], name="account_role_unique")
        ]


class Menu(models.Model):
    """A menu entry of one side. A group entry has path '#'."""

    platform_type = models.PositiveSmallIntegerField(choices=PlatformType.choices)
    menu_name = models.CharField(max_length=50)
    menu_name_en = models.CharField(max_length=50, blank=True, default="")
    path = models.CharField(max_length=100)
    menu_icon = models.CharField(max_length=30, blank=True, default="")
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="children"
    )
    sort = models.IntegerField(default=0)
    action = models.ForeignKey(
        Action, null=True, blank=True, on_delete=models.PROTECT, related_name="menus"
    )

    class Meta:
        ordering = ["sort", "id"]

    def __str__(self) -> str:
        return f"{self.menu_name} {self.path}"


class PasswordResetCode(models.Model):
    account = models.ForeignKey(Account, on_delete=models.CASCADE, related_name="reset_codes")
    code_hash = models.CharField(max_length=128)
    expires_at = models.DateTimeField()
    attempts = models.PositiveSmallIntegerField(default=0)
    used_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]


class PrivacyPolicy(models.Model):
    version = models.CharField(max_length=20, unique=True)
    title = models.CharField(max_length=100)
    content = models.TextField()
    published_at = models.DateTimeField()

    class Meta:
        ordering = ["-published_at"]


class MerchantStatusChange(models.Model):
    """One status change of a merchant (the first row is its onboarding). Only ever added."""

    merchant = models.ForeignKey(Merchant, on_delete=models.CASCADE, related_name="status_changes")
    from_status = models.CharField(max_length=16, blank=True, default="")
    to_status = models.CharField(max_length=16, choices=MerchantStatus.choices)
    reason = models.CharField(max_length=500, blank=True, default="")
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]


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
    account_number = models.CharField(max_length=40)
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

    class Meta:
        ordering = ["id"]
