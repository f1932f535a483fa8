"""`orderInfo`: one order with its money, composed above orders and billing (`selectors`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from apps.orders import schemas
from apps.orders.scope import named_merchant, order_reader
from zulin.core.auth import any_side_auth, current_session
from zulin.core.routes import call
from zulin.core.sides import PlatformType

from . import selectors
from .schemas import OrderDetailOut

# The same tag as orders' calls of this side: the document reads as it always did.
merchant_router = Router(tags=["merchant: orders"])


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
