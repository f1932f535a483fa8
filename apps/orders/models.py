"""A merchant's orders: lease orders (a SKU on a rent plan) and purchase orders (bought at the
sell price), their customers, remarks, shipments, deposits, contracts and after-sale
businesses. Every table lives in the merchant's schema; the platform lists orders through
`tenants.orders.OrderIndex`, written by `projection.py`. Bills live in `apps.billing`.

An order keeps a snapshot of what was ordered (goods title, specs, plan, add-ons): goods
change after the fact, the order must not."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from tenants.orders.rules import OrderKind as OrderKind  # re-exported for order code
from tenants.orders.rules import OrderStage as OrderStage
from tenants.orders.rules import OrderStatus as OrderStatus
from zulin.core.crypto import EncryptedTextField
from zulin.providers.operations import ProviderOperation, idempotency_unique


class DepositState(models.TextChoices):
    NONE = "none", "无需押金"
    FREEZING = "freezing", "冻结中"
    FROZEN = "frozen", "已冻结"
    FAILED = "failed", "冻结失败"
    SETTLED = "settled", "已结清"


class Customer(models.Model):
    """A customer of this shop. The ID number is encrypted at rest, found by its keyed hash,
    and shown masked unless the reader's role holds `order.identity`."""

    name = models.CharField(max_length=50)
    phone = models.CharField(max_length=20)
    id_number = EncryptedTextField(context="customer.id_number")
    # One live customer per person; an erased row keeps its hash (risk matching, the
    # suppression list) and a person who comes back is a new row (`services._customer`).
    id_number_hash = models.CharField(max_length=64, db_index=True)
    # Private files (zulin.files): ID card front and back, never under the media URL.
    id_card_front = models.CharField(max_length=64, blank=True, default="")
    id_card_back = models.CharField(max_length=64, blank=True, default="")
    # A deletion request carried out (apps.privacy, PIPL Art. 47): the name is cut to the
    # family name and a star, the phone and ID number emptied and kept only as their keyed
    # hashes (`phone_hash`, `id_number_hash`), the ID card pictures deleted.
    erased_at = models.DateTimeField(null=True, blank=True)
    phone_hash = models.CharField(max_length=64, blank=True, default="")
    # A deletion request answered with a hold (apps.privacy): kept for storage and security
    # only until it ends — hidden in the order lists, left out of exports.
    restricted = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        indexes = [models.Index(fields=["phone"], name="customer_phone_idx")]
        constraints = [
            models.UniqueConstraint(
                fields=["id_number_hash"],
                condition=models.Q(erased_at=None),
                name="customer_person_once",
            )
        ]


class Suppression(models.Model):
    """The suppression list: keyed hashes of the ID numbers and phones of customers whose
    data was deleted on their request, so that no intake, import or marketing list brings
    them back (`apps.orders.personal.person_suppressed`)."""

    class Kind(models.TextChoices):
        ID_NUMBER = "id_number", "身份证号"
        PHONE = "phone", "手机号"

    class Status(models.TextChoices):
        ACTIVE = "active", "禁止回流"
        LIFTED = "lifted", "已解除"

    kind = models.CharField(max_length=10, choices=Kind.choices)
    value_hash = models.CharField(max_length=64)
    customer_id = models.BigIntegerField()
    reason = models.CharField(max_length=40)  # the privacy request's number
    # Lifted with the customer's fresh consent (`personal.suppression_lift`): who, when, how
    # the customer was verified and why; the row stays as the record of both.
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    lifted_at = models.DateTimeField(null=True, blank=True)
    lifted_by_name = models.CharField(max_length=50, blank=True, default="")
    lift_verification = models.CharField(max_length=12, blank=True, default="")
    lift_note = models.CharField(max_length=200, blank=True, default="")
    lift_reason = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "value_hash"],
                condition=models.Q(status="active"),
                name="suppression_once",
            )
        ]


