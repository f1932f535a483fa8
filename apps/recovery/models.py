"""Recovery: a case per order past due (one open at a time, the closed ones kept as its
history), the contacts made, the customer's promises to pay, and the shop's settings.

Orders and bills are the orders' and billing's (`apps.orders`, `apps.billing`): a case keeps
the order's id, number, sub-shop and customer as it found them, and the amounts owed as of
its last refresh (the nightly run, a failed payment, a payment or waiver seen by the run)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from zulin.core.idempotency import idempotency_unique


class CaseState(models.TextChoices):
    OPEN = "open", "跟进中"
    CLOSED = "closed", "已结案"
    # Closed by a write-off (`writeOffDebt`): the debt stays the customer's; what comes later
    # is recovered after write-off.
    WRITTEN_OFF = "written_off", "已核销"


class Bucket(models.TextChoices):
    M1 = "M1", "M1"
    M2 = "M2", "M2"
    M3 = "M3", "M3"
    M3_PLUS = "M3+", "M3+"


class AssignmentRule(models.TextChoices):
    ROUND_ROBIN = "round_robin", "按账龄轮流分配"
    BY_SUB_SHOP = "by_sub_shop", "按子商户分配"


class RecoverySetting(models.Model):
    """The shop's recovery settings (one row, pk 1)."""

    m1_max_days = models.PositiveIntegerField(default=30)
    m2_max_days = models.PositiveIntegerField(default=60)
    m3_max_days = models.PositiveIntegerField(default=90)
    reminders_per_day = models.PositiveIntegerField(default=1)
    assignment_rule = models.CharField(
        max_length=12, choices=AssignmentRule.choices, default=AssignmentRule.ROUND_ROBIN
    )
    # by_sub_shop: sub-shop id (as text) → the collector's account id.
    sub_shop_collectors = models.JSONField(default=dict)
    # bucket → the message template of its automatic reminder (apps.service's codes).
    bucket_templates = models.JSONField(default=dict)
    # round_robin: bucket → the account id of the collector given the last case.
    round_robin_last = models.JSONField(default=dict)
    # A case may be written off once this many days past due (`writeOffDebt`).
    write_off_after_days = models.PositiveIntegerField(default=180)
    updated_at = models.DateTimeField(auto_now=True)


class RecoveryCase(models.Model):
    order_id = models.BigIntegerField()
    order_no = models.CharField(max_length=32)
    sub_shop_id = models.BigIntegerField(null=True, blank=True)
    customer_id = models.BigIntegerField()
    customer_hash = models.CharField(max_length=64)  # the ID number's lookup hash
    state = models.CharField(max_length=12, choices=CaseState.choices, default=CaseState.OPEN)
    opened_on = models.DateField()
    closed_on = models.DateField(null=True, blank=True)
    close_reason = models.CharField(max_length=100, blank=True, default="")
    oldest_due_on = models.DateField(null=True, blank=True)
    days_past_due = models.PositiveIntegerField(default=0)
    bucket = models.CharField(max_length=4, choices=Bucket.choices, default=Bucket.M1)
    rent_owed = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    late_fee_owed = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    charges_owed = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    total_owed = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    assignee_account_id = models.BigIntegerField(null=True, blank=True)
    assignee_name = models.CharField(max_length=50, blank=True, default="")
    assigned_at = models.DateTimeField(null=True, blank=True)
    priority = models.PositiveSmallIntegerField(default=0)  # higher first
    broken_promises = models.PositiveIntegerField(default=0)
    next_action_on = models.DateField(null=True, blank=True)
    refreshed_on = models.DateField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["next_action_on", "-priority", "id"]
        indexes = [
            models.Index(fields=["state", "bucket"], name="recovery_state_bucket"),
            models.Index(fields=["assignee_account_id", "state"], name="recovery_assignee"),
            models.Index(fields=["sub_shop_id", "state"], name="recovery_sub_shop"),
            models.Index(fields=["order_id"], name="recovery_order"),
            models.Index(fields=["next_action_on", "-priority", "id"], name="recovery_list_order"),
            # The workbench's default list (open cases, next action first): page 500 of 10,000
            # is an index-only walk instead of a sort of every open case (benchmarks/recovery.py).
            models.Index(
                fields=["next_action_on", "-priority", "id"],
                name="recovery_open_list",
                condition=Q(state="open"),
            ),
            # A collector's own open cases, in the same order.
            models.Index(
                fields=["assignee_account_id", "next_action_on", "-priority", "id"],
                name="recovery_open_assignee_list",
                condition=Q(state="open"),
            ),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["order_id"], condition=Q(state="open"), name="recovery_one_open_per_order"
            ),
            models.CheckConstraint(
                condition=Q(total_owed__gte=0), name="recovery_total_owed_not_negative"
            ),
        ]


