"""One provider operation: a request of ours to an outside service whose result comes later.

A bill payment, a refund, an early settlement, a deposit operation, a credit query, a credit
report file, a notarization, a risk recharge and a withdrawal's payout are each one row of a
model built on `ProviderOperation` (the shared fields) and confirmed by `operation_sync` (the
one routine every `*_sync` runs). Each operation keeps only what is its own: its number, its
amounts, its statuses, how it asks the provider and what a final result does (its `apply`).

docs/architecture.md, "One provider operation".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from django.db import connection, models, transaction
from django.db.models.functions import Now

from zulin.core.idempotency import idempotency_unique as idempotency_unique

from .interfaces import ProviderError


class ProviderOperation(models.Model):
    """The shared fields of a provider operation. A model may narrow a field (its own status
    choices, a shorter reason) or keep its older column under the shared name (`db_column`).

    `WAITING` are the statuses in which the provider's result is awaited; `REFERENCE` names
    the field holding our request number (what the provider knows the operation by)."""

    WAITING: ClassVar[tuple[str, ...]] = ("processing",)
    REFERENCE: ClassVar[str] = "out_no"
    # The kind an operator reads in the list of operations stuck (`stuck_operations`), and
    # for a public-schema operation the path to its merchant's slug.
    KIND: ClassVar[str] = ""
    MERCHANT: ClassVar[str] = ""

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


class Answered(Protocol):
    """What a provider answers about an operation: `processing` until it is final."""

    @property
    def status(self) -> str: ...


Op = TypeVar("Op", bound=ProviderOperation)
Answer = TypeVar("Answer", bound=Answered)


def operation_id_next(model: type[models.Model]) -> int:
    """The id the next row of `model` will be created with (pass it as `id=`), taken from its
    table's sequence: a request number built from it is unique by construction. A number
    counted from rows is not (a failed request left out of the count, a row never kept), and
    its reuse answered IntegrityError for good."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT nextval(pg_get_serial_sequence(%s, 'id'))", [model._meta.db_table])
        row = cursor.fetchone()
    return int(row[0])


def answered(answer: Answered) -> bool:
    """A final answer: anything but `processing` (payments, the bureau, the notary alike)."""
    return str(answer.status) != "processing"


@dataclass(frozen=True)
class Synced(Generic[Op]):
    """What one sync did: the row as it stands, what `apply` (or `pending`) answered, and
    whether this call applied a final result."""

    row: Op
    applied: Any = None
    final: bool = False
    error: ProviderError | None = None


def _raise(row: ProviderOperation, error: ProviderError) -> Any:
    raise error


def operation_sync(
    locked: Callable[[], Op | None],
    *,
    ask: Callable[[Op], Answer],
    apply: Callable[[Op, Answer], Any],
    pending: Callable[[Op, Answer], Any] | None = None,
    failed: Callable[[Op, ProviderError], Any] = _raise,
    waiting: Callable[[Op], bool] | None = None,
    final: Callable[[Answer], bool] = answered,
) -> Synced[Op] | None:
    """Confirms one operation, in one transaction:

    1. `locked()` takes the row with its lock (after whatever the operation's lock order
       puts first: the order, the bill); None when there is no such operation.
    2. A row no longer waiting (`waiting`, by default its status in `WAITING`) answers as
       it stands: its result was applied once already (a replayed callback, a second
       sync), so nothing is asked and nothing changes.
    3. Otherwise the provider is asked (`ask`) and the attempt counted. A `ProviderError` is
       recorded as the row's last error and handed to `failed` (by default raised again: a
       call a person made answers it, and its transaction rolls back with it).
    4. A final answer goes to `apply`, the operation's own: under the row's lock and only
       while it waits, so exactly once; one still processing to `pending` (e.g. to keep the
       provider's number)."""
    with transaction.atomic():
        row = locked()
        if row is None:
            return None
        if not (row.waiting if waiting is None else waiting(row)):
            return Synced(row)
        row.attempts += 1
        try:
            answer = ask(row)
        except ProviderError as error:
            _note(row, f"{error.code}: {error.reason}")
            return Synced(row, failed(row, error), error=error)
        _note(row, "")
        if not final(answer):
            return Synced(row, pending(row, answer) if pending else None)
        return Synced(row, apply(row, answer), final=True)


def _note(row: ProviderOperation, error: str) -> None:
    """The attempt and its error, written at once (an `apply` may save the row again)."""
    row.last_error = error[: type(row)._meta.get_field("last_error").max_length]
    type(row)._default_manager.filter(pk=row.pk).update(
        attempts=models.F("attempts") + 1, last_error=row.last_error
    )
