"""Credit reporting's writes: the customer's authorisation and the lease contract, the D1
account and its records derived from the order and its bills (`derive.py`), collection, the
month-end settlement batches, corrections, report files and the bureau's feedback.

Every record has a key unique on its account among live records, so deriving again (a call
repeated, the nightly job) creates nothing twice; a correction replaces a record, never
duplicates it."""

from __future__ import annotations

import secrets
from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from apps.billing import ladder
from apps.billing.bill_rows import order_bills
from apps.orders.reads import credit_started_lease_ids, order_credit_facts
from zulin.audit.services import actor_name, audit_record
from zulin.audit.state import status_created, transition_locked
from zulin.core.auth import Session
from zulin.core.crypto import mask_id_number
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.i18n import Text
from zulin.files.services import private_file_save
from zulin.providers.credit import get_credit_provider
from zulin.providers.interfaces import (
    CreditReportResult,
    CreditReportStatus,
    ProviderError,
    provider_failed,
)
from zulin.providers.operations import operation_sync

from . import derive, machine
from .models import (
    LIVE_STATES,
    AccountType,
    CreditAccount,
    CreditAuthorisation,
    CreditRecord,
    CreditReportFile,
    CreditSettlement,
    RecordState,
)
from .selectors import (
    file_accounts,
    files_in_scope,
    institution_code,
    records_in_scope,
    settlements_in_scope,
)
from .xmlfile import build_xml, sha256_of, xml_errors

Facts = dict[str, Any]


def _number(prefix: str) -> str:
    """A file, batch or authorisation number: its prefix, the China time it was made (the day
    a person reads in it is the business day, not UTC's), and a random tail."""
    return f"{prefix}{timezone.localtime():%Y%m%d%H%M%S}{secrets.token_hex(4).upper()}"


def _lease(actor: Session | None, order_id: int) -> Facts:
    facts = order_credit_facts(session=actor, order_id=order_id)
    if facts["kind"] != "lease":
        raise ApplicationError(
            ErrorCode.CREDIT_LEASE_NOT_STARTED,
            "只有租赁订单报送征信",
            msg_en="Only leases are reported to the credit bureau",
        )
    return facts


def _instalments(order_id: int) -> list[derive.Instalment]:
    return derive.instalments_of(order_bills(order_id))


def _ended_on(facts: Facts) -> date | None:
    if not facts["final"]:
        return None
    finished = facts["finished_at"]
    return timezone.localdate(finished) if finished else timezone.localdate()


# --- the customer's authorisation and the contract ------------------------------------------


def authorisation_sign(
    *, actor: Session | None, order_id: int, channel: str
) -> CreditAuthorisation:
    """The customer authorised reporting the lease (signed in the shop's app, `channel`);
    asked again, the same authorisation answers."""
    facts = _lease(actor, order_id)
    with transaction.atomic():
        kept = CreditAuthorisation.objects.select_for_update().filter(order_id=order_id).first()
        if kept is not None:
            return kept
        found = CreditAuthorisation.objects.create(
            order_id=order_id,
            order_no=facts["order_no"],
            sign_no=_number("CAU"),
            channel=channel,
            signed_at=timezone.now(),
            actor_name=actor_name(actor)[:50],
        )
        audit_record(
            actor=actor,
            action="credit.authorisation_sign",
            target_type="order",
            target_id=order_id,
            after={"sign_no": found.sign_no, "channel": channel},
        )
        return found


def contract_register(*, actor: Session | None, order_id: int) -> CreditAuthorisation:
    """The lease contract the account reports: the order's signed contract, after the
    customer's authorisation (its number goes in every file's account segment)."""
    facts = _lease(actor, order_id)
    if not facts["contract_no"]:
        raise ApplicationError(
            ErrorCode.CONFLICT,
            "订单合同尚未签署",
            msg_en="The order's contract is not signed yet",
        )
    with transaction.atomic():
        found = CreditAuthorisation.objects.select_for_update().filter(order_id=order_id).first()
        if found is None:
            raise ApplicationError(ErrorCode.CREDIT_NOT_AUTHORISED)
        if found.contract_no != facts["contract_no"]:
            found.contract_no = facts["contract_no"]
            found.contract_registered_at = timezone.now()
            found.save(update_fields=["contract_no", "contract_registered_at"])
            audit_record(
                actor=actor,
                action="credit.contract_register",
                target_type="order",
                target_id=order_id,
                after={"contract_no": found.contract_no},
            )
        return found