class ContactChannel(models.TextChoices):
    CALL = "call", "电话"
    SMS = "sms", "短信"
    VISIT = "visit", "上门"
    LETTER = "letter", "信函"


class ContactOutcome(models.TextChoices):
    REACHED = "reached", "已联系上"
    NO_ANSWER = "no_answer", "无人接听"
    WRONG_NUMBER = "wrong_number", "号码错误"
    PROMISED = "promised", "承诺还款"
    REFUSED = "refused", "拒绝还款"
    DISPUTES = "disputes", "对欠款有异议"
    PAID_ELSEWHERE = "paid_elsewhere", "称已通过其他方式还款"


class ContactRecord(models.Model):
    case = models.ForeignKey(RecoveryCase, on_delete=models.PROTECT, related_name="contacts")
    channel = models.CharField(max_length=8, choices=ContactChannel.choices)
    outcome = models.CharField(max_length=16, choices=ContactOutcome.choices)
    note = models.CharField(max_length=500, blank=True, default="")
    contacted_at = models.DateTimeField()
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    # The request's key (`addContactRecord`): asked again, it answers this record.
    idempotency_key = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-contacted_at", "-id"]
        constraints = [idempotency_unique("recovery_contact_key_unique")]


class PromiseState(models.TextChoices):
    PENDING = "pending", "待兑现"
    KEPT = "kept", "已兑现"
    BROKEN = "broken", "已违约"


class PromiseToPay(models.Model):
    case = models.ForeignKey(RecoveryCase, on_delete=models.PROTECT, related_name="promises")
    promised_on = models.DateField()
    amount = models.DecimalField(max_digits=14, decimal_places=2)
    # What the order had paid in all when the promise was made: kept once it paid `amount` more.
    paid_before = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    state = models.CharField(
        max_length=8, choices=PromiseState.choices, default=PromiseState.PENDING
    )
    decided_on = models.DateField(null=True, blank=True)
    note = models.CharField(max_length=300, blank=True, default="")
    idempotency_key = models.CharField(max_length=100, blank=True, default="")
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(
                fields=["promised_on"], name="promise_pending", condition=Q(state="pending")
            )
        ]
        constraints = [
            idempotency_unique("promise_idempotency"),
            models.CheckConstraint(condition=Q(amount__gt=0), name="promise_amount_positive"),
        ]


class WriteOff(models.Model):
    """A case's debt written off (`services.case_write_off`): what its bills still owed
    then, who and why. The bills keep it too (`written_off_amount`); money that comes later
    is income when it arrives, through the one settling path, and marks the bills it pays
    recovered after write-off."""

    case = models.OneToOneField(RecoveryCase, on_delete=models.PROTECT, related_name="write_off")
    order_id = models.BigIntegerField()
    amount = models.DecimalField(max_digits=14, decimal_places=2)
    # [{bill_id, period, kind, amount}] as written off.
    bills = models.JSONField(default=list)
    days_past_due = models.PositiveIntegerField()
    reason = models.CharField(max_length=300)
    idempotency_key = models.CharField(max_length=120, blank=True, default="")
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    written_off_on = models.DateField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            idempotency_unique("write_off_idempotency"),
            models.CheckConstraint(condition=Q(amount__gt=0), name="write_off_amount_positive"),
        ]
