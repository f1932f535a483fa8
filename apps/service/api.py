"""The shop's customer service (settings, messages to customers) and its customers (the list,
a customer's page, the blacklist)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from apps.orders.intake_auth import AppSignatureAuth
from zulin.core.auth import Session, current_session, store_auth
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.routes import call

from . import schemas, selectors, services

general_router = Router(tags=["general: customer service"])
backend_router = Router(tags=["backend: customers"])
applet_router = Router(tags=["applet: customer service (signed application key)"])


def _service_reader(session: Session) -> None:
    """Who configures the service reads it, and so does who sends messages (the templates)."""
    if not (session.can("service.config") or session.can("service.message")):
        raise ApplicationError(ErrorCode.FORBIDDEN)


@call(general_router.post, "/getBaseInfo", schemas.ServiceBaseInfoOut, auth=store_auth())
def get_base_info(request: HttpRequest) -> Any:
    """The shop's customer-service settings: phone, hours, online service link, the notices
    customers see, the message templates (the platform's and the shop's own) with the
    variables they may name, the messages allowed per customer, and the after-sale address:
    the shop's return addresses (edited with saveReturnAddress, not here)."""
    _service_reader(current_session(request))
    return selectors.base_info()


@call(
    general_router.post, "/baseSet", schemas.ServiceBaseInfoOut, auth=store_auth("service.config")
)
def base_set(request: HttpRequest, payload: schemas.ServiceBaseSetIn) -> Any:
    """Saves the settings; `notices` and `templates`, when given, replace the shop's (in the
    order given). A template names only known variables and never an ID number. Audited."""
    services.service_setting_save(
        actor=current_session(request),
        phone=payload.phone,
        hours=payload.hours,
        online_url=payload.online_url,
        notices=None
        if payload.notices is None
        else [services.NoticeInput(**n.model_dump()) for n in payload.notices],
        templates=None
        if payload.templates is None
        else [services.TemplateInput(**t.model_dump()) for t in payload.templates],
    )
    return selectors.base_info()


@call(
    general_router.post,
    "/previewMessage",
    schemas.MessagePreviewOut,
    auth=store_auth("service.message"),
)
def preview_message(request: HttpRequest, payload: schemas.CustomerMessageIn) -> Any:
    """What a template would say to the order's customer now (name masked), the variables
    the order cannot fill, and the messages the customer has had in the last hour and day.
    Sends nothing."""
    return services.message_preview(
        actor=current_session(request),
        order_id=payload.order_id,
        template_code=payload.template_code,
    )


@call(
    general_router.post,
    "/sendMessage",
    schemas.CustomerMessageOut,
    auth=store_auth("service.message"),
)
def send_message(request: HttpRequest, payload: schemas.SendCustomerMessageIn) -> Any:
    """An SMS to the order's customer (an order within the session's scope) from a template,
    filled from the order and its bills, through the SMS gateway; on the order's timeline.
    At most `limits.per_hour` / `limits.per_day` per customer (code 1661); a variable the
    order cannot fill refuses it (1662). The same idempotency key answers the same message."""
    message = services.message_send(
        actor=current_session(request),
        order_id=payload.order_id,
        template_code=payload.template_code,
        idempotency_key=payload.idempotency_key or "",
    )
    return selectors.message_row(message)


@call(
    applet_router.get,
    "/serviceInfo",
    schemas.ServiceInfoOut,
    operation_id="appletServiceInfo",
    auth=AppSignatureAuth(),
)
def applet_service_info(request: HttpRequest) -> Any:
    """For the shop's customer-facing app (signed like the intake): the service phone, hours
    and online link, the notices shown to customers in order, and the after-sale address."""
    return selectors.customer_facing_info()


# --- customers -----------------------------------------------------------------------------


@call(
    backend_router.get,
    "/getCustomerList",
    schemas.CustomerPageOut,
    auth=store_auth("customer.view"),
)
def get_customer_list(request: HttpRequest, query: Query[schemas.CustomerListIn]) -> Any:
    """The shop's customers (one per ID number), newest activity first, masked: their
    orders, what they owe and what of it is overdue, their latest risk grade, the messages
    sent and whether they are blacklisted; search and filters."""
    return selectors.customer_page(
        session=current_session(request),
        keyword=query.keyword,
        overdue_only=query.overdue,
        blacklisted=query.blacklisted,
        page=query.page,
        page_size=query.page_size,
    )


@call(
    backend_router.get,
    "/getCustomerDetail",
    schemas.CustomerDetailOut,
    auth=store_auth("customer.view"),
)
def get_customer_detail(request: HttpRequest, query: Query[schemas.CustomerDetailIn]) -> Any:
    """One customer: their orders, bills, risk results, messages and blacklist entries with
    their history."""
    return selectors.customer_detail(
        session=current_session(request), customer_id=query.customer_id
    )


@call(
    backend_router.get,
    "/getCustomerBlacklist",
    schemas.BlacklistPageOut,
    auth=store_auth("customer.view"),
)
def get_customer_blacklist(request: HttpRequest, query: Query[schemas.BlacklistListIn]) -> Any:
    """The shop's blacklist entries, newest first (active, lifted or both), masked."""
    return selectors.blacklist_page(status=query.status, page=query.page, page_size=query.page_size)


@call(
    backend_router.post,
    "/setCustomerBlacklist",
    schemas.BlacklistOut,
    auth=store_auth("customer.blacklist"),
)
def set_customer_blacklist(request: HttpRequest, payload: schemas.BlacklistSetIn) -> Any:
    """Blacklists a customer of the shop (`customer_id`) or a person by ID number (and
    phone), with a reason: the intake refuses them (code 1660). Already listed: 409."""
    entry = services.blacklist_add(
        actor=current_session(request),
        reason=payload.reason,
        customer_id=payload.customer_id,
        name=payload.name,
        id_number=payload.id_number,
        phone=payload.phone,
    )
    return selectors.blacklist_row(entry)


@call(
    backend_router.post,
    "/removeCustomerBlacklist",
    schemas.BlacklistOut,
    auth=store_auth("customer.blacklist"),
)
def remove_customer_blacklist(request: HttpRequest, payload: schemas.BlacklistRemoveIn) -> Any:
    """Lifts an active entry with a reason (kept with its history); lifted already: 409."""
    entry = services.blacklist_lift(
        actor=current_session(request), entry_id=payload.id, reason=payload.reason
    )
    return selectors.blacklist_row(entry)
