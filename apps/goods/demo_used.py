"""The demo shop offers a device back from a lease as used (issue 63, docs/assets.md "Used
goods at a fineness"), as a shop does it on the goods editor: the goods taken off shelf, a
month plan at the unit's fineness added beside the goods' own (its rent and deposit a fifth
lower), saved and put back on shelf. Through the goods services; safe to run again."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from zulin.core.auth import Session

from .models import GoodsStatus, RentPlan, Sku
from .schemas import GoodsIn
from .selectors import goods_detail
from .services import goods_save, goods_status_update

USED_SHARE = Decimal("0.80")  # a used plan's rent and deposit: this share of the new plan's


def _used(amount: str) -> Decimal:
    return (Decimal(amount) * USED_SHARE).quantize(Decimal("1"), rounding=ROUND_HALF_UP)


def used_plan_offer(*, actor: Session, sku_id: int, fineness: str) -> RentPlan:
    """The SKU's goods offered at `fineness` on a month plan of its own (the goods' longest
    month plan of the SKU, its rent and deposit a fifth lower): answers that plan, the one
    already offered when there is one."""
    sku = Sku.objects.select_related("goods").get(pk=sku_id)
    offered = RentPlan.objects.filter(sku=sku, fineness=fineness, is_active=True).first()
    if offered is not None:
        return offered
    goods = sku.goods
    detail = goods_detail(goods.pk, session=None)
    stored = {plan.pk: plan for plan in RentPlan.objects.filter(sku__goods=goods, is_active=True)}
    # The stored fee value (the detail answers it as text).
    rent_list = [
        {**row, "early_fee_value": stored[row["id"]].early_fee_value} for row in detail["rent_list"]
    ]
    own = max(
        (row for row in rent_list if row["sku_id"] == sku_id and row["term_unit"] == "month"),
        key=lambda row: row["term"],
    )
    used = {
        **{name: value for name, value in own.items() if name != "id"},
        "fineness": fineness,
        "rent": _used(own["rent"]),
        "deposit": _used(own["deposit"]),
        "credit_deposit_max": min(_used(own["credit_deposit_max"]), _used(own["deposit"])),
    }
    on_shelf = goods.status == GoodsStatus.ON_SHELF
    if on_shelf:  # plans are locked on shelf: off, edited, on again
        goods_status_update(actor=actor, ids=[goods.pk], status=GoodsStatus.OFF_SHELF)
    data = GoodsIn.model_validate({**detail, "rent_list": [*rent_list, used]})
    goods_save(actor=actor, data=data, activate=on_shelf)
    return RentPlan.objects.get(sku=sku, fineness=fineness, is_active=True)
