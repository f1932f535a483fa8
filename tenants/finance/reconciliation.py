"""Daily reconciliation of a merchant's money with the payment provider.

`reconcile_day` runs in the merchant's schema (the nightly job `finance.reconcile`, one task
per merchant; the platform's re-run through `governance`): it fetches the provider's
statement of the day (every money operation that ended that day) and compares it with what
the merchant's ledger booked, trade by trade, through the references the postings carry
(`pay:<out_no>` a bill payment, `refund:<out_no>`, `early:<settlement_no>` an early
settlement, `risk-recharge:<recharge_no>` a QR recharge of the risk balance,
`deposit:<out_no>` a deposit freeze, thaw, transfer or its refund,
`withdraw-paid:<withdrawal_no>` a payout):

- missing_in_ledger: the provider succeeded, the ledger has no booking of it (a callback
  lost and never synced; a trade we never asked for);
- missing_at_provider: the ledger booked it, the provider has no such trade;
- status_differs: the ledger booked it, the provider failed it (or has it still processing);
- amount_differs: both have it, with other amounts; or both have the same amount but the
  provider took otherwise than we asked (the settling path books what came and leaves the
  rest owed, and the journal keeps what was asked: `meta.asked`);
- totals_differ: the day's public totals (`money`), refreshed after the day was over, do not
  equal the ledger (they are then made right);
- books_differ: the merchant's books and the platform's sub-ledger of that merchant do not
  mirror each other (`agreement.py`; the detail names each pair and its difference).

A booking of the day the statement does not list is asked about (`query`): one the provider
finished on another day (a callback that arrived after midnight) agrees. Results live in the
public schema: one run per merchant and day, replaced by every run of that day (a difference
found again keeps its resolution); the provider failing marks the run failed, and the job
tries again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from zulin.core.dates import day_start
from zulin.core.db import tenant_connection
from zulin.ledger.models import Entry
from zulin.ledger.services import ledger_close_through
from zulin.providers.interfaces import (
    PaymentOperation,
    PaymentStatus,
    ProviderError,
    StatementRecord,
)
from zulin.providers.payment import get_payment_provider

from .models import (
    MerchantMoneyDay,
    MismatchKind,
    MismatchStatus,
    ReconciliationMismatch,
    ReconciliationRun,
    RunStatus,
)

ZERO = Decimal("0.00")
Op = PaymentOperation

# journal kind → (its reference's prefix, the account its amount is read on, operations)
LEDGER_KINDS: dict[str, tuple[str, str, tuple[PaymentOperation, ...]]] = {
    "bill_payment": ("pay:", "provider_clearing", (Op.PAY, Op.WITHHOLD)),
    "refund": ("refund:", "provider_clearing", (Op.REFUND,)),
    # a lease settled early through the provider: one withhold under the settlement's number
    "early_settlement": ("early:", "provider_clearing", (Op.WITHHOLD, Op.PAY)),
    # a QR recharge of the prepaid risk balance (a transfer recharge is no provider trade)
    "risk_recharge": ("risk-recharge:", "risk_prepaid", (Op.PAY,)),
    "deposit_freeze": ("deposit:", "deposit_frozen", (Op.FREEZE,)),
    "deposit_thaw": ("deposit:", "deposit_frozen", (Op.THAW,)),
    "deposit_transfer": ("deposit:", "provider_clearing", (Op.TRANSFER,)),
    "deposit_refund": ("deposit:", "provider_clearing", (Op.REFUND,)),
    "withdrawal": ("withdraw-paid:", "bank", (Op.PAYOUT,)),
}
PREFIXES: dict[str, tuple[str, ...]] = {}
for _prefix, _account, _operations in LEDGER_KINDS.values():
    for _operation in _operations:
        PREFIXES[_operation] = tuple(dict.fromkeys((*PREFIXES.get(_operation, ()), _prefix)))
# What a re-query can fix: the provider's outcome not yet recorded on our side.
SYNCABLE = frozenset({MismatchKind.MISSING_IN_LEDGER})


@dataclass
class Booked:
    reference: str
    kind: str
    out_no: str
    amount: Decimal
    asked: Decimal | None = None  # what was asked, when the provider took otherwise

    @property
    def operation(self) -> str:
        return str(LEDGER_KINDS[self.kind][2][0])


def _bookings(journals: Q) -> dict[str, Booked]:
    """Bookings of provider trades among the journals `journals` selects, by request number
    (a reversed journal and its reversal book nothing)."""
    entries = (
        Entry.objects.filter(
            journals,
            journal__kind__in=list(LEDGER_KINDS),
            journal__reversal_of__isnull=True,
            journal__reversed_by__isnull=True,
            account__code__in={account for _, account, _ in LEDGER_KINDS.values()},
        )
        .exclude(Q(journal__kind="risk_recharge") & ~Q(journal__meta__method="qr"))
        .values_list(
            "journal__reference",
            "journal__kind",
            "account__code",
            "side",
            "amount",
            "journal__meta__asked",
        )
        .order_by("journal_id", "id")
    )
    found: dict[str, Booked] = {}
    for reference, kind, code, side, amount, asked in entries:
        prefix, account, _ = LEDGER_KINDS[kind]
        if code != account or not reference.startswith(prefix):
            continue
        out_no = reference.removeprefix(prefix)
        booked = found.setdefault(
            out_no, Booked(reference, kind, out_no, ZERO, Decimal(asked) if asked else None)
        )
        booked.amount += amount if side == "debit" else -amount
    for booked in found.values():
        booked.amount = abs(booked.amount)
    return found


def _booked_on(day: date) -> dict[str, Booked]:
    """Bookings of money that moved on `day` (whenever booked): the provider's statement of
    the day lists the trades that finished on it."""
    return _bookings(Q(journal__moved_on=day))


def _booked_as(records: Iterable[tuple[str, str]]) -> dict[str, Booked]:
    """Bookings, on any day, of these (operation, out_no)."""
    references = [
        f"{prefix}{out_no}" for operation, out_no in records for prefix in PREFIXES[operation]
    ]
    if not references:
        return {}
    return _bookings(Q(journal__reference__in=references))


@dataclass
class Finding:
    """One difference, before it is written."""

    kind: str
    operation: str
    out_no: str
    trade_no: str = ""
    provider_status: str = ""
    provider_amount: Decimal | None = None
    ledger_amount: Decimal | None = None
    ledger_reference: str = ""
    detail: str = ""
    asked: Decimal | None = None

    @property
    def difference(self) -> Decimal:
        """The money at stake: what the provider moved (nothing unless it succeeded) against
        what the ledger booked (against what was asked, when the ledger booked what came)."""
        moved = self.provider_amount if self.provider_status == PaymentStatus.SUCCEEDED else None
        expected = self.asked if self.asked is not None else self.ledger_amount
        return abs((moved or ZERO) - (expected or ZERO))


@dataclass
class Comparison:
    findings: list[Finding]
    provider_count: int = 0
    provider_amount: Decimal = ZERO
    ledger_count: int = 0
    ledger_amount: Decimal = ZERO
    matched_count: int = 0
    matched_amount: Decimal = ZERO


def _against(record: Any, booked: Booked | None, *, provider_status: str) -> Finding | None:
    """The provider's word on one trade (a statement line or a query's answer) against its
    booking; None when they agree."""
    common = {
        "operation": str(record.operation),
        "out_no": record.out_no,
        "trade_no": record.trade_no,
        "provider_status": provider_status,
        "provider_amount": record.amount,
        "ledger_amount": booked.amount if booked else None,
        "ledger_reference": booked.reference if booked else "",
    }
    if provider_status == PaymentStatus.SUCCEEDED:
        if booked is None:
            return Finding(MismatchKind.MISSING_IN_LEDGER, **common)
        if booked.amount != record.amount:
            return Finding(MismatchKind.AMOUNT_DIFFERS, **common)
        if booked.asked is not None and booked.asked != record.amount:
            return Finding(
                MismatchKind.AMOUNT_DIFFERS,
                **common,
                asked=booked.asked,
                detail=f"asked {booked.asked}: what came is booked, the rest stays owed",
            )
        return None
    if booked is None:
        return None  # failed on both sides: no money moved
    reason = f": {record.reason}" if getattr(record, "reason", "") else ""
    return Finding(
        MismatchKind.STATUS_DIFFERS, **common, detail=f"provider {provider_status}{reason}"
    )


def trades_compare(*, day: date, statement: list[StatementRecord], provider: Any) -> Comparison:
    """The day's statement against the ledger of the active schema. `provider` answers the
    queries about bookings the statement does not list."""
    listed = {record.out_no: record for record in statement}
    ours = _booked_on(day)
    elsewhere = _booked_as((r.operation, r.out_no) for r in statement if r.out_no not in ours)
    found = Comparison(findings=[], ledger_count=len(ours))
    found.ledger_amount = sum((b.amount for b in ours.values()), ZERO)
    for record in statement:
        if record.status == PaymentStatus.SUCCEEDED:
            found.provider_count += 1
            found.provider_amount += record.amount
        booked = ours.get(record.out_no) or elsewhere.get(record.out_no)
        finding = _against(record, booked, provider_status=str(record.status))
        if finding is not None:
            found.findings.append(finding)
        elif record.status == PaymentStatus.SUCCEEDED:
            found.matched_count += 1
            found.matched_amount += record.amount
    for out_no, booked in sorted(ours.items()):
        if out_no in listed:
            continue
        try:
            answer = provider.query(out_no=out_no)
        except ProviderError as error:
            if error.code != "NOT_FOUND":
                raise
            found.findings.append(
                Finding(
                    MismatchKind.MISSING_AT_PROVIDER,
                    operation=booked.operation,
                    out_no=out_no,
                    ledger_amount=booked.amount,
                    ledger_reference=booked.reference,
                    detail="no such trade at the provider",
                )
            )
            continue
        finding = _against(answer, booked, provider_status=str(answer.status))
        if finding is not None:
            found.findings.append(finding)
        else:  # the provider finished it on another day (booked after midnight)
            found.matched_count += 1
            found.matched_amount += booked.amount
    return found


def _totals_finding(day: date) -> Finding | None:
    """The day's public totals made final from the ledger. A day that was over when its row
    was last refreshed can have gained no journal since, so its row must equal the ledger
    before this refresh: where it does not (a refresh that went wrong, a journal kind not
    counted, a row changed by hand), the difference is reported. A day refreshed while it was
    still open is only refreshed (its later journals are not a fault)."""
    from .money import money_days_check, money_days_refresh

    kept = MerchantMoneyDay.objects.filter(merchant_id=tenant_connection.tenant.pk, day=day).first()
    final = kept is not None and kept.refreshed_at >= day_start(day + timedelta(days=1))
    problems = money_days_check(date_from=day, date_to=day) if final else []
    money_days_refresh(date_from=day, date_to=day)
    if not problems:
        return None
    return Finding(MismatchKind.TOTALS_DIFFER, operation="", out_no="", detail="; ".join(problems))


def _books_finding() -> Finding | None:
    """The merchant's books against the platform's sub-ledger of it (`agreement.py`): a
    difference of any mirror is one finding of the day."""
    from .agreement import books_agreement

    problems = books_agreement(tenant_connection.tenant)
    if not problems:
        return None
    return Finding(MismatchKind.BOOKS_DIFFER, operation="", out_no="", detail="; ".join(problems))


def run_counts_refresh(run: ReconciliationRun) -> None:
    """The run's mismatch counts and status from its rows (the run row is locked)."""
    mismatches = list(run.mismatches.values_list("status", "difference"))
    run.mismatch_count = len(mismatches)
    run.mismatch_amount = sum((difference for _, difference in mismatches), ZERO)
    run.open_count = sum(1 for status, _ in mismatches if status == MismatchStatus.OPEN)
    if run.status != RunStatus.FAILED:
        run.status = (
            RunStatus.MISMATCHED
            if run.open_count
            else RunStatus.RESOLVED
            if run.mismatch_count
            else RunStatus.BALANCED
        )


