"""Withdrawals of merchants' settled money, kept in the public schema: the platform
approves them (two different accounts above WITHDRAWAL_TWO_PERSON_ABOVE) and pays them out
through the payment provider."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from tenants.merchants.models import Merchant
from zulin.core.crypto import EncryptedTextField
from zulin.providers.operations import ProviderOperation, idempotency_unique

# The references of a withdrawal's freeze and of the journal that gives it back, each followed
# by the withdrawal's number (the finance lists pair the two by them, on the unique index).
FREEZE_REFERENCE = "withdraw:"
BACK_REFERENCE = "withdraw-back:"


class WithdrawalStatus(models.TextChoices):
    PENDING = "pending", "待审核"
    REVIEWING = "reviewing", "待复核"  # one approval of the two it needs
    PAYING = "paying", "打款中"
    PAID = "paid", "已到账"
    FAILED = "failed", "打款失败"
    REJECTED = "rejected", "已驳回"
    CANCELLED = "cancelled", "已取消"


class Withdrawal(ProviderOperation):
    WAITING = (WithdrawalStatus.PAYING.value,)
    REFERENCE = "withdrawal_no"
    KIND = "withdrawal"
    MERCHANT = "merchant__slug"

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
    provider_reference = models.CharField(
        max_length=64, blank=True, default="", db_column="provider_trade_no"
    )
    paid_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            idempotency_unique("withdrawal_idempotency", "merchant", blank_allowed=False),
            models.CheckConstraint(condition=Q(amount__gt=0), name="withdrawal_amount_positive"),
        ]
        indexes = [
            models.Index(fields=["status", "-created_at"], name="withdrawal_status_idx"),
            models.Index(
                fields=["merchant", "status", "-created_at"], name="withdrawal_merchant_idx"
            ),
            # The lists without a status: a merchant's (withdrawList) and the platform's
            # (getWithdrawalRecord), newest first, page 1 or page 500 alike.
            models.Index(
                fields=["merchant", "-created_at", "-id"], name="withdrawal_merchant_list"
            ),
            models.Index(fields=["-created_at", "-id"], name="withdrawal_list"),
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


# --- reconciliation with the payment provider ----------------------------------------------


class RunStatus(models.TextChoices):
    RUNNING = "running", "对账中"
    BALANCED = "balanced", "已平账"
    MISMATCHED = "mismatched", "有差异"
    RESOLVED = "resolved", "差异已处理"
    FAILED = "failed", "对账失败"  # the provider's statement could not be fetched


class ReconciliationRun(models.Model):
    """One merchant's day compared with the payment provider's statement of that day. One
    row per merchant and day: running the day again replaces its result (`attempts`
    counts the runs). Amounts are turnover: every trade's amount counted positive."""

    merchant = models.ForeignKey(
        Merchant, on_delete=models.PROTECT, related_name="reconciliation_runs"
    )
    day = models.DateField()
    status = models.CharField(max_length=12, choices=RunStatus.choices, default=RunStatus.RUNNING)
    provider_count = models.PositiveIntegerField(default=0)  # succeeded at the provider
    provider_amount = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    ledger_count = models.PositiveIntegerField(default=0)  # booked in the merchant's ledger
    ledger_amount = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    matched_count = models.PositiveIntegerField(default=0)
    matched_amount = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    mismatch_count = models.PositiveIntegerField(default=0)
    mismatch_amount = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    open_count = models.PositiveIntegerField(default=0)  # mismatches not resolved yet
    error = models.CharField(max_length=300, blank=True, default="")
    attempts = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-day", "merchant_id"]
        constraints = [
            models.UniqueConstraint(fields=["merchant", "day"], name="reconciliation_run_day")
        ]
        indexes = [
            models.Index(fields=["-day", "merchant"], name="recon_run_list_idx"),
            models.Index(fields=["status", "-day"], name="recon_run_status_idx"),
        ]


