"""The merchant's risk checks and its prepaid risk balance: the queries made, the balance's
lines and the credit-bureau queries kept. The calls about one order's customer (its checks,
its credit report, its real-name status) and the balance with the orders waiting for it are
the orders' (`apps.orders.risk_api`): risk sits below orders. The list of queries
(`chartRiskListDetail`) is served by `apps.order_view`, which adds each order's deposit
cover from billing."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from zulin.core.auth import current_session, store_auth
from zulin.core.routes import call

from . import schemas, selectors, services

credit_router = Router(tags=["credit: credit queries"])
v2_router = Router(tags=["v2: risk"])

RECHARGE = store_auth("risk.recharge")


@call(v2_router.get, "/getRiskBillList", schemas.RiskBillPageOut, auth=RECHARGE)
def get_risk_bill_list(request: HttpRequest, query: Query[schemas.RiskBillListIn]) -> Any:
    """The prepaid risk balance's lines, newest first: recharges in, query charges out
    (`type`), by dates; with the balance now and the period's totals."""
    return selectors.risk_bill_page(**query.model_dump())


# --- credit-bureau queries -----------------------------------------------------------------


@call(credit_router.get, "/getCreditQueryResult", schemas.CreditQueryOut, auth=store_auth())
def get_credit_query_result(request: HttpRequest, query: Query[schemas.CreditQueryIdIn]) -> Any:
    """One credit query as kept: processing, or its report (score, level, accounts in
    arrears and open, the bureau's count of recent queries)."""
    selectors.risk_reader_check(current_session(request))
    return selectors.credit_query_detail(query.id)


@call(
    credit_router.get, "/applyResultQuery", schemas.CreditQueryOut, auth=store_auth("order.audit")
)
def apply_result_query(request: HttpRequest, query: Query[schemas.CreditQueryIdIn]) -> Any:
    """Asks the bureau again about a credit query still processing and keeps its report
    (what its callback would do; nothing changes twice)."""
    selectors.credit_auditor_check(current_session(request))
    found = selectors.credit_query_detail(query.id)
    services.credit_query_sync(apply_no=found["apply_no"])
    return selectors.credit_query_detail(query.id)


@call(v2_router.get, "/userCreditQuery", schemas.CreditQueryPageOut, auth=store_auth())
def user_credit_query(request: HttpRequest, query: Query[schemas.CreditQueryListIn]) -> Any:
    """The shop's credit queries of its customers, newest first (of one order: `order_id`
    or `order_no`; by status)."""
    selectors.risk_reader_check(current_session(request))
    return selectors.credit_query_page(**query.model_dump())