def _replace(run: ReconciliationRun, findings: list[Finding]) -> None:
    """The run's mismatches become `findings`; one found again keeps its resolution."""
    kept = {
        (row.kind, row.out_no): row for row in run.mismatches.filter(status=MismatchStatus.RESOLVED)
    }
    run.mismatches.all().delete()
    rows = []
    for finding in findings:
        row = ReconciliationMismatch(
            run=run,
            merchant_id=run.merchant_id,
            day=run.day,
            kind=finding.kind,
            operation=finding.operation,
            out_no=finding.out_no,
            trade_no=finding.trade_no,
            provider_status=finding.provider_status,
            provider_amount=finding.provider_amount,
            ledger_amount=finding.ledger_amount,
            ledger_reference=finding.ledger_reference,
            difference=finding.difference,
            detail=finding.detail[:300],
        )
        earlier = kept.get((finding.kind, finding.out_no))
        if earlier is not None:
            for field in ("status", "resolution", "note", "resolved_by_id", "resolved_by_name"):
                setattr(row, field, getattr(earlier, field))
            row.resolved_at = earlier.resolved_at
        rows.append(row)
    ReconciliationMismatch.objects.bulk_create(rows)


def reconcile_day(*, day: date) -> ReconciliationRun:
    """Reconciles the active merchant's `day` and answers its run (failed when the provider
    could not give its statement: the mismatches of an earlier run of the day stay)."""
    merchant = tenant_connection.tenant
    with transaction.atomic():
        run, _ = ReconciliationRun.objects.get_or_create(merchant_id=merchant.pk, day=day)
        ReconciliationRun.objects.filter(pk=run.pk).update(
            status=RunStatus.RUNNING, started_at=timezone.now()
        )
    provider = get_payment_provider(merchant=merchant.slug)
    with transaction.atomic():
        run = ReconciliationRun.objects.select_for_update().get(pk=run.pk)
        run.attempts += 1
        try:
            comparison = trades_compare(
                day=day, statement=provider.statement(day=day), provider=provider
            )
        except ProviderError as error:
            run.status = RunStatus.FAILED
            run.error = f"{error.code}: {error.reason}"[:300]
            run.finished_at = timezone.now()
            run.save()
            return run
        extra = [found for found in (_totals_finding(day), _books_finding()) if found]
        _replace(run, comparison.findings + extra)
        for field in (
            "provider_count",
            "provider_amount",
            "ledger_count",
            "ledger_amount",
            "matched_count",
            "matched_amount",
        ):
            setattr(run, field, getattr(comparison, field))
        run.status, run.error = RunStatus.RUNNING, ""
        run_counts_refresh(run)
        run.finished_at = timezone.now()
        run.save()
    # The day is final: what is booked for it from now on counts in the first open day.
    ledger_close_through(day, by="reconciliation")
    return run


