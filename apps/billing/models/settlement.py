"""The shop's finance settings and the night's statements: what became withdrawable, cycle
by cycle."""

from __future__ import annotations

from django.db import models


class FinanceSetting(models.Model):
    """The shop's finance settings (one row). An empty field follows the platform's default
    (settings.FINANCE_DEFAULTS)."""

    late_fee_rate_early = models.DecimalField(
        max_digits=6, decimal_places=4, null=True, blank=True
    )  # percent of the unpaid amount per day, up to `late_fee_tier_days` days overdue
    late_fee_rate_late = models.DecimalField(max_digits=6, decimal_places=4, null=True, blank=True)
    reminder_days_before = models.PositiveSmallIntegerField(null=True, blank=True)
    updated_at = models.DateTimeField(null=True, blank=True)
    actor_account_id = models.BigIntegerField(null=True, blank=True)


class Statement(models.Model):
    """The settlement of one cycle (`settlement_cycle` of the terms in force when it
    closes): every movement of money at the provider not yet settled up to `period_end`,
    less commission and refunds. Its net moves to the withdrawable balance when it closes."""

    class Status(models.TextChoices):
        CLOSED = "closed", "已结算"
        HELD = "held", "待抵扣"  # refunds exceed what is withdrawable: retried next run

    period_start = models.DateField()
    period_end = models.DateField()
    cycle = models.CharField(max_length=16)
    status = models.CharField(max_length=8, choices=Status.choices)
    received = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    refunded = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    commission = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    net = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    payments = models.PositiveIntegerField(default=0)
    closed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-period_end", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["period_end"], name="statement_period_unique"),
        ]


class StatementLine(models.Model):
    """One journal a statement settles (a journal is settled once: unique)."""

    statement = models.ForeignKey(Statement, on_delete=models.PROTECT, related_name="lines")
    journal_id = models.BigIntegerField(unique=True)
    kind = models.CharField(max_length=40)
    order_id = models.BigIntegerField(null=True, blank=True)
    amount = models.DecimalField(max_digits=14, decimal_places=2)  # + in, - out
    booked_at = models.DateTimeField()

    class Meta:
        ordering = ["booked_at", "id"]
