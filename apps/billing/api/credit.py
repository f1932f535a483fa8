"""Deposit-free leases: the credit order at Zhima (docs/zhima.md)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query

from apps.orders.scope import order_in_scope
from zulin.core.auth import (
    current_session,
    store_auth,
)
from zulin.core.routes import call

from .. import (
    credit_orders,
    schemas,
)
from .. import selectors as billing_selectors
from .common import (
    lease_merchant_router,
)


@call(
    lease_merchant_router.get,
    "/getCreditOrder",
    schemas.ZhimaCreditOrderOut,
    auth=store_auth("order.view"),
)
def get_credit_order(request: HttpRequest, query: Query[schemas.ZhimaCreditOrderIn]) -> Any:
    """A deposit-free lease's credit order at Zhima: the credit (guarantee, no money) and
    fund (the customer's money) parts of its deposit apart, its status, the notice before a
    violation, and every sync call with its request number, request, answer and result.
    `credit_order` null: the order's deposit is money only."""
    order = order_in_scope(current_session(request), query.order_id)
    return billing_selectors.order_credit_order(order.pk)


@call(
    lease_merchant_router.post,
    "/noticeCreditViolation",
    schemas.ZhimaCreditOrderRowOut,
    auth=store_auth("credit.manage"),
)
def notice_credit_violation(request: HttpRequest, payload: schemas.ZhimaCreditOrderIn) -> Any:
    """Tells the customer of a performing deposit-free lease with a debt past due what is
    owed, since when, and that a violation will be reported to Zhima no earlier than the
    shop's grace (an SMS, kept); the credit order waits for a person's confirmation."""
    notice = credit_orders.credit_violation_notice(payload.order_id, actor=current_session(request))
    return billing_selectors.credit_order_answer(notice.credit_order)


@call(
    lease_merchant_router.post,
    "/confirmCreditViolation",
    schemas.ZhimaCreditOrderRowOut,
    auth=store_auth("credit.manage"),
)
def confirm_credit_violation(request: HttpRequest, payload: schemas.ZhimaCreditViolationIn) -> Any:
    """A person confirms a pending violation with its reason, no earlier than the shop's
    grace after the notice and while the debt is still past due: synced VIOLATED to Zhima
    (a sync not answered keeps its request number for the next confirmation)."""
    row = credit_orders.credit_violation_confirm(
        payload.order_id, actor=current_session(request), reason=payload.reason
    )
    return billing_selectors.credit_order_answer(row)
