"""A merchant's goods (SPU), their SKUs with stock, rent plans, sale prices, packages and
add-on services. Every table lives in the merchant's schema; the platform sees goods through
tenants.catalog.PlatformGoods."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from tenants.catalog.rules import GoodsStatus as GoodsStatus  # re-exported for goods code


class Fineness(models.TextChoices):
    NEW = "new", "全新"
    N99 = "99", "99新"
    N95 = "95", "95新"
    N90 = "90", "9成新"
    N80 = "80", "8成新"


class TermUnit(models.TextChoices):
    DAY = "day", "天"
    MONTH = "month", "月"


class GoodsSetting(models.Model):
    """The merchant's goods settings: one row per schema (pk 1)."""

    goods_need_review = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)


class Goods(models.Model):
    title = models.CharField(max_length=100)
    category_id = models.BigIntegerField(null=True, blank=True)  # tenants.catalog.Category (public)
    brand = models.CharField(max_length=50, blank=True, default="")
    fineness = models.CharField(max_length=8, choices=Fineness.choices, default=Fineness.NEW)
    pictures = models.JSONField(default=list)
    description = models.TextField(blank=True, default="")
    channels = models.JSONField(default=list)
    sub_shop_ids = models.JSONField(default=list)  # empty: every sub-shop
    status = models.CharField(
        max_length=16, choices=GoodsStatus.choices, default=GoodsStatus.DRAFT, db_index=True
    )
    sort = models.IntegerField(default=0)
    force_down = models.BooleanField(default=False)
    force_down_reason = models.CharField(max_length=300, blank=True, default="")
    force_down_at = models.DateTimeField(null=True, blank=True)
    # Why the platform turned down the last review; cleared when the goods are submitted again.
    review_note = models.CharField(max_length=300, blank=True, default="")
    # Soft delete: orders keep pointing at deleted goods.
    is_deleted = models.BooleanField(default=False)
    deleted_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["sort", "-id"]
        indexes = [
            # The goods list: live goods in list order, page 1 or page 500 alike.
            models.Index(
                "sort",
                models.F("id").desc(),
                name="goods_list_order",
                condition=Q(is_deleted=False),
            ),
        ]

    def __str__(self) -> str:
        return self.title


class Sku(models.Model):
    goods = models.ForeignKey(Goods, on_delete=models.PROTECT, related_name="skus")
    specs = models.JSONField(default=dict)  # {"颜色": "黑", "容量": "256G"}
    code = models.CharField(max_length=50, blank=True, default="")
    # The counted stock of a SKU counted by number. A SKU tracked by unit (apps/assets,
    # docs/assets.md) has none: the stock a customer can order is derived from its units in
    # stock less the open reservations, and its `stock` is NULL (the CHECK below), so no
    # second figure lies in the table to be read by mistake.
    stock = models.IntegerField(null=True, default=0)
    tracked = models.BooleanField(default=False)
    position = models.PositiveIntegerField(default=0)
    # A SKU dropped from the goods stays for the orders that reference it.
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["position", "id"]
        constraints = [
            models.CheckConstraint(
                # stock__isnull=False: a CHECK whose test is NULL passes, so it is said.
                condition=Q(tracked=False, stock__isnull=False, stock__gte=0)
                | Q(tracked=True, stock__isnull=True),
                name="sku_stock_counted_only",
            )
        ]


