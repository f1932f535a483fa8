"""Bills due per merchant per day (public schema): what the platform's data centre reads
for rent and buyout due and the overdue rate, without entering any merchant's schema.

Written only by `apps.billing.projection.due_days_project` (a job per merchant,
`billing.due_days_refresh`): bills change in many places (made at signing, moved by delivery,
paid, cancelled), so, as with `MerchantMoneyDay`, the rows are recomputed from the bills
rather than kept by each change; they lag the bills by up to the job's interval."""

from __future__ import annotations

from django.db import models

from tenants.merchants.models import Merchant


class MerchantDueDay(models.Model):
    class Kind(models.TextChoices):
        LEASE = "lease", "租金"
        BUYOUT = "buyout", "买断尾款"

    merchant = models.ForeignKey(Merchant, on_delete=models.PROTECT, related_name="+")
    day = models.DateField()  # the bills' due date
    kind = models.CharField(max_length=8, choices=Kind.choices)
    bills = models.IntegerField(default=0)
    rent_due = models.DecimalField(max_digits=16, decimal_places=2, default=0)  # bills' rent
    amount_due = models.DecimalField(max_digits=16, decimal_places=2, default=0)  # with add-ons
    # Of `amount_due`, what was still unpaid when the row was refreshed.
    outstanding = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    refreshed_at = models.DateTimeField()

    class Meta:
        ordering = ["day", "merchant_id", "kind"]
        constraints = [
            models.UniqueConstraint(
                fields=["merchant", "day", "kind"], name="merchant_due_day_unique"
            )
        ]
        indexes = [models.Index(fields=["day", "kind"], name="merchant_due_day_idx")]


AGING_BUCKETS = ("M1", "M2", "M3", "M3+")


class MerchantAging(models.Model):
    """A merchant's open recovery cases per bucket (public schema): what the platform's aging
    (`getPlatformAging`) reads without entering any merchant's schema.

    Written only by `apps.recovery.projection.aging_project`, at the end of every refresh of
    the merchant's cases (the nightly `recovery.night`, a payment's outcome): the merchant's
    four rows are replaced together, each the sum of its open cases in that bucket as the
    shop's own `getRecoveryCount` answers it. A bucket without cases keeps a row of zeros, so
    every merchant the run reached shows its day (`as_of`)."""

    merchant = models.ForeignKey(Merchant, on_delete=models.PROTECT, related_name="+")
    bucket = models.CharField(max_length=4)  # AGING_BUCKETS
    cases = models.IntegerField(default=0)  # open cases
    rent_owed = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    late_fee_owed = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    charges_owed = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    total_owed = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    as_of = models.DateField()  # the run's China day
    refreshed_at = models.DateTimeField()

    class Meta:
        ordering = ["merchant_id", "bucket"]
        constraints = [
            models.UniqueConstraint(fields=["merchant", "bucket"], name="merchant_aging_unique")
        ]
