"""The platform's actions inside a merchant's lease money: what an order owes for lateness,
read for the admin side, and reconciliation's sync of a trade the merchant never recorded.
An order's schema is entered through orders' `in_merchant` (for orders the platform's index
lists under that merchant), a merchant's as a whole through `tenant_context` here only."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django_tenants.utils import tenant_context

from apps.orders.governance import in_merchant
from tenants.merchants.models import Merchant
from zulin.core.auth import Session

from . import confirmations
from .rent_run import overdue_money


def platform_overdue_money(*, actor: Session, merchant_id: int, order_id: int) -> dict[str, Any]:
    """What an order of the merchant owes for lateness, read in its schema."""
    with in_merchant(merchant_id, [order_id]):
        return overdue_money(actor=None, order_id=order_id)


def platform_payment_sync(merchant: Merchant, out_no: str) -> dict[str, Any] | None:
    """Reconciliation's fix for a trade the provider finished that the merchant never
    recorded: its payments re-query the provider about `out_no` and record the outcome on
    the bill, refund or deposit still waiting for it (the same path as a signed callback,
    so nothing is charged or booked twice). None: the merchant has no request under it."""
    with tenant_context(merchant), transaction.atomic():
        return confirmations.payment_result_sync(out_no=out_no)