class MismatchKind(models.TextChoices):
    MISSING_IN_LEDGER = "missing_in_ledger", "渠道成功，账本无记录"
    MISSING_AT_PROVIDER = "missing_at_provider", "账本有记录，渠道无此交易"
    STATUS_DIFFERS = "status_differs", "状态不一致"
    AMOUNT_DIFFERS = "amount_differs", "金额不一致"
    TOTALS_DIFFER = "totals_differ", "日汇总与账本不符"
    # The merchant's books and the platform's sub-ledger of it do not mirror (`agreement.py`).
    BOOKS_DIFFER = "books_differ", "商户账与平台账不一致"


class MismatchStatus(models.TextChoices):
    OPEN = "open", "待处理"
    RESOLVED = "resolved", "已处理"


class Resolution(models.TextChoices):
    SYNCED = "synced", "已重新同步"
    WRITTEN_OFF = "written_off", "核销"
    PROVIDER_ERROR = "provider_error", "渠道差错"
    OTHER = "other", "其他"


class ReconciliationMismatch(models.Model):
    """One difference a run found: a trade (by our request number `out_no`) the provider
    and the merchant's ledger disagree on, or the day's totals differing from the ledger.
    Resolved by a platform finance account with a note (audited); a re-run of the day
    keeps the resolution of a difference it finds again."""

    run = models.ForeignKey(ReconciliationRun, on_delete=models.CASCADE, related_name="mismatches")
    merchant = models.ForeignKey(Merchant, on_delete=models.PROTECT, related_name="+")
    day = models.DateField()
    kind = models.CharField(max_length=20, choices=MismatchKind.choices)
    operation = models.CharField(max_length=16, blank=True, default="")  # pay, refund, payout …
    out_no = models.CharField(max_length=64, blank=True, default="")
    trade_no = models.CharField(max_length=64, blank=True, default="")
    provider_status = models.CharField(max_length=12, blank=True, default="")  # "" none
    provider_amount = models.DecimalField(max_digits=16, decimal_places=2, null=True, blank=True)
    ledger_amount = models.DecimalField(max_digits=16, decimal_places=2, null=True, blank=True)
    ledger_reference = models.CharField(max_length=100, blank=True, default="")
    difference = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    detail = models.CharField(max_length=300, blank=True, default="")
    status = models.CharField(
        max_length=10, choices=MismatchStatus.choices, default=MismatchStatus.OPEN
    )
    resolution = models.CharField(max_length=16, choices=Resolution.choices, blank=True, default="")
    note = models.CharField(max_length=300, blank=True, default="")
    resolved_by_id = models.BigIntegerField(null=True, blank=True)
    resolved_by_name = models.CharField(max_length=50, blank=True, default="")
    resolved_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["run", "status"], name="recon_mismatch_run_idx"),
            models.Index(fields=["merchant", "out_no"], name="recon_mismatch_no_idx"),
        ]


# --- the platform's per merchant per day money totals ------------------------------------


class MerchantMoneyDay(models.Model):
    """One merchant's money of one day (Asia/Shanghai), computed from the merchant's ledger
    (`tenants.finance.money`): what the lists and the data centre read across merchants
    without entering any merchant's schema. Refreshed by a job, rebuilt by
    `manage.py money_days`; `money_days_check` compares it with the ledger."""

    merchant = models.ForeignKey(Merchant, on_delete=models.PROTECT, related_name="money_days")
    day = models.DateField()
    received_rent = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    received_buyout = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    received_sale = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    received_addon = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    received_late_fee = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    received_shipping_fee = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    received_damage = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    received_termination_fee = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    refunded = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    commission = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    commission_returned = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    deposits_frozen = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    deposits_taken = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    deposits_released = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    settled = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    withdrawals_applied = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    withdrawals_returned = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    withdrawals_paid = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    payments = models.IntegerField(default=0)
    refunds = models.IntegerField(default=0)
    journals = models.IntegerField(default=0)  # journals of the day counted
    refreshed_at = models.DateTimeField()

    class Meta:
        ordering = ["-day", "merchant_id"]
        constraints = [
            models.UniqueConstraint(fields=["merchant", "day"], name="merchant_money_day_unique")
        ]
        indexes = [models.Index(fields=["day"], name="merchant_money_day_idx")]