# --- the D1 account and its records ------------------------------------------------------------


def _live(account: CreditAccount) -> dict[str, CreditRecord]:
    return {r.key: r for r in account.records.filter(state__in=LIVE_STATES)}


def _record_create(
    account: CreditAccount,
    expected: derive.Expected,
    *,
    state: str = RecordState.PENDING,
    settlement: CreditSettlement | None = None,
    replaces: CreditRecord | None = None,
    reason: str = "",
) -> CreditRecord:
    return CreditRecord.objects.create(
        record_no=_number("CR"),
        account=account,
        key=expected.key,
        state=state,
        settlement=settlement,
        replaces=replaces,
        correction_reason=reason[:200],
        **expected.values(),
    )


def account_open(*, actor: Session | None, order_id: int) -> CreditAccount:
    """The lease's D1 account from the day it started (the customer received the goods), with
    its opening record; needs the customer's authorisation. Asked again: the same account."""
    facts = _lease(actor, order_id)
    if not facts["started"]:
        raise ApplicationError(ErrorCode.CREDIT_LEASE_NOT_STARTED)
    with transaction.atomic():
        if not CreditAuthorisation.objects.filter(order_id=order_id).exists():
            raise ApplicationError(ErrorCode.CREDIT_NOT_AUTHORISED)
        kept = CreditAccount.objects.filter(order_id=order_id, account_type=AccountType.D1).first()
        if kept is not None:
            return kept
        try:
            with transaction.atomic():
                account = CreditAccount.objects.create(
                    order_id=order_id,
                    order_no=facts["order_no"],
                    sub_shop_id=facts["sub_shop_id"],
                    account_type=AccountType.D1,
                    account_no=f"D1{facts['order_no']}",
                    customer_name=facts["customer_name"],
                    id_number_masked=mask_id_number(facts["customer_id_number"])[:24],
                    opened_on=facts["lease_start"],
                    due_on=facts["lease_end"],
                    credit_limit=facts["total_rent"],
                    term=facts["term"],
                )
        except IntegrityError:  # opened at the same moment by another call
            return CreditAccount.objects.get(order_id=order_id, account_type=AccountType.D1)
        opening = derive.d1_records(
            opened_on=account.opened_on,
            instalments=_instalments(order_id),
            ended_on=None,
            today=account.opened_on,
        )[0]
        _record_create(account, opening)
        audit_record(
            actor=actor,
            action="credit.account_open",
            target_type="order",
            target_id=order_id,
            after={"account_no": account.account_no},
        )
        return account


def _d1(actor: Session | None, order_id: int, *, lock: bool = True) -> tuple[Facts, CreditAccount]:
    facts = _lease(actor, order_id)
    found = CreditAccount.objects.filter(order_id=order_id, account_type=AccountType.D1)
    if lock:
        found = found.select_for_update()
    account = found.first()
    if account is None:
        raise ApplicationError(
            ErrorCode.CONFLICT,
            "该订单尚未开立征信账户",
            msg_en="The order has no credit account yet: open it first",
        )
    return facts, account


def _expected(facts: Facts, account: CreditAccount) -> list[derive.Expected]:
    return derive.d1_records(
        opened_on=account.opened_on,
        instalments=_instalments(account.order_id),
        ended_on=_ended_on(facts),
        today=timezone.localdate(),
    )


