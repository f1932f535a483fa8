"""The instalment bills of lease orders and every attempt to collect one.

Billing knows orders by id only (`apps.orders` calls billing, never the other way round): a
bill carries the order's id, number and sub-shop so bill lists scope and filter without a
join into orders."""

from __future__ import annotations

from django.db import models
from django.db.models import Q


class BillStatus(models.TextChoices):
    UNPAID = "unpaid", "待支付"
    PAYING = "paying", "支付中"
    PAID = "paid", "已支付"
    CANCELLED = "cancelled", "已取消"


class Bill(models.Model):
    """One instalment of a lease (or the one payment of a purchase, `kind` purchase)."""

    order_id = models.BigIntegerField()
    kind = models.CharField(max_length=10, default="lease")
    order_no = models.CharField(max_length=32)
    sub_shop_id = models.BigIntegerField(null=True, blank=True)
    period = models.PositiveIntegerField()  # 1 … term
    due_date = models.DateField()
    rent = models.DecimalField(max_digits=12, decimal_places=2)
    addon_amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # The shipping fee the customer pays, on bill 1 (refundable: refundSfAmount).
    fee_amount = models.DecimalField(max_digits=10, decimal_places=2, default=0)
    amount = models.DecimalField(max_digits=12, decimal_places=2)  # rent + add-ons + fee
    paid_amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    status = models.CharField(max_length=10, choices=BillStatus.choices, default=BillStatus.UNPAID)
    # One trade number per bill, whatever the number of attempts: the provider answers the
    # same trade for a retry, so a bill is never charged twice.
    out_trade_no = models.CharField(max_length=48, unique=True)
    paid_at = models.DateTimeField(null=True, blank=True)
    paid_by = models.CharField(max_length=16, blank=True, default="")  # withhold, deposit …
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["order_id", "period"]
        indexes = [
            models.Index(fields=["order_id", "period"], name="bill_order_period"),
            models.Index(
                fields=["due_date"],
                name="bill_unpaid_due",
                condition=Q(status__in=["unpaid", "paying"]),
            ),
            models.Index(fields=["-due_date", "-id"], name="bill_list_order"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["order_id", "period"], name="bill_order_period_unique"),
            models.CheckConstraint(
                condition=Q(paid_amount__lte=models.F("amount")), name="bill_paid_within_amount"
            ),
        ]


class BillPayment(models.Model):
    """One attempt to collect a bill (withhold, the customer paying, or frozen deposit taken
    to pay it). A bill has at most one succeeded attempt (a partial unique index)."""

    class Status(models.TextChoices):
        PROCESSING = "processing", "处理中"
        SUCCEEDED = "succeeded", "成功"
        FAILED = "failed", "失败"

    class Method(models.TextChoices):
        WITHHOLD = "withhold", "代扣"
        CUSTOMER = "customer", "用户支付"
        DEPOSIT = "deposit", "押金转支付"

    bill = models.ForeignKey(Bill, on_delete=models.PROTECT, related_name="payments")
    method = models.CharField(max_length=10, choices=Method.choices)
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    out_trade_no = models.CharField(max_length=48)
    provider_trade_no = models.CharField(max_length=64, blank=True, default="")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PROCESSING)
    failure_reason = models.CharField(max_length=300, blank=True, default="")
    idempotency_key = models.CharField(max_length=64, blank=True, default="")
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["bill"], condition=Q(status="succeeded"), name="bill_one_success"
            ),
            models.UniqueConstraint(
                fields=["idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="bill_payment_idempotency",
            ),
        ]


class BillRefund(models.Model):
    """Money of a succeeded bill payment given back to the customer (order refunded or
    closed, the shipping fee). Counts once the provider confirms."""

    class Status(models.TextChoices):
        PROCESSING = "processing", "处理中"
        SUCCEEDED = "succeeded", "成功"
        FAILED = "failed", "失败"

    class Purpose(models.TextChoices):
        ORDER = "order", "订单退款"
        SHIPPING_FEE = "shipping_fee", "运费退款"

    payment = models.ForeignKey(BillPayment, on_delete=models.PROTECT, related_name="refunds")
    order_id = models.BigIntegerField(db_index=True)
    purpose = models.CharField(max_length=16, choices=Purpose.choices)
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    out_no = models.CharField(max_length=64, unique=True)
    provider_trade_no = models.CharField(max_length=64, blank=True, default="")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PROCESSING)
    reason = models.CharField(max_length=300, blank=True, default="")
    failure_reason = models.CharField(max_length=300, blank=True, default="")
    idempotency_key = models.CharField(max_length=64, blank=True, default="")
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="bill_refund_idempotency",
            )
        ]
