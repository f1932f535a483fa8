"""`unit.status_changed` (docs/webhooks.md): every guarded move of a device (received,
reserved, sent out with an order, back, inspected, sold, lost, moved between sub-shops),
written in the transaction of the move."""

from __future__ import annotations

from zulin.outbox.services import event_emit, row_data

from .models import Unit


def unit_event(unit: Unit, *, previous_status: str, action: str) -> None:
    event_emit(
        "unit.status_changed",
        object_type="unit",
        object_id=unit.pk,
        data=row_data(
            unit,
            "id sku_id serial_number grade status sub_shop_id order_id updated_at",
            previous_status=previous_status,
            action=action,
        ),
    )
