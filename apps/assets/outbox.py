"""`unit.status_changed` (docs/webhooks.md): every guarded move of a device (received,
reserved, sent out with an order, back, inspected, sold, lost, moved between sub-shops),
written in the transaction of the move."""

from __future__ import annotations

from zulin.outbox.services import row_event

from .models import Unit


def unit_event(unit: Unit, *, previous_status: str, action: str) -> None:
    row_event(
        "unit.status_changed",
        unit,
        "id sku_id serial_number grade status sub_shop_id order_id updated_at",
        object_type="unit",
        previous_status=previous_status,
        action=action,
    )
