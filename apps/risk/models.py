"""Risk queries of a merchant, each with what it cost: the provider's answer (score, grade,
decision, the rules it hit) kept beside the charge to the prepaid risk balance. A query of
an order (the intake's, or one run later on the order's customer) names it: these are the
order's risk results, one per query type asked."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from zulin.providers.operations import ProviderOperation


class QuerySource(models.TextChoices):
    INTAKE = "intake", "下单自动查询"
    MANUAL = "manual", "手动查询"


class RiskQuery(models.Model):
    query_no = models.CharField(max_length=40, unique=True)  # our request number at the provider
    idempotency_key = models.CharField(max_length=100, unique=True)
    query_type = models.CharField(max_length=30)
    price = models.DecimalField(max_digits=10, decimal_places=2)
    source = models.CharField(max_length=8, choices=QuerySource.choices)
    order_id = models.BigIntegerField(null=True, blank=True)
    order_no = models.CharField(max_length=32, blank=True, default="")
    # Who was checked, masked: the full identity stays with the order's customer.
    subject_name = models.CharField(max_length=50)
    id_number_masked = models.CharField(max_length=24)
    phone_masked = models.CharField(max_length=20)
    score = models.IntegerField(null=True, blank=True)
    grade = models.CharField(max_length=2, blank=True, default="")
    decision = models.CharField(max_length=10, blank=True, default="")
    hit_rules = models.JSONField(default=list)  # [{code, name_zh, name_en}]
    provider_reference = models.CharField(max_length=64, blank=True, default="")
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(price__gt=0), name="risk_query_price_positive")
        ]
        indexes = [
            models.Index(fields=["-created_at", "-id"], name="risk_query_recent_idx"),
            models.Index(fields=["order_id"], name="risk_query_order_idx"),
            models.Index(fields=["query_type", "-created_at"], name="risk_query_type_idx"),
        ]


class CreditQueryStatus(models.TextChoices):
    PROCESSING = "processing", "查询中"
    DONE = "done", "已出报告"
    FAILED = "failed", "查询失败"


class CreditQuery(ProviderOperation):
    """A credit-bureau query of an order's customer, charged to the prepaid risk balance when
    applied (only a query the bureau took is paid for); its report arrives later."""

    REFERENCE = "apply_no"
    KIND = "credit_query"

    apply_no = models.CharField(max_length=40, unique=True)  # our request number at the bureau
    idempotency_key = models.CharField(max_length=100, unique=True)
    query_type = models.CharField(max_length=30)
    price = models.DecimalField(max_digits=10, decimal_places=2)
    order_id = models.BigIntegerField()
    order_no = models.CharField(max_length=32)
    subject_name = models.CharField(max_length=50)
    id_number_masked = models.CharField(max_length=24)
    # Finds every query of one person (getCreditQueryTime) without keeping the number.
    id_number_hash = models.CharField(max_length=64)
    status = models.CharField(
        max_length=12, choices=CreditQueryStatus.choices, default=CreditQueryStatus.PROCESSING
    )
    score = models.IntegerField(null=True, blank=True)
    level = models.CharField(max_length=12, blank=True, default="")
    overdue_accounts = models.IntegerField(default=0)
    open_accounts = models.IntegerField(default=0)
    queries_90_days = models.IntegerField(default=0)
    failure_reason = models.CharField(max_length=40, blank=True, default="", db_column="reason")
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(price__gt=0), name="credit_query_price_positive")
        ]
        indexes = [
            models.Index(fields=["order_id"], name="credit_query_order_idx"),
            models.Index(fields=["id_number_hash", "-created_at"], name="credit_query_person_idx"),
        ]