def records_append(
    *, actor: Session | None, order_id: int, kinds: tuple[str, ...], key: str | None = None
) -> list[CreditRecord]:
    """The account's records of `kinds` (or the one `key`) its order and bills now call for
    and it does not carry yet, created pending; what it already carries is left alone."""
    with transaction.atomic():
        facts, account = _d1(actor, order_id)
        if account.state == CreditAccount.State.CLOSED:
            return []
        live = _live(account)
        made = []
        for expected in _expected(facts, account):
            if expected.kind not in kinds or expected.key in live:
                continue
            if key is not None and expected.key != key:
                continue
            made.append(_record_create(account, expected))
        if made and actor is not None:
            audit_record(
                actor=actor,
                action="credit.records_append",
                target_type="order",
                target_id=order_id,
                after={"records": [record.key for record in made]},
            )
        return made


def repayment_report(*, actor: Session | None, order_id: int, period: int) -> CreditRecord:
    """The repayment record of instalment `period`: made when it is paid (answered again
    when already reported)."""
    key = f"repayment:{period}"
    records_append(actor=actor, order_id=order_id, kinds=("repayment",), key=key)
    found = (
        CreditRecord.objects.filter(account__order_id=order_id, account__account_type="D1", key=key)
        .filter(state__in=LIVE_STATES)
        .first()
    )
    if found is None:
        raise ApplicationError(
            ErrorCode.CREDIT_NOTHING_TO_REPORT,
            f"第{period}期尚未还款",
            msg_en=f"Instalment {period} is not repaid",
        )
    return found


def account_close(*, actor: Session | None, order_id: int) -> CreditAccount:
    """Closes the D1 account with its close record: C when every instalment is paid, G when
    the lease ended otherwise (the records before it appended first)."""
    with transaction.atomic():
        facts, account = _d1(actor, order_id)
        if account.state == CreditAccount.State.CLOSED:
            return account
        expected = _expected(facts, account)
        close = next((item for item in expected if item.kind == "close"), None)
        if close is None:
            raise ApplicationError(ErrorCode.CREDIT_ACCOUNT_NOT_CLOSABLE)
        live = _live(account)
        for item in expected:
            if item.key not in live:
                _record_create(account, item)
        account.state, account.closed_on = CreditAccount.State.CLOSED, close.occurred_on
        account.save(update_fields=["state", "closed_on", "updated_at"])
        audit_record(
            actor=actor,
            action="credit.account_close",
            target_type="order",
            target_id=order_id,
            after={"account_no": account.account_no, "status_code": close.status_code},
        )
        return account


def collection_report(
    *, actor: Session | None, order_id: int, collector: str, handed_on: date
) -> CreditRecord:
    """The debt handed to `collector` on `handed_on`: a C1 account with its collection record
    (what remained unpaid then). Only a debt past due is handed over; once per order."""
    with transaction.atomic():
        _facts, account = _d1(actor, order_id)
        kept = CreditAccount.objects.filter(order_id=order_id, account_type="C1").first()
        existing = kept.records.order_by("-id").first() if kept is not None else None
        if existing is not None:
            return existing
        instalments = _instalments(order_id)
        standing = derive.standing_on(instalments, handed_on)
        if standing.overdue_amount <= 0:
            raise ApplicationError(ErrorCode.CREDIT_NO_DEBT)
        c1 = CreditAccount.objects.create(
            order_id=order_id,
            order_no=account.order_no,
            sub_shop_id=account.sub_shop_id,
            account_type=AccountType.C1,
            account_no=f"C1{account.order_no}",
            customer_name=account.customer_name,
            id_number_masked=account.id_number_masked,
            opened_on=handed_on,
            credit_limit=standing.balance,
            term=account.term,
            collector=collector,
        )
        record = _record_create(
            c1,
            derive.Expected(
                kind="collection",
                key="collection",
                occurred_on=handed_on,
                status_code=standing.status_code,
                balance=standing.balance,
                amount_due=standing.balance,
                overdue_amount=standing.overdue_amount,
                overdue_periods=standing.overdue_periods,
            ),
        )
        audit_record(
            actor=actor,
            action="credit.collection_report",
            target_type="order",
            target_id=order_id,
            after={"collector": collector, "balance": str(standing.balance)},
        )
        return record