def trade_recheck(*, mismatch: ReconciliationMismatch) -> Finding | None:
    """The provider's and the ledger's word on one mismatch's trade now, in the active
    (its merchant's) schema: None when they agree."""
    provider = get_payment_provider(merchant=tenant_connection.tenant.slug)
    booked = _booked_as([(mismatch.operation, mismatch.out_no)]).get(mismatch.out_no)
    try:
        answer = provider.query(out_no=mismatch.out_no)
    except ProviderError as error:
        if error.code != "NOT_FOUND":
            raise
        if booked is None:
            return None
        return Finding(MismatchKind.MISSING_AT_PROVIDER, mismatch.operation, mismatch.out_no)
    return _against(answer, booked, provider_status=str(answer.status))


def days_to_retry(*, before: date, within_days: int = 7) -> list[date]:
    """Earlier days of the active merchant whose run failed or never finished."""
    stale = timezone.now() - timedelta(hours=1)
    return list(
        ReconciliationRun.objects.filter(
            merchant_id=tenant_connection.tenant.pk,
            day__lt=before,
            day__gte=before - timedelta(days=within_days),
        )
        .filter(Q(status=RunStatus.FAILED) | Q(status=RunStatus.RUNNING, started_at__lt=stale))
        .order_by("day")
        .values_list("day", flat=True)
    )
