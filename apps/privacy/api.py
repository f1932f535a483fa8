"""Privacy: the log of customers' requests about their personal information (docs/privacy.md).
Every call needs `privacy.manage` (the reveal log `privacy.reveals`, the owner's); a sub-shop's
account sees no request (404)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from apps.orders.consents import consent_rows, consent_save, customer_exists
from apps.orders.services import suppression_lift
from zulin.audit.selectors import reveal_page
from zulin.core.auth import current_session, store_auth
from zulin.core.envelope import request_language
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.routes import call

from . import schemas, selectors, services
from .copy import customer_copy_create
from .deletion import deletion_block, deletion_erase, deletion_restrict
from .holds import HoldInput, hold_create, hold_detail, hold_lift, hold_page
from .retention import (
    RETENTION_LAW_YEARS,
    class_counts,
    retention_dry_run,
    retention_runs,
    retention_setting_save,
    retention_years,
)
from .selectors import MANAGE

router = Router(tags=["backend: privacy"])
REVEALS = "privacy.reveals"
AUTH = store_auth(MANAGE)


def _detail(session: Any, request_id: int) -> dict[str, Any]:
    answer = selectors.request_detail(session=session, request_id=request_id)
    row = selectors.request_in_scope(session, request_id)
    return {**answer, "deletion": deletion_block(row)}


@call(router.get, "/getPrivacyRequests", schemas.PrivacyRequestPageOut, auth=AUTH)
def get_privacy_requests(request: HttpRequest, query: Query[schemas.PrivacyRequestListIn]) -> Any:
    """Customers' requests, latest received first: filters status, kind, attention
    (`overdue`), handler, mine, keyword (request number, a phone or ID number in full)."""
    return selectors.request_page(session=current_session(request), filters=query)


@call(router.get, "/getRevealLog", schemas.RevealPageOut, auth=store_auth(REVEALS))
def get_reveal_log(request: HttpRequest, query: Query[schemas.RevealLogIn]) -> Any:
    """The owner's log of reveals: each time a whole phone or ID number was shown or put in
    a file (the identity reveal, an evidence pack, a customer's copy), who, when and why;
    newest first, filtered by kind, account and China day. Needs `privacy.reveals`."""
    return reveal_page(
        action=query.action,
        actor_account_id=query.actor_account_id,
        date_from=query.date_from,
        date_to=query.date_to,
        page=query.page,
        page_size=query.page_size,
    )


def _customer_in_reach(session: Any, customer_id: int) -> None:
    # The shop is the handler: a sub-shop's account sees no consent (as no request).
    if session.sub_shop_id is not None or not customer_exists(customer_id):
        raise ApplicationError(ErrorCode.NOT_FOUND)


@call(router.get, "/getCustomerConsents", schemas.ConsentsOut, auth=AUTH)
def get_customer_consents(request: HttpRequest, query: Query[schemas.ConsentQueryIn]) -> Any:
    """The customer's consent for each purpose that rests on consent (marketing messages,
    face check, credit queries, location): given, withdrawn or none, with the times."""
    _customer_in_reach(current_session(request), query.customer_id)
    return {"customer_id": query.customer_id, "consents": consent_rows(query.customer_id)}


@call(router.post, "/saveCustomerConsent", schemas.ConsentsOut, auth=AUTH)
def save_customer_consent(request: HttpRequest, payload: schemas.ConsentSaveIn) -> Any:
    """Records a consent given or withdrawn (history and audit). A withdrawal stops the
    purpose's jobs at once (a credit query is refused with 1667); its answer's `lease_basis`
    says the lease rests on the contract and goes on."""
    session = current_session(request)
    _customer_in_reach(session, payload.customer_id)
    return consent_save(
        actor=session,
        customer_id=payload.customer_id,
        purpose=payload.purpose,
        given=payload.given,
        reason=payload.reason,
    )


@call(router.get, "/getPrivacyRequest", schemas.PrivacyRequestOut, auth=AUTH)
def get_privacy_request(request: HttpRequest, query: Query[schemas.PrivacyRequestIdIn]) -> Any:
    """One request: the customer found (masked), verification, due day and working days
    left, the answer, the status history."""
    return _detail(current_session(request), query.id)


@call(router.post, "/createPrivacyRequest", schemas.PrivacyRequestOut, auth=AUTH)
def create_privacy_request(request: HttpRequest, payload: schemas.PrivacyRequestCreateIn) -> Any:
    """Logs a customer's request (access and copy, correction, deletion): found by phone or
    ID number, due the shop's working days after it was received (15 by default, China's
    calendar); writes `privacy.request.created`."""
    session = current_session(request)
    row = services.request_create(
        actor=session,
        data=services.RequestInput(
            kind=payload.kind,
            requester_name=payload.requester_name,
            requester_phone=payload.requester_phone,
            lookup_by=payload.lookup_by,
            lookup=payload.lookup,
            channel=payload.channel,
            verification=payload.verification,
            verification_note=payload.verification_note,
            detail=payload.detail,
            received_on=payload.received_on,
        ),
    )
    return _detail(session, row.pk)


@call(router.get, "/getPrivacyHandlers", list[schemas.PrivacyHandlerOut], auth=AUTH)
def get_privacy_handlers(request: HttpRequest) -> Any:
    """The shop-wide active accounts that may handle a request (for assignment)."""
    return selectors.handlers()


@call(router.post, "/assignPrivacyRequest", schemas.PrivacyRequestOut, auth=AUTH)
def assign_privacy_request(request: HttpRequest, payload: schemas.PrivacyRequestAssignIn) -> Any:
    """Gives an open request to a handler; it is then in progress."""
    session = current_session(request)
    services.request_assign(actor=session, request_id=payload.id, handler_id=payload.handler_id)
    return _detail(session, payload.id)


@call(router.post, "/answerPrivacyRequest", schemas.PrivacyRequestOut, auth=AUTH)
def answer_privacy_request(request: HttpRequest, payload: schemas.PrivacyRequestAnswerIn) -> Any:
    """Answers an open request: `completed` with what was done, or `refused` with the
    reason given."""
    session = current_session(request)
    services.request_answer(
        actor=session,
        request_id=payload.id,
        result=payload.result,
        outcome=payload.outcome,
        refusal_reason=payload.refusal_reason,
    )
    return _detail(session, payload.id)


@call(router.post, "/createPrivacyCopy", schemas.PrivacyCopyOut, auth=AUTH)
def create_privacy_copy(request: HttpRequest, payload: schemas.PrivacyRequestIdIn) -> Any:
    """Access and copy: queues one file of everything the shop holds on the customer of an
    access request (ZIP of JSON and CSV with a manifest and a Chinese PDF summary; identity
    whole in the file, masked in this preview); follow the job with exportStatus."""
    return customer_copy_create(
        session=current_session(request), request_id=payload.id, language=request_language(request)
    )


@call(router.post, "/correctPrivacyData", schemas.PrivacyRequestOut, auth=AUTH)
def correct_privacy_data(request: HttpRequest, payload: schemas.PrivacyCorrectIn) -> Any:
    """Correction: the customer's contact phone on an open correction request, audited on
    the customer (masked, with hashes) and on the request. A name or ID number is refused
    with an error naming the new identity check it needs."""
    session = current_session(request)
    services.request_correct(
        actor=session,
        request_id=payload.id,
        phone=payload.phone,
        name=payload.name,
        id_number=payload.id_number,
    )
    return _detail(session, payload.id)


@call(router.post, "/erasePrivacyData", schemas.PrivacyRequestOut, auth=AUTH)
def erase_privacy_data(request: HttpRequest, payload: schemas.PrivacyRequestIdIn) -> Any:
    """Deletion where nothing holds the customer's data (no open order, debt, dispute or
    recovery case, every retention period past): the customer anonymised in every table
    (name → family name and a star, phone and ID number kept only as keyed hashes and put on
    the suppression list, ID card pictures and addresses deleted), `customer.redact` sent,
    the request completed. Where something holds it: 409 naming what."""
    session = current_session(request)
    deletion_erase(actor=session, request_id=payload.id)
    return _detail(session, payload.id)


@call(router.post, "/restrictPrivacyData", schemas.PrivacyRequestOut, auth=AUTH)
def restrict_privacy_data(request: HttpRequest, payload: schemas.PrivacyRequestIdIn) -> Any:
    """Answers a deletion request with what holds the data and until when: the customer is
    restricted (storage and security only) until the last hold ends; the request completed.
    Where nothing holds it: 409 (erase it instead)."""
    session = current_session(request)
    deletion_restrict(actor=session, request_id=payload.id)
    return _detail(session, payload.id)


@call(router.get, "/getPrivacySetting", schemas.PrivacySettingOut, auth=AUTH)
def get_privacy_setting(request: HttpRequest) -> Any:
    """The working days a request is due in (the default 15, or the shop's longer)."""
    return selectors.setting_answer(selectors.privacy_setting())


@call(router.post, "/savePrivacySetting", schemas.PrivacySettingOut, auth=AUTH)
def save_privacy_setting(request: HttpRequest, payload: schemas.PrivacySettingIn) -> Any:
    """Saves the working days a request is due in: only longer than the default; audited."""
    setting = services.setting_save(
        actor=current_session(request), due_working_days=payload.due_working_days
    )
    return selectors.setting_answer(setting)


@call(router.get, "/getLegalHolds", schemas.LegalHoldPageOut, auth=AUTH)
def get_legal_holds(request: HttpRequest, query: Query[schemas.LegalHoldListIn]) -> Any:
    """Legal holds (a court's, a procuratorate's, the police's or a regulator's order to keep
    a customer's data), latest start first: filtered by customer and status; `holding` says
    whether it holds the data today."""
    return hold_page(
        actor=current_session(request),
        customer_id=query.customer_id,
        status=query.status,
        page=query.page,
        page_size=query.page_size,
    )


@call(router.get, "/getLegalHold", schemas.LegalHoldOut, auth=AUTH)
def get_legal_hold(request: HttpRequest, query: Query[schemas.LegalHoldIdIn]) -> Any:
    """One legal hold with its status history."""
    return hold_detail(actor=current_session(request), hold_id=query.id)


@call(router.post, "/createLegalHold", schemas.LegalHoldOut, auth=AUTH)
def create_legal_hold(request: HttpRequest, payload: schemas.LegalHoldCreateIn) -> Any:
    """Records a legal hold on a customer (or one of their orders): who ordered it, its
    reference and reason, from when and until when (none: until lifted). While it holds, a
    deletion is answered with it and the retention job leaves the customer; audited."""
    session = current_session(request)
    hold = hold_create(
        actor=session,
        data=HoldInput(
            customer_id=payload.customer_id,
            order_id=payload.order_id,
            authority=payload.authority,
            authority_name=payload.authority_name,
            reference=payload.reference,
            reason=payload.reason,
            starts_on=payload.starts_on,
            ends_on=payload.ends_on,
        ),
    )
    return hold_detail(actor=session, hold_id=hold.pk)


@call(router.post, "/liftLegalHold", schemas.LegalHoldOut, auth=AUTH)
def lift_legal_hold(request: HttpRequest, payload: schemas.LegalHoldLiftIn) -> Any:
    """Lifts an active legal hold with the reason (the authority's release); a lifted hold
    is never lifted again (409). The retention job erases a restricted customer the night
    nothing holds them any more."""
    session = current_session(request)
    hold_lift(actor=session, hold_id=payload.id, reason=payload.reason)
    return hold_detail(actor=session, hold_id=payload.id)


def _shop_wide(session: Any) -> None:
    if session.sub_shop_id is not None:
        raise ApplicationError(ErrorCode.NOT_FOUND)


@call(router.get, "/getRetention", schemas.RetentionOut, auth=AUTH)
def get_retention(request: HttpRequest) -> Any:
    """The retention job: the shop's periods (the law's minimum beside them) and the last
    nights' runs, counts per data class (never the data)."""
    _shop_wide(current_session(request))
    return {"years": retention_years(), "law_years": RETENTION_LAW_YEARS, "runs": retention_runs()}


@call(router.post, "/saveRetentionSetting", schemas.RetentionOut, auth=AUTH)
def save_retention_setting(request: HttpRequest, payload: schemas.RetentionYearsIn) -> Any:
    """Lengthens a retention period (years): never shorter than the law's (a 400 on the
    class), at most 30; audited."""
    session = current_session(request)
    _shop_wide(session)
    years = {code: value for code, value in payload.dict().items() if value is not None}
    retention_setting_save(actor=session, years=years)
    return {"years": retention_years(), "law_years": RETENTION_LAW_YEARS, "runs": retention_runs()}


@call(router.get, "/getRetentionDryRun", schemas.RetentionDryRunOut, auth=AUTH)
def get_retention_dry_run(request: HttpRequest) -> Any:
    """What tonight's retention run would do — counts per data class and the customers
    (opaque ids) it would erase or anonymise — computed and rolled back: nothing changes."""
    _shop_wide(current_session(request))
    found = retention_dry_run()
    return {**found, "counts": class_counts(found["counts"])}


@call(router.post, "/liftSuppression", schemas.SuppressionLiftOut, auth=AUTH)
def lift_suppression(request: HttpRequest, payload: schemas.SuppressionLiftIn) -> Any:
    """Lifts an erased customer's suppression with their fresh consent (who, when, how they
    were verified, why; history and audit): the intake accepts their ID number again. An ID
    number not on the list: 400 on `id_number`."""
    session = current_session(request)
    _shop_wide(session)
    lifted = suppression_lift(
        actor=session,
        id_number=payload.id_number,
        phone=payload.phone,
        verification=payload.verification,
        note=payload.verification_note,
        reason=payload.reason,
    )
    return {"lifted": len(lifted)}