def _rederived(record: CreditRecord) -> derive.Expected:
    """What the record should say now (its key derived again from the order and bills)."""
    account = record.account
    if record.kind == "collection":
        return derive.Expected(
            kind="collection",
            key=record.key,
            occurred_on=record.occurred_on,
            status_code=record.status_code,
            balance=record.balance,
            amount_due=record.amount_due,
            overdue_amount=record.overdue_amount,
            overdue_periods=record.overdue_periods,
        )
    instalments = _instalments(account.order_id)
    if record.kind == "settle":
        return derive.settle_record(
            instalments=instalments, period=record.key.split(":", 1)[1], today=timezone.localdate()
        )
    facts = order_credit_facts(session=None, order_id=account.order_id)
    for expected in _expected(facts, account):
        if expected.key == record.key:
            return expected
    raise ApplicationError(
        ErrorCode.CONFLICT,
        "该记录已无法由订单数据得出，请联系平台处理",
        msg_en="The order's data no longer gives this record",
    )


def record_correct(*, actor: Session | None, record_id: int, reason: str) -> CreditRecord:
    """Corrects a record (cancelReportCredit): a new pending record, derived again from the
    order and its bills, replaces it — the old one is `replaced`, the new one names it; the
    next file carries the correction. A record inside a file the bureau is still checking
    waits for its feedback (409)."""
    with transaction.atomic():
        record = (
            records_in_scope(actor)
            .select_for_update(of=("self",))
            .select_related("account")
            .filter(pk=record_id)
            .first()
        )
        if record is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
        expected = _rederived(record)
        transition_locked(machine.RECORD, row=record, action="correct", actor=actor, reason=reason)
        return _record_create(record.account, expected, replaces=record, reason=reason)


# --- month-end settlement batches ------------------------------------------------------------


def settlement_draft(*, actor: Session | None, period: str) -> CreditSettlement:
    """Drafts the month-end settlement report of `period` (YYYY-MM, not in the future): one
    record per D1 account open at the month's end, with its standing then. One live batch per
    month: asked again, the same batch."""
    today = timezone.localdate()
    if period > f"{today:%Y-%m}":
        raise ApplicationError(
            ErrorCode.VALIDATION,
            data={"fields": {"period": [Text("不能是未来的月份", "a month not in the future")]}},
        )
    end = derive.month_end(period)
    with transaction.atomic():
        kept = CreditSettlement.objects.filter(
            period=period, status__in=["draft", "confirmed"]
        ).first()
        if kept is not None:
            return kept
        accounts = list(
            CreditAccount.objects.select_for_update()
            .filter(account_type="D1", opened_on__lte=end)
            .exclude(state="closed", closed_on__lt=end)
            .order_by("id")
        )
        batch = CreditSettlement.objects.create(
            batch_no=_number("CST"), period=period, actor_name=actor_name(actor)[:50]
        )
        made = 0
        for account in accounts:
            if account.records.filter(key=f"settle:{period}", state__in=LIVE_STATES).exists():
                continue
            expected = derive.settle_record(
                instalments=_instalments(account.order_id), period=period, today=today
            )
            _record_create(account, expected, state=RecordState.DRAFT, settlement=batch)
            made += 1
        if made == 0:
            raise ApplicationError(ErrorCode.CREDIT_NOTHING_TO_REPORT)
        batch.record_count = made
        batch.save(update_fields=["record_count"])
        status_created(machine.SETTLEMENT, row=batch, actor=actor)
        return batch


def _settlement(actor: Session | None, batch_id: int) -> CreditSettlement:
    found = settlements_in_scope(actor).select_for_update().filter(pk=batch_id).first()
    if found is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return found


def settlement_confirm(*, actor: Session | None, batch_id: int) -> CreditSettlement:
    """The batch's records go out with the next file (draft → pending)."""
    with transaction.atomic():
        batch = _settlement(actor, batch_id)

        def release(row: CreditSettlement) -> dict[str, Any]:
            row.confirmed_at = timezone.now()
            moved = row.records.filter(state=RecordState.DRAFT).update(
                state=RecordState.PENDING, updated_at=timezone.now()
            )
            return {"records": moved}

        return transition_locked(
            machine.SETTLEMENT, row=batch, action="confirm", actor=actor, change=release
        )


