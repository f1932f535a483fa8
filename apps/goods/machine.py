"""The allowed moves of a goods item's status (through `zulin.audit.state`)."""

from __future__ import annotations

from zulin.audit.state import Machine, move

from .models import Goods, GoodsStatus

DRAFT, IN_REVIEW = GoodsStatus.DRAFT.value, GoodsStatus.IN_REVIEW.value
ON_SHELF, OFF_SHELF = GoodsStatus.ON_SHELF.value, GoodsStatus.OFF_SHELF.value

GOODS_MACHINE: Machine[Goods] = Machine(
    model=Goods,
    target_type="goods",
    moves=(
        # The merchant's moves (goods.edit); the target of "put on shelf" is review when the
        # platform reviews this merchant's goods.
        move((DRAFT, OFF_SHELF), "on_shelf", ON_SHELF),
        move((DRAFT, OFF_SHELF), "submit_review", IN_REVIEW),
        move((ON_SHELF, IN_REVIEW), "off_shelf", OFF_SHELF),
        # The platform's moves (goods.govern), through apps.goods.governance.
        move((ON_SHELF, IN_REVIEW), "force_down", OFF_SHELF, right="goods.govern"),
        move(IN_REVIEW, "approve", ON_SHELF, right="goods.govern"),
        move(IN_REVIEW, "reject", OFF_SHELF, right="goods.govern"),
    ),
    labels={status.value: (status.label, status.value.replace("_", " ")) for status in GoodsStatus},
)
