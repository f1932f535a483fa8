"""Which orders a session may see and act on: the same scope for lists, details and every
action (a sibling sub-shop's or another salesman's order answers NOT_FOUND, as none would).

- no session (system work, jobs, the platform's governance): every order;
- a sub-merchant (token bound to a sub-shop): its sub-shop's orders;
- `order.view` (owner, auditor, finance, customer service): every order;
- `order.view_assigned` (salesman): orders allocated to the account;
- `suborder.view` alone: the orders of sub-shops (the `/s_` lists).
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode, field_error
from zulin.core.i18n import Text
from zulin.core.scoping import scope_to_sub_shop
from zulin.core.sides import PlatformType

from .models import Order

# A store session with none of these (and no sub-shop) has no order list.
ORDER_LIST_RIGHTS = ("order.view", "order.view_assigned", "suborder.view")


def visible_orders(session: Session | None, *, sub_shops_only: bool = False) -> QuerySet[Order]:
    queryset = Order.objects.filter(is_deleted=False)
    if sub_shops_only:
        queryset = queryset.filter(sub_shop_id__isnull=False)
    if session is None or session.side == 0:
        return queryset
    if session.sub_shop_id is not None:
        return scope_to_sub_shop(queryset, session)
    if session.can("order.view"):
        return queryset
    if session.can("order.view_assigned"):
        return queryset.filter(salesman_account_id=session.account.pk)
    if session.can("suborder.view"):
        return queryset.filter(sub_shop_id__isnull=False)
    raise ApplicationError(ErrorCode.FORBIDDEN)


def can_see_orders(session: Session) -> bool:
    """Whether the session has any order list (`visible_orders` refuses it otherwise)."""
    return (
        session.side == 0
        or session.sub_shop_id is not None
        or any(map(session.can, ORDER_LIST_RIGHTS))
    )


def order_reader(session: Session) -> Session:
    """The session of a call that reads an order on either side: on the platform's side only
    with `order.view` (a store session is scoped by `visible_orders`)."""
    if session.side == PlatformType.ADMIN and not session.can("order.view"):
        raise ApplicationError(ErrorCode.FORBIDDEN)
    return session


def named_merchant(merchant_id: int | None) -> int:
    """The merchant a platform call names (the admin side reads one merchant's orders)."""
    if merchant_id is None:
        raise field_error("merchant_id", Text("平台端必填", "required on the platform"))
    return merchant_id


def order_lock(order_id: int) -> None:
    """Takes the order's row lock, the one every writer of an order takes first (billing's
    bills are locked after it); a deleted order is locked too. Taking it again in the same
    transaction changes nothing."""
    Order.objects.select_for_update().filter(pk=order_id).values_list("pk").first()


def order_in_scope(session: Session | None, order_id: int, *, lock: bool = False) -> Order:
    """One order by id within the session's scope (locked for a change when `lock`)."""
    queryset: Any = visible_orders(session)
    if lock:
        queryset = queryset.select_for_update(of=("self",))
    found = queryset.select_related("customer").filter(pk=order_id).first()
    if found is None:
        raise ApplicationError(ErrorCode.NOT_FOUND)
    return found
