"""One provider operation: a request of ours to an outside service whose result comes later.

A bill payment, a refund, an early settlement, a deposit operation, a credit query, a credit
report file, a notarization, a risk recharge and a withdrawal's payout are each one row of a
model built on `ProviderOperation` (the shared fields) and confirmed by `operation_sync` (the
one routine every `*_sync` runs). Each operation keeps only what is its own: its number, its
amounts, its statuses, how it asks the provider and what a final result does (its `apply`).

docs/architecture.md, "One provider operation".
"""

from __future__ import annotations

from typing import ClassVar

from django.db import models
from django.db.models import Q
from django.db.models.functions import Now


class ProviderOperation(models.Model):
    """The shared fields of a provider operation. A model may narrow a field (its own status
    choices, a shorter reason) or keep its older column under the shared name (`db_column`).

    `WAITING` are the statuses in which the provider's result is awaited; `REFERENCE` names
    the field holding our request number (what the provider knows the operation by)."""

    WAITING: ClassVar[tuple[str, ...]] = ("processing",)
    REFERENCE: ClassVar[str] = "out_no"
    # The kind an operator reads in the list of operations stuck (`stuck_operations`).
    KIND: ClassVar[str] = ""

    status = models.CharField(max_length=16)
    failure_reason = models.CharField(max_length=300, blank=True, default="")
    idempotency_key = models.CharField(max_length=64, blank=True, default="")
    # The provider's own number for the operation (its trade, case, flow …).
    provider_reference = models.CharField(max_length=64, blank=True, default="")
    # Times the provider was asked about it, and the last failure to get an answer.
    # The new columns carry their default in the database too: rows written by SQL (the
    # benchmarks' bulk data) need not name them.
    attempts = models.IntegerField(default=0, db_default=0)
    last_error = models.CharField(max_length=300, blank=True, default="", db_default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True, db_default=Now())

    class Meta:
        abstract = True

    @property
    def waiting(self) -> bool:
        return self.status in self.WAITING

    @property
    def reference(self) -> str:
        return str(getattr(self, self.REFERENCE))


def idempotency_unique(
    name: str, *scope: str, blank_allowed: bool = True
) -> models.UniqueConstraint:
    """The unique constraint of an operation's idempotency key (within `scope`: a merchant's
    keys in the public schema), named by the model. A key left blank (a call that sent none)
    is no key."""
    return models.UniqueConstraint(
        fields=[*scope, "idempotency_key"],
        condition=~Q(idempotency_key="") if blank_allowed else None,
        name=name,
    )
