"""`goods.status_changed` (docs/webhooks.md): every guarded move of a goods item (put on or
taken off the shelf, reviewed, forced down by the platform), written in the transaction of
the move."""

from __future__ import annotations

from zulin.outbox.services import row_event

from .models import Goods


def goods_event(goods: Goods, *, previous_status: str, action: str) -> None:
    row_event(
        "goods.status_changed",
        goods,
        "id title category_id status force_down sub_shop_ids updated_at",
        object_type="goods",
        previous_status=previous_status,
        action=action,
    )
