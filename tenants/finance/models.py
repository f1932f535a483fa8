"""Withdrawals of merchants' settled money, kept in the public schema: the platform
approves them (two different accounts above WITHDRAWAL_TWO_PERSON_ABOVE) and pays them out
through the payment provider."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from tenants.merchants.models import Merchant
from zulin.core.crypto import EncryptedTextField


class WithdrawalStatus(models.TextChoices):
    PENDING = "pending", "待审核"
    REVIEWING = "reviewing", "待复核"  # one approval of the two it needs
    PAYING = "paying", "打款中"
    PAID = "paid", "已到账"
    FAILED = "failed", "打款失败"
    REJECTED = "rejected", "已驳回"
    CANCELLED = "cancelled", "已取消"


class Withdrawal(models.Model):
    merchant = models.ForeignKey(Merchant, on_delete=models.PROTECT, related_name="withdrawals")
    withdrawal_no = models.CharField(max_length=32, unique=True)
    amount = models.DecimalField(max_digits=14, decimal_places=2)
    status = models.CharField(
        max_length=12, choices=WithdrawalStatus.choices, default=WithdrawalStatus.PENDING
    )
    needs_two = models.BooleanField(default=False)
    remark = models.CharField(max_length=200, blank=True, default="")
    # The settlement account in force when applied (a snapshot: later terms do not move it).
    bank_name = models.CharField(max_length=100)
    account_name = models.CharField(max_length=100)
    account_number = EncryptedTextField(context="withdrawal.account_number")
    idempotency_key = models.CharField(max_length=64)
    applicant_account_id = models.BigIntegerField(null=True, blank=True)
    applicant_name = models.CharField(max_length=50, blank=True, default="")
    reject_reason = models.CharField(max_length=300, blank=True, default="")
    failure_reason = models.CharField(max_length=300, blank=True, default="")
    provider_trade_no = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    paid_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["merchant", "idempotency_key"], name="withdrawal_idempotency"
            ),
            models.CheckConstraint(condition=Q(amount__gt=0), name="withdrawal_amount_positive"),
        ]
        indexes = [
            models.Index(fields=["status", "-created_at"], name="withdrawal_status_idx"),
            models.Index(
                fields=["merchant", "status", "-created_at"], name="withdrawal_merchant_idx"
            ),
        ]


class WithdrawalApproval(models.Model):
    """One platform account's approval (two different ones above the threshold)."""

    withdrawal = models.ForeignKey(Withdrawal, on_delete=models.PROTECT, related_name="approvals")
    account_id = models.BigIntegerField()
    account_name = models.CharField(max_length=50, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["withdrawal", "account_id"], name="withdrawal_approval_once"
            )
        ]
