"""The shop's one overdue ladder (docs/zhima.md): ordered steps, each a condition on how far
an order is past due and one action; and each order's place on it."""

from __future__ import annotations

from django.db import models


class LadderAction(models.TextChoices):
    REMINDER = "reminder", "逾期提醒"
    WITHHOLD_RETRY = "withhold_retry", "重试代扣"
    LATE_FEE_ON = "late_fee_on", "开始计收滞纳金"
    CREDIT_NOTICE = "credit_notice", "报送前告知"
    CREDIT_VIOLATION = "credit_violation", "同步违约（待人工确认）"
    RECOVERY_CASE = "recovery_case", "催收立案"
    BUREAU_REPORT = "bureau_report", "征信逾期报送"


class OverdueLadder(models.Model):
    """The shop's ladder (one row per shop schema); `version` goes up at every save, so an
    order's state names the version whose step it reached."""

    version = models.PositiveIntegerField(default=1)
    is_default = models.BooleanField(default=True)  # never edited by the shop
    updated_at = models.DateTimeField(auto_now=True)
    actor_account_id = models.BigIntegerField(null=True, blank=True)


class OverdueStep(models.Model):
    """One step: reached when the order's oldest unpaid bill is `days_past_due` or more China
    days past its due day, and (when set) at least `min_amount` is past due over at least
    `min_bills` bills. `params` are the action's (a reminder's template and channel)."""

    ladder = models.ForeignKey(OverdueLadder, on_delete=models.CASCADE, related_name="steps")
    position = models.PositiveSmallIntegerField()
    days_past_due = models.PositiveSmallIntegerField()
    min_amount = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)
    min_bills = models.PositiveSmallIntegerField(null=True, blank=True)
    action = models.CharField(max_length=20, choices=LadderAction.choices)
    params = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["ladder", "position"], name="overdue_step_position"),
        ]


class OverdueStanding(models.TextChoices):
    CLEAR = "clear", "未逾期"
    OVERDUE = "overdue", "逾期中"


class OverdueState(models.Model):
    """An order's place on the ladder: the highest step reached and when (moved only through
    `ladder.OVERDUE_STATE_MACHINE`); back to clear when nothing is past due."""

    order_id = models.BigIntegerField(unique=True)
    status = models.CharField(
        max_length=10, choices=OverdueStanding.choices, default=OverdueStanding.CLEAR
    )
    step_position = models.PositiveSmallIntegerField(null=True, blank=True)
    step_action = models.CharField(max_length=20, blank=True, default="")
    step_days = models.PositiveSmallIntegerField(null=True, blank=True)
    ladder_version = models.PositiveIntegerField(null=True, blank=True)
    reached_on = models.DateField(null=True, blank=True)  # China day
    reached_at = models.DateTimeField(null=True, blank=True)
    oldest_due_on = models.DateField(null=True, blank=True)
    days_past_due = models.PositiveIntegerField(default=0)
    cleared_at = models.DateTimeField(null=True, blank=True)
    # The reminder steps (by their days past due: one reminder a day at most) that went in
    # this overdue episode, each once; emptied when the order clears.
    reminders_sent = models.JSONField(default=list, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
