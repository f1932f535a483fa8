"""The double-entry ledger: accounts, journals (one money movement each) and their entries.

The same tables live in every merchant schema (the merchant's books) and in public (the
platform's books). Journals and entries are only ever added: a PostgreSQL trigger refuses
UPDATE and DELETE on them (migration 0001) and the models offer no path to either; a mistake
is corrected by a reversing journal (`ledger_reverse`).
"""

from __future__ import annotations

from typing import Any, NoReturn

from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.models import Q


class AccountType(models.TextChoices):
    ASSET = "asset", "资产"
    LIABILITY = "liability", "负债"
    EQUITY = "equity", "所有者权益"
    INCOME = "income", "收入"
    EXPENSE = "expense", "费用"


class Side(models.TextChoices):
    DEBIT = "debit", "借"
    CREDIT = "credit", "贷"


class LedgerAccount(models.Model):
    """One account of the chart (`sub_key` empty) or a sub-ledger of it (`sub_key` such as
    `order:42`, `parent` the chart account). `balance` is kept on the account's normal side
    (a debit-normal asset: debits − credits) and changed only by posting, under the row lock;
    `ledger_check` compares it with the sum of the entries."""

    code = models.CharField(max_length=40)
    sub_key = models.CharField(max_length=64, blank=True, default="")
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="sub_accounts"
    )
    name_zh = models.CharField(max_length=60)
    name_en = models.CharField(max_length=80)
    type = models.CharField(max_length=10, choices=AccountType.choices)
    normal_side = models.CharField(max_length=6, choices=Side.choices)
    # False: a posting that would take the balance below zero is refused (frozen deposits,
    # withdrawable cash); the CHECK below holds it even against a bug in the service.
    may_go_negative = models.BooleanField(default=True)
    balance = models.DecimalField(max_digits=16, decimal_places=2, default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "ledger_account"
        ordering = ["code", "sub_key"]
        constraints = [
            models.UniqueConstraint(fields=["code", "sub_key"], name="ledger_account_code_uniq"),
            models.CheckConstraint(
                condition=Q(sub_key="", parent__isnull=True)
                | (~Q(sub_key="") & Q(parent__isnull=False)),
                name="ledger_account_sub_has_parent",
            ),
            models.CheckConstraint(
                condition=Q(may_go_negative=True) | Q(balance__gte=0),
                name="ledger_account_not_negative",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.code}/{self.sub_key}" if self.sub_key else self.code


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs: Any) -> NoReturn:
        raise TypeError("ledger rows are immutable; post a reversing journal")

    def delete(self) -> NoReturn:
        raise TypeError("ledger rows are immutable; post a reversing journal")


class AppendOnly(models.Model):
    """Rows that are added, never changed or removed (the database trigger agrees)."""

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise TypeError("ledger rows are immutable; post a reversing journal")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("ledger rows are immutable; post a reversing journal")


class Journal(AppendOnly):
    """One money movement: balanced entries posted together. `reference` is its idempotency
    key; the dimensions tie it to the business records it belongs to.

    Two dates beside the booking time (`created_at`): `moved_on`, the China date the money
    moved (the provider's finish time, an offline receipt's day, the payout's), and
    `counted_on`, the day its figures count in — `moved_on`, unless that day was already
    closed (`LedgerClose`) when the journal was booked: then the first open day. Statements,
    daily money totals and the data centre cut by `counted_on`; reconciliation with the
    provider by `moved_on`."""

    reference = models.CharField(max_length=100, unique=True)
    kind = models.CharField(max_length=40)
    memo = models.CharField(max_length=200, blank=True, default="")
    order_id = models.BigIntegerField(null=True, blank=True)
    bill_id = models.BigIntegerField(null=True, blank=True)
    payment_reference = models.CharField(max_length=64, blank=True, default="")
    meta = models.JSONField(default=dict, blank=True, encoder=DjangoJSONEncoder)
    reversal_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="reversed_by"
    )
    actor_account_id = models.BigIntegerField(null=True, blank=True)
    actor_name = models.CharField(max_length=50, blank=True, default="")
    actor_side = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    moved_on = models.DateField()
    counted_on = models.DateField()

    class Meta:
        db_table = "ledger_journal"
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["order_id"], name="ledger_journal_order_idx"),
            models.Index(fields=["bill_id"], name="ledger_journal_bill_idx"),
            models.Index(fields=["counted_on"], name="ledger_journal_counted_idx"),
            models.Index(fields=["moved_on"], name="ledger_journal_moved_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(counted_on__gte=models.F("moved_on")),
                name="ledger_journal_counted_not_before_moved",
            ),
        ]

    def __str__(self) -> str:
        return self.reference


class Entry(AppendOnly):
    """One side of a journal on one account: a positive amount, debit or credit."""

    journal = models.ForeignKey(Journal, on_delete=models.PROTECT, related_name="entries")
    account = models.ForeignKey(LedgerAccount, on_delete=models.PROTECT, related_name="entries")
    side = models.CharField(max_length=6, choices=Side.choices)
    amount = models.DecimalField(max_digits=14, decimal_places=2)

    class Meta:
        db_table = "ledger_entry"
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="ledger_entry_amount_positive"),
            models.CheckConstraint(
                condition=Q(side__in=["debit", "credit"]), name="ledger_entry_side_valid"
            ),
        ]


class LedgerClose(models.Model):
    """How far the books of this schema are closed: days up to `closed_through` are final.
    One row (made by the migration). A closing (`ledger_close_through`: the nightly
    reconciliation of a day, a settlement statement at its period's end) locks it FOR UPDATE;
    every posting reads it FOR KEY SHARE, so no journal lands in a day while it closes."""

    closed_through = models.DateField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.CharField(max_length=60, blank=True, default="")

    class Meta:
        db_table = "ledger_close"
