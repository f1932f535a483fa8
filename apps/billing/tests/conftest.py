"""Billing's tests drive leases through the orders' calls: the same fixtures (goods on
shelf, the shop's signed app, committed rows)."""

from apps.orders.tests.conftest import app, committed_demo, offer

__all__ = ["app", "committed_demo", "offer"]