def settlement_recover(*, actor: Session | None, batch_id: int, reason: str) -> CreditSettlement:
    """Takes a batch back before any of its records went into a file: its records are
    withdrawn (a new batch of the month may be drafted)."""
    with transaction.atomic():
        batch = _settlement(actor, batch_id)
        if batch.records.exclude(state__in=[RecordState.DRAFT, RecordState.PENDING]).exists():
            raise ApplicationError(
                ErrorCode.CONFLICT,
                "批次记录已生成报送文件，不能撤回",
                msg_en="Records of this batch are already in a file: it cannot be taken back",
            )

        def withdraw(row: CreditSettlement) -> dict[str, Any]:
            moved = row.records.update(state=RecordState.WITHDRAWN, updated_at=timezone.now())
            return {"records": moved}

        return transition_locked(
            machine.SETTLEMENT,
            row=batch,
            action="recover",
            actor=actor,
            reason=reason,
            change=withdraw,
        )


# --- report files ------------------------------------------------------------------------------


def file_generate(*, actor: Session | None, period: str) -> CreditReportFile:
    """The report file of the records pending up to the end of `period` (YYYY-MM): the XML,
    sections by account type, validated against the XSD (1604 with its errors otherwise,
    nothing changed), kept as a private file with its SHA-256; the records are then in it."""
    end = derive.month_end(period)
    with transaction.atomic():
        records = list(
            CreditRecord.objects.select_for_update(of=("self",))
            .select_related("account", "replaces")
            .filter(state=RecordState.PENDING, occurred_on__lte=end)
            .order_by("account_id", "occurred_on", "id")
        )
        if not records:
            raise ApplicationError(ErrorCode.CREDIT_NOTHING_TO_REPORT)
        file_no = _number("CRF")
        content = build_xml(
            file_no=file_no,
            institution=institution_code(),
            period=period,
            generated_at=timezone.localtime(),
            accounts=file_accounts(records),
        )
        errors = xml_errors(content)
        if errors:
            raise ApplicationError(ErrorCode.CREDIT_FILE_INVALID, data={"errors": errors})
        name = f"{file_no}.xml"
        stored = private_file_save(
            kind="credit_report",
            name=name,
            content=content,
            content_type="application/xml",
            actor=actor,
        )
        found = CreditReportFile.objects.create(
            file_no=file_no,
            period=period,
            stored_file_id=stored.pk,
            file_name=name,
            sha256=sha256_of(content),
            size=len(content),
            record_count=len(records),
            actor_name=actor_name(actor)[:50],
        )
        CreditRecord.objects.filter(pk__in=[r.pk for r in records]).update(
            state=RecordState.IN_FILE, file=found, updated_at=timezone.now()
        )
        status_created(machine.FILE, row=found, actor=actor)
        audit_record(
            actor=actor,
            action="credit.file_generate",
            target_type="credit_file",
            target_id=found.pk,
            after={"file_no": file_no, "records": len(records), "sha256": found.sha256},
        )
        return found


def _provider_failed(error: ProviderError) -> ApplicationError:
    return provider_failed(error, "征信报送服务调用失败", "The credit bureau failed")


def file_submit(*, actor: Session | None, file_id: int) -> CreditReportFile:
    """Sends a generated file to the bureau (processing; the feedback comes by callback).
    A file already sent is asked about again, which applies feedback a lost callback did
    not bring. The bureau is asked outside any lock: the file number makes a second sending
    answer the same file there."""
    from .xmlfile import read_stored

    found = files_in_scope(actor).filter(pk=file_id).first()
    if found is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    if found.status != CreditReportFile.Status.GENERATED:
        return file_sync(file_no=found.file_no) or found
    if actor is not None and not actor.can("credit.manage"):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    try:
        answer = get_credit_provider().submit_report_file(
            out_no=found.file_no,
            file_name=found.file_name,
            content=read_stored(found.stored_file_id),
        )
    except ProviderError as error:
        raise _provider_failed(error) from error
    with transaction.atomic():
        found = CreditReportFile.objects.select_for_update().get(pk=found.pk)
        if found.status != CreditReportFile.Status.GENERATED:
            return found  # sent at the same moment by another call

        def sent(row: CreditReportFile) -> dict[str, Any]:
            row.provider_reference = answer.reference
            row.submitted_at = timezone.now()
            return {"provider_reference": answer.reference}

        return transition_locked(machine.FILE, row=found, action="submit", actor=actor, change=sent)


