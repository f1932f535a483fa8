"""The order screens and shipping by scan stay fast whatever the shop holds (issue 64 item 8):
each call reads in a fixed number of statements, the same for one order as for several — a
statement per row (an N+1) is what makes a list slow as the shop grows. Real leases through
the calls (`tests/leases.py`)."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.orders.tests.test_ship_by_scan import _lease, _ship, tracked_offer
from tests.leases import shipped

ORDERS = "/api/platform/backendOrderList"
SHIPMENTS = "/api/merchant/shipmentList"
WORKBENCH = "/api/v2/getWorkbenchData"


def statements(work) -> tuple[object, int]:
    """The answer of `work()` and the SQL statements it issued (django-tenants' `SET
    search_path` is not a read)."""
    with CaptureQueriesContext(connection) as queries:
        answer = work()
    return answer, sum(
        1 for query in queries.captured_queries if not query["sql"].startswith("SET ")
    )


def test_the_order_list_reads_as_many_statements_for_one_order_as_for_three(
    demo, demo_owner, app, offer
):
    # given one shipped lease
    shipped(demo, demo_owner, app, offer, key="bound-0001", seed=1, phone="13933330001")
    one, with_one = statements(lambda: demo_owner.get(ORDERS, {"page": 1, "page_size": 20}))
    # when two more are listed
    for n in (2, 3):
        shipped(demo, demo_owner, app, offer, key=f"bound-{n:04d}", seed=n, phone=f"1393333{n:04d}")
    three, with_three = statements(lambda: demo_owner.get(ORDERS, {"page": 1, "page_size": 20}))

    # then the page costs the same statements, a handful
    assert one.ok and three.ok
    assert (one.data["total"], three.data["total"]) == (1, 3)
    assert with_three == with_one <= 6


def test_the_shipments_list_reads_its_pickups_and_events_with_the_page_not_per_row(
    demo, demo_owner, app, offer
):
    shipped(demo, demo_owner, app, offer, key="ship-0001", seed=1, phone="13944440001")
    one, with_one = statements(lambda: demo_owner.get(SHIPMENTS, {"page": 1, "page_size": 20}))
    for n in (2, 3):
        shipped(
            demo,
            demo_owner,
            app,
            offer,
            key=f"ship-{n:04d}",
            seed=n,
            phone=f"1394444{n:04d}",
            tracking_no=f"SF12345678{n:02d}",
            serial=f"IMEI-{n}",
        )

    three, with_three = statements(lambda: demo_owner.get(SHIPMENTS, {"page": 1, "page_size": 20}))

    assert one.ok and three.ok
    assert (one.data["total"], len(three.data["list"])) == (1, 3)
    assert all(row["events"] == [] and row["pickup"] is None for row in three.data["list"])
    # the page, its total, and the events of all its rows at once (pickups joined in)
    assert with_three == with_one <= 3


def test_shipping_by_scan_costs_the_same_for_the_third_order_as_for_the_first(
    demo, demo_owner, app
):
    # given a SKU tracked by unit with three units and three leases awaiting shipment
    offer, units = tracked_offer(demo, demo_owner, units=3)
    orders = [_lease(demo, demo_owner, app, offer, n) for n in (1, 2, 3)]

    # when the first and then the third is shipped by scanning a unit
    first, for_first = statements(lambda: _ship(demo_owner, orders[0].id, units[0].imei1))
    third, for_third = statements(
        lambda: _ship(demo_owner, orders[2].id, units[2].imei1, tracking_no="SF7000000003")
    )

    # then both ship, in the same number of statements (none per order or unit the shop has)
    assert first.ok and third.ok, (first, third)
    assert for_third == for_first
    assert for_first <= BOUND_SHIP


def test_the_workbench_reads_as_many_statements_with_orders_as_without(
    demo, demo_owner, app, offer
):
    empty, without = statements(lambda: demo_owner.get(WORKBENCH))
    for n in (1, 2):
        shipped(
            demo, demo_owner, app, offer, key=f"workbench-{n:04d}", seed=n, phone=f"1395555{n:04d}"
        )

    busy, with_orders = statements(lambda: demo_owner.get(WORKBENCH))

    assert empty.ok and busy.ok
    assert with_orders == without <= 12


# Shipping writes the shipment, binds the unit (its row locked, its movement and history),
# consumes the reservation and writes the order's change with its history and audit: 49
# statements (2026-11-29), none of them one per row the shop holds.
BOUND_SHIP = 55
