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
INSPECTING, QUARANTINED, IN_REPAIR, SCRAPPED = (
    S.INSPECTING,
    S.QUARANTINED,
    S.IN_REPAIR,
    S.SCRAPPED,
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
        # A returned (or exchanged) device inspected by checklist: inspected, it waits for the
        # shop's decision; a failed blocking item (still locked to the customer's account, a
        # serial that does not match) quarantines it, also at a periodic check in stock.
        move(RECEIVED, "inspect", INSPECTING),
        move((INSPECTING, IN_STOCK), "quarantine", QUARANTINED),
        move(QUARANTINED, "release", INSPECTING),
        # Back in stock (the inspection's fineness its grade); `received` → in stock stays an
        # adjustment with a reason (a device the shop takes back without a checklist).
        move((RECEIVED, INSPECTING), "restock", IN_STOCK),
        # Work orders: a unit goes to repair with one, and leaves only through it — done
        # (in stock at the grade after), failed or cancelled (back to the shop's decision).
        move((RECEIVED, INSPECTING, QUARANTINED, IN_STOCK), "repair_start", IN_REPAIR),
        move(IN_REPAIR, "repair_done", IN_STOCK),
        move(IN_REPAIR, "repair_failed", INSPECTING),
        move(IN_REPAIR, "repair_cancel", INSPECTING),
        # Scrapped: final, with a reason and any value recovered.
        move((RECEIVED, INSPECTING, QUARANTINED, IN_STOCK), "scrap", SCRAPPED),
        # Bought out by the lessee, or sold to a customer: it leaves the shop.
        move((OUT, IN_STOCK), "sell", SOLD),
        # Adjustments: lost (written off), and found again (back to received).
        move(
            (
                SERIAL_PENDING,
                IN_STOCK,
                IN_TRANSIT,
                OUT,
                RETURNING,
                RECEIVED,
                INSPECTING,
                QUARANTINED,
            ),
            "lose",
            LOST,
        ),
        move(LOST, "find", RECEIVED),
    ),
    labels={status.value: (status.label, status.value.replace("_", " ")) for status in S},
)
