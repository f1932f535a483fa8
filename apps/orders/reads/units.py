"""What the asset register reads of the orders that held a unit."""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Max

from apps.assets.order_facts import OrderFact
from zulin.core.dates import day_start

from .. import machine
from ..models import (
    AfterSale,
    Order,
)


def unit_order_facts(order_ids: Sequence[int]) -> dict[int, OrderFact]:
    """Each order's number, status, SKU, sub-shop, whether it awaits shipment now (an
    exchange's new device included), when it shipped and came back (the moment the shop
    confirmed the goods back) and what its customer paid, in four statements whatever the
    number of orders. Registered in `OrdersConfig.ready()`."""
    orders = list(
        Order.objects.filter(pk__in=order_ids).values(
            "pk",
            "order_no",
            "status",
            "sku_id",
            "sub_shop_id",
            "shipped_at",
            "money_paid",
            "overdue_since",
            "fineness",
        )
    )
    # The moment the device came back as the shop confirmed it (a business received before
    # that moment was kept: the start of its day).
    returned = {
        row["order_id"]: row["at"] or day_start(row["day"])
        for row in AfterSale.objects.filter(
            order_id__in=order_ids,
            kind__in=(AfterSale.Kind.RETURN, AfterSale.Kind.EXCHANGE),
            received_on__isnull=False,
        )
        .values("order_id")
        .annotate(at=Max("received_at"), day=Max("received_on"))
    }
    # A lease whose exchange is approved and its old device back ships the new one now.
    exchanging = set(
        AfterSale.objects.filter(
            order_id__in=order_ids,
            kind=AfterSale.Kind.EXCHANGE,
            status=AfterSale.Status.APPROVED,
            received_on__isnull=False,
        ).values_list("order_id", flat=True)
    )
    return {
        row["pk"]: OrderFact(
            order_id=row["pk"],
            order_no=row["order_no"],
            status=row["status"],
            sku_id=row["sku_id"],
            sub_shop_id=row["sub_shop_id"],
            awaiting_shipment=row["status"] in (machine.AWAITING_SHIPMENT, machine.PAID)
            or row["pk"] in exchanging,
            shipped_at=row["shipped_at"],
            returned_at=returned.get(row["pk"]),
            paid=row["money_paid"],
            overdue_since=row["overdue_since"],
            fineness=row["fineness"],
        )
        for row in orders
    }


def overdue_order_ids() -> list[int]:
    """The orders overdue now (`overdue_since` set): the asset report's units in recovery.
    Registered in `OrdersConfig.ready()`."""
    return list(Order.objects.filter(overdue_since__isnull=False).values_list("pk", flat=True))
