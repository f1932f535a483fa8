"""Billing's answers to what orders asks of a lease's money (`apps/orders/money.py`, the one
port from orders into billing), registered in `BillingConfig.ready()`.

Each member is billing's own function under its own name; the one written here is the
customer's withhold agreement, signed when the contract is (`order_withhold_sign`)."""

from __future__ import annotations

from apps.orders.models import Order
from zulin.providers.interfaces import ProviderError

from .charges import WAIVE_RIGHT, open_owed
from .deposits import deposit_available, deposit_freeze, deposit_rest_thaw, deposit_thaw
from .early import settlement_in_flight
from .payments import payment_provider, provider_failed
from .returns import bills_renew, return_settle
from .selectors import (
    bill_periods,
    earliest_overdue,
    has_open_bills,
    has_open_instalments,
    order_bill_totals,
    order_bills,
    order_given_back,
    paid_periods,
    paid_totals_by_order,
)
from .services import bills_create, bills_shift
from .unwind import order_money_unwind

__all__ = [
    "WAIVE_RIGHT",
    "bill_periods",
    "bills_create",
    "bills_renew",
    "bills_shift",
    "deposit_available",
    "deposit_freeze",
    "deposit_rest_thaw",
    "deposit_thaw",
    "earliest_overdue",
    "has_open_bills",
    "has_open_instalments",
    "open_owed",
    "order_bill_totals",
    "order_bills",
    "order_given_back",
    "order_money_unwind",
    "order_withhold_sign",
    "paid_periods",
    "paid_totals_by_order",
    "return_settle",
    "settlement_in_flight",
]


def order_withhold_sign(order: Order) -> None:
    """The customer's withhold agreement, signed with the contract (later bills are charged
    by it); the order row locked by the caller."""
    if order.withhold_agreement_no:
        return
    try:
        result = payment_provider().withhold_sign(
            out_no=f"{order.order_no}W", payer=f"cust-{order.customer_id}"
        )
    except ProviderError as error:
        raise provider_failed(error) from error
    if result.succeeded:
        order.withhold_agreement_no = result.agreement_no
        order.save(update_fields=["withhold_agreement_no", "updated_at"])
