"""A lease's money, as orders asks for it: the one port from orders into billing.

Billing owns the bills, their payments, the deposit and the provider's agreements (issue 42)
and sits above orders in the apps' layers, so orders never imports it. Where a step of an
order moves money (the schedule made at audit and shifted at delivery, the deposit frozen at
intake and thawed at the end, what an order that ends early gives back) or reads it (paid
periods, what is owed, the bills its detail shows), it asks billing here. Billing answers
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


class ReturnSettled(Protocol):
    """What a return's settlement tells the after-sale business it settled."""

    @property
    def rent_cancelled(self) -> Decimal: ...

    @property
    def fee(self) -> Decimal: ...


class LeaseMoney(Protocol):
    """What orders may ask of billing (each member is billing's function of that name)."""

    # The permission that waives what an order owes (its detail offers the waiver).
    WAIVE_RIGHT: str

    # The deposit (apps/billing/deposits.py); the caller holds the order's lock.
    def deposit_freeze(self, order: Order) -> object: ...

    def deposit_thaw(self, order: Order, *, actor: Session | None) -> object: ...

    def deposit_rest_thaw(self, order: Order, *, actor: Session | None) -> object: ...

    def deposit_available(self, order: Order) -> Decimal: ...

    # The bills (apps/billing/services.py): made when the audit passes, shifted to the day
    # the goods arrive (an order that ends without a deal: `order_money_unwind` below).
    def bills_create(
        self,
        *,
        order_id: int,
        order_no: str,
        sub_shop_id: int | None,
        start: date,
        term: int,
        term_unit: str,
        rent: Decimal,
        addon_amount: Decimal,
        fee_amount: Decimal = ...,
        kind: str = ...,
    ) -> object: ...

    def bills_shift(self, *, order_id: int, start: date, term: int, term_unit: str) -> int: ...

    # An order ended without a deal (apps/billing/unwind.py): what is in flight closed or
    # awaited at the provider, bills cancelled, payments refunded, the deposit thawed.
    def order_money_unwind(self, order: Order, *, actor: Session | None, reason: str) -> None: ...

    # A return settled at inspection (apps/billing/returns.py): rent due after the return's
    # day cancelled, the fee and the damage charged, the deposit taken, the rest thawed.
    def return_settle(
        self, order: Order, *, return_day: date, damage: Decimal, actor: Session | None
    ) -> ReturnSettled: ...

    # A renewal's bills, after the current lease (apps/billing/returns.py).
    def bills_renew(self, order: Order, *, extra: int) -> None: ...

    # The customer's withhold agreement, signed with the contract (apps/billing/payments.py).
    def order_withhold_sign(self, order: Order) -> None: ...

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
