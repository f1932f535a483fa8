"""A share link's orders and their figures."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db.models import Count, Q

from tenants.dashboard.figures import DEAL_STATUSES, deal_value_sum
from zulin.core.auth import Session
from zulin.core.pagination import page_of

from ..models import (
    Order,
)
from ..scope import visible_orders
from ..selectors import (
    LIST_COLUMNS,
    list_order,
    order_rows,
)


def share_link_order_figures(link_ids: list[int]) -> dict[int, dict[str, Any]]:
    """Per share link: the orders placed through it, the deals among them and their value,
    one SQL aggregate; a deal and its value as the data centre counts them
    (`tenants.dashboard.figures`)."""
    rows = (
        Order.objects.filter(is_deleted=False, share_link_id__in=link_ids)
        .values("share_link_id")
        .annotate(
            orders=Count("id"),
            deals=Count("id", filter=Q(status__in=DEAL_STATUSES)),
            deal_value=deal_value_sum(),
        )
    )
    return {
        row["share_link_id"]: {
            "orders": row["orders"],
            "deals": row["deals"],
            "deal_value": row["deal_value"] or Decimal("0.00"),
        }
        for row in rows
    }


def share_link_order_page(
    *, session: Session | None, share_link_id: int, page: int, page_size: int
) -> dict[str, Any]:
    """The orders placed through one share link that this session may see, newest first."""
    filtered = (
        visible_orders(session)
        .filter(share_link_id=share_link_id)
        .order_by(*list_order(oldest_first=False))
    )
    answer = page_of(
        filtered.values(*LIST_COLUMNS), page=page, page_size=page_size, counted=filtered
    )
    answer["list"] = order_rows(answer["list"])
    return answer