class Consent(models.Model):
    """A customer's consent for one purpose that rests on consent alone (PIPL Art. 13 para. 1
    item 1, Art. 15): given and withdrawn times. The lease itself rests on the contract
    (Art. 13 para. 1 item 2) and has no row here. A withdrawal stops the purpose's jobs at
    once (`apps.orders.consents.consent_required`)."""

    class Purpose(models.TextChoices):
        MARKETING = "marketing", "营销短信"
        FACE_CHECK = "face_check", "人脸核验"
        CREDIT_QUERY = "credit_query", "征信查询"
        LOCATION = "location", "位置信息"

    class Status(models.TextChoices):
        GIVEN = "given", "已同意"
        WITHDRAWN = "withdrawn", "已撤回"

    customer = models.ForeignKey(Customer, on_delete=models.PROTECT, related_name="consents")
    purpose = models.CharField(max_length=20, choices=Purpose.choices)
    status = models.CharField(max_length=10, choices=Status.choices)
    given_at = models.DateTimeField()
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["customer", "purpose"], name="consent_one_per_purpose")
        ]


class Order(models.Model):
    order_no = models.CharField(max_length=32, unique=True)
    kind = models.CharField(max_length=10, choices=OrderKind.choices)
    status = models.CharField(max_length=20, choices=OrderStatus.choices)
    status_changed_at = models.DateTimeField()
    stage = models.CharField(max_length=12, choices=OrderStage.choices)
    customer = models.ForeignKey(Customer, on_delete=models.PROTECT, related_name="orders")
    # Attribution.
    channel = models.CharField(max_length=30, blank=True, default="")
    sub_shop_id = models.BigIntegerField(null=True, blank=True)  # apps.subshops.SubShop
    salesman_account_id = models.BigIntegerField(null=True, blank=True)  # tenants.Account
    auditor_account_id = models.BigIntegerField(null=True, blank=True)
    # The promotion share link the customer came through (apps.promotion.ShareLink), if any.
    share_link_id = models.BigIntegerField(null=True, blank=True)
    # What was ordered (a snapshot).
    goods_id = models.BigIntegerField()
    sku_id = models.BigIntegerField()
    rent_plan_id = models.BigIntegerField(null=True, blank=True)
    package_id = models.BigIntegerField(null=True, blank=True)
    goods_title = models.CharField(max_length=100)
    goods_picture = models.CharField(max_length=255, blank=True, default="")
    sku_specs = models.JSONField(default=dict)
    # The condition leased or sold (`apps.goods` Fineness: its plan's, else its goods'): a
    # used lease at 95新 reserves and ships a unit of that grade only, and its contract says so.
    fineness = models.CharField(max_length=8, default="new")
    quantity = models.PositiveIntegerField(default=1)
    # Lease terms (zero for purchases).
    term = models.PositiveIntegerField(default=0)
    term_unit = models.CharField(max_length=8, blank=True, default="")
    rent = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    buyout_price = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    ownership_transfer = models.BooleanField(default=False)
    addons = models.JSONField(default=list)  # [{id, name, price}]
    addon_total = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    total_rent = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    # Purchases: the sell price paid.
    sale_price = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    shipping_fee = models.DecimalField(max_digits=10, decimal_places=2, default=0)
    shipping_fee_refunded = models.DecimalField(max_digits=10, decimal_places=2, default=0)
    # Deposit: the plan's, what the risk grade waived, what the provider froze and what left.
    deposit = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    deposit_waived = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    deposit_state = models.CharField(
        max_length=10, choices=DepositState.choices, default=DepositState.NONE
    )
    deposit_auth_no = models.CharField(max_length=64, blank=True, default="")
    deposit_frozen = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    deposit_transferred = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    deposit_thawed = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # Risk.
    risk_grade = models.CharField(max_length=2, blank=True, default="")
    risk_score = models.IntegerField(null=True, blank=True)
    # pass, review, refuse (the provider's); unavailable (the provider failed), balance_short
    # (the prepaid risk balance could not pay the check): those two wait for a manual audit.
    risk_decision = models.CharField(max_length=20, blank=True, default="")
    risk_reference = models.CharField(max_length=64, blank=True, default="")
    # Lease dates: planned at signing, moved by delivery.
    lease_start = models.DateField(null=True, blank=True)
    lease_end = models.DateField(null=True, blank=True)
    device_serial = models.CharField(max_length=64, blank=True, default="")
    withhold_agreement_no = models.CharField(max_length=64, blank=True, default="")
    contract_signed_at = models.DateTimeField(null=True, blank=True)
    first_bill_paid_at = models.DateTimeField(null=True, blank=True)
    shipped_at = models.DateTimeField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Overdue: the earliest unpaid bill past due, or the lease end passed without a return.
    overdue_since = models.DateField(null=True, blank=True)
    has_open_after_sale = models.BooleanField(default=False)
    # What an ended order still owes (open bills and charges, late fees included): kept by
    # `outcomes.order_overdue_refresh`; above zero the order's stage is `owing`.
    owed_amount = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    # The order's money as billing keeps it here (`outcomes.order_money_keep`, in the
    # transaction of the money move that changes it): orders' guards and actions read these
    # and never billing (docs/money.md, "The order's money figures").
    money_owed = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    money_paid = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    oldest_owed_due = models.DateField(null=True, blank=True)
    paid_periods = models.PositiveIntegerField(default=0)
    bills_open = models.BooleanField(default=False)
    instalments_open = models.BooleanField(default=False)
    settling_early = models.BooleanField(default=False)
    deposit_free = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # Early return by rule, copied from the rent plan (or the shop's defaults) when placed
    # and printed in the contract (`apps/orders/termination.py`): returned before
    # `min_term` periods have run, the customer owes the early-termination fee — a share
    # of the rent cancelled (`rate`) or a fixed amount (`fixed`); `none`: no fee.
    min_term = models.PositiveIntegerField(default=0)
    early_fee_mode = models.CharField(max_length=8, default="none")
    early_fee_value = models.DecimalField(max_digits=12, decimal_places=4, default=0)
    refuse_reason = models.CharField(max_length=300, blank=True, default="")
    close_reason = models.CharField(max_length=300, blank=True, default="")
    idempotency_key = models.CharField(max_length=64, unique=True)
    is_deleted = models.BooleanField(default=False)
    deleted_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-id"]
        indexes = [
            # The lists: one stage (and kind), newest placed first, page 1 or page 500 alike.
            models.Index(
                "kind",
                "stage",
                models.F("created_at").desc(),
                models.F("id").desc(),
                name="order_list_stage",
                condition=Q(is_deleted=False),
            ),
            models.Index(
                "kind",
                "status",
                models.F("created_at").desc(),
                models.F("id").desc(),
                name="order_list_status",
                condition=Q(is_deleted=False),
            ),
            models.Index(fields=["sub_shop_id", "-id"], name="order_sub_shop_idx"),
            models.Index(fields=["salesman_account_id", "-id"], name="order_salesman_idx"),
            models.Index(fields=["customer", "-id"], name="order_customer_idx"),
            models.Index(
                fields=["share_link_id", "-id"],
                name="order_share_link_idx",
                condition=Q(share_link_id__isnull=False),
            ),
            models.Index(fields=["status", "created_at"], name="order_status_created_idx"),
            # The data centre: orders, deals and deal value of a period, from the index alone.
            models.Index(
                fields=["created_at"],
                include=["status", "kind", "total_rent", "sale_price", "sub_shop_id"],
                name="order_created_figures",
                condition=Q(is_deleted=False),
            ),
            # The orders overdue now (the asset report's units in recovery): a few among
            # hundreds of thousands, read from a small index instead of a scan.
            models.Index(
                fields=["id"],
                name="order_overdue_idx",
                condition=Q(overdue_since__isnull=False),
            ),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(deposit_transferred__lte=models.F("deposit_frozen"))
                & Q(
                    deposit_thawed__lte=models.F("deposit_frozen") - models.F("deposit_transferred")
                ),
                name="order_deposit_within_frozen",
            ),
            models.CheckConstraint(
                condition=Q(shipping_fee_refunded__lte=models.F("shipping_fee")),
                name="order_shipping_refund_within_fee",
            ),
        ]

    def __str__(self) -> str:
        return self.order_no

    @property
    def deposit_remaining(self):  # type: ignore[no-untyped-def]
        return self.deposit_frozen - self.deposit_transferred - self.deposit_thawed


