"""The risk calls about orders: the prepaid risk balance with the orders waiting for it, a
risk query of an order's customer (or of a person), the credit-bureau report of an order's
customer, how often it was asked, and the customer's real-name status. Their paths and tags
are risk's (the routers are added beside risk's in `zulin/api.py`); they live here because
they act on an order, and risk sits below orders (docs/architecture.md)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from apps.risk import schemas as risk_schemas
from apps.risk import selectors as risk_selectors
from apps.risk import services as risk_services
from tenants.catalog.selectors import money
from tenants.risk import rules
from tenants.risk.selectors import low_balance_threshold, query_type_names, query_type_price
from zulin.core.auth import current_session, store_auth
from zulin.core.errors import field_error
from zulin.core.i18n import Text
from zulin.core.identity import id_number_valid
from zulin.core.routes import call

from . import reads, services

backend_router = Router(tags=["backend: risk"])
credit_router = Router(tags=["credit: credit queries"])
general_router = Router(tags=["general: risk"])
v2_router = Router(tags=["v2: risk"])


@call(backend_router.get, "/getRiskBalance", risk_schemas.RiskBalanceOut, auth=store_auth())
def get_risk_balance(request: HttpRequest) -> Any:
    """The shop's prepaid risk balance, whether it is low, and how many orders wait for a
    manual audit because the balance could not pay the intake's check."""
    risk_selectors.risk_reader_check(current_session(request))
    balance, threshold = risk_selectors.risk_balance(), low_balance_threshold()
    return {
        "balance": money(balance),
        "intake_price": money(query_type_price(rules.INTAKE_QUERY_TYPE)),
        "low_threshold": money(threshold),
        "low": balance < threshold,
        "unchecked_orders": reads.orders_risk_unchecked_count(),
    }


@call(general_router.post, "/getRisk", risk_schemas.GetRiskOut, auth=store_auth("order.audit"))
def get_risk(request: HttpRequest, payload: risk_schemas.GetRiskIn) -> Any:
    """A risk query of `query_type` (getRiskTypeMap), charged at its price to the prepaid
    risk balance: of an order's customer (`order_id`: the result joins the order's risk
    results) or of a person (`name`, `id_number`, `phone`). A balance that cannot pay it
    refuses the query (code 1501) and charges nothing. The same idempotency key answers the
    same query, charged once."""
    session = current_session(request)
    if payload.order_id is not None:
        query = services.order_risk_check(
            actor=session,
            order_id=payload.order_id,
            query_type=payload.query_type,
            idempotency_key=payload.idempotency_key,
        )
    else:
        if session.sub_shop_id is not None:  # a sub-shop checks its own orders' customers only
            raise field_error("order_id", Text("子店账号必填", "required for a sub-shop's account"))
        for name in ("name", "id_number", "phone"):
            if not getattr(payload, name):
                raise field_error(name, Text("未指定订单时必填", "required without an order"))
        if not id_number_valid(payload.id_number):
            raise field_error("id_number", Text("身份证号不正确", "not a valid ID number"))
        if not payload.phone.isdigit() or not 5 <= len(payload.phone) <= 20:
            raise field_error("phone", Text("只能是数字", "digits only"))
        query = risk_services.risk_query_run(
            query_type=payload.query_type,
            subject=risk_services.Subject(
                name=payload.name, id_number=payload.id_number, phone=payload.phone
            ),
            idempotency_key=f"manual:{payload.idempotency_key}",
            actor=session,
        )
    return {
        **risk_selectors.risk_query_row(query, query_type_names()),
        "balance": money(risk_selectors.risk_balance()),
    }


@call(
    credit_router.post,
    "/applyCreditQuery",
    risk_schemas.CreditQueryOut,
    auth=store_auth("order.audit"),
)
def apply_credit_query(request: HttpRequest, payload: risk_schemas.CreditApplyIn) -> Any:
    """Asks the credit bureau for the report of an order's customer, charged at the price
    list's `credit_report` price to the prepaid risk balance (code 1501 when it cannot pay:
    nothing charged). The report arrives later (`getCreditQueryResult`, `applyResultQuery`).
    The same idempotency key answers the same query, charged once."""
    session = current_session(request)
    risk_selectors.credit_auditor_check(session)
    query = services.order_credit_query_apply(
        actor=session, order_id=payload.order_id, idempotency_key=payload.idempotency_key
    )
    return risk_selectors.credit_query_row(query)


def _query_times(request: HttpRequest, params: risk_schemas.CreditQueryTimeIn) -> Any:
    session = current_session(request)
    risk_selectors.risk_reader_check(session)
    return reads.order_credit_query_times(
        session=session, order_id=params.order_id, days=params.days
    )


@call(
    general_router.post, "/getCreditQueryTime", risk_schemas.CreditQueryTimeOut, auth=store_auth()
)
def get_credit_query_time(request: HttpRequest, payload: risk_schemas.CreditQueryTimeIn) -> Any:
    """How often the shop queried the credit of an order's customer in the last `days`
    days (90 by default), when last, and the bureau's count of queries by any institution in
    its latest report (too many hard queries weigh on a customer's credit)."""
    return _query_times(request, payload)


@call(
    v2_router.get,
    "/getCreditQueryTime",
    risk_schemas.CreditQueryTimeOut,
    operation_id="getCreditQueryTime_get",
    auth=store_auth(),
)
def get_credit_query_time_v2(
    request: HttpRequest, query: Query[risk_schemas.CreditQueryTimeIn]
) -> Any:
    """getCreditQueryTime as the contract's v2 GET (the twin of the general POST)."""
    return _query_times(request, query)


@call(
    general_router.get,
    "/ali/userAuthenticationInfo",
    risk_schemas.UserAuthenticationOut,
    operation_id="ali/userAuthenticationInfo",
    auth=store_auth(),
)
def user_authentication_info(
    request: HttpRequest, query: Query[risk_schemas.UserAuthenticationIn]
) -> Any:
    """The real-name status of an order's customer at the identity provider: whether name,
    ID number and phone agree with the issuer's records, and the first check that failed
    (asked once per order; the kept answer after). Within the session's order scope."""
    result = services.order_identity_status(actor=current_session(request), order_id=query.order_id)
    return {
        "order_id": query.order_id,
        "verified": result.verified,
        "id_number_valid": result.id_number_valid,
        "name_matches": result.name_matches,
        "phone_matches": result.phone_matches,
        "reason": result.reason,
        "reference": result.reference,
        "verified_at": result.created_at,
    }
