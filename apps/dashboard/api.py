"""The data centre, both sides at the same paths: the platform reads every merchant's
figures (or `merchant_id`'s) from public rows, a shop its own (or `sub_shop_id`'s), a
sub-shop's account its sub-shop's only."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from apps.orders.reads import SHIPMENT_TODOS, order_todo_counts, shipment_todo_counts
from apps.orders.scope import can_see_orders
from apps.privacy.selectors import MANAGE as PRIVACY_MANAGE
from apps.privacy.selectors import privacy_todo_counts
from tenants.dashboard import selectors as platform
from tenants.dashboard.figures import Period
from zulin.core.auth import any_side_auth, current_session
from zulin.core.db import tenant_connection
from zulin.core.errors import ApplicationError, ErrorCode
from zulin.core.routes import call

from . import schemas, selectors
from .selectors import Shop

router = Router(tags=["v2: data centre"])
VIEW = any_side_auth("data.view")


def _plain(value: Any) -> Any:
    """Money and rates leave as strings with two decimals."""
    if isinstance(value, Decimal):
        return f"{value:.2f}"
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


def _asked(
    request: HttpRequest, query: schemas.DataPeriodIn
) -> tuple[Period, Shop | None, int | None]:
    """The period, and whose figures: a shop (store side) or the platform's `merchant_id`."""
    period = Period.parse(
        date_from=query.date_from, date_to=query.date_to, granularity=query.granularity
    )
    session = current_session(request)
    if session.side == 0:
        return period, None, query.merchant_id
    sub_shop_id = query.sub_shop_id
    if session.sub_shop_id is not None:
        if sub_shop_id not in (None, session.sub_shop_id):
            raise ApplicationError(ErrorCode.NOT_FOUND)
        sub_shop_id = session.sub_shop_id
    return period, Shop(int(tenant_connection.tenant.pk), sub_shop_id), None


@call(router.get, "/getDataOverview", schemas.DataOverviewOut, auth=VIEW)
def get_data_overview(request: HttpRequest, query: Query[schemas.DataPeriodIn]) -> Any:
    """Orders, deals and deal value, rent and buyout due and received, the overdue rate, for
    the period and the previous one of the same length."""
    period, shop, merchant_id = _asked(request, query)
    if shop is None:
        return _plain(platform.platform_overview(period, merchant_id=merchant_id))
    return _plain(selectors.shop_overview(shop, period))


@call(router.get, "/getOrderDataCount", schemas.DataOrderCountOut, auth=VIEW)
def get_order_data_count(request: HttpRequest, query: Query[schemas.DataPeriodIn]) -> Any:
    """Orders placed, deals and deal value per day (or month) of the period."""
    period, shop, merchant_id = _asked(request, query)
    if shop is None:
        return _plain(platform.platform_order_series(period, merchant_id=merchant_id))
    return _plain(selectors.shop_order_series(shop, period))


def _goods(request: HttpRequest, query: schemas.DataPeriodIn, kind: str) -> Any:
    period, shop, merchant_id = _asked(request, query)
    if shop is None:
        return _plain(platform.platform_goods_ranking(period, kind=kind, merchant_id=merchant_id))
    return _plain(selectors.shop_goods_ranking(shop, period, kind=kind))


@call(router.get, "/getOrderGoodsCount", schemas.DataGoodsCountOut, auth=VIEW)
def get_order_goods_count(request: HttpRequest, query: Query[schemas.DataPeriodIn]) -> Any:
    """The ten goods leased most in the period (orders, deals, deal value)."""
    return _goods(request, query, "lease")


@call(router.get, "/getEcommerceOrderGoodsCount", schemas.DataGoodsCountOut, auth=VIEW)
def get_ecommerce_order_goods_count(
    request: HttpRequest, query: Query[schemas.DataPeriodIn]
) -> Any:
    """The ten goods bought outright most in the period."""
    return _goods(request, query, "purchase")


def _curve(request: HttpRequest, query: schemas.DataPeriodIn, *, kind: str, received: bool) -> Any:
    period, shop, merchant_id = _asked(request, query)
    if shop is None:
        return _plain(
            platform.platform_curve(period, kind=kind, received=received, merchant_id=merchant_id)
        )
    return _plain(selectors.shop_curve(shop, period, kind=kind, received=received))


@call(router.get, "/getRentCurve", schemas.DataCurveOut, auth=VIEW)
def get_rent_curve(request: HttpRequest, query: Query[schemas.DataPeriodIn]) -> Any:
    """Rent falling due per day (or month): the rent of lease bills by due date."""
    return _curve(request, query, kind="lease", received=False)


@call(router.get, "/getReceivedRentCurve", schemas.DataCurveOut, auth=VIEW)
def get_received_rent_curve(request: HttpRequest, query: Query[schemas.DataPeriodIn]) -> Any:
    """Rent received per day (or month), as the ledger booked it."""
    return _curve(request, query, kind="lease", received=True)


@call(router.get, "/getFinalPaymentCurve", schemas.DataCurveOut, auth=VIEW)
def get_final_payment_curve(request: HttpRequest, query: Query[schemas.DataPeriodIn]) -> Any:
    """Buyout (final payment) falling due per day (or month)."""
    return _curve(request, query, kind="buyout", received=False)


@call(router.get, "/getReceivedFinalPaymentCurve", schemas.DataCurveOut, auth=VIEW)
def get_received_final_payment_curve(
    request: HttpRequest, query: Query[schemas.DataPeriodIn]
) -> Any:
    """Buyout received per day (or month), as the ledger booked it."""
    return _curve(request, query, kind="buyout", received=True)


# Which to-do each right brings (store side; a sub-shop's account counts its own sub-shop's).
# Each is an order list's selection (`tenants.orders.rules.ORDER_TODOS`).
STORE_TODOS = {
    "awaiting_audit": ("order.audit",),
    "awaiting_shipment": ("order.ship",),
    "overdue": ("finance.view", "order.manage", "suborder.view"),
}
# Carrier shipments that need someone (`/shipments?attention=…`): the shop's warehouse, who
# ship and receive; a sub-shop's account has no shipments list.
SHIPMENT_RIGHTS = ("order.ship",)


@call(router.get, "/getWorkbenchData", schemas.WorkbenchDataOut, auth=any_side_auth())
def get_workbench_data(request: HttpRequest) -> Any:
    """(Added) The workbench's figures of today (with `data.view`) and the to-dos the role
    acts on, with their counts: a shop's orders awaiting audit or shipment and overdue bills;
    the platform's withdrawals and recharges awaiting approval."""
    session = current_session(request)
    if session.side == 0:
        today = platform.platform_today() if session.can("data.view") else None
        counts = platform.platform_todo_counts(
            withdrawals=session.can("withdrawal.audit"), recharges=session.can("recharge.audit")
        )
    else:
        shop = Shop(int(tenant_connection.tenant.pk), session.sub_shop_id)
        today = selectors.shop_today(shop) if session.can("data.view") else None
        wanted = [key for key, rights in STORE_TODOS.items() if any(map(session.can, rights))]
        counts = order_todo_counts(session=session, todos=wanted) if can_see_orders(session) else {}
        if session.sub_shop_id is None and any(map(session.can, SHIPMENT_RIGHTS)):
            counts |= shipment_todo_counts(session=session, todos=list(SHIPMENT_TODOS))
        if session.sub_shop_id is None and session.can(PRIVACY_MANAGE):
            counts |= privacy_todo_counts(session=session)
    return _plain({"today": today, "todos": [{"key": k, "count": n} for k, n in counts.items()]})
