"""One order as its screen reads it: orders' detail with billing's money of it."""

from __future__ import annotations

from typing import Any

from apps.billing import bill_rows, ladder, order_reads
from apps.billing import selectors as billing
from apps.billing.order_reads import order_deposit, order_given_back
from apps.orders import governance
from apps.orders import reads as orders
from apps.orders.models import Order
from apps.orders.scope import order_in_scope
from apps.risk import selectors as risk_selectors
from tenants.catalog.selectors import money
from zulin.core.auth import Session


def order_screen_of(order: Order, *, session: Session | None) -> dict[str, Any]:
    """`orders.order_detail_of` with the order's money, billing's reads of it: the deposit
    and its operations, the bills, their totals and what an ended order gave back."""
    detail = orders.order_detail_of(order, session=session)
    detail["deposit_detail"] = order_deposit(order)
    totals = billing.order_bill_totals(order.pk)
    detail["bills"] = bill_rows.order_bills(order.pk, session=session)
    detail["bill_totals"] = {key: money(value) for key, value in totals.items()}
    detail["unwound"] = order_given_back(order)
    detail["overdue_state"] = ladder.overdue_state_read(order.pk)
    return detail


def order_screen(*, session: Session | None, order_id: int) -> dict[str, Any]:
    return order_screen_of(order_in_scope(session, order_id), session=session)


def platform_order_screen(*, actor: Session, merchant_id: int, order_id: int) -> dict[str, Any]:
    """One order of a merchant as the platform reads it (in the merchant's schema)."""
    with governance.in_merchant(merchant_id, [order_id]) as merchant:
        detail = order_screen(session=actor, order_id=order_id)
        detail["merchant_id"], detail["merchant_name"] = merchant.pk, merchant.name
        return detail


def risk_query_cover_page(**filters: Any) -> dict[str, Any]:
    """chartRiskListDetail: risk's page of the shop's queries, each row with its order's
    deposit cover — of what was frozen, the customer's money and Zhima's guarantee
    (`billing.order_reads.deposit_covers`; null when nothing was frozen)."""
    page = risk_selectors.risk_query_page(**filters)
    covers = order_reads.deposit_covers({r["order_id"] for r in page["list"] if r["order_id"]})
    blank = {"deposit_fund": None, "deposit_credit": None}
    page["list"] = [{**row, **covers.get(row["order_id"], blank)} for row in page["list"]]
    return page
