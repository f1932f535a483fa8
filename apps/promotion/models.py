"""A merchant's promotion share links: a link to one of its H5 pages (the shop, a category
or a goods item) for a channel, attributed to a salesman and/or a sub-shop, known by a short
code. The shop's customer-facing app reports visits and places orders with the code (both
signed intake calls on the shop's host), so the code is unique within the merchant's schema
and the public schema never needs to resolve it.

Orders keep the link's id (`apps.orders.Order.share_link_id`); figures are aggregates over
them and over `ShareVisit`. A deleted link is only marked deleted: its visits and orders stay
counted and listed."""

from __future__ import annotations

from django.db import models


class LandingType(models.TextChoices):
    SHOP = "shop", "店铺首页"
    CATEGORY = "category", "商品分类"
    GOODS = "goods", "商品详情"


class ShareLink(models.Model):
    code = models.CharField(max_length=16, unique=True)
    name = models.CharField(max_length=50)
    channel = models.CharField(max_length=40)  # apps.subshops.Channel.label
    salesman_account_id = models.BigIntegerField(null=True, blank=True)  # tenants.Account
    sub_shop_id = models.BigIntegerField(null=True, blank=True)  # apps.subshops.SubShop
    landing_type = models.CharField(max_length=10, choices=LandingType.choices)
    landing_id = models.BigIntegerField(null=True, blank=True)  # category or goods id
    landing_name = models.CharField(max_length=100, blank=True, default="")
    remark = models.CharField(max_length=200, blank=True, default="")
    created_by_account_id = models.BigIntegerField(null=True, blank=True)
    is_deleted = models.BooleanField(default=False)
    deleted_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["sub_shop_id", "-id"], name="share_link_sub_shop_idx"),
            models.Index(fields=["salesman_account_id", "-id"], name="share_link_salesman_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"


class ShareVisit(models.Model):
    """One visitor of a link on one day (Asia/Shanghai): a visitor opening the page again the
    same day is the same visit, so reloads and repeated reports count once."""

    link = models.ForeignKey(ShareLink, on_delete=models.PROTECT, related_name="visits")
    visitor = models.CharField(max_length=64)  # sha256 of what the app identifies the visitor by
    day = models.DateField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["link", "visitor", "day"], name="share_visit_once_a_day"
            )
        ]
        indexes = [models.Index(fields=["link", "day"], name="share_visit_link_day_idx")]
