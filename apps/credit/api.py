"""Credit-bureau reporting of the shop's leases (`/api/credit/...`): the customer's
authorisation and contract, the D1 account's records from the order's lifecycle, collection,
corrections, month-end settlement batches, report files and the bureau's feedback.

Reads need `credit.view`, changes `credit.manage` (owner and finance); a sub-shop's account
has neither. Every id is found within the shop (another merchant's answers 404)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils import timezone
from ninja import Query, Router

from zulin.core.auth import current_session, store_auth
from zulin.core.envelope import request_language
from zulin.core.errors import field_error
from zulin.core.i18n import Text
from zulin.core.routes import call

from . import file_export, schemas, selectors, services

router = Router(tags=["credit: reporting"])

VIEW = store_auth("credit.view")
MANAGE = store_auth("credit.manage")


def _language(request: HttpRequest) -> int:
    return 1 if request_language(request) == "en" else 0


def _order_answer(request: HttpRequest, order_id: int, appended: list[str] | None = None) -> Any:
    answer = selectors.order_credit(
        current_session(request), order_id=order_id, language=_language(request)
    )
    return {**answer, "appended": appended or []}


def _period(value: str | None) -> str:
    """The month asked (default the current one); never a month still to come."""
    current = f"{timezone.localdate():%Y-%m}"
    if value and value > current:
        raise field_error("period", Text("不能是未来的月份", "a month not in the future"))
    return value or current


@call(router.post, "/userCreateSign", schemas.CreditAuthorisationOut, auth=MANAGE)
def user_create_sign(request: HttpRequest, payload: schemas.CreditSignIn) -> Any:
    """The customer's authorisation to report the lease to the credit bureau (once per
    order; asked again, the same one)."""
    found = services.authorisation_sign(
        actor=current_session(request), order_id=payload.order_id, channel=payload.channel
    )
    return {
        "sign_no": found.sign_no,
        "channel": found.channel,
        "signed_at": found.signed_at,
        "contract_no": found.contract_no,
    }


@call(router.post, "/applyContractLeasing", schemas.CreditAuthorisationOut, auth=MANAGE)
def apply_contract_leasing(request: HttpRequest, payload: schemas.CreditOrderIn) -> Any:
    """The lease contract the account reports: the order's signed contract (409 while
    unsigned; 1601 without the customer's authorisation)."""
    found = services.contract_register(actor=current_session(request), order_id=payload.order_id)
    return {
        "sign_no": found.sign_no,
        "channel": found.channel,
        "signed_at": found.signed_at,
        "contract_no": found.contract_no,
    }


@call(router.post, "/accountOpeningCredit", schemas.CreditOrderCreditOut, auth=MANAGE)
def account_opening_credit(request: HttpRequest, payload: schemas.CreditOrderIn) -> Any:
    """Opens the lease's D1 account (from the day the customer received the goods) with its
    opening record; needs the authorisation (1601) and a started lease (1602)."""
    services.account_open(actor=current_session(request), order_id=payload.order_id)
    return _order_answer(request, payload.order_id)


@call(router.post, "/appendRepaymentTurnover", schemas.CreditOrderCreditOut, auth=MANAGE)
def append_repayment_turnover(request: HttpRequest, payload: schemas.CreditOrderIn) -> Any:
    """Appends the repayment and overdue records the order's bills now call for (status
    codes N, 1-7); what the account already carries is not made again."""
    made = services.records_append(
        actor=current_session(request),
        order_id=payload.order_id,
        kinds=("repayment", "overdue"),
    )
    return _order_answer(request, payload.order_id, [r.record_no for r in made])


@call(router.post, "/repayment", schemas.CreditRecordOut, auth=MANAGE)
def repayment(request: HttpRequest, payload: schemas.CreditRepaymentIn) -> Any:
    """The repayment record of one instalment once it is paid (1603 before)."""
    record = services.repayment_report(
        actor=current_session(request), order_id=payload.order_id, period=payload.period
    )
    return selectors.record_row(record)


