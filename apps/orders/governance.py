"""The platform's actions inside a merchant's orders: reading one order for the admin side
and intervening (close with refund, with a reason shown on the order's timeline). Each enters
the merchant's schema through `in_merchant` only (billing's governance uses it too, for an
order's money)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db import transaction
from django_tenants.utils import tenant_context

from tenants.merchants.models import Merchant
from tenants.orders.selectors import platform_order_merchant
from zulin.core.auth import Session
from zulin.core.errors import ApplicationError, ErrorCode

from . import contracts, list_actions, selectors, shipping


@contextmanager
def in_merchant(merchant_id: int, order_ids: list[int]) -> Iterator[Merchant]:
    """The merchant's schema, in one transaction, for orders the platform's index lists
    under that merchant; NOT_FOUND otherwise."""
    merchant = None
    for order_id in order_ids:
        merchant = platform_order_merchant(merchant_id=merchant_id, order_id=order_id)
        if merchant is None:
            raise ApplicationError(ErrorCode.NOT_FOUND)
    assert merchant is not None
    with tenant_context(merchant), transaction.atomic():
        yield merchant


def platform_order_remarks(
    *, actor: Session, merchant_id: int, order_id: int
) -> list[dict[str, Any]]:
    """The remarks of a merchant's order, as the platform reads them (one order with its
    money is `apps/order_view`'s)."""
    with in_merchant(merchant_id, [order_id]):
        return selectors.order_remarks(session=actor, order_id=order_id)


def platform_orders_close(*, actor: Session, merchant_id: int, ids: list[int], reason: str) -> int:
    """The platform closes open orders of a merchant: what the customer paid is refunded,
    the deposit thawed, reserved stock released; the reason joins each order's timeline."""
    with in_merchant(merchant_id, ids):
        return list_actions.orders_close(actor=actor, ids=ids, reason=reason, platform=True)


def platform_order_tracking(
    *, actor: Session, merchant_id: int, order_id: int, hide_error: bool = False
) -> list[dict[str, Any]]:
    with in_merchant(merchant_id, [order_id]):
        return shipping.order_tracking(session=None, order_id=order_id, hide_error=hide_error)


def platform_contract_link(
    *, actor: Session, merchant_id: int, order_id: int, reason: str
) -> dict[str, Any]:
    """A link to a merchant's order contract for the platform (read on the admin host; the
    reveal is recorded in the merchant's schema, in its owner's log)."""
    with in_merchant(merchant_id, [order_id]):
        return contracts.contract_link(actor=actor, order_id=order_id, reason=reason)
