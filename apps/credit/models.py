"""Credit-bureau reporting of a merchant's leases, on the People's Bank of China
second-generation model: a lease with fixed instalments is a D1 (non-revolving loan) account,
a debt handed to a collector a C1 (collection) account. Each account carries report records
(opening, repayments, overdue, collection, month-end settlement, close) that go to the bureau
in report files; the bureau's feedback lands on the records. A correction replaces a record
(`replaces`), never duplicates it: one live record per account and key."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from zulin.providers.operations import ProviderOperation, idempotency_unique


class CreditAuthorisation(models.Model):
    """The customer's authorisation to report the lease to the credit bureau (userCreateSign),
    and the lease contract the account reports (applyContractLeasing)."""

    order_id = models.BigIntegerField(unique=True)
    order_no = models.CharField(max_length=32)
    sign_no = models.CharField(max_length=40, unique=True)
    channel = models.CharField(max_length=20)
    signed_at = models.DateTimeField()
    contract_no = models.CharField(max_length=40, blank=True, default="")
    contract_registered_at = models.DateTimeField(null=True, blank=True)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)


class AccountType(models.TextChoices):
    D1 = "D1", "非循环贷账户"
    R1 = "R1", "循环贷账户"
    R2 = "R2", "贷记卡账户"
    R3 = "R3", "准贷记卡账户"
    R4 = "R4", "循环额度下分账户"
    C1 = "C1", "催收账户"


class CreditAccount(models.Model):
    """One reported account of an order: its D1 account from the lease's start, and a C1
    account once the debt is handed to collection."""

    class State(models.TextChoices):
        OPEN = "open", "正常"
        CLOSED = "closed", "已关闭"

    order_id = models.BigIntegerField()
    order_no = models.CharField(max_length=32)
    sub_shop_id = models.BigIntegerField(null=True, blank=True)
    account_type = models.CharField(max_length=2, choices=AccountType.choices)
    account_no = models.CharField(max_length=40, unique=True)
    customer_name = models.CharField(max_length=50)
    id_number_masked = models.CharField(max_length=24)
    opened_on = models.DateField()
    due_on = models.DateField(null=True, blank=True)
    credit_limit = models.DecimalField(max_digits=14, decimal_places=2)
    term = models.PositiveIntegerField(default=0)
    # C1: who took the debt over, when, and how much.
    collector = models.CharField(max_length=60, blank=True, default="")
    state = models.CharField(max_length=8, choices=State.choices, default=State.OPEN)
    closed_on = models.DateField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["order_id", "account_type"], name="credit_account_order_type"
            )
        ]


class RecordKind(models.TextChoices):
    OPEN = "open", "开户"
    REPAYMENT = "repayment", "还款"
    OVERDUE = "overdue", "逾期"
    COLLECTION = "collection", "催收"
    SETTLE = "settle", "月度结算"
    CLOSE = "close", "关户"


class RecordState(models.TextChoices):
    DRAFT = "draft", "待确认"  # a month-end settlement batch not yet confirmed
    PENDING = "pending", "待报送"
    IN_FILE = "in_file", "已生成文件"
    ACCEPTED = "accepted", "已接收"
    REJECTED = "rejected", "被退回"
    REPLACED = "replaced", "已更正"
    WITHDRAWN = "withdrawn", "已撤回"  # its settlement batch was taken back before sending


# States in which a record is the account's live one for its key.
LIVE_STATES = ("draft", "pending", "in_file", "accepted", "rejected")


class CreditRecord(models.Model):
    record_no = models.CharField(max_length=40, unique=True)
    account = models.ForeignKey(CreditAccount, on_delete=models.PROTECT, related_name="records")
    kind = models.CharField(max_length=12, choices=RecordKind.choices)
    # What makes it unique on its account: open, repayment:3, overdue:2:1, settle:2026-11, close
    key = models.CharField(max_length=40)
    period = models.CharField(max_length=7)  # YYYY-MM of `occurred_on`
    instalment = models.PositiveIntegerField(null=True, blank=True)
    occurred_on = models.DateField()
    status_code = models.CharField(max_length=1)
    balance = models.DecimalField(max_digits=14, decimal_places=2)
    amount_due = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    amount_paid = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    overdue_amount = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    overdue_periods = models.PositiveIntegerField(default=0)
    state = models.CharField(max_length=10, choices=RecordState.choices)
    errors = models.JSONField(default=list)  # the bureau's [{code, message}]
    replaces = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="replaced_by"
    )
    correction_reason = models.CharField(max_length=200, blank=True, default="")
    file = models.ForeignKey(
        "CreditReportFile", null=True, blank=True, on_delete=models.PROTECT, related_name="records"
    )
    settlement = models.ForeignKey(
        "CreditSettlement",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="records",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["account_id", "occurred_on", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["account", "key"],
                condition=Q(state__in=LIVE_STATES),
                name="credit_record_live_key",
            ),
            models.CheckConstraint(
                condition=Q(balance__gte=0) & Q(overdue_amount__gte=0),
                name="credit_record_amounts",
            ),
        ]
        indexes = [
            models.Index(fields=["state", "occurred_on"], name="credit_record_state_idx"),
        ]


class CreditReportFile(ProviderOperation):
    """A report file: the XML (a private file), its SHA-256, the records it carries, and what
    the bureau made of it."""

    WAITING = ("submitted",)
    REFERENCE = "file_no"
    KIND = "credit_report_file"

    class Status(models.TextChoices):
        GENERATED = "generated", "已生成"
        SUBMITTED = "submitted", "已报送"
        ACCEPTED = "accepted", "全部接收"
        PARTIAL = "partial", "部分退回"
        REJECTED = "rejected", "被退回"

    file_no = models.CharField(max_length=40, unique=True)
    period = models.CharField(max_length=7)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.GENERATED)
    stored_file_id = models.BigIntegerField()
    file_name = models.CharField(max_length=100)
    sha256 = models.CharField(max_length=64)
    size = models.PositiveIntegerField()
    record_count = models.PositiveIntegerField()
    failure_reason = models.CharField(
        max_length=60, blank=True, default="", db_column="feedback_reason"
    )
    accepted_count = models.PositiveIntegerField(default=0)
    rejected_count = models.PositiveIntegerField(default=0)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    submitted_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [idempotency_unique("credit_report_file_idempotency")]


class CreditSettlement(models.Model):
    """A month-end settlement report: each open D1 account's status at the month's end,
    drafted (settleDataReport), confirmed to go out with the next file (settleReportConfirm)
    or taken back before it did (settleRecovery)."""

    class Status(models.TextChoices):
        DRAFT = "draft", "待确认"
        CONFIRMED = "confirmed", "已确认"
        RECOVERED = "recovered", "已撤回"

    batch_no = models.CharField(max_length=40, unique=True)
    period = models.CharField(max_length=7)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    record_count = models.PositiveIntegerField(default=0)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["period"],
                condition=Q(status__in=["draft", "confirmed"]),
                name="credit_settlement_live_period",
            )
        ]
