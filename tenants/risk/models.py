"""The price list of risk query types and merchants' recharges of their prepaid risk balance,
kept in the public schema: the platform sets the prices and audits every merchant's
recharges. What a recharge credits is posted in the merchant's books (its schema) through
`governance.py`, and mirrored in the platform's."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from tenants.merchants.models import Merchant
from zulin.providers.operations import ProviderOperation, idempotency_unique


class QueryKind(models.TextChoices):
    RISK = "risk", "风控查询"  # the risk provider's assessment (getRisk, the intake)
    CREDIT = "credit", "征信查询"  # the credit bureau's report (applyCreditQuery)


class RiskQueryType(models.Model):
    """One kind of query the platform sells, at its price per query, charged to the prepaid
    risk balance. The intake's check is `standard`; a type turned off is no longer sold
    (queries made stay as they were)."""

    code = models.CharField(max_length=30, unique=True)
    kind = models.CharField(max_length=8, choices=QueryKind.choices, default=QueryKind.RISK)
    name_zh = models.CharField(max_length=40)
    name_en = models.CharField(max_length=60)
    description_zh = models.CharField(max_length=200, blank=True, default="")
    description_en = models.CharField(max_length=200, blank=True, default="")
    price = models.DecimalField(max_digits=10, decimal_places=2)
    enabled = models.BooleanField(default=True)
    sort = models.IntegerField(default=0)

    class Meta:
        ordering = ["sort", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(price__gt=0), name="risk_query_type_price_positive")
        ]

    def __str__(self) -> str:
        return self.code


class RechargeMethod(models.TextChoices):
    QR = "qr", "扫码充值"
    OFFLINE = "offline", "线下转账"


class RechargeStatus(models.TextChoices):
    PAYING = "paying", "待支付"  # a QR payment waiting for the payer
    PENDING = "pending", "待审核"  # a bank transfer waiting for the platform's audit
    CREDITED = "credited", "已到账"
    FAILED = "failed", "支付失败"
    REJECTED = "rejected", "已驳回"


class RiskRecharge(ProviderOperation):
    WAITING = (RechargeStatus.PAYING.value,)
    REFERENCE = "recharge_no"
    KIND = "risk_recharge"
    MERCHANT = "merchant__slug"

    merchant = models.ForeignKey(Merchant, on_delete=models.PROTECT, related_name="risk_recharges")
    recharge_no = models.CharField(max_length=32, unique=True)
    method = models.CharField(max_length=8, choices=RechargeMethod.choices)
    amount = models.DecimalField(max_digits=14, decimal_places=2)
    status = models.CharField(max_length=10, choices=RechargeStatus.choices)
    idempotency_key = models.CharField(max_length=64)
    applicant_account_id = models.BigIntegerField(null=True, blank=True)
    applicant_name = models.CharField(max_length=50, blank=True, default="")
    remark = models.CharField(max_length=200, blank=True, default="")
    # Offline: the transfer voucher, a private file in the merchant's schema.
    voucher_file_id = models.BigIntegerField(null=True, blank=True)
    # QR: the provider's trade and what the QR code holds.
    provider_reference = models.CharField(
        max_length=64, blank=True, default="", db_column="provider_trade_no"
    )
    qr_code = models.CharField(max_length=300, blank=True, default="")
    # The platform's audit of an offline recharge: who, when, why not, and the key of the
    # decision (the same key sent again answers the decision made).
    reviewer_account_id = models.BigIntegerField(null=True, blank=True)
    reviewer_name = models.CharField(max_length=50, blank=True, default="")
    reviewed_at = models.DateTimeField(null=True, blank=True)
    reject_reason = models.CharField(max_length=300, blank=True, default="")
    decision_key = models.CharField(max_length=64, blank=True, default="")
    credited_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            idempotency_unique("risk_recharge_idempotency", "merchant", blank_allowed=False),
            models.CheckConstraint(condition=Q(amount__gt=0), name="risk_recharge_amount_positive"),
        ]
        indexes = [
            models.Index(fields=["status", "-created_at"], name="risk_recharge_status_idx"),
            models.Index(
                fields=["merchant", "status", "-created_at"], name="risk_recharge_merchant_idx"
            ),
        ]
