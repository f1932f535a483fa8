"""A lease's money beside its bills: what the order owes for lateness, what a return would
cost, the shipping fee given back."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.http import HttpRequest
from ninja import Query

from apps.orders import schemas as order_schemas
from apps.orders.scope import named_merchant, order_reader
from tenants.catalog.selectors import money
from zulin.core.auth import (
    any_side_auth,
    current_session,
    store_auth,
)
from zulin.core.routes import call
from zulin.core.sides import PlatformType

from .. import (
    governance,
    rent_run,
    returns,
    schemas,
    shipping_fee,
)
from .common import (
    lease_backend_router,
    lease_merchant_router,
    lease_platform_router,
    refund_answer,
)


def _money_answer(values: dict[str, Any]) -> dict[str, Any]:
    return {
        key: money(value) if isinstance(value, Decimal) else value for key, value in values.items()
    }


@call(
    lease_platform_router.get,
    "/getOverdueMoney",
    schemas.OverdueMoneyOut,
    auth=any_side_auth(),
)
def get_overdue_money(request: HttpRequest, query: Query[order_schemas.OrderIdQueryIn]) -> Any:
    """What the order owes for lateness: unpaid rent of its bills past due, late fees
    accrued, waived and paid, and the total still owed. The platform names the merchant."""
    session = order_reader(current_session(request))
    if session.side == PlatformType.ADMIN:
        owed = governance.platform_overdue_money(
            actor=session,
            merchant_id=named_merchant(query.merchant_id),
            order_id=query.order_id,
        )
    else:
        owed = rent_run.overdue_money(actor=session, order_id=query.order_id)
    return _money_answer(owed)


@call(
    lease_backend_router.get,
    "/getReturnQuote",
    schemas.ReturnQuoteOut,
    auth=store_auth("order.view"),
)
def get_return_quote(request: HttpRequest, params: Query[schemas.ReturnQuoteIn]) -> Any:
    """What the customer will owe if the goods come back on `return_date` with
    `damage_amount`: bills due by then, rent cancelled after it, the early-termination fee
    before the minimum term, the damage, what the deposit pays and what stays owed."""
    return returns.order_return_quote(
        actor=current_session(request),
        order_id=params.order_id,
        return_date=params.return_date,
        damage=params.damage_amount,
    )


@call(
    lease_merchant_router.post,
    "/refundSfAmount",
    schemas.ShippingFeeRefundOut,
    auth=store_auth("order.manage"),
)
def refund_sf_amount(request: HttpRequest, payload: schemas.RefundShippingFeeIn) -> Any:
    """Gives back the shipping fee the customer paid (all that is left, or `amount`), a
    refund of each payment that carried it."""
    refunds = shipping_fee.shipping_fee_refund(
        actor=current_session(request),
        order_id=payload.order_id,
        amount=payload.amount,
        idempotency_key=payload.idempotency_key,
    )
    parts = [refund_answer(refund) for refund in refunds]
    statuses = {refund.status for refund in refunds}
    # The whole is as far as its least finished part: processing, else failed, else succeeded.
    status = next(s for s in ("processing", "failed", "succeeded") if s in statuses)
    return {
        **parts[0],
        "amount": money(sum((refund.amount for refund in refunds), Decimal("0.00"))),
        "status": status,
        "parts": parts,
    }
