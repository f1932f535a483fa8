"""Reads of units, receipts and transfers (docs/assets.md).

This module is the one face of the reads: callers import them from here. They live in
`units` (what other apps and the services ask of units: stock by SKU, a unit found, held or
to ship), `rows` (the labels and list rows the calls answer), `unit_pages` (the devices
list, its tabs, a unit's page and a scan) and `stock` (suppliers, receipts, transfers)."""

from __future__ import annotations

from .rows import ACTION_LABELS as ACTION_LABELS
from .rows import RECEIPT_STATUS_EN as RECEIPT_STATUS_EN
from .rows import ROW_FIELDS as ROW_FIELDS
from .rows import STATUS_EN as STATUS_EN
from .rows import TRANSFER_STATUS_EN as TRANSFER_STATUS_EN
from .rows import WAREHOUSE as WAREHOUSE
from .rows import money_text as money_text
from .rows import place_name as place_name
from .rows import row_values as row_values
from .rows import status_label as status_label
from .rows import unit_row as unit_row
from .rows import unit_rows as unit_rows
from .stock import receipt_detail as receipt_detail
from .stock import receipt_line_progress as receipt_line_progress
from .stock import receipt_line_row as receipt_line_row
from .stock import receipt_no as receipt_no
from .stock import receipt_page as receipt_page
from .stock import supplier_page as supplier_page
from .stock import supplier_row as supplier_row
from .stock import transfer_detail as transfer_detail
from .stock import transfer_page as transfer_page
from .stock import units_of_ids as units_of_ids
from .unit_pages import UNIT_ACTIONS as UNIT_ACTIONS
from .unit_pages import ship_check as ship_check
from .unit_pages import unit_actions as unit_actions
from .unit_pages import unit_detail as unit_detail
from .unit_pages import unit_export_chunks as unit_export_chunks
from .unit_pages import unit_export_count as unit_export_count
from .unit_pages import unit_in_scope as unit_in_scope
from .unit_pages import unit_page as unit_page
from .unit_pages import unit_scan as unit_scan
from .unit_pages import unit_status_counts as unit_status_counts
from .unit_pages import units_filtered as units_filtered
from .units import HELD_STATUSES as HELD_STATUSES
from .units import code_names as code_names
from .units import order_unit as order_unit
from .units import order_unit_brief as order_unit_brief
from .units import order_units_shipped as order_units_shipped
from .units import receipt_progress as receipt_progress
from .units import sku_title as sku_title
from .units import transfer_refusal as transfer_refusal
from .units import unit_code as unit_code
from .units import unit_find as unit_find
from .units import unit_history as unit_history
from .units import unit_holding as unit_holding
from .units import unit_matches as unit_matches
from .units import unit_ship_refusal as unit_ship_refusal
from .units import unit_to_ship as unit_to_ship
from .units import units_in_stock_by_sku as units_in_stock_by_sku
from .units import visible_transfers as visible_transfers
from .units import visible_units as visible_units