@call(router.post, "/collectionReportCredit", schemas.CreditRecordOut, auth=MANAGE)
def collection_report_credit(request: HttpRequest, payload: schemas.CreditCollectionIn) -> Any:
    """The debt handed to a collector: a C1 account and its collection record (only a debt
    past due, 1606 otherwise; once per order)."""
    today = timezone.localdate()
    handed_on = payload.handed_on or today
    if handed_on > today:
        raise field_error("handed_on", Text("不能是未来的日期", "not in the future"))
    record = services.collection_report(
        actor=current_session(request),
        order_id=payload.order_id,
        collector=payload.collector,
        handed_on=handed_on,
    )
    return selectors.record_row(record)


@call(router.post, "/accountClose", schemas.CreditOrderCreditOut, auth=MANAGE)
def account_close(request: HttpRequest, payload: schemas.CreditOrderIn) -> Any:
    """Closes the D1 account: C (settled) when every instalment is paid, G when the lease
    ended otherwise; 1605 while it runs."""
    services.account_close(actor=current_session(request), order_id=payload.order_id)
    return _order_answer(request, payload.order_id)


@call(router.post, "/cancelReportCredit", schemas.CreditRecordOut, auth=MANAGE)
def cancel_report_credit(request: HttpRequest, payload: schemas.CreditCorrectIn) -> Any:
    """Corrects a record: a new pending record derived again from the order replaces it
    (the old one `replaced`); never a second live record. 409 while its file is at the
    bureau."""
    record = services.record_correct(
        actor=current_session(request), record_id=payload.record_id, reason=payload.reason
    )
    return selectors.record_row(record)


@call(router.get, "/getRepaymentStatusMap", list[schemas.CreditStatusCodeOut], auth=VIEW)
def get_repayment_status_map(request: HttpRequest) -> Any:
    """The repayment status codes of the format: N, 1-7 (30-day overdue buckets), C, G, D,
    Z, #, /, *."""
    return selectors.status_map()


def _generate(request: HttpRequest, payload: schemas.CreditPeriodIn) -> Any:
    session = current_session(request)
    found = services.file_generate(actor=session, period=_period(payload.period))
    return selectors.file_detail(session, file_id=found.pk, language=_language(request))


@call(router.get, "/generateFileData", schemas.CreditFileDetailOut, auth=MANAGE)
def generate_file_data(request: HttpRequest, payload: Query[schemas.CreditPeriodIn]) -> Any:
    """The report file of the records pending up to the month's end: XML with a section per
    account type, validated against the shipped XSD (1604 otherwise), kept privately with
    its SHA-256; answered with its tree. 1603 when nothing is pending."""
    return _generate(request, payload)


@call(
    router.post,
    "/generateFileData",
    schemas.CreditFileDetailOut,
    operation_id="generateFileData_post",
    auth=MANAGE,
)
def generate_file_data_post(request: HttpRequest, payload: schemas.CreditPeriodIn) -> Any:
    """generateFileData as a POST (it makes a file)."""
    return _generate(request, payload)


def _submit(request: HttpRequest, payload: schemas.CreditIdIn) -> Any:
    session = current_session(request)
    found = services.file_submit(actor=session, file_id=payload.id)
    return selectors.file_detail(session, file_id=found.pk, language=_language(request))


@call(router.get, "/submitUploadFile", schemas.CreditFileDetailOut, auth=MANAGE)
def submit_upload_file(request: HttpRequest, payload: Query[schemas.CreditIdIn]) -> Any:
    """Sends a generated file to the credit bureau (processing; each record's feedback
    arrives by callback). Asked again for a file already sent: asks the bureau again."""
    return _submit(request, payload)


@call(
    router.post,
    "/submitUploadFile",
    schemas.CreditFileDetailOut,
    operation_id="submitUploadFile_post",
    auth=MANAGE,
)
def submit_upload_file_post(request: HttpRequest, payload: schemas.CreditIdIn) -> Any:
    """submitUploadFile as a POST (it sends the file)."""
    return _submit(request, payload)


@call(router.post, "/settleDataReport", schemas.CreditSettlementOut, auth=MANAGE)
def settle_data_report(request: HttpRequest, payload: schemas.CreditPeriodIn) -> Any:
    """Drafts the month-end settlement report: each D1 account open at the month's end with
    its standing then (one live batch per month)."""
    batch = services.settlement_draft(
        actor=current_session(request), period=_period(payload.period)
    )
    return selectors.settlement_row(batch)