class OrderRemark(models.Model):
    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="remarks")
    text = models.CharField(max_length=500)
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]


class ShipmentQuerySet(models.QuerySet["Shipment"]):
    def parcels(self) -> ShipmentQuerySet:
        """The parcels the order knows as sent: typed by hand, or a waybill the carrier
        accepted and not cancelled (an attempt that failed, a waybill cancelled, are not)."""
        return self.exclude(
            status__in=[
                Shipment.Status.CREATED,
                Shipment.Status.FAILED,
                Shipment.Status.CANCELLED,
            ]
        ).exclude(tracking_no="")


class Shipment(ProviderOperation):
    """A parcel: the merchant's to the customer (out, exchange out) or the customer's back
    (return, exchange back).

    Typed by hand (`addExpress` without a carrier account): status `manual`, no `out_no`.
    Through the carrier (an electronic waybill, docs/logistics.md): one row per attempt, our
    order number `out_no` is what the carrier knows it by; created (asked) → label ready
    (the waybill number and its label) → picked up → in transit → delivered, or cancelled
    (before pickup), failed (refused), exception (returned to sender, pickup cancelled by the
    carrier). Statuses move only through `SHIPMENT_MACHINE` (`apps/orders/waybills.py`)."""

    REFERENCE = "out_no"
    WAITING = ("created",)
    KIND = "waybill"

    class Direction(models.TextChoices):
        OUT = "out", "发货"
        RETURN = "return", "归还"
        EXCHANGE_OUT = "exchange_out", "换货发出"
        EXCHANGE_BACK = "exchange_back", "换货寄回"

    class Status(models.TextChoices):
        MANUAL = "manual", "手工录入"
        CREATED = "created", "已下单"
        LABEL_READY = "label_ready", "面单已出"
        PICKED_UP = "picked_up", "已揽收"
        IN_TRANSIT = "in_transit", "运输中"
        DELIVERED = "delivered", "已签收"
        CANCELLED = "cancelled", "已取消"
        FAILED = "failed", "下单失败"
        EXCEPTION = "exception", "异常"

    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="shipments")
    direction = models.CharField(max_length=16, choices=Direction.choices)
    company_code = models.CharField(max_length=20)
    tracking_no = models.CharField(max_length=40, blank=True, default="")
    device_serial = models.CharField(max_length=64, blank=True, default="")
    # When the parcel left (typed by hand: when it was typed; a waybill: when the order
    # shipped with it, or a return's pickup scan). None: not on its way yet.
    shipped_at = models.DateTimeField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.MANUAL)
    out_no = models.CharField(max_length=64, unique=True, null=True, blank=True)
    service = models.CharField(max_length=20, blank=True, default="")
    pay_method = models.CharField(max_length=12, blank=True, default="")
    declared_value = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)
    weight_kg = models.DecimalField(max_digits=8, decimal_places=2, null=True, blank=True)
    freight = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    # The label PDF, a private file (zulin.files.StoredFile id); "" until printed.
    label_file_key = models.CharField(max_length=20, blank=True, default="")
    sender = models.JSONField(default=dict, blank=True)
    receiver = models.JSONField(default=dict, blank=True)
    picked_up_at = models.DateTimeField(null=True, blank=True)
    last_event_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = ShipmentQuerySet.as_manager()

    class Meta:
        ordering = ["-id"]
        constraints = [idempotency_unique("shipment_idempotency_key")]
        indexes = [models.Index(fields=["status", "last_event_at"], name="shipment_status_idx")]


