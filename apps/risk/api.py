"""The merchant's risk checks and its prepaid risk balance: the balance, a query charged to
it (of a person, or of an order's customer), the queries made and the balance's lines."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from apps.orders.selectors import order_credit_query_times, orders_risk_unchecked_count
from apps.orders.services import order_credit_query_apply, order_identity_status, order_risk_check
from tenants.catalog.selectors import money
from tenants.risk import rules
from tenants.risk.selectors import low_balance_threshold, query_type_names, query_type_price
from zulin.core.auth import Session, current_session, store_auth
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.identity import id_number_valid

from . import schemas, selectors, services

backend_router = Router(tags=["backend: risk"])
credit_router = Router(tags=["credit: credit queries"])
general_router = Router(tags=["general: risk"])
v2_router = Router(tags=["v2: risk"])

RECHARGE = store_auth("risk.recharge")


def _reader(session: Session) -> None:
    """The balance and the queries are the merchant's: who recharges it and the auditors who
    spend it read them; a sub-shop's account never does (they span every sub-shop)."""
    if session.sub_shop_id is not None:
        raise ApplicationError(ErrorCode.FORBIDDEN)
    if not (session.can("risk.recharge") or session.can("order.audit")):
        raise ApplicationError(ErrorCode.FORBIDDEN)


@backend_router.get(
    "/getRiskBalance",
    response=schemas.RiskBalanceOut,
    auth=store_auth(),
    operation_id="getRiskBalance",
)
def get_risk_balance(request: HttpRequest) -> Any:
    """The shop's prepaid risk balance, whether it is low, and how many orders wait for a
    manual audit because the balance could not pay the intake's check."""
    _reader(current_session(request))
    balance, threshold = selectors.risk_balance(), low_balance_threshold()
    return {
        "balance": money(balance),
        "intake_price": money(query_type_price(rules.INTAKE_QUERY_TYPE)),
        "low_threshold": money(threshold),
        "low": balance < threshold,
        "unchecked_orders": orders_risk_unchecked_count(),
    }


@general_router.post(
    "/getRisk",
    response=schemas.GetRiskOut,
    auth=store_auth("order.audit"),
    operation_id="getRisk",
)
def get_risk(request: HttpRequest, payload: schemas.GetRiskIn) -> Any:
    """A risk query of `query_type` (getRiskTypeMap), charged at its price to the prepaid
    risk balance: of an order's customer (`order_id`: the result joins the order's risk
    results) or of a person (`name`, `id_number`, `phone`). A balance that cannot pay it
    refuses the query (code 1501) and charges nothing. The same idempotency key answers the
    same query, charged once."""
    session = current_session(request)
    if payload.order_id is not None:
        query = order_risk_check(
            actor=session,
            order_id=payload.order_id,
            query_type=payload.query_type,
            idempotency_key=payload.idempotency_key,
        )
    else:
        if session.sub_shop_id is not None:  # a sub-shop checks its own orders' customers only
            raise field_error("order_id", "required for a sub-shop's account")
        for name in ("name", "id_number", "phone"):
            if not getattr(payload, name):
                raise field_error(name, "required without an order")
        if not id_number_valid(payload.id_number):
            raise field_error("id_number", "not a valid ID number")
        if not payload.phone.isdigit() or not 5 <= len(payload.phone) <= 20:
            raise field_error("phone", "digits only")
        query = services.risk_query_run(
            query_type=payload.query_type,
            subject=services.Subject(
                name=payload.name, id_number=payload.id_number, phone=payload.phone
            ),
            idempotency_key=f"manual:{payload.idempotency_key}",
            actor=session,
        )
    return {
        **selectors.risk_query_row(query, query_type_names()),
        "balance": money(selectors.risk_balance()),
    }


@general_router.post(
    "/chartRiskListDetail",
    response=schemas.RiskQueryPageOut,
    auth=store_auth(),
    operation_id="chartRiskListDetail",
)
def chart_risk_list_detail(request: HttpRequest, payload: schemas.RiskQueryListIn) -> Any:
    """The shop's risk queries, newest first, each with what it cost and what it found:
    filter by query type, source (the intake's or a manual one), dates and order number."""
    _reader(current_session(request))
    return selectors.risk_query_page(**payload.model_dump())


@v2_router.get(
    "/getRiskBillList",
    response=schemas.RiskBillPageOut,
    auth=RECHARGE,
    operation_id="getRiskBillList",
)
def get_risk_bill_list(request: HttpRequest, query: Query[schemas.RiskBillListIn]) -> Any:
    """The prepaid risk balance's lines, newest first: recharges in, query charges out
    (`type`), by dates; with the balance now and the period's totals."""
    return selectors.risk_bill_page(**query.model_dump())


