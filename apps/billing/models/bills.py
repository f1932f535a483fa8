"""A lease's instalment bills and what is added to them or forgiven on them: the day's late
fees, waivers and reminders."""

from __future__ import annotations

from django.db import models
from django.db.models import Q


class BillStatus(models.TextChoices):
    UNPAID = "unpaid", "待支付"
    PAYING = "paying", "支付中"
    PAID = "paid", "已支付"
    CANCELLED = "cancelled", "已取消"
    # Written off by the shop after long past due (apps.recovery: `writeOffDebt`): closed in
    # the shop's collection, still owed by the customer, so the one settling path still
    # takes its payment (then `recovered_after_write_off`). Not a waiver: nothing forgiven.
    WRITTEN_OFF = "written_off", "已核销"


class BillKind(models.TextChoices):
    LEASE = "lease", "租金"
    PURCHASE = "purchase", "购买款"
    BUYOUT = "buyout", "买断款"
    # Charges that outlive the lease (`charges.py`): owed once the goods are back.
    DAMAGE = "damage", "损坏赔偿"
    TERMINATION = "termination", "提前退租违约金"


# Charges: no late fee accrues on them and no commission is taken of them.
CHARGE_KINDS = (BillKind.DAMAGE.value, BillKind.TERMINATION.value)


class Bill(models.Model):
    """One instalment of a lease (or the one payment of a purchase, `kind` purchase), or a
    charge owed after it (`kind` damage, termination: `charges.py`), numbered after the
    instalments."""

    order_id = models.BigIntegerField()
    kind = models.CharField(max_length=12, choices=BillKind.choices, default=BillKind.LEASE)
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
    status = models.CharField(max_length=12, choices=BillStatus.choices, default=BillStatus.UNPAID)
    # One trade number per bill, whatever the number of attempts: the provider answers the
    # same trade for a retry, so a bill is never charged twice.
    out_trade_no = models.CharField(max_length=48, unique=True)
    paid_at = models.DateTimeField(null=True, blank=True)
    paid_by = models.CharField(max_length=16, blank=True, default="")  # withhold, deposit …
    # Late fees (finance.latefees): accrued day by day while overdue (the days are
    # `BillLateFee` rows; this is their sum), never above `amount`; waived with a reason;
    # paid before the rent by the payment that settles the bill.
    late_fee = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    late_fee_waived = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    late_fee_paid = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # The night that found the bill past due first and wrote its `bill.overdue` (once,
    # whatever its late fee: a shop charging none still learns it; `latefees.py`).
    overdue_noted_on = models.DateField(null=True, blank=True)
    # Rent forgone when the lease was settled early (`early.py`): the bill is paid with
    # `paid_amount` = `amount` - `discount`.
    discount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # What waivers forgave of the principal (`charges.bill_waive`, each with a `BillWaiver`):
    # a part (the rest stays owed), or all that was left, and the bill is then cancelled
    # (its late fee forgiven goes to `late_fee_waived`).
    waived_amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    waived_at = models.DateTimeField(null=True, blank=True)
    # A write-off (`charges.bills_write_off`): what the bill still owed then (principal and
    # late fee), when; and what money that came later paid of it (the one settling path).
    written_off_amount = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    written_off_at = models.DateTimeField(null=True, blank=True)
    recovered_after_write_off = models.DecimalField(max_digits=12, decimal_places=2, default=0)
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
            # The data centre: rent due and the overdue rate of a period, from the index alone.
            models.Index(
                fields=["kind", "due_date"],
                include=["rent", "amount", "paid_amount", "waived_amount", "status", "sub_shop_id"],
                name="bill_kind_due",
            ),
        ]
        constraints = [
            models.UniqueConstraint(fields=["order_id", "period"], name="bill_order_period_unique"),
            # Paid and forgiven never pass what the bill asks.
            models.CheckConstraint(
                condition=Q(waived_amount__gte=0)
                & Q(paid_amount__lte=models.F("amount") - models.F("waived_amount")),
                name="bill_paid_within_amount",
            ),
            models.CheckConstraint(
                condition=Q(discount__gte=0)
                & Q(
                    discount__lte=models.F("amount")
                    - models.F("paid_amount")
                    - models.F("waived_amount")
                ),
                name="bill_discount_within_amount",
            ),
            models.CheckConstraint(
                condition=Q(late_fee__lte=models.F("amount"))
                & Q(late_fee_waived__gte=0)
                & Q(late_fee_paid__gte=0)
                & Q(late_fee__gte=models.F("late_fee_waived") + models.F("late_fee_paid")),
                name="bill_late_fee_within_cap",
            ),
        ]

    @property
    def late_fee_owed(self):  # type: ignore[no-untyped-def]
        return self.late_fee - self.late_fee_waived - self.late_fee_paid

    @property
    def rent_owed(self):  # type: ignore[no-untyped-def]
        """The principal (rent, add-ons, fee, or the charge) neither paid nor forgiven."""
        return self.amount - self.paid_amount - self.waived_amount


