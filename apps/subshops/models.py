"""Shop data in each merchant's schema: sub-shops, return addresses, channels, display platforms.

Accounts (owner, staff, sub-merchants) are public `tenants.Account` rows; a sub-merchant's
`sub_shop_id` is the id of a `SubShop` here.
"""

from django.db import models
from django.db.models import Q


class SubShopStatus(models.TextChoices):
    ACTIVE = "active", "启用"
    DISABLED = "disabled", "停用"


class SubShop(models.Model):
    name = models.CharField(max_length=100, unique=True)
    contact_name = models.CharField(max_length=50, blank=True, default="")
    phone = models.CharField(max_length=20, blank=True, default="")
    address = models.CharField(max_length=255, blank=True, default="")
    status = models.CharField(
        max_length=16, choices=SubShopStatus.choices, default=SubShopStatus.ACTIVE
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name


class ReturnAddress(models.Model):
    """Where customers send goods back. At most one is the default (a partial unique index)."""

    name = models.CharField(max_length=50)
    phone = models.CharField(max_length=20)
    province = models.CharField(max_length=30)
    city = models.CharField(max_length=30)
    district = models.CharField(max_length=30, blank=True, default="")
    detail = models.CharField(max_length=255)
    is_default = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-is_default", "-updated_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["is_default"],
                condition=Q(is_default=True),
                name="return_address_one_default",
            )
        ]


class Channel(models.Model):
    """An order channel: `label` is the code orders carry, `name` what people read."""

    label = models.CharField(max_length=40, unique=True)
    name = models.CharField(max_length=50)
    sort = models.IntegerField(default=0)
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["sort", "id"]


class ShowPlatform(models.Model):
    """A platform goods can be displayed on (the goods' display switches name these)."""

    label = models.CharField(max_length=40, unique=True)
    name = models.CharField(max_length=50)
    sort = models.IntegerField(default=0)
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["sort", "id"]