class ShipmentEvent(models.Model):
    """A carrier's event about a shipment, kept raw (code, time, place, text) for the
    timeline and the evidence pack. The same event told twice is kept once."""

    shipment = models.ForeignKey(Shipment, on_delete=models.CASCADE, related_name="events")
    code = models.CharField(max_length=12)
    status = models.CharField(max_length=16)
    occurred_at = models.DateTimeField()
    place = models.CharField(max_length=60, blank=True, default="")
    text = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["occurred_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["shipment", "code", "occurred_at"], name="shipment_event_once"
            )
        ]


class PickupBooking(models.Model):
    """A courier's visit booked at the customer's address for a return (the shipment it
    collects): requested → accepted (a courier assigned) → picked up, or cancelled by the
    shop, cancelled by the carrier, failed. Moves through `PICKUP_MACHINE`."""

    class Status(models.TextChoices):
        REQUESTED = "requested", "已预约"
        ACCEPTED = "accepted", "已派单"
        PICKED_UP = "picked_up", "已取件"
        CANCELLED_BY_SHOP = "cancelled_by_shop", "商家取消"
        CANCELLED_BY_CARRIER = "cancelled_by_carrier", "快递取消"
        FAILED = "failed", "预约失败"

    shipment = models.OneToOneField(Shipment, on_delete=models.CASCADE, related_name="pickup")
    after_sale = models.ForeignKey(
        "AfterSale", on_delete=models.PROTECT, null=True, blank=True, related_name="pickups"
    )
    status = models.CharField(max_length=24, choices=Status.choices, default=Status.REQUESTED)
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    courier_name = models.CharField(max_length=20, blank=True, default="")
    courier_phone = models.CharField(max_length=20, blank=True, default="")
    booked_by = models.CharField(max_length=10, default="shop")  # shop, customer
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-id"]


