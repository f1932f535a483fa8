"""`goods.status_changed` (docs/webhooks.md): every guarded move of a goods item (put on or
taken off the shelf, reviewed, forced down by the platform), written in the transaction of
the move."""

from __future__ import annotations

from zulin.outbox.services import event_emit, row_data

from .models import Goods


def goods_event(goods: Goods, *, previous_status: str, action: str) -> None:
    event_emit(
        "goods.status_changed",
        object_type="goods",
        object_id=goods.pk,
        data=row_data(
            goods,
            "id title category_id status force_down sub_shop_ids updated_at",
            previous_status=previous_status,
            action=action,
        ),
    )
