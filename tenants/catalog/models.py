"""Public-schema data of the goods catalogue: categories and the platform goods projection."""

from __future__ import annotations

from django.db import models

from tenants.merchants.models import Merchant

MAX_CATEGORY_DEPTH = 3


class CategoryStatus(models.IntegerChoices):
    DISABLED = 0, "停用"
    ENABLED = 1, "启用"


class Category(models.Model):
    """A platform goods category; a tree of at most MAX_CATEGORY_DEPTH levels."""

    name = models.CharField(max_length=50)
    icon = models.CharField(max_length=500, blank=True, default="")
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="children"
    )
    level = models.PositiveSmallIntegerField(default=1)
    status = models.PositiveSmallIntegerField(
        choices=CategoryStatus.choices, default=CategoryStatus.ENABLED
    )
    sort = models.IntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["sort", "id"]

    def __str__(self) -> str:
        return self.name


class PlatformGoods(models.Model):
    """One merchant goods item as the platform sees it, written in the same transaction as
    the goods themselves (apps.goods.projection)."""

    merchant = models.ForeignKey(Merchant, on_delete=models.CASCADE, related_name="goods")
    goods_id = models.BigIntegerField()  # the Goods row's id in the merchant's schema
    title = models.CharField(max_length=100)
    category = models.ForeignKey(
        Category, null=True, blank=True, on_delete=models.PROTECT, related_name="goods"
    )
    status = models.CharField(max_length=16, db_index=True)
    force_down = models.BooleanField(default=False)
    force_down_reason = models.CharField(max_length=300, blank=True, default="")
    # Shown on the platform's own storefront (governed by the platform, not the merchant).
    display_status = models.BooleanField(default=False)
    min_rent = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)
    picture = models.CharField(max_length=500, blank=True, default="")
    updated_at = models.DateTimeField()

    class Meta:
        ordering = ["-updated_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["merchant", "goods_id"], name="platform_goods_unique")
        ]

    def __str__(self) -> str:
        return f"{self.merchant_id}:{self.goods_id} {self.title}"


class AddonType(models.Model):
    """A type of add-on service merchants may offer (damage cover, accessories …), managed by
    the platform; merchants pick one of the enabled types for each add-on."""

    code = models.SlugField(max_length=20, unique=True)
    name = models.CharField(max_length=50)
    name_en = models.CharField(max_length=50)
    is_active = models.BooleanField(default=True)
    sort = models.IntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["sort", "id"]


class PlatformAddon(models.Model):
    """One merchant add-on service as the platform sees it, written in the same transaction
    as the add-on itself (apps.goods.projection)."""

    merchant = models.ForeignKey(Merchant, on_delete=models.CASCADE, related_name="addons")
    addon_id = models.BigIntegerField()  # the Addon row's id in the merchant's schema
    name = models.CharField(max_length=50)
    addon_type = models.CharField(max_length=20)
    price = models.DecimalField(max_digits=12, decimal_places=2)
    status = models.PositiveSmallIntegerField()
    platform_disabled = models.BooleanField(default=False)
    platform_reason = models.CharField(max_length=300, blank=True, default="")
    updated_at = models.DateTimeField()

    class Meta:
        ordering = ["-updated_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["merchant", "addon_id"], name="platform_addon_unique")
        ]
