"""Reads of units, receipts and transfers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Count, Q, QuerySet

from zulin.core.scoping import SubShopScope, scope_to_sub_shop

from .models import StockReceipt, StockTransfer, Unit, UnitMovement, UnitStatus
from .rules import RELEASED_STATUSES


def units_in_stock_by_sku(skus: Mapping[int, Sequence[int]]) -> dict[int, int]:
    """The counter goods asks through `apps.goods.units` (registered in AssetsConfig.ready):
    per SKU, its units in stock in the warehouse (which serves every sub-shop) or in a
    sub-shop its goods are sold in (an empty sales scope: every sub-shop)."""
    where = Q()
    for sku_id, sub_shop_ids in skus.items():
        places = Q(sub_shop_id__isnull=True)
        places |= (
            Q(sub_shop_id__isnull=False)
            if not sub_shop_ids
            else Q(sub_shop_id__in=list(sub_shop_ids))
        )
        where |= Q(sku_id=sku_id) & places
    counts = (
        Unit.objects.filter(where, status=UnitStatus.IN_STOCK)
        .values("sku_id")
        .annotate(n=Count("id"))
        .values_list("sku_id", "n")
    )
    return {sku_id: 0 for sku_id in skus} | dict(counts)


def visible_units(session: SubShopScope | None) -> QuerySet[Unit]:
    """Units a session may see: a sub-shop account its own units (where they are now)."""
    return scope_to_sub_shop(Unit.objects.all(), session)


def unit_holding(
    identifiers: Sequence[str], *, excluding: int | None = None
) -> tuple[Unit, str] | None:
    """A unit of the shop that still holds one of these serials or IMEIs (any status but
    sold), and the identifier it holds; `excluding`: the unit being changed."""
    wanted = [value for value in identifiers if value]
    if not wanted:
        return None
    live = Unit.objects.exclude(status__in=RELEASED_STATUSES)
    if excluding is not None:
        live = live.exclude(pk=excluding)
    unit = live.filter(
        Q(serial_number__in=wanted) | Q(imei1__in=wanted) | Q(imei2__in=wanted) | Q(meid__in=wanted)
    ).first()
    if unit is None:
        return None
    held = next(
        value
        for value in wanted
        if value in (unit.serial_number, unit.imei1, unit.imei2, unit.meid)
    )
    return unit, held


def unit_find(identifier: str, *, session: SubShopScope | None = None) -> Unit | None:
    """The live unit a scan names (serial number or IMEI), in the session's scope."""
    value = identifier.strip()
    if not value:
        return None
    return (
        visible_units(session)
        .exclude(status__in=RELEASED_STATUSES)
        .filter(
            Q(serial_number=value.upper()) | Q(imei1=value) | Q(imei2=value) | Q(meid=value.upper())
        )
        .first()
    )


def receipt_progress(receipt_id: int) -> dict[str, Any]:
    """A receipt's lines with scanned / expected, and its totals."""
    receipt = StockReceipt.objects.get(pk=receipt_id)
    lines = [
        {
            "id": line.pk,
            "sku_id": line.sku_id,
            "unit_cost": line.unit_cost,
            "expected": line.expected_quantity,
            "scanned": line.received_quantity,
        }
        for line in receipt.lines.all()
    ]
    return {
        "id": receipt.pk,
        "status": receipt.status,
        "lines": lines,
        "expected": sum(line["expected"] for line in lines),
        "scanned": sum(line["scanned"] for line in lines),
    }


def unit_history(unit_id: int) -> list[dict[str, Any]]:
    return [
        dict(row)
        for row in UnitMovement.objects.filter(unit_id=unit_id)
        .order_by("id")
        .values(
            "action",
            "from_status",
            "to_status",
            "from_sub_shop_id",
            "to_sub_shop_id",
            "reason",
            "order_id",
            "receipt_id",
            "transfer_id",
            "actor_name",
            "at",
        )
    ]


def visible_transfers(session: SubShopScope | None) -> QuerySet[StockTransfer]:
    """Transfers a session may see: a sub-shop account those from or to its sub-shop."""
    sub_shop_id = session.sub_shop_id if session is not None else None
    transfers = StockTransfer.objects.all()
    if sub_shop_id is None:
        return transfers
    return transfers.filter(Q(from_sub_shop_id=sub_shop_id) | Q(to_sub_shop_id=sub_shop_id))
