"""The credit order of a deposit-free lease (docs/zhima.md): its state, every sync with the
credit service, and the notices sent before a violation."""

from __future__ import annotations

from django.db import models
from django.db.models import Q


class CreditOrderStatus(models.TextChoices):
    CREATED = "created", "已创建"
    FROZEN = "frozen", "已授权"
    PERFORMING = "performing", "履约中"
    COMPLETED = "completed", "已履约完结"
    CLOSED = "closed", "已关闭"
    VIOLATION_PENDING = "violation_pending", "待确认违约"
    VIOLATED = "violated", "已违约"


class CreditOrder(models.Model):
    """The credit order (信用单) of a deposit-free lease at the credit service (Zhima):
    what the authorisation's freeze asked and answered, credit and fund kept apart, and
    how the lease's performance was told (docs/zhima.md). One per order; its status moves
    only through `credit_orders.CREDIT_ORDER_MACHINE`."""

    order_id = models.BigIntegerField(unique=True)
    order_no = models.CharField(max_length=32)
    sub_shop_id = models.BigIntegerField(null=True, blank=True)
    status = models.CharField(
        max_length=20, choices=CreditOrderStatus.choices, default=CreditOrderStatus.CREATED
    )
    service_id = models.CharField(max_length=64)
    category = models.CharField(max_length=64)
    deposit_mode = models.CharField(max_length=20)
    auth_no = models.CharField(max_length=64, blank=True, default="")
    deposit = models.DecimalField(max_digits=12, decimal_places=2)  # asked of the freeze
    credit_limit = models.DecimalField(max_digits=12, decimal_places=2)  # the plan's max
    post_payment_amount = models.DecimalField(max_digits=12, decimal_places=2)
    post_payment_count = models.PositiveIntegerField()
    # The freeze's answer: the guarantee (no money) and the customer's money, apart.
    credit_amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    fund_amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    violation_reason = models.CharField(max_length=300, blank=True, default="")
    # When the shop's ladder reached its violation step for the debt pending (the notice sent
    # at least the grace before) and asked a person to confirm; cleared when the debt is paid.
    violation_asked_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(credit_amount__gte=0) & Q(fund_amount__gte=0),
                name="credit_order_parts_positive",
            ),
        ]


class CreditOrderSync(models.Model):
    """One call to the credit service about a credit order (alipay.trade.orderinfo.sync):
    its own request number, what was sent, what came back, when, and the result. A retry
    of the same sync reuses its number (`attempts` counts them); a replayed answer of a
    sync already ended changes nothing."""

    class Result(models.TextChoices):
        PROCESSING = "processing", "待应答"
        SUCCEEDED = "succeeded", "成功"
        FAILED = "failed", "失败"

    credit_order = models.ForeignKey(CreditOrder, on_delete=models.PROTECT, related_name="syncs")
    out_request_no = models.CharField(max_length=64, unique=True)
    sync_status = models.CharField(max_length=12)  # COMPLETE / CLOSED / VIOLATED
    # A bill of the lease paid late by another route than the authorisation, told COMPLETE
    # (the credit order's status does not move); null: the credit order's own status.
    period = models.PositiveIntegerField(null=True, blank=True)
    request = models.JSONField(default=dict)
    answer = models.JSONField(default=dict)
    result = models.CharField(max_length=12, choices=Result.choices, default=Result.PROCESSING)
    error = models.CharField(max_length=300, blank=True, default="")
    attempts = models.PositiveIntegerField(default=0)
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]


class CreditOrderNotice(models.Model):
    """The notice a customer is sent before a violation is reported (the credit-reporting
    rule that a person is told first): the amount owed, the date, and what will be
    reported. A violation is confirmed no earlier than the shop's grace after it."""

    credit_order = models.ForeignKey(CreditOrder, on_delete=models.PROTECT, related_name="notices")
    amount_owed = models.DecimalField(max_digits=12, decimal_places=2)
    owed_since = models.DateField()
    text = models.CharField(max_length=500)
    phone = models.CharField(max_length=20, blank=True, default="")
    sent_at = models.DateTimeField()
    actor_account_id = models.BigIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-sent_at", "-id"]
