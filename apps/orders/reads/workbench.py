"""Counts and order ids for the workbench, the data centre and the nightly jobs."""

from __future__ import annotations

from typing import Any

from zulin.core.auth import Session

from .. import machine, rules
from ..models import (
    Order,
    OrderKind,
)
from ..selectors import (
    OrderFilters,
    filtered_orders,
)


def orders_risk_unchecked_count() -> int:
    """Orders waiting for a manual audit whose risk the intake could not check because the
    prepaid risk balance was short (the workbench warns of them)."""
    return Order.objects.filter(
        is_deleted=False,
        status=machine.AWAITING_AUDIT,
        risk_decision=rules.RISK_BALANCE_SHORT,
    ).count()


def awaiting_audit_order_ids(limit: int) -> list[int]:
    """The newest lease orders waiting for the auditor (the demo checks their risk again)."""
    rows = Order.objects.filter(is_deleted=False, status=machine.AWAITING_AUDIT).order_by("-id")
    return list(rows.values_list("pk", flat=True)[:limit])


def signed_lease_order_ids(limit: int) -> list[int]:
    """The oldest lease orders whose contract is signed (the demo notarizes some)."""
    rows = Order.objects.filter(
        is_deleted=False, kind=OrderKind.LEASE, contracts__status="signed"
    ).order_by("id")
    return list(rows.values_list("pk", flat=True).distinct()[:limit])


def orders_for_figures(*, sub_shop_id: int | None = None, kind: str | None = None) -> Any:
    """The shop's orders (deleted ones left out; a sub-shop's only, when given), for the
    data centre's sums (`tenants.dashboard.figures`)."""
    orders = Order.objects.filter(is_deleted=False)
    if sub_shop_id is not None:
        orders = orders.filter(sub_shop_id=sub_shop_id)
    return orders if kind is None else orders.filter(kind=kind)


def order_ids_of_sub_shop(sub_shop_id: int) -> Any:
    """The ids of a sub-shop's orders, as a subquery (its journals in the ledger)."""
    return Order.objects.filter(sub_shop_id=sub_shop_id).values("pk")


def order_todo_counts(*, session: Session, todos: list[str]) -> dict[str, int]:
    """The workbench's order to-dos (`ORDER_TODOS`) the session sees: each the total of the
    list its figure opens (the same selection, `filtered_orders`), of a sub-shop's account
    its own sub-shop's."""
    sub_shops_only = session.sub_shop_id is not None
    return {
        todo: filtered_orders(
            session, None, OrderFilters(todo=todo, sub_shops_only=sub_shops_only)
        ).count()
        for todo in todos
    }
