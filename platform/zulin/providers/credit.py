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

Reporting: a report file answers `processing` and is checked after SANDBOX_COMPLETE_SECONDS
(`sandbox_credit_reports_complete` in tests), sending a `credit.report` callback; each record
is accepted unless a failure rule (operation "record", subject its record, account or order
number, reason an error code such as E_ID_MISMATCH) marks it. Operation "submit": SYSTEM_ERROR
(nothing recorded), CALLBACK_LOST, or any other reason refuses the whole file; a file that is
not the format's XML fails as MALFORMED_FILE.
"""

from __future__ import annotations

import hashlib
import io
from datetime import datetime, timedelta
from typing import Any

import xmlschema
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from zulin.celery import app
from zulin.core.crypto import mask_id_number
from zulin.core.identity import id_number_normalise, id_number_valid

from .interfaces import (
    CreditBureauProvider,
    CreditQueryResult,
    CreditQueryStatus,
    CreditRecordFeedback,
    CreditReportResult,
    CreditReportStatus,
    ProviderError,
)
from .models import SandboxCreditQuery, SandboxCreditReportFile
from .sandbox import SandboxService, merchant_adapter, out_no_check

SERVICE = "credit"
SANDBOX = SandboxService(SERVICE, "the bureau did not answer")
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
    SANDBOX.callback(
        merchant=record.merchant,
        event_type=EVENT_TYPE,
        data=_event_data(record),
        lost=record.callback_lost,
    )
    return record


REPORT_EVENT_TYPE = "credit.report"
MALFORMED_FILE = "MALFORMED_FILE"
# What the sandbox says of the record errors its failure rules plant (operation "record",
# subject a record number, account number or order number); any other reason is its own text.
RECORD_ERRORS = {
    "E_ID_MISMATCH": "证件号码与姓名不一致 / the ID number does not match the name",
    "E_AMOUNT": "金额不合逻辑 / the amounts do not add up",
    "E_DATE": "日期不合逻辑 / the dates are out of order",
    "E_STATUS": "还款状态与逾期信息不符 / the status code contradicts the overdue amounts",
}


def report_file_records(content: bytes) -> list[tuple[str, str, str]] | None:
    """(record number, account number, order number) of each record of a report file, or
    None when it is not well-formed XML of the format (parsed with entities refused)."""
    try:
        root = xmlschema.XMLResource(io.BytesIO(content), defuse="always").root
    except Exception:
        return None
    if root.tag != "CreditReport":
        return None
    found = []
    for account in root.iter("Account"):
        account_no = account.findtext("AccountNo", "")
        order_no = account.findtext("OrderNo", "")
        for record in account.iter("Record"):
            found.append((record.findtext("RecordNo", ""), account_no, order_no))
    return found


def _report_result(record: SandboxCreditReportFile) -> CreditReportResult:
    feedback = tuple(
        CreditRecordFeedback(
            record_no=item["record_no"],
            accepted=bool(item["accepted"]),
            errors=tuple(item.get("errors", ())),
        )
        for item in (record.feedback or [])
    )
    return CreditReportResult(
        reference=record.reference,
        out_no=record.out_no,
        status=CreditReportStatus(record.status),
        sha256=record.sha256,
        record_count=record.record_count,
        feedback=feedback,
        reason=record.reason,
        created_at=record.created_at,
        finished_at=record.finished_at,
    )


def _check(record: SandboxCreditReportFile) -> SandboxCreditReportFile:
    """processing → done with each record's feedback (or failed as a whole), and the
    callback. The caller holds the lock."""
    if record.reason:
        record.status = CreditReportStatus.FAILED
        record.feedback = []
    else:
        record.status = CreditReportStatus.DONE
        feedback = []
        for record_no, _account, _order in report_file_records(bytes(record.content)) or []:
            code = record.planned_errors.get(record_no)
            errors = [{"code": code, "message": RECORD_ERRORS.get(code, code)}] if code else []
            feedback.append({"record_no": record_no, "accepted": not errors, "errors": errors})
        record.feedback = feedback
    record.finished_at = timezone.now()
    record.settle_after = None
    record.save(update_fields=["status", "feedback", "finished_at", "settle_after"])
    SANDBOX.callback(
        merchant=record.merchant,
        event_type=REPORT_EVENT_TYPE,
        data={"out_no": record.out_no, "reference": record.reference, "status": record.status},
        lost=record.callback_lost,
    )
    return record


class SandboxCreditProvider:
    name = "sandbox"

    def __init__(self, merchant: str) -> None:
        self.merchant = merchant

    def apply_query(
        self, *, out_no: str, name: str, id_number: str, phone: str
    ) -> CreditQueryResult:
        out_no_check(SERVICE, out_no)
        if not id_number_valid(id_number):
            raise ProviderError(SERVICE, "not a valid ID number", code="INVALID_ID_NUMBER")
        kept = SandboxCreditQuery.objects.filter(merchant=self.merchant, out_no=out_no).first()
        if kept is not None:
            return _result(kept)
        failure = SANDBOX.failure(
            "query", merchant=self.merchant, subjects=[phone, id_number_normalise(id_number)]
        )
        digest = _digest(id_number)
        since = timezone.now() - timedelta(days=WINDOW_DAYS)
        score = credit_score_of(id_number)
        seed = hashlib.sha256(f"credit-accounts:{digest}".encode()).digest()
        try:
            with transaction.atomic():
                record = SandboxCreditQuery.objects.create(
                    merchant=self.merchant,
                    out_no=out_no,
                    reference=SANDBOX.reference("crq"),
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
                    planned_reason=failure.planned,
                    callback_lost=failure.callback_lost,
                    settle_after=SANDBOX.settle_after(),
                )
        except IntegrityError:
            return self.query_result(out_no=out_no)
        SANDBOX.settle_later(
            sandbox_credit_settle, record.pk, what=f"settle credit query {record.reference}"
        )
        return _result(record)

    def query_result(self, *, out_no: str) -> CreditQueryResult:
        kept = SandboxCreditQuery.objects.filter(merchant=self.merchant, out_no=out_no).first()
        if kept is None:
            raise ProviderError(SERVICE, f"no credit query {out_no}", code="NOT_FOUND")
        return _result(kept)

    # --- reporting: files of the second-generation format ------------------------------------

    def submit_report_file(
        self, *, out_no: str, file_name: str, content: bytes
    ) -> CreditReportResult:
        out_no_check(SERVICE, out_no)
        if not content:
            raise ProviderError(SERVICE, "the file is empty", code="EMPTY_FILE")
        kept = SandboxCreditReportFile.objects.filter(merchant=self.merchant, out_no=out_no).first()
        if kept is not None:
            return _report_result(kept)
        failure = SANDBOX.failure("submit", merchant=self.merchant, subjects=[out_no])
        records = report_file_records(content)
        planned: dict[str, str] = {}
        reason = failure.planned
        if records is None:
            reason = reason or MALFORMED_FILE
        elif not reason:
            for record_no, account_no, order_no in records:
                error = SANDBOX.failure_take(
                    "record", merchant=self.merchant, subjects=[record_no, account_no, order_no]
                )
                if error.reason is not None:
                    planned[record_no] = error.reason
        try:
            with transaction.atomic():
                record = SandboxCreditReportFile.objects.create(
                    merchant=self.merchant,
                    out_no=out_no,
                    reference=SANDBOX.reference("crf"),
                    file_name=file_name[:100],
                    content=content,
                    sha256=hashlib.sha256(content).hexdigest(),
                    record_count=len(records or ()),
                    status=CreditReportStatus.PROCESSING,
                    reason=reason,
                    planned_errors=planned,
                    settle_after=SANDBOX.settle_after(),
                    callback_lost=failure.callback_lost,
                )
        except IntegrityError:
            return self.report_file_result(out_no=out_no)
        SANDBOX.settle_later(
            sandbox_credit_report_settle,
            record.pk,
            what=f"check credit report file {record.reference}",
        )
        return _report_result(record)

    def report_file_result(self, *, out_no: str) -> CreditReportResult:
        kept = SandboxCreditReportFile.objects.filter(merchant=self.merchant, out_no=out_no).first()
        if kept is None:
            raise ProviderError(SERVICE, f"no report file {out_no}", code="NOT_FOUND")
        return _report_result(kept)


def get_credit_provider(*, merchant: str | None = None) -> CreditBureauProvider:
    return merchant_adapter(SERVICE, settings.CREDIT_PROVIDER, SandboxCreditProvider, merchant)


# --- moving the sandbox along (Celery in `make run`; tests and the demo call these) --------

_QUERIES_WAITING = SandboxCreditQuery.objects.filter(status=CreditQueryStatus.PROCESSING)
_FILES_WAITING = SandboxCreditReportFile.objects.filter(status=CreditReportStatus.PROCESSING)


def _due(waiting: QuerySet[Any], due_by: datetime | None) -> QuerySet[Any]:
    return waiting if due_by is None else waiting.filter(settle_after__lte=due_by)


def sandbox_credit_complete(
    *, merchant: str | None = None, due_by: datetime | None = None
) -> list[CreditQueryResult]:
    """Settles every credit query still processing (of one merchant; with `due_by` only
    those whose settling time had come by then), each with its callback written to the
    outbox."""
    return SANDBOX.settle_waiting(
        _due(_QUERIES_WAITING, due_by), lambda r: _result(_settle(r)), merchant=merchant
    )


def sandbox_credit_settle_one(record_id: int) -> CreditQueryResult | None:
    """The Celery task's work: settles one query if it still waits (a no-op otherwise)."""
    return SANDBOX.settle_one(_QUERIES_WAITING, record_id, lambda r: _result(_settle(r)))


def sandbox_credit_reports_complete(
    *, merchant: str | None = None, due_by: datetime | None = None
) -> list[CreditReportResult]:
    """Checks every report file still processing (of one merchant; with `due_by` only those
    whose checking time had come by then), each with its callback written to the outbox."""
    return SANDBOX.settle_waiting(
        _due(_FILES_WAITING, due_by), lambda r: _report_result(_check(r)), merchant=merchant
    )


def sandbox_credit_report_settle_one(record_id: int) -> CreditReportResult | None:
    """The Celery task's work: checks one file if it still waits (a no-op otherwise)."""
    return SANDBOX.settle_one(_FILES_WAITING, record_id, lambda r: _report_result(_check(r)))


# --- the sandbox's clock in `make run` (listed for the worker in tasks.py) -----------------


@app.task(name="providers.sandbox_credit_settle")
def sandbox_credit_settle(record_id: int) -> str:
    result = sandbox_credit_settle_one(record_id)
    return "settled" if result is not None else "nothing to settle"


@app.task(name="providers.sandbox_credit_report_settle")
def sandbox_credit_report_settle(record_id: int) -> str:
    result = sandbox_credit_report_settle_one(record_id)
    return "checked" if result is not None else "nothing to check"