class RentPlan(models.Model):
    sku = models.ForeignKey(Sku, on_delete=models.PROTECT, related_name="rent_plans")
    term = models.PositiveIntegerField()  # number of periods
    term_unit = models.CharField(max_length=8, choices=TermUnit.choices)
    rent = models.DecimalField(max_digits=12, decimal_places=2)  # per period
    deposit = models.DecimalField(max_digits=12, decimal_places=2)
    buyout_price = models.DecimalField(max_digits=12, decimal_places=2)
    ownership_transfer = models.BooleanField(default=True)
    # Early return (`apps/orders/termination.py`): the minimum term in periods and the
    # early-termination fee (`rate`: a share of the rent cancelled; `fixed`: yuan; `none`);
    # None / "" take the shop's defaults of its order settings.
    min_term = models.PositiveIntegerField(null=True, blank=True)
    early_fee_mode = models.CharField(max_length=8, blank=True, default="")
    early_fee_value = models.DecimalField(max_digits=12, decimal_places=4, null=True, blank=True)
    # Deposit-free (docs/zhima.md): the largest part of the deposit the customer's Zhima
    # credit may cover on this plan; 0: none (the whole deposit is frozen as money).
    credit_deposit_max = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # Leased again as used (issue 63, docs/assets.md "Used goods at a fineness"): the plan
    # leases a unit of this fineness only, with its own rent and deposit; "" leases at the
    # goods' own fineness. A plan at another fineness than the goods' is offered on a SKU
    # tracked by unit only (its stock is its units of that grade).
    fineness = models.CharField(max_length=8, blank=True, default="")
    position = models.PositiveIntegerField(default=0)
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["position", "id"]

    def lease_fineness(self, goods: Goods) -> str:
        """The fineness this plan leases at: its own, else its goods'."""
        return self.fineness or goods.fineness


class SellPrice(models.Model):
    sku = models.ForeignKey(Sku, on_delete=models.PROTECT, related_name="sell_prices")
    price = models.DecimalField(max_digits=12, decimal_places=2)
    original_price = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["id"]


class Addon(models.Model):
    """An add-on service offered with rentals: damage cover, accessories … ("gain" in the
    contract's call names, "add-on" everywhere in the code). Its type is one of the platform's
    add-on types (`tenants.catalog.AddonType`); the platform may disable it with a reason the
    merchant sees (`platform_disabled`), which only the platform lifts."""

    name = models.CharField(max_length=50)
    addon_type = models.CharField(max_length=20)
    price = models.DecimalField(max_digits=12, decimal_places=2)
    description = models.CharField(max_length=500, blank=True, default="")
    is_required = models.BooleanField(default=False)
    status = models.PositiveSmallIntegerField(default=1)  # 1 enabled, 0 disabled
    sort = models.IntegerField(default=0)
    platform_disabled = models.BooleanField(default=False)
    platform_reason = models.CharField(max_length=300, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["sort", "id"]


class GoodsPackage(models.Model):
    """A bundle of one rent plan with add-on services."""

    goods = models.ForeignKey(Goods, on_delete=models.PROTECT, related_name="packages")
    name = models.CharField(max_length=50)
    rent_plan = models.ForeignKey(RentPlan, on_delete=models.PROTECT, related_name="packages")
    addons = models.ManyToManyField(Addon, related_name="packages", blank=True)
    position = models.PositiveIntegerField(default=0)
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["position", "id"]


class StockMovement(models.Model):
    """Every stock change: reservations and releases by orders, adjustments by staff."""

    class Kind(models.TextChoices):
        RESERVE = "reserve", "预占"
        RELEASE = "release", "释放"
        ADJUST = "adjust", "调整"
        # A reservation of a tracked SKU that a unit now answers (the order shipped): it no
        # longer holds back a unit in stock (docs/assets.md).
        CONSUME = "consume", "出库"

    sku = models.ForeignKey(Sku, on_delete=models.PROTECT, related_name="movements")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    quantity = models.IntegerField()  # signed change of stock
    stock_after = models.IntegerField()
    reference = models.CharField(max_length=64, blank=True, default="")
    # A reservation of a SKU tracked by unit holds back a unit of this fineness only (the
    # order's: its plan's, else its goods'); "" on every other movement.
    fineness = models.CharField(max_length=8, blank=True, default="")
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            # One reservation and one release per order reference: retries are idempotent.
            models.UniqueConstraint(
                fields=["sku", "kind", "reference"],
                condition=Q(kind__in=["reserve", "release", "consume"]),
                name="stock_movement_reference_unique",
            )
        ]
