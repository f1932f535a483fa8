"""Changes of units, suppliers, stock receipts and transfers (docs/assets.md). Every status
change goes through `zulin.audit.state` (the unit's row locked, the move looked up in
`machine.UNIT_MACHINE`, history and audit written) and adds one `UnitMovement` row, in one
transaction: a refused step leaves nothing behind.

This module is the one face of the changes: callers import them from here. They live in
`units` (identifiers, the one move helper, a unit made, counted stock turned into units,
units bound to orders, labels), `receipts` (suppliers and stock receipts) and `moves` (a
unit's serial, transfers and adjustments)."""

from __future__ import annotations

from .moves import ADJUSTMENTS as ADJUSTMENTS
from .moves import ZERO_YUAN as ZERO_YUAN
from .moves import transfer_receive as transfer_receive
from .moves import transfer_send as transfer_send
from .moves import unit_adjust as unit_adjust
from .moves import unit_serial_record as unit_serial_record
from .receipts import ReceiptLineIn as ReceiptLineIn
from .receipts import receipt_create as receipt_create
from .receipts import receipt_scan as receipt_scan
from .receipts import supplier_create as supplier_create
from .receipts import supplier_update as supplier_update
from .units import WHERE_THEY_ARE as WHERE_THEY_ARE
from .units import DeviceOut as DeviceOut
from .units import Identifiers as Identifiers
from .units import LabelsFile as LabelsFile
from .units import identifiers_of_code as identifiers_of_code
from .units import imei_typo_refusal as imei_typo_refusal
from .units import order_unit_move as order_unit_move
from .units import unit_labels_create as unit_labels_create
from .units import unit_move as unit_move
from .units import unit_ship as unit_ship
from .units import units_from_stock as units_from_stock