@call(router.post, "/settleReportConfirm", schemas.CreditSettlementOut, auth=MANAGE)
def settle_report_confirm(request: HttpRequest, payload: schemas.CreditIdIn) -> Any:
    """Confirms a drafted batch: its records go out with the next file."""
    batch = services.settlement_confirm(actor=current_session(request), batch_id=payload.id)
    return selectors.settlement_row(batch)


@call(router.post, "/settleRecovery", schemas.CreditSettlementOut, auth=MANAGE)
def settle_recovery(request: HttpRequest, payload: schemas.CreditRecoverIn) -> Any:
    """Takes a batch back while none of its records is in a file (409 after)."""
    batch = services.settlement_recover(
        actor=current_session(request), batch_id=payload.id, reason=payload.reason
    )
    return selectors.settlement_row(batch)


@call(router.get, "/getSettleResult", schemas.CreditSettlementResultOut, auth=VIEW)
def get_settle_result(request: HttpRequest, payload: Query[schemas.CreditIdIn]) -> Any:
    """A settlement batch with its records and how many the bureau accepted or rejected."""
    return selectors.settlement_result(current_session(request), batch_id=payload.id)


# --- added: the screens' reads -----------------------------------------------------------------


@call(router.get, "/getOrderCredit", schemas.CreditOrderCreditOut, auth=VIEW)
def get_order_credit(request: HttpRequest, payload: Query[schemas.CreditOrderQuery]) -> Any:
    """An order's reporting: authorisation, accounts, records and its credit file's tree."""
    return _order_answer(request, payload.order_id)


@call(router.get, "/getCreditRecordList", schemas.CreditRecordPageOut, auth=VIEW)
def get_credit_record_list(request: HttpRequest, payload: Query[schemas.CreditRecordListIn]) -> Any:
    """The shop's report records, newest first, with counts per state."""
    filters = payload.model_dump()
    return selectors.record_page(
        current_session(request),
        state=filters["state"] or "",
        kind=filters["kind"] or "",
        order_no=filters["order_no"],
        period=filters["period"] or "",
        page=filters["page"],
        page_size=filters["page_size"],
    )


@call(router.get, "/getCreditFileList", schemas.CreditFilePageOut, auth=VIEW)
def get_credit_file_list(request: HttpRequest, payload: Query[schemas.CreditFileListIn]) -> Any:
    """The shop's report files, newest first."""
    return selectors.file_page(
        current_session(request),
        status=payload.status or "",
        page=payload.page,
        page_size=payload.page_size,
    )


@call(router.get, "/getCreditFileDetail", schemas.CreditFileDetailOut, auth=VIEW)
def get_credit_file_detail(request: HttpRequest, payload: Query[schemas.CreditIdIn]) -> Any:
    """A report file: its tree (names and ID numbers masked), records and feedback. The XML
    is taken away with `exportCreditFile`."""
    return selectors.file_detail(
        current_session(request), file_id=payload.id, language=_language(request)
    )


@call(router.post, "/exportCreditFile", schemas.CreditFileLinkOut, auth=MANAGE)
def export_credit_file(request: HttpRequest, payload: schemas.CreditFileExportIn) -> Any:
    """(Added) A short-lived link to a report file's XML, which holds every reported
    customer's name and ID number whole: a reason (2–200) is required and the export is
    recorded in the owner's reveal log (`credit.file_export`). 404 for a file outside the
    session's scope."""
    link = file_export.file_export(
        actor=current_session(request), file_id=payload.id, reason=payload.reason
    )
    return {"download_url": link}


@call(router.get, "/getCreditSettleList", schemas.CreditSettlementPageOut, auth=VIEW)
def get_credit_settle_list(request: HttpRequest, payload: Query[schemas.CreditPageIn]) -> Any:
    """The month-end settlement batches, newest first."""
    return selectors.settlement_page(
        current_session(request), page=payload.page, page_size=payload.page_size
    )
