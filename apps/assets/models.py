"""A shop's devices one by one (docs/assets.md): suppliers, stock receipts and their lines,
units with their serial number and IMEIs, and every move of a unit. Every table lives in the
merchant's schema; SKUs, sub-shops, orders and accounts are named by id (other apps' rows)."""

from __future__ import annotations

from decimal import Decimal

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
    # A returned device's second life (issue 63, docs/assets.md "Inspections").
    INSPECTING = "inspecting", "检测中"
    QUARANTINED = "quarantined", "隔离待解锁"
    IN_REPAIR = "in_repair", "维修中"
    SCRAPPED = "scrapped", "已报废"


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
    # A used purchase (issue 63): the line's units are received at this fineness; "" at
    # their goods' own.
    fineness = models.CharField(max_length=8, choices=Grade.choices, blank=True, default="")

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
    # Scrapped (or sold off): what was recovered for it, yuan (None: not disposed of).
    disposal_value = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)
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
        # The units that were out on given orders (`earnings.lease_spans`: a unit's page and
        # the asset report split an order's money between the units it held).
        indexes = [models.Index(fields=["order_id"], name="assets_move_order_idx")]


class InspectionTemplate(models.Model):
    """The shop's checklist and damage price list for a goods category (`category_id`, a
    platform category), or its default for phones or laptops (`category_id` None, `base`).
    `items`: a list of checks (code, label, kind, required, blocks restock, prices per
    severity), validated by `inspection_rules.items_clean`."""

    class Base(models.TextChoices):
        PHONE = "phone", "手机"
        LAPTOP = "laptop", "笔记本电脑"

    category_id = models.BigIntegerField(null=True, blank=True)
    base = models.CharField(max_length=10, choices=Base.choices, default=Base.PHONE)
    name = models.CharField(max_length=50)
    items = models.JSONField(default=list)
    # The fixed charge for a device returned still locked (a blocking item failed), yuan;
    # 0: switched off.
    quarantine_fee = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    updated_by_name = models.CharField(max_length=64, blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["category_id"],
                condition=Q(category_id__isnull=False),
                name="assets_template_category_unique",
            ),
            models.UniqueConstraint(
                fields=["base"],
                condition=Q(category_id__isnull=True),
                name="assets_template_default_unique",
            ),
        ]


class CategoryLife(models.Model):
    """The shop's life and residual for the devices of one goods category (`category_id`, a
    platform category): the book value's straight line (`apps/assets/lives.py`). A category
    with no row follows the default of its kind of device (phones 24 months, laptops 36,
    10 % residual)."""

    category_id = models.BigIntegerField(unique=True)
    life_months = models.PositiveSmallIntegerField()
    # A share of the cost basis, 0 to 0.9.
    residual_rate = models.DecimalField(max_digits=5, decimal_places=4)
    updated_by_name = models.CharField(max_length=64, blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["category_id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(life_months__gte=1, life_months__lte=120)
                & Q(residual_rate__gte=0, residual_rate__lte=Decimal("0.9")),
                name="assets_category_life_bounds",
            )
        ]


class Inspection(models.Model):
    """One inspection of a unit on one occasion, with its lines (append-only once recorded)."""

    class Occasion(models.TextChoices):
        SHIP_BASELINE = "ship_baseline", "发货基线"
        RETURN = "return", "归还检测"
        EXCHANGE = "exchange", "换货旧机检测"
        RECEIPT = "receipt", "入库检测"
        PERIODIC = "periodic", "定期检测"

    class Cosmetic(models.TextChoices):
        A = "A", "A 近新"
        B = "B", "B 轻微使用痕迹"
        C = "C", "C 明显磨损"
        D = "D", "D 有损坏"

    unit = models.ForeignKey(Unit, on_delete=models.PROTECT, related_name="inspections")
    occasion = models.CharField(max_length=16, choices=Occasion.choices)
    order_id = models.BigIntegerField(null=True, blank=True)  # apps.orders.Order
    template_id = models.BigIntegerField(null=True, blank=True)  # None: the built-in default
    template_name = models.CharField(max_length=50, blank=True, default="")
    baseline = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="compared"
    )
    functional_pass = models.BooleanField(default=True)
    blocked = models.BooleanField(default=False)  # a failed item blocks restock
    cosmetic_grade = models.CharField(max_length=1, choices=Cosmetic.choices)
    fineness = models.CharField(max_length=8, choices=Grade.choices)
    damage_computed = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    damage_total = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    damage_reason = models.CharField(max_length=300, blank=True, default="")
    quarantine_fee = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    photo_file_ids = models.JSONField(default=list)  # zulin.files.StoredFile ids (private)
    note = models.CharField(max_length=500, blank=True, default="")
    inspector_account_id = models.BigIntegerField(null=True, blank=True)
    inspector_name = models.CharField(max_length=64, blank=True, default="")
    started_at = models.DateTimeField()
    finished_at = models.DateTimeField()
    # The after-sale business whose damage this inspection's total became (a return).
    after_sale_id = models.BigIntegerField(null=True, blank=True, unique=True)
    idempotency_key = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["unit", "occasion"], name="assets_inspection_unit"),
            models.Index(fields=["order_id"], name="assets_inspection_order"),
        ]
        constraints = [idempotency_unique("assets_inspection_idempotency_key_unique")]


