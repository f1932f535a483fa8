"""The demo's share links (`apps/promotion/demo.py`, in `make run`'s showcase): one per
channel, one a salesman's, one a sub-shop's, one deleted keeping its history; visits and
orders placed through them counted on the list; a second run adds nothing.

The showcase takes minutes to load, so it is loaded once for every domain's check: this one
runs inside `tests/test_demo.py`'s test (which calls `share_links_checked`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django_tenants.utils import tenant_context

from apps.orders.models import Order
from apps.promotion.models import ShareLink, ShareVisit


def share_links_checked(demo: Any, demo_owner: Any) -> Callable[[], None]:
    """The showcase's share links and their figures (the showcase loaded); the check after a
    second run."""
    with tenant_context(demo):
        links = list(ShareLink.objects.all())
        counts = (len(links), ShareVisit.objects.count(), Order.objects.count())
        through = Order.objects.filter(share_link_id__isnull=False)
        assert through.count() >= 8
        for order in through:
            link = next(link for link in links if link.pk == order.share_link_id)
            assert (order.salesman_account_id, order.sub_shop_id) == (
                link.salesman_account_id,
                link.sub_shop_id,
            )
    assert {"alipay_mini", "wechat_mini", "h5", "app"} <= {link.channel for link in links}
    assert any(link.salesman_account_id for link in links)
    assert any(link.sub_shop_id for link in links)
    assert {"shop", "category", "goods"} == {link.landing_type for link in links}

    active = demo_owner.get("/api/general/shareLinkList").data["list"]
    assert len(active) == 5 and all(row["visits"] > 0 for row in active)
    assert any(row["deals"] > 0 and row["deal_value"] != "0.00" for row in active)
    deleted = demo_owner.get("/api/general/shareLinkList", {"status": "deleted"}).data["list"]
    assert len(deleted) == 1 and deleted[0]["orders"] == 1 and deleted[0]["visits"] > 0

    def again() -> None:
        with tenant_context(demo):
            found = (ShareLink.objects.count(), ShareVisit.objects.count(), Order.objects.count())
        assert found == counts

    return again
