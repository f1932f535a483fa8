"""One row per order of every merchant: what the platform's order lists show and filter."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from tenants.merchants.models import Merchant


class OrderIndex(models.Model):
    merchant = models.ForeignKey(Merchant, on_delete=models.CASCADE, related_name="+")
    order_id = models.BigIntegerField()
    order_no = models.CharField(max_length=32)
    kind = models.CharField(max_length=10)
    status = models.CharField(max_length=20)
    stage = models.CharField(max_length=12)
    customer_name = models.CharField(max_length=50)  # masked
    customer_phone = models.CharField(max_length=20)  # masked
    customer_phone_hash = models.CharField(max_length=64, db_index=True)
    goods_id = models.BigIntegerField()
    goods_title = models.CharField(max_length=100)
    goods_picture = models.CharField(max_length=255, blank=True, default="")
    sku_specs = models.JSONField(default=dict)
    term = models.PositiveIntegerField(default=0)
    term_unit = models.CharField(max_length=8, blank=True, default="")
    rent = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    total_rent = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    sale_price = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    deposit = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    channel = models.CharField(max_length=30, blank=True, default="")
    sub_shop_id = models.BigIntegerField(null=True, blank=True)
    has_open_after_sale = models.BooleanField(default=False)
    overdue_since = models.DateField(null=True, blank=True)
    # What an ended order still owes (its stage `owing`): the platform sees it on the row.
    owed_amount = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    is_deleted = models.BooleanField(default=False)
    created_at = models.DateTimeField()
    updated_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["merchant", "order_id"], name="order_index_unique")
        ]
        indexes = [
            models.Index(
                "kind",
                "stage",
                models.F("created_at").desc(),
                models.F("id").desc(),
                name="order_index_stage",
                condition=Q(is_deleted=False),
            ),
            models.Index(
                "merchant",
                "kind",
                "stage",
                models.F("created_at").desc(),
                name="order_index_merchant_stage",
                condition=Q(is_deleted=False),
            ),
            # The data centre: every merchant's (or one's) orders of a period.
            models.Index(
                fields=["created_at"],
                include=["status", "kind", "total_rent", "sale_price"],
                name="order_index_created_figures",
                condition=Q(is_deleted=False),
            ),
            models.Index(
                fields=["merchant", "created_at"],
                include=["status", "kind", "total_rent", "sale_price"],
                name="order_index_merchant_created",
                condition=Q(is_deleted=False),
            ),
        ]