class InspectionLine(models.Model):
    """One checked item: passed or not, its number or choice, the severity of the damage and
    its price from the template's price list."""

    inspection = models.ForeignKey(Inspection, on_delete=models.PROTECT, related_name="lines")
    code = models.CharField(max_length=30)
    label = models.CharField(max_length=50)
    kind = models.CharField(max_length=10)  # pass_fail, number, choice
    passed = models.BooleanField(null=True)  # None: not checked (an optional item)
    value = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    choice = models.CharField(max_length=30, blank=True, default="")
    severity = models.CharField(max_length=10, blank=True, default="")  # minor/moderate/severe
    price = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    blocks_restock = models.BooleanField(default=False)
    note = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        ordering = ["id"]


class WorkOrder(models.Model):
    """A repair (or refurbish, battery, clean, data wipe) of a unit, in house or by a
    repairer (a supplier). The unit is in repair while it is open or in progress."""

    class Kind(models.TextChoices):
        REPAIR = "repair", "维修"
        REFURBISH = "refurbish", "翻新"
        BATTERY = "battery", "换电池"
        CLEAN = "clean", "清洁"
        DATA_WIPE = "data_wipe", "数据清除"

    class Status(models.TextChoices):
        OPEN = "open", "待处理"
        IN_PROGRESS = "in_progress", "处理中"
        DONE = "done", "已完成"
        FAILED = "failed", "维修失败"
        CANCELLED = "cancelled", "已取消"

    unit = models.ForeignKey(Unit, on_delete=models.PROTECT, related_name="work_orders")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    supplier = models.ForeignKey(
        Supplier, on_delete=models.PROTECT, null=True, blank=True, related_name="work_orders"
    )  # None: in house
    warranty = models.BooleanField(default=False)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)
    inspection = models.ForeignKey(
        Inspection, on_delete=models.PROTECT, null=True, blank=True, related_name="work_orders"
    )
    parts_cost = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    labour_cost = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    capitalise = models.BooleanField(default=False)  # adds to the unit's cost basis
    grade_before = models.CharField(max_length=8, choices=Grade.choices)
    grade_after = models.CharField(max_length=8, choices=Grade.choices, blank=True, default="")
    note = models.CharField(max_length=300, blank=True, default="")
    opened_by_name = models.CharField(max_length=64, blank=True, default="")
    opened_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            # One open work order a unit: it leaves in_repair only through it.
            models.UniqueConstraint(
                fields=["unit"],
                condition=Q(status__in=["open", "in_progress"]),
                name="assets_work_order_one_open",
            ),
            models.CheckConstraint(
                condition=Q(parts_cost__gte=0) & Q(labour_cost__gte=0),
                name="assets_work_order_costs_not_negative",
            ),
        ]


class UnitFigures(models.Model):
    """A unit's report figures kept as its history happens (docs/assets.md "The kept
    figures"): rewritten from its moves, work orders and the ledger's rows of the orders
    that held it by `figures.figures_refresh`, in the transaction of each move and of each
    journal on such an order. What depends on today (days owned and on lease, book value)
    is kept as the days it is counted from; the report sums them in SQL."""

    unit = models.OneToOneField(
        Unit, on_delete=models.CASCADE, primary_key=True, related_name="figures"
    )
    acquired_on = models.DateField()
    left_on = models.DateField(null=True, blank=True)  # sold, scrapped or lost that day
    cost_basis = models.DecimalField(max_digits=14, decimal_places=2)
    repair_spend = models.DecimalField(max_digits=14, decimal_places=2)
    collected = models.DecimalField(max_digits=14, decimal_places=2)
    lease_days_closed = models.IntegerField()  # the days of its spans that ended
    open_since = models.DateField(null=True, blank=True)  # the span still open began
    paid_back_on = models.DateField(null=True, blank=True)
    stocked_at = models.DateTimeField()  # its last move into stock, else its acquisition
    # It shares an order's money with another unit and one of them is still out: its share
    # moves by the day, so the report computes it afresh instead of reading it here.
    shifting = models.BooleanField(default=False)
    as_of = models.DateField()  # the China day it was last written

    class Meta:
        indexes = [
            models.Index(
                fields=["unit"],
                name="assets_figures_shifting",
                condition=models.Q(shifting=True),
            )
        ]
