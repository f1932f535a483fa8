"""The customer app's order, as the applet's calls answer it."""

from __future__ import annotations

from typing import Any

from apps.goods.selectors import fineness_name
from tenants.catalog.selectors import money
from zulin.core.errors import ApplicationError, ErrorCode

from ..models import (
    Order,
)


def applet_order(order_no: str) -> Order:
    """An order the shop's customer app names by its number (the intake's calls)."""
    order = (
        Order.objects.select_related("customer")
        .filter(order_no=order_no.strip().upper(), is_deleted=False)
        .first()
    )
    if order is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return order


def applet_order_row(order: Order) -> dict[str, Any]:
    """An order as the customer app's calls answer it (`AppletOrderOut`)."""
    return {
        "order_no": order.order_no,
        "kind": order.kind,
        "status": order.status,
        "stage": order.stage,
        "deposit_required": money(order.deposit - order.deposit_waived),
        "deposit_state": order.deposit_state,
        "risk_grade": order.risk_grade,
        "fineness": order.fineness,
        "fineness_name": fineness_name(order.fineness),
    }
