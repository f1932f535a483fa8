"""`orderInfo`: one order with its money, composed above orders and billing (`selectors`);
and the risk list (`chartRiskListDetail`): risk's queries with each order's deposit cover,
composed here because risk sits below orders and billing."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from apps.orders import schemas
from apps.orders.scope import named_merchant, order_reader
from apps.risk import schemas as risk_schemas
from apps.risk.selectors import risk_reader_check
from zulin.core.auth import any_side_auth, current_session, store_auth
from zulin.core.routes import call
from zulin.core.sides import PlatformType

from . import selectors
from .schemas import OrderDetailOut, RiskQueryCoverPageOut

# The same tag as orders' calls of this side: the document reads as it always did.
merchant_router = Router(tags=["merchant: orders"])
# Risk's tag: the risk list reads as it always did.
risk_general_router = Router(tags=["general: risk"])


@call(
    merchant_router.get,
    "/orderInfo",
    OrderDetailOut,
    auth=any_side_auth(),
    scope="orders:read",
)
def order_info(request: HttpRequest, query: Query[schemas.OrderIdIn]) -> Any:
    """One order with its customer (masked), goods, plan, deposit, bills, shipments,
    contract, remarks, risk result, timeline and the actions allowed now."""
    session = order_reader(current_session(request))
    if session.side == PlatformType.ADMIN:
        return selectors.platform_order_screen(
            actor=session, merchant_id=named_merchant(query.merchant_id), order_id=query.id
        )
    return selectors.order_screen(session=session, order_id=query.id)


@call(risk_general_router.post, "/chartRiskListDetail", RiskQueryCoverPageOut, auth=store_auth())
def chart_risk_list_detail(request: HttpRequest, payload: risk_schemas.RiskQueryListIn) -> Any:
    """The shop's risk queries, newest first, each with what it cost and what it found and
    its order's deposit cover (of what was frozen, the customer's money and Zhima's
    guarantee): filter by query type, source (the intake's or a manual one), dates and
    order number."""
    risk_reader_check(current_session(request))
    return selectors.risk_query_cover_page(**payload.model_dump())
