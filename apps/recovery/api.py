"""Recovery: the cases of orders past due, a collector's workbench. Every call applies the
session's scope (`selectors.visible_cases`): a collector its own cases, a sub-shop's account
its sub-shop's, the owner and finance every case; a case outside it answers 404."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.http import HttpRequest
from django.utils import timezone
from ninja import Query, Router

from zulin.core.auth import current_session, store_auth
from zulin.core.errors import field_error
from zulin.core.i18n import Text
from zulin.core.routes import call

from . import schemas, selectors, services

router = Router(tags=["backend: recovery"])


def _filters(query: schemas.CaseFiltersIn) -> selectors.CaseFilters:
    return selectors.CaseFilters(
        bucket=query.bucket,
        state=query.state,
        assignee_id=query.assignee_id,
        unassigned=query.unassigned,
        mine=query.mine,
        sub_shop_id=query.sub_shop_id,
        keyword=query.keyword,
    )


@call(router.get, "/getRecoveryCases", schemas.CasePageOut, auth=store_auth())
def get_recovery_cases(request: HttpRequest, query: Query[schemas.CaseListIn]) -> Any:
    """The cases the session may work, next action due first, then the highest priority:
    filters bucket, state, assignee (or unassigned), mine, sub-shop, keyword."""
    return selectors.case_page(
        session=current_session(request),
        filters=_filters(query),
        page=query.page,
        page_size=query.page_size,
    )


@call(router.get, "/getRecoveryCount", schemas.CaseCountOut, auth=store_auth())
def get_recovery_count(request: HttpRequest, query: Query[schemas.CaseFiltersIn]) -> Any:
    """Per bucket and per state, the cases and what they owe: each count is the total of
    getRecoveryCases with the same filters and that bucket (state)."""
    return selectors.case_counts(session=current_session(request), filters=_filters(query))


@call(router.get, "/getRecoveryCase", schemas.CaseDetailOut, auth=store_auth())
def get_recovery_case(request: HttpRequest, query: Query[schemas.CaseIdIn]) -> Any:
    """One case: what is owed by kind, the order's summary (the customer masked; a reveal
    is revealCustomerIdentity's), contacts, promises, state history and events."""
    return selectors.case_detail(session=current_session(request), case_id=query.case_id)


@call(
    router.get,
    "/getRecoveryCollectors",
    list[schemas.CollectorOut],
    auth=store_auth("recovery.assign"),
)
def get_recovery_collectors(request: HttpRequest) -> Any:
    """The shop's collectors with their open cases and what those owe (for assignment)."""
    return selectors.collectors()


@call(router.post, "/assignRecoveryCases", schemas.AssignOut, auth=store_auth("recovery.assign"))
def assign_recovery_cases(request: HttpRequest, payload: schemas.AssignIn) -> Any:
    """Assigns cases to a collector (or none) by hand, one or many; audited on each case."""
    count = services.cases_assign(
        actor=current_session(request),
        case_ids=list(payload.case_ids),
        assignee_id=payload.assignee_id,
    )
    return {"assigned": count}


@call(router.post, "/addContactRecord", schemas.ContactOut, auth=store_auth("recovery.work"))
def add_contact_record(request: HttpRequest, payload: schemas.ContactIn) -> Any:
    """A contact with the customer on an open case: channel, outcome, note, time; an SMS
    with `template_code` is sent through sendMessage's path and throttle."""
    contact = services.contact_add(
        actor=current_session(request),
        case_id=payload.case_id,
        channel=payload.channel,
        outcome=payload.outcome,
        note=payload.note,
        contacted_at=payload.contacted_at,
        template_code=payload.template_code,
        idempotency_key=payload.idempotency_key or "",
    )
    return selectors.contact_row(contact)


