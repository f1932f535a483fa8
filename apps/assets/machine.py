"""The allowed moves of a unit's status (through `zulin.audit.state`, docs/assets.md)."""

from __future__ import annotations

from zulin.audit.state import Machine, move

from .models import Unit, UnitStatus

S = UnitStatus
SERIAL_PENDING, IN_STOCK, IN_TRANSIT = S.SERIAL_PENDING, S.IN_STOCK, S.IN_TRANSIT
OUT, RETURNING, RECEIVED, SOLD, LOST = (
    S.OUT_WITH_CUSTOMER,
    S.RETURNING,
    S.RECEIVED,
    S.SOLD,
    S.LOST,
)

UNIT_MACHINE: Machine[Unit] = Machine(
    model=Unit,
    target_type="unit",
    moves=(
        # A unit made from a counted stock gets its serial by scan.
        move(SERIAL_PENDING, "serial_record", IN_STOCK),
        # Transfers between the warehouse and sub-shops.
        move(IN_STOCK, "transfer_send", IN_TRANSIT),
        move(IN_TRANSIT, "transfer_receive", IN_STOCK),
        # The lease (bound at shipping by scan, the next step).
        move(IN_STOCK, "ship", OUT),
        # A shipment corrected to another unit (updateExpress): this one never left.
        move(OUT, "ship_correct", IN_STOCK),
        move(OUT, "return_start", RETURNING),
        move((OUT, RETURNING), "return_receive", RECEIVED),
        # Until the inspection of the next step: a received unit goes back to stock.
        move(RECEIVED, "restock", IN_STOCK),
        # Bought out by the lessee, or sold to a customer: it leaves the shop.
        move((OUT, IN_STOCK), "sell", SOLD),
        # Adjustments: lost (written off), and found again (back to received).
        move((SERIAL_PENDING, IN_STOCK, IN_TRANSIT, OUT, RETURNING, RECEIVED), "lose", LOST),
        move(LOST, "find", RECEIVED),
    ),
    labels={status.value: (status.label, status.value.replace("_", " ")) for status in S},
)