def file_sync(*, file_no: str) -> CreditReportFile | None:
    """Applies the bureau's feedback on a submitted file (its callback, or asked again):
    each record accepted, or rejected with its errors; a replay, or a file already
    answered, changes nothing."""

    def failed(found: CreditReportFile, error: ProviderError) -> None:
        if error.code != "NOT_FOUND":
            raise _provider_failed(error) from error

    synced = operation_sync(
        CreditReportFile.objects.select_for_update().filter(file_no=file_no).first,
        ask=lambda found: get_credit_provider().report_file_result(out_no=file_no),
        apply=_feedback_apply,
        failed=failed,
    )
    if synced is None:
        return None
    return None if synced.error is not None else synced.row


def _feedback_apply(found: CreditReportFile, result: CreditReportResult) -> CreditReportFile:
    records = {r.record_no: r for r in found.records.select_for_update().filter(state="in_file")}
    now = timezone.now()
    accepted = rejected = 0
    if result.status == CreditReportStatus.FAILED:
        error = [{"code": result.reason, "message": result.reason}]
        for record in records.values():
            record.state, record.errors = RecordState.REJECTED, error
            record.save(update_fields=["state", "errors", "updated_at"])
        rejected = len(records)
    else:
        for item in result.feedback:
            answered_record = records.get(item.record_no)
            if answered_record is None:
                continue
            answered_record.state = RecordState.ACCEPTED if item.accepted else RecordState.REJECTED
            answered_record.errors = [dict(error) for error in item.errors]
            answered_record.save(update_fields=["state", "errors", "updated_at"])
            accepted, rejected = accepted + item.accepted, rejected + (not item.accepted)
    action = "accept" if rejected == 0 else ("reject" if accepted == 0 else "partly_accept")

    def answered(row: CreditReportFile) -> dict[str, Any]:
        row.accepted_count, row.rejected_count = accepted, rejected
        row.failure_reason = result.reason[:60]
        row.finished_at = now
        return {"accepted": accepted, "rejected": rejected}

    return transition_locked(machine.FILE, row=found, action=action, actor=None, change=answered)


# --- the nightly pick-up ---------------------------------------------------------------------


def reporting_refresh() -> dict[str, int]:
    """What changed since: authorised leases that started get their account; open accounts
    get the records their order and bills now call for, and close when they can. Safe to run
    again: it creates nothing twice."""
    authorised = set(CreditAuthorisation.objects.values_list("order_id", flat=True))
    have = set(CreditAccount.objects.filter(account_type="D1").values_list("order_id", flat=True))
    opened = records = closed = 0
    for order_id in credit_started_lease_ids():
        if order_id in authorised and order_id not in have:
            account_open(actor=None, order_id=order_id)
            opened += 1
    # An order past due that has not reached its shop's bureau step of the overdue ladder
    # keeps its overdue records back (the default ladder: none held, the records go as they
    # always did; the notice before reporting gates nothing here, docs/zhima.md).
    held = ladder.held_back("bureau_report", today=timezone.localdate())
    for order_id in CreditAccount.objects.filter(account_type="D1", state="open").values_list(
        "order_id", flat=True
    ):
        kinds = ("open", "repayment") if order_id in held else ("open", "repayment", "overdue")
        records += len(records_append(actor=None, order_id=order_id, kinds=kinds))
        try:
            account_close(actor=None, order_id=order_id)
            closed += 1
        except ApplicationError:
            pass
    return {"opened": opened, "records": records, "closed": closed}