class SenderAddress(models.Model):
    """Where the shop's parcels leave from: the warehouse (sub_shop_id None) or a sub-shop,
    structured as carriers take it."""

    sub_shop_id = models.BigIntegerField(null=True, blank=True)
    contact = models.CharField(max_length=30)
    mobile = models.CharField(max_length=20)
    province = models.CharField(max_length=20)
    city = models.CharField(max_length=20)
    district = models.CharField(max_length=20, blank=True, default="")
    detail = models.CharField(max_length=120)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["sub_shop_id"],
                name="sender_address_per_sub_shop",
                condition=Q(sub_shop_id__isnull=False),
            ),
            models.UniqueConstraint(
                fields=["sub_shop_id"],
                name="sender_address_warehouse",
                condition=Q(sub_shop_id__isnull=True),
                nulls_distinct=False,
            ),
        ]


class AfterSale(models.Model):
    """One after-sale business on an order. At most one is open at a time (a partial unique
    index); while it is open the order takes no other business."""

    class Kind(models.TextChoices):
        REFUND = "refund", "退款"
        RETURN = "return", "退租归还"
        BUYOUT = "buyout", "买断"
        RENEWAL = "renewal", "续租"
        EXCHANGE = "exchange", "换货"

    class Status(models.TextChoices):
        OPEN = "open", "待处理"
        APPROVED = "approved", "处理中"
        REJECTED = "rejected", "已驳回"
        DONE = "done", "已完成"
        CANCELLED = "cancelled", "已撤销"

    class StartedBy(models.TextChoices):
        CUSTOMER = "customer", "客户"
        SHOP = "shop", "商家代客户"

    order = models.ForeignKey(Order, on_delete=models.PROTECT, related_name="after_sales")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    # Who asked: the customer (in the app), or the shop for the customer (by phone, in the
    # shop). A return the shop starts needs no approval of its own (`after_sale_apply`).
    started_by = models.CharField(
        max_length=10, choices=StartedBy.choices, default=StartedBy.CUSTOMER
    )
    reason = models.CharField(max_length=300, blank=True, default="")
    reject_reason = models.CharField(max_length=300, blank=True, default="")
    # Renewal: extra periods asked for; buyout: the price quoted when approved.
    extra_term = models.PositiveIntegerField(default=0)
    amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    damage_amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    inspection_note = models.CharField(max_length=500, blank=True, default="")
    # A return: the day the goods came back (China time), the return's day; what settling
    # it cancelled (rent due after that day) and charged (`termination.py`).
    received_on = models.DateField(null=True, blank=True)
    # The moment the shop confirmed the goods back (a unit's history shows it as its return
    # time); empty on businesses received before it was kept (their day stands for it).
    received_at = models.DateTimeField(null=True, blank=True)
    # A return the carrier collected at the customer's door: the pickup scan's day (China
    # time), kept when the shop's `return_day_from_pickup` was on at the scan; it is then the
    # return's day `received_on` takes at the receipt (docs/money.md, "The return's day").
    picked_up_on = models.DateField(null=True, blank=True)
    rent_cancelled = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    termination_fee = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # The idempotency key of the latest decision on it (`dealAfterSale`): asked again, that
    # key answers the business as decided (`zulin.idempotency` decides it is the same request).
    decision_key = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["order"],
                condition=Q(status__in=["open", "approved"]),
                name="after_sale_one_open_per_order",
            )
        ]


