"""Public-schema data of access: every account (platform staff and store users), roles,
actions, menus, password-reset codes and the privacy policy."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from zulin.core.sides import PlatformType


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
        "merchants.Merchant", null=True, blank=True, on_delete=models.CASCADE, related_name="roles"
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
        "merchants.Merchant",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="accounts",
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


class ApiKey(models.Model):
    """A merchant's key for its own systems (docs/api-keys.md): `Authorization: Bearer
    zl_live_…` on the merchant's host, for the calls its scopes open. Only a keyed digest of
    the key is kept; the key itself is shown once. It acts as its own service account: the
    scopes map onto actions of the permission table, and the audit trail names the key."""

    merchant = models.ForeignKey(
        "merchants.Merchant", on_delete=models.PROTECT, related_name="api_keys"
    )
    # A sub-shop's key sees what that sub-shop's staff would (its id in the merchant's schema).
    sub_shop_id = models.BigIntegerField(null=True, blank=True)
    name = models.CharField(max_length=50)
    # The first characters of the key, shown in lists and logs ("zl_live_3fA9xk2P…").
    prefix = models.CharField(max_length=24)
    digest = models.CharField(max_length=64, unique=True)
    scopes = models.JSONField(default=list)
    expires_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    use_count = models.BigIntegerField(default=0)
    created_by_id = models.BigIntegerField(null=True, blank=True)
    created_by_name = models.CharField(max_length=50, blank=True, default="")
    # The key this one replaced (rollApiKey): the old key works until its expiry.
    rolled_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rolled_to"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["merchant", "-id"], name="api_key_merchant_idx")]
