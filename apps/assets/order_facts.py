"""The port through which assets learns what it shows of the orders its units serve.

Assets sits below `apps.orders` in the apps' layers and never imports it: orders registers
the one reader in its `AppConfig.ready()` (as assets registers the units counter of
`apps.goods.units`). Until orders does (issue 43's shipping step), no order is known: a unit
row's `order_no` is null, an order's row in a unit's detail carries its id only, and a scan
checked against an order answers NOT_FOUND for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Protocol


@dataclass(frozen=True)
class OrderFact:
    order_id: int
    order_no: str
    status: str
    sku_id: int
    sub_shop_id: int | None
    # Whether the order may ship now (a lease awaiting shipment, a paid purchase).
    awaiting_shipment: bool
    shipped_at: datetime | None
    returned_at: datetime | None
    paid: Decimal  # what the customer paid on it, yuan
    # Overdue (an unpaid bill past due, or the lease end passed without a return): the order
    # is in recovery; its unit out with the customer counts so in the asset report.
    overdue_since: date | None = None
    # The condition the order leases (goods' Fineness): it ships a unit of that grade only.
    fineness: str = ""


class OrderFacts(Protocol):
    def __call__(self, order_ids: Sequence[int]) -> dict[int, OrderFact]: ...


_reader: OrderFacts | None = None


def register(reader: OrderFacts) -> None:
    global _reader
    if _reader is not None and _reader is not reader:
        raise RuntimeError("the order facts reader is registered once")
    _reader = reader


def unregister() -> None:
    """For tests that register a reader of their own."""
    global _reader
    _reader = None


def order_facts(order_ids: Sequence[int]) -> dict[int, OrderFact]:
    wanted = sorted({order_id for order_id in order_ids if order_id})
    if not wanted or _reader is None:
        return {}
    return _reader(wanted)


class OverdueOrders(Protocol):
    def __call__(self) -> list[int]: ...


_overdue_reader: OverdueOrders | None = None


def register_overdue(reader: OverdueOrders) -> None:
    """The reader of the shop's overdue orders (orders registers it beside `register`)."""
    global _overdue_reader
    if _overdue_reader is not None and _overdue_reader is not reader:
        raise RuntimeError("the overdue orders reader is registered once")
    _overdue_reader = reader


def overdue_order_ids() -> list[int]:
    """The ids of the shop's orders overdue now (`OrderFact.overdue_since` set): the asset
    report counts a unit out on one as in recovery, in its SQL, without reading each
    order's facts."""
    return [] if _overdue_reader is None else _overdue_reader()
