"""Credit-bureau adapters: the customer's credit-report query. `get_credit_provider(merchant=…)`
picks one from settings.CREDIT_PROVIDER.

The sandbox bureau compiles a report asynchronously, like the real one: a query answers
`processing` and settles after SANDBOX_COMPLETE_SECONDS (a Celery task in `make run`;
`sandbox_credit_complete` in tests and by hand), sending a signed callback of event type
`credit.query`. The report is deterministic per person (a hash of the ID number): a score
350-950 and its level, accounts in arrears and open; `queries_90_days` counts the queries of
the person by any merchant in the 90 days before. Failures on demand: service "credit",
operation "query", reason SYSTEM_ERROR (nothing recorded), NO_CREDIT_FILE (the query fails
when it settles) or CALLBACK_LOST.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from zulin.core.crypto import mask_id_number
from zulin.core.identity import id_number_normalise, id_number_valid

from .interfaces import (
    CreditBureauProvider,
    CreditQueryResult,
    CreditQueryStatus,
    ProviderError,
    ProviderReceipt,
)
from .models import SandboxCreditQuery
from .sandbox import (
    CALLBACK_LOST,
    SYSTEM_ERROR,
    current_merchant_slug,
    on_commit_in_public,
    sandbox_callback_emit,
    sandbox_failure_take,
    sandbox_reference,
)

SERVICE = "credit"
EVENT_TYPE = "credit.query"
NO_CREDIT_FILE = "NO_CREDIT_FILE"
WINDOW_DAYS = 90
# Lowest score of each level, best first.
LEVELS = (("excellent", 750), ("good", 650), ("fair", 550), ("poor", 0))


def _digest(id_number: str) -> str:
    return hashlib.sha256(f"credit:{id_number_normalise(id_number)}".encode()).hexdigest()


def credit_score_of(id_number: str) -> int:
    seed = hashlib.sha256(f"credit-score:{id_number_normalise(id_number)}".encode()).digest()
    return 350 + int.from_bytes(seed[:4], "big") % 601


def credit_level_of(score: int) -> str:
    return next(level for level, floor in LEVELS if score >= floor)


def _result(record: SandboxCreditQuery) -> CreditQueryResult:
    done = record.status == CreditQueryStatus.DONE
    return CreditQueryResult(
        reference=record.reference,
        out_no=record.out_no,
        status=CreditQueryStatus(record.status),
        score=record.score if done else None,
        level=record.level if done else "",
        overdue_accounts=record.overdue_accounts if done else 0,
        open_accounts=record.open_accounts if done else 0,
        queries_90_days=record.queries_before if done else 0,
        reason=record.reason,
        created_at=record.created_at,
        finished_at=record.finished_at,
    )


def _event_data(record: SandboxCreditQuery) -> dict[str, str]:
    return {"out_no": record.out_no, "reference": record.reference, "status": record.status}


def _settle(record: SandboxCreditQuery) -> SandboxCreditQuery:
    """processing → done (or failed as planned), and the callback. The caller holds the lock."""
    record.status = CreditQueryStatus.FAILED if record.planned_reason else CreditQueryStatus.DONE
    record.reason = record.planned_reason
    record.finished_at = timezone.now()
    record.settle_after = None
    record.save(update_fields=["status", "reason", "finished_at", "settle_after"])
    sandbox_callback_emit(
        provider=SERVICE,
        merchant=record.merchant,
        event_type=EVENT_TYPE,
        data=_event_data(record),
        lost=record.callback_lost,
    )
    return record


class SandboxCreditProvider:
    name = "sandbox"

    def __init__(self, merchant: str) -> None:
        self.merchant = merchant

    def report(self, *, record_type: str, payload: dict[str, Any]) -> ProviderReceipt:
        raise ProviderError(SERVICE, "reporting is not served by this sandbox", code="UNSUPPORTED")

    def query(self, *, id_number: str, name: str) -> ProviderReceipt:
        raise ProviderError(SERVICE, "a query is asked by apply_query", code="UNSUPPORTED")

    def apply_query(
        self, *, out_no: str, name: str, id_number: str, phone: str
    ) -> CreditQueryResult:
        if not out_no or len(out_no) > 64:
            raise ProviderError(SERVICE, "out_no has 1 to 64 characters", code="INVALID_OUT_NO")
        if not id_number_valid(id_number):
            raise ProviderError(SERVICE, "not a valid ID number", code="INVALID_ID_NUMBER")
        kept = SandboxCreditQuery.objects.filter(merchant=self.merchant, out_no=out_no).first()
        if kept is not None:
            return _result(kept)
        failure = sandbox_failure_take(
            service=SERVICE,
            operation="query",
            merchant=self.merchant,
            subjects=[phone, id_number_normalise(id_number)],
        )
        if failure == SYSTEM_ERROR:
            raise ProviderError(SERVICE, "the bureau did not answer", code=SYSTEM_ERROR)
        digest = _digest(id_number)
        since = timezone.now() - timedelta(days=WINDOW_DAYS)
        score = credit_score_of(id_number)
        seed = hashlib.sha256(f"credit-accounts:{digest}".encode()).digest()
        try:
            with transaction.atomic():
                record = SandboxCreditQuery.objects.create(
                    merchant=self.merchant,
                    out_no=out_no,
                    reference=sandbox_reference("crq"),
                    id_number_digest=digest,
                    id_number_masked=mask_id_number(id_number)[:24],
                    status=CreditQueryStatus.PROCESSING,
                    score=score,
                    level=credit_level_of(score),
                    overdue_accounts=0 if score >= 650 else seed[0] % 3 + 1,
                    open_accounts=seed[1] % 6,
                    queries_before=SandboxCreditQuery.objects.filter(
                        id_number_digest=digest, created_at__gte=since
                    ).count(),
                    planned_reason="" if failure in (None, CALLBACK_LOST) else str(failure),
                    callback_lost=failure == CALLBACK_LOST,
                    settle_after=timezone.now()
                    + timedelta(seconds=settings.SANDBOX_COMPLETE_SECONDS),
                )
        except IntegrityError:
            return self.query_result(out_no=out_no)
        if settings.SANDBOX_AUTO_COMPLETE:
            from .tasks import sandbox_credit_settle

            record_id = record.pk
            on_commit_in_public(
                lambda: sandbox_credit_settle.apply_async(
                    args=[record_id], countdown=settings.SANDBOX_COMPLETE_SECONDS
                ),
                f"settle credit query {record.reference}",
            )
        return _result(record)

    def query_result(self, *, out_no: str) -> CreditQueryResult:
        kept = SandboxCreditQuery.objects.filter(merchant=self.merchant, out_no=out_no).first()
        if kept is None:
            raise ProviderError(SERVICE, f"no credit query {out_no}", code="NOT_FOUND")
        return _result(kept)


def get_credit_provider(*, merchant: str | None = None) -> CreditBureauProvider:
    slug = merchant or current_merchant_slug(SERVICE)
    if settings.CREDIT_PROVIDER == "sandbox":
        return SandboxCreditProvider(slug)
    raise ProviderError(SERVICE, f"no adapter named {settings.CREDIT_PROVIDER!r}")


# --- moving the sandbox along (Celery in `make run`; tests and the demo call these) --------


def sandbox_credit_complete(*, merchant: str | None = None) -> list[CreditQueryResult]:
    """Settles every credit query still processing (of one merchant), each with its
    callback written to the outbox."""
    with transaction.atomic():
        records = SandboxCreditQuery.objects.select_for_update().filter(
            status=CreditQueryStatus.PROCESSING
        )
        if merchant:
            records = records.filter(merchant=merchant)
        return [_result(_settle(record)) for record in records.order_by("id")]


def sandbox_credit_settle_one(record_id: int) -> CreditQueryResult | None:
    """The Celery task's work: settles one query if it still waits (a no-op otherwise)."""
    with transaction.atomic():
        record = (
            SandboxCreditQuery.objects.select_for_update()
            .filter(pk=record_id, status=CreditQueryStatus.PROCESSING)
            .first()
        )
        return _result(_settle(record)) if record is not None else None
