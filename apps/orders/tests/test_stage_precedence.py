"""Which list an order shows in when two stages apply (apps/orders/machine.py, `stage_of`):
an open after-sale business comes before overdue, so a lease in lease with a bill past due
whose customer has asked for a return, buyout or renewal is handled in the after-sale list
until the business ends, and then shows overdue again."""

from __future__ import annotations

from datetime import timedelta

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.models import Bill
from apps.billing.tasks import orders_refresh_overdue
from tests.leases import detail_of, in_lease

LEASES = "/api/platform/backendOrderList"
COUNTS = "/api/platform/orderNumberCount"
PHONE = "13700000077"  # no other test or demo customer has it


def _stage(owner, order_id) -> tuple[str, str, bool]:
    detail = detail_of(owner, order_id)
    return detail["status"], detail["stage"], detail["overdue_since"] is not None


def _listed(owner, stage: str) -> list[str]:
    answer = owner.get(LEASES, {"phone": PHONE, "stage": stage})
    assert answer.ok, answer
    return [row["order_no"] for row in answer.data["list"]]


def test_an_overdue_lease_with_an_open_after_sale_business_shows_in_after_sale(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer, phone=PHONE)
    with tenant_context(demo):
        Bill.objects.filter(order_id=order.id, period=2).update(
            due_date=timezone.localdate() - timedelta(days=3)
        )
        assert orders_refresh_overdue()["changed"] == 1
    connection.set_schema_to_public()
    assert _stage(demo_owner, order.id) == ("in_lease", "overdue", True)
    counts = demo_owner.get(COUNTS).data

    opened = app.post(
        "/api/applet/applyAfterSale",
        {"order_no": order.no, "kind": "renewal", "extra_term": 3, "reason": "想多用三个月"},
    )

    assert opened.ok, opened
    # Still overdue (the bill is unpaid), but listed where the business is handled.
    assert _stage(demo_owner, order.id) == ("in_lease", "after_sale", True)
    assert (_listed(demo_owner, "after_sale"), _listed(demo_owner, "overdue")) == ([order.no], [])
    after = demo_owner.get(COUNTS).data
    assert (after["after_sale"], after["overdue"]) == (
        counts["after_sale"] + 1,
        counts["overdue"] - 1,
    )
    # The nightly overdue refresh keeps that order of precedence.
    with tenant_context(demo):
        orders_refresh_overdue()
    connection.set_schema_to_public()
    assert _stage(demo_owner, order.id) == ("in_lease", "after_sale", True)

    rejected = demo_owner.post(
        "/api/platform/dealAfterSale",
        {"order_id": order.id, "decision": "reject", "reject_code": "bills_unpaid"},
    )

    assert rejected.ok, rejected
    assert _stage(demo_owner, order.id) == ("in_lease", "overdue", True)
    assert (_listed(demo_owner, "after_sale"), _listed(demo_owner, "overdue")) == ([], [order.no])