class ContractTemplate(models.Model):
    """The merchant's lease contract: lessor details and the clauses it edits (one row)."""

    lessor_name = models.CharField(max_length=100, blank=True, default="")
    lessor_contact = models.CharField(max_length=50, blank=True, default="")
    lessor_phone = models.CharField(max_length=20, blank=True, default="")
    lessor_address = models.CharField(max_length=255, blank=True, default="")
    clauses = models.JSONField(default=list)  # [{title, body}]
    updated_at = models.DateTimeField(auto_now=True)


class Contract(models.Model):
    """One generated contract document of an order; re-generated (a new version) before
    signing, frozen once signed."""

    class Status(models.TextChoices):
        DRAFT = "draft", "待签署"
        SIGNING = "signing", "签署中"
        SIGNED = "signed", "已签署"
        VOID = "void", "已作废"

    order = models.ForeignKey(Order, on_delete=models.PROTECT, related_name="contracts")
    version = models.PositiveIntegerField()
    contract_no = models.CharField(max_length=40)
    file_key = models.CharField(max_length=64)  # zulin.files private file
    sha256 = models.CharField(max_length=64)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    provider_reference = models.CharField(max_length=64, blank=True, default="")
    signed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-version"]
        constraints = [
            models.UniqueConstraint(fields=["order", "version"], name="contract_order_version")
        ]


class OrderSetting(models.Model):
    """The merchant's order settings (one row, pk 1)."""

    unpaid_cancel_minutes = models.PositiveIntegerField(default=30)
    auto_receive_days = models.PositiveIntegerField(default=7)
    # Early buyout: a share of the remaining rent waived (0 = none), and from which period on.
    early_buyout_discount_rate = models.DecimalField(max_digits=5, decimal_places=4, default=0)
    buyout_from_period = models.PositiveIntegerField(default=1)
    # Early return, the shop's defaults for rent plans that set none (`termination.py`).
    early_return_min_term = models.PositiveIntegerField(default=0)
    early_return_fee_mode = models.CharField(max_length=8, default="none")
    early_return_fee_value = models.DecimalField(max_digits=12, decimal_places=4, default=0)
    # The carrier account (docs/logistics.md): the shop's monthly account number (月结卡号);
    # "" ships hand-typed only. Return pickups: the pickup scan's day (China time) is the
    # return's day (docs/money.md, "The return's day") when on; the shop's receipt when off.
    carrier_monthly_account = models.CharField(max_length=20, blank=True, default="")
    return_day_from_pickup = models.BooleanField(default=False)
    # Deposit-free leases on the customer's Zhima credit (docs/zhima.md): offered or not,
    # the shop's credit service id and category at Alipay, the deposit mode
    # (POSTPAY / POSTPAY_UNCERTAIN / DEPOSIT_ONLY) and the days between the notice to the
    # customer and the earliest violation a person may confirm.
    zhima_deposit_free = models.BooleanField(default=False)
    zhima_service_id = models.CharField(max_length=64, blank=True, default="")
    zhima_category = models.CharField(max_length=64, blank=True, default="")
    zhima_deposit_mode = models.CharField(max_length=20, default="POSTPAY")
    zhima_violation_grace_days = models.PositiveIntegerField(default=7)
    updated_at = models.DateTimeField(auto_now=True)


class IntakeKey(models.Model):
    """An application key of the shop's customer-facing mini-program/H5: it signs every
    `/api/applet/` intake call (docs/orders.md, "Intake"). The secret is encrypted at rest."""

    app_id = models.CharField(max_length=32, unique=True)
    secret = EncryptedTextField(context="intake.secret")
    name = models.CharField(max_length=50, default="")
    channel = models.CharField(max_length=30, blank=True, default="")
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)


class IntakeNonce(models.Model):
    """Nonces of signed intake calls: a replayed call finds its nonce here and is refused."""

    app_id = models.CharField(max_length=32)
    nonce = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["app_id", "nonce"], name="intake_nonce_unique")
        ]
