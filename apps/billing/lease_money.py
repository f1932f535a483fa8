"""Billing's answers to what orders still reads of a lease's money (`apps/orders/money.py`,
the read port), registered in `BillingConfig.ready()`. Orders commands nothing here: what a
step of an order does to the money, billing decides on orders' facts
(`order_facts.py`)."""

from __future__ import annotations

from .charges import WAIVE_RIGHT, open_owed
from .deposits import deposit_available
from .early import settlement_in_flight
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

__all__ = [
    "WAIVE_RIGHT",
    "bill_periods",
    "deposit_available",
    "earliest_overdue",
    "has_open_bills",
    "has_open_instalments",
    "open_owed",
    "order_bill_totals",
    "order_bills",
    "order_given_back",
    "paid_periods",
    "paid_totals_by_order",
    "settlement_in_flight",
]