@call(router.post, "/addPromiseToPay", schemas.PromiseOut, auth=store_auth("recovery.work"))
def add_promise_to_pay(request: HttpRequest, payload: schemas.PromiseIn) -> Any:
    """The customer's promise to pay an amount by a day; kept or broken by the nightly run.
    Idempotency key."""
    promise = services.promise_add(
        actor=current_session(request),
        case_id=payload.case_id,
        promised_on=payload.promised_on,
        amount=payload.amount,
        note=payload.note,
        idempotency_key=payload.idempotency_key,
    )
    return selectors.promise_row(promise)


@call(router.post, "/sendPaymentLink", schemas.PaymentLinkOut, auth=store_auth("recovery.work"))
def send_payment_link(request: HttpRequest, payload: schemas.PaymentLinkIn) -> Any:
    """A payment of the case's oldest bill past due by the customer (the provider's cashier:
    H5 link and QR code); it settles through the one collection path; `send_sms` texts it to
    the customer. Idempotency key."""
    return services.payment_link_send(
        actor=current_session(request),
        case_id=payload.case_id,
        idempotency_key=payload.idempotency_key,
        send_sms=payload.send_sms,
    )


@call(router.get, "/getRecoverySetting", schemas.SettingOut, auth=store_auth("recovery.assign"))
def get_recovery_setting(request: HttpRequest) -> Any:
    """The buckets' bounds, the reminders a customer may get per day, the assignment rule."""
    return selectors.setting_answer(selectors.recovery_setting())


@call(router.post, "/saveRecoverySetting", schemas.SettingOut, auth=store_auth("recovery.config"))
def save_recovery_setting(request: HttpRequest, payload: schemas.SettingIn) -> Any:
    """Saves the settings (bounds increasing; reminders 0–3 a day); audited."""
    setting = services.setting_save(
        actor=current_session(request),
        m1_max_days=payload.m1_max_days,
        m2_max_days=payload.m2_max_days,
        m3_max_days=payload.m3_max_days,
        reminders_per_day=payload.reminders_per_day,
        assignment_rule=payload.assignment_rule,
        sub_shop_collectors={s.sub_shop_id: s.collector_id for s in payload.sub_shop_collectors},
        bucket_templates={t.bucket: t.template_code for t in payload.bucket_templates},
        write_off_after_days=payload.write_off_after_days,
    )
    return selectors.setting_answer(setting)


@call(router.post, "/writeOffDebt", schemas.CaseDetailOut, auth=store_auth("recovery.writeoff"))
def write_off_debt(request: HttpRequest, payload: schemas.WriteOffIn) -> Any:
    """Writes off what an open case owes past due, once it is the shop's age for it
    (default 180 days past due; 1665 before), with a reason: its bills close as written
    off, the case as `written_off`. No journal (cash basis): money that comes later is
    income when it arrives and marks what it pays recovered after write-off. Idempotency
    key; a case out of scope answers 404."""
    session = current_session(request)
    write_off = services.case_write_off(
        actor=session,
        case_id=payload.case_id,
        reason=payload.reason,
        idempotency_key=payload.idempotency_key,
    )
    return selectors.case_detail(session=session, case_id=write_off.case_id)


@call(router.get, "/getRecoveryReport", schemas.ReportOut, auth=store_auth("recovery.view"))
def get_recovery_report(request: HttpRequest, query: Query[schemas.ReportIn]) -> Any:
    """Over China days: money recovered (after write-off among it), the recovery rate,
    promises kept and broken, cases closed and written off, by collector and by bucket,
    with totals (docs/recovery.md)."""
    date_to = query.date_to or timezone.localdate()
    date_from = query.date_from or date_to - timedelta(days=29)
    if date_from > date_to:
        raise field_error("date_from", Text("不能晚于结束日期", "after date_to"))
    if (date_to - date_from).days >= selectors.REPORT_DAYS_MAX:
        raise field_error(
            "date_from",
            Text("最多 {days} 天", "at most {days} days").format(days=selectors.REPORT_DAYS_MAX),
        )
    return selectors.recovery_report(
        session=current_session(request), date_from=date_from, date_to=date_to
    )