# --- credit-bureau queries -----------------------------------------------------------------


def _auditor(session: Session) -> None:
    """A credit report is the merchant's to ask for: its auditors, never a sub-shop."""
    if session.sub_shop_id is not None or not session.can("order.audit"):
        raise ApplicationError(ErrorCode.FORBIDDEN)


@credit_router.post(
    "/applyCreditQuery",
    response=schemas.CreditQueryOut,
    auth=store_auth("order.audit"),
    operation_id="applyCreditQuery",
)
def apply_credit_query(request: HttpRequest, payload: schemas.CreditApplyIn) -> Any:
    """Asks the credit bureau for the report of an order's customer, charged at the price
    list's `credit_report` price to the prepaid risk balance (code 1501 when it cannot pay:
    nothing charged). The report arrives later (`getCreditQueryResult`, `applyResultQuery`).
    The same idempotency key answers the same query, charged once."""
    session = current_session(request)
    _auditor(session)
    query = order_credit_query_apply(
        actor=session, order_id=payload.order_id, idempotency_key=payload.idempotency_key
    )
    return selectors.credit_query_row(query)


@credit_router.get(
    "/getCreditQueryResult",
    response=schemas.CreditQueryOut,
    auth=store_auth(),
    operation_id="getCreditQueryResult",
)
def get_credit_query_result(request: HttpRequest, query: Query[schemas.CreditQueryIdIn]) -> Any:
    """One credit query as kept: processing, or its report (score, level, accounts in
    arrears and open, the bureau's count of recent queries)."""
    _reader(current_session(request))
    return selectors.credit_query_detail(query.id)


@credit_router.get(
    "/applyResultQuery",
    response=schemas.CreditQueryOut,
    auth=store_auth("order.audit"),
    operation_id="applyResultQuery",
)
def apply_result_query(request: HttpRequest, query: Query[schemas.CreditQueryIdIn]) -> Any:
    """Asks the bureau again about a credit query still processing and keeps its report
    (what its callback would do; nothing changes twice)."""
    _auditor(current_session(request))
    found = selectors.credit_query_detail(query.id)
    services.credit_query_sync(apply_no=found["apply_no"])
    return selectors.credit_query_detail(query.id)


@v2_router.get(
    "/userCreditQuery",
    response=schemas.CreditQueryPageOut,
    auth=store_auth(),
    operation_id="userCreditQuery",
)
def user_credit_query(request: HttpRequest, query: Query[schemas.CreditQueryListIn]) -> Any:
    """The shop's credit queries of its customers, newest first (of one order: `order_id`
    or `order_no`; by status)."""
    _reader(current_session(request))
    return selectors.credit_query_page(**query.model_dump())


def _query_times(request: HttpRequest, params: schemas.CreditQueryTimeIn) -> Any:
    session = current_session(request)
    _reader(session)
    return order_credit_query_times(session=session, order_id=params.order_id, days=params.days)


@general_router.post(
    "/getCreditQueryTime",
    response=schemas.CreditQueryTimeOut,
    auth=store_auth(),
    operation_id="getCreditQueryTime",
)
def get_credit_query_time(request: HttpRequest, payload: schemas.CreditQueryTimeIn) -> Any:
    """How often the shop queried the credit of an order's customer in the last `days`
    days (90 by default), when last, and the bureau's count of queries by any institution in
    its latest report (too many hard queries weigh on a customer's credit)."""
    return _query_times(request, payload)


@v2_router.get(
    "/getCreditQueryTime",
    response=schemas.CreditQueryTimeOut,
    auth=store_auth(),
    operation_id="getCreditQueryTime_get",
)
def get_credit_query_time_v2(request: HttpRequest, query: Query[schemas.CreditQueryTimeIn]) -> Any:
    """getCreditQueryTime as the contract's v2 GET (the twin of the general POST)."""
    return _query_times(request, query)


@general_router.get(
    "/ali/userAuthenticationInfo",
    response=schemas.UserAuthenticationOut,
    auth=store_auth(),
    operation_id="ali/userAuthenticationInfo",
)
def user_authentication_info(
    request: HttpRequest, query: Query[schemas.UserAuthenticationIn]
) -> Any:
    """The real-name status of an order's customer at the identity provider: whether name,
    ID number and phone agree with the issuer's records, and the first check that failed
    (asked once per order; the kept answer after). Within the session's order scope."""
    result = order_identity_status(actor=current_session(request), order_id=query.order_id)
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
