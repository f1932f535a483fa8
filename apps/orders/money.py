"""A lease's money, as orders still reads it: the read port from orders into billing.

Billing owns the bills, their payments, the deposit and the provider's agreements (issue 42)
and sits above orders in the apps' layers, so orders never imports it. Orders commands
nothing of billing: a step of an order that moves money publishes a fact about the order
(`events.py`: placed, audit passed, contract signed, delivered, renewed, return inspected,
cancelled, bought out) and billing's handlers decide what it does (issue 62, item 1).
Where orders reads money (paid periods, what is owed, the bills its detail shows), it
still asks billing here (issue 62, item 2 removes these reads). Billing answers
with its module `apps/billing/lease_money.py`, registered in `BillingConfig.ready()`; the
other way, billing tells orders what a confirmed payment or a due date does to an order
through `outcomes.py`.

The members are billing's own functions under their own names (a reader finds them by
name in `apps/billing`); this port only says which of them orders may ask for.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Protocol

from zulin.core.auth import Session

from .events import OrderEvent

if TYPE_CHECKING:
    from .models import Order


class LeaseMoney(Protocol):
    """What orders may read of billing (each member is billing's function of that name)."""

    # The permission that waives what an order owes (its detail offers the waiver).
    WAIVE_RIGHT: str

    # The deposit still available to thaw or transfer (apps/billing/deposits.py).
    def deposit_available(self, order: Order) -> Decimal: ...

    # Reads (apps/billing/selectors.py, charges.py, early.py).
    def paid_periods(self, order_id: int) -> int: ...

    def settlement_in_flight(self, order_id: int) -> object | None: ...

    def has_open_bills(self, order_id: int) -> bool: ...

    def has_open_instalments(self, order_id: int) -> bool: ...

    def open_owed(self, order_id: int) -> Decimal: ...

    def earliest_overdue(self, order_id: int) -> date | None: ...

    def bill_periods(self, bill_ids: Iterable[int]) -> dict[int, int]: ...

    def order_bill_totals(self, order_id: int) -> dict[str, Decimal]: ...

    def order_bills(
        self, order_id: int, *, session: Session | None = None
    ) -> list[dict[str, Any]]: ...

    def paid_totals_by_order(self, order_ids: Iterable[int]) -> dict[int, Decimal]: ...

    # An order ended without a deal: what it gave back and what is still in flight.
    def order_given_back(self, order: Order) -> dict[str, Any] | None: ...


LEASE_MONEY: OrderEvent[Any] = OrderEvent("lease_money")


def lease_money() -> LeaseMoney:
    """Billing's answers (registered when the apps are ready)."""
    port: LeaseMoney = LEASE_MONEY.handler
    return port


def register(port: LeaseMoney) -> None:
    LEASE_MONEY.register(port)