class BillLateFee(models.Model):
    """One day's late fee of an overdue bill: at most one row per bill per day (the nightly
    run and its re-runs add each day once)."""

    bill = models.ForeignKey(Bill, on_delete=models.PROTECT, related_name="late_fees")
    day = models.DateField()
    days_overdue = models.PositiveIntegerField()
    base = models.DecimalField(max_digits=12, decimal_places=2)  # the unpaid amount that day
    rate = models.DecimalField(max_digits=6, decimal_places=4)  # percent per day
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["bill_id", "day"]
        constraints = [
            models.UniqueConstraint(fields=["bill", "day"], name="bill_late_fee_day_unique"),
            models.CheckConstraint(condition=Q(amount__gt=0), name="bill_late_fee_positive"),
        ]


class LateFeeWaiver(models.Model):
    """Late fee of a bill forgone, with the reason and who decided it."""

    bill = models.ForeignKey(Bill, on_delete=models.PROTECT, related_name="waivers")
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    reason = models.CharField(max_length=300)
    idempotency_key = models.CharField(max_length=64, blank=True, default="")
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="late_fee_waiver_positive"),
            models.UniqueConstraint(
                fields=["idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="late_fee_waiver_idempotency",
            ),
        ]


class BillWaiver(models.Model):
    """What of a bill's debt was forgone, with a reason, by a role allowed to
    (`finance.waive`; `charges.bill_waive`): all it still owed (the only way an owed bill is
    cancelled), or a part of its principal (a negotiated part of a damage charge; the rest
    stays owed). A bill may have several, the last of them the one that cancelled it."""

    bill = models.ForeignKey(Bill, on_delete=models.PROTECT, related_name="debt_waivers")
    order_id = models.BigIntegerField(db_index=True)
    principal = models.DecimalField(max_digits=12, decimal_places=2)
    late_fee = models.DecimalField(max_digits=12, decimal_places=2)
    # All the bill still owed (it was cancelled), or a part of its principal.
    whole = models.BooleanField(default=True)
    reason = models.CharField(max_length=300)
    idempotency_key = models.CharField(max_length=64, blank=True, default="")
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(principal__gte=0) & Q(late_fee__gte=0), name="bill_waiver_amounts"
            ),
            # A part forgives some principal, never a late fee (`waiveLateFee` does that).
            models.CheckConstraint(
                condition=Q(whole=True) | (Q(principal__gt=0) & Q(late_fee=0)),
                name="bill_waiver_part",
            ),
            models.UniqueConstraint(
                fields=["idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="bill_waiver_idempotency",
            ),
        ]


class BillReminder(models.Model):
    """A reminder SMS of a bill: at most one of each kind per bill. The row is committed
    before the message is sent, so a run killed in between never sends it twice."""

    class Kind(models.TextChoices):
        DUE_SOON = "due_soon", "到期提醒"
        OVERDUE = "overdue", "逾期提醒"

    class Status(models.TextChoices):
        SENDING = "sending", "发送中"
        SENT = "sent", "已发送"
        FAILED = "failed", "发送失败"

    bill = models.ForeignKey(Bill, on_delete=models.PROTECT, related_name="reminders")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SENDING)
    provider_reference = models.CharField(max_length=64, blank=True, default="")
    failure_reason = models.CharField(max_length=300, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(fields=["bill", "kind"], name="bill_reminder_once"),
        ]
