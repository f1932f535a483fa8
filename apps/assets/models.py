"""A shop's devices one by one (docs/assets.md): suppliers, stock receipts and their lines,
units with their serial number and IMEIs, and every move of a unit. Every table lives in the
merchant's schema; SKUs, sub-shops, orders and accounts are named by id (other apps' rows)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from apps.goods.selectors import Fineness
from zulin.core.idempotency import idempotency_unique


class UnitStatus(models.TextChoices):
    SERIAL_PENDING = "serial_pending", "待录序列号"
    IN_STOCK = "in_stock", "在库"
    IN_TRANSIT = "in_transit", "调拨中"
    OUT_WITH_CUSTOMER = "out_with_customer", "在客户处"
    RETURNING = "returning", "归还中"
    RECEIVED = "received", "已收回"
    SOLD = "sold", "已售出"
    LOST = "lost", "已丢失"


# One grade vocabulary: a unit's grade is the goods' fineness it can be sold as.
Grade = Fineness


class Supplier(models.Model):
    name = models.CharField(max_length=100)
    contact = models.CharField(max_length=50, blank=True, default="")
    phone = models.CharField(max_length=30, blank=True, default="")
    note = models.CharField(max_length=300, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        constraints = [models.UniqueConstraint(fields=["name"], name="assets_supplier_name_unique")]


class StockReceipt(models.Model):
    """采购入库: devices bought from a supplier, received by scanning each one."""

    class Status(models.TextChoices):
        OPEN = "open", "待入库"
        PARTIAL = "partial", "部分入库"
        RECEIVED = "received", "已入库"

    supplier = models.ForeignKey(Supplier, on_delete=models.PROTECT, related_name="receipts")
    receipt_date = models.DateField()  # China's calendar day
    invoice_no = models.CharField(max_length=64, blank=True, default="")
    attachment_path = models.CharField(max_length=300, blank=True, default="")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    # createStockReceipt's key: the same key answers the receipt it made ("" before the calls).
    idempotency_key = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        constraints = [idempotency_unique("assets_receipt_idempotency_key_unique")]


class StockReceiptLine(models.Model):
    receipt = models.ForeignKey(StockReceipt, on_delete=models.PROTECT, related_name="lines")
    sku_id = models.BigIntegerField()  # apps.goods.Sku
    expected_quantity = models.PositiveIntegerField()
    unit_cost = models.DecimalField(max_digits=12, decimal_places=2)  # yuan
    received_quantity = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(received_quantity__lte=models.F("expected_quantity")),
                name="assets_receipt_line_not_over_received",
            ),
            models.CheckConstraint(
                condition=Q(expected_quantity__gt=0), name="assets_receipt_line_quantity_gt_0"
            ),
        ]


class StockTransfer(models.Model):
    """Units sent between the warehouse (sub-shop id None) and a sub-shop, or two sub-shops."""

    class Status(models.TextChoices):
        IN_TRANSIT = "in_transit", "调拨中"
        RECEIVED = "received", "已收货"

    from_sub_shop_id = models.BigIntegerField(null=True, blank=True)
    to_sub_shop_id = models.BigIntegerField(null=True, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_TRANSIT)
    sent_by_account_id = models.BigIntegerField(null=True, blank=True)
    received_by_account_id = models.BigIntegerField(null=True, blank=True)
    sent_by_name = models.CharField(max_length=64, blank=True, default="")
    received_by_name = models.CharField(max_length=64, blank=True, default="")
    sent_at = models.DateTimeField()
    received_at = models.DateTimeField(null=True, blank=True)
    # sendStockTransfer's key: the same key answers the transfer it made.
    idempotency_key = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["-id"]
        constraints = [idempotency_unique("assets_transfer_idempotency_key_unique")]


class Unit(models.Model):
    """One device of one SKU. `sub_shop_id` None: the shop's warehouse."""

    sku_id = models.BigIntegerField(db_index=True)  # apps.goods.Sku
    serial_number = models.CharField(max_length=64, blank=True, default="")
    imei1 = models.CharField(max_length=15, blank=True, default="")
    imei2 = models.CharField(max_length=15, blank=True, default="")
    meid = models.CharField(max_length=14, blank=True, default="")
    grade = models.CharField(max_length=8, choices=Grade.choices, default=Grade.NEW)
    sub_shop_id = models.BigIntegerField(null=True, blank=True)
    status = models.CharField(max_length=20, choices=UnitStatus.choices, db_index=True)
    cost = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)  # yuan
    supplier = models.ForeignKey(
        Supplier, on_delete=models.PROTECT, null=True, blank=True, related_name="units"
    )
    receipt_line = models.ForeignKey(
        StockReceiptLine, on_delete=models.PROTECT, null=True, blank=True, related_name="units"
    )
    transfer = models.ForeignKey(
        StockTransfer, on_delete=models.PROTECT, null=True, blank=True, related_name="units"
    )
    acquired_at = models.DateTimeField()
    order_id = models.BigIntegerField(null=True, blank=True)  # apps.orders.Order
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["serial_number"], name="assets_unit_serial"),
            models.Index(fields=["imei1"], name="assets_unit_imei1"),
            models.Index(fields=["imei2"], name="assets_unit_imei2"),
            models.Index(fields=["sku_id", "status", "sub_shop_id"], name="assets_unit_stock"),
            # getUnitList's keyword: a serial number, IMEI or MEID, exact or by its start.
            models.Index(
                fields=["serial_number"],
                name="assets_unit_serial_prefix",
                opclasses=["varchar_pattern_ops"],
            ),
            models.Index(
                fields=["imei1"], name="assets_unit_imei1_prefix", opclasses=["varchar_pattern_ops"]
            ),
            models.Index(
                fields=["imei2"], name="assets_unit_imei2_prefix", opclasses=["varchar_pattern_ops"]
            ),
            models.Index(
                fields=["meid"], name="assets_unit_meid_prefix", opclasses=["varchar_pattern_ops"]
            ),
        ]

    def __str__(self) -> str:
        return self.serial_number or self.imei1 or f"#{self.pk}"


class UnitMovement(models.Model):
    """Every move of a unit, append-only: never updated, never deleted."""

    unit = models.ForeignKey(Unit, on_delete=models.PROTECT, related_name="movements")
    action = models.CharField(max_length=20)
    from_status = models.CharField(max_length=20, blank=True, default="")  # "" at creation
    to_status = models.CharField(max_length=20)
    from_sub_shop_id = models.BigIntegerField(null=True, blank=True)
    to_sub_shop_id = models.BigIntegerField(null=True, blank=True)
    reason = models.CharField(max_length=300, blank=True, default="")
    order_id = models.BigIntegerField(null=True, blank=True)
    receipt = models.ForeignKey(
        StockReceipt, on_delete=models.PROTECT, null=True, blank=True, related_name="movements"
    )
    transfer = models.ForeignKey(
        StockTransfer, on_delete=models.PROTECT, null=True, blank=True, related_name="movements"
    )
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=64, blank=True, default="")
    at = models.DateTimeField()  # aware; shown in China time (TIME_ZONE = Asia/Shanghai)

    class Meta:
        ordering = ["id"]
