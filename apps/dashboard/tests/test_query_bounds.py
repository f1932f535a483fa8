"""The data centre's figures come fast however many orders and bills the shop has (issue 64
item 8): each figure is a fixed number of statements (aggregates in SQL), the same for an
empty shop as for one with leases."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.leases import DEMO, IntakeClient, goods_on_shelf, in_lease

FIGURES = (
    "/api/v2/getDataOverview",
    "/api/v2/getOrderDataCount",
    "/api/v2/getOrderGoodsCount",
    "/api/v2/getEcommerceOrderGoodsCount",
    "/api/v2/getRentCurve",
    "/api/v2/getReceivedRentCurve",
    "/api/v2/getFinalPaymentCurve",
    "/api/v2/getReceivedFinalPaymentCurve",
)


def _statements(owner) -> dict[str, int]:
    counts = {}
    for path in FIGURES:
        with CaptureQueriesContext(connection) as queries:
            answer = owner.get(path)
        assert answer.ok, (path, answer)
        counts[path] = sum(1 for q in queries.captured_queries if not q["sql"].startswith("SET "))
    return counts


def test_the_data_centres_figures_read_as_many_statements_with_leases_as_without(demo, demo_owner):
    # given an empty shop's figures (asked once before: what is cached after a first read)
    _statements(demo_owner)
    empty = _statements(demo_owner)
    # when it has three leases, their bills and payments
    offer = goods_on_shelf(demo_owner)
    app = IntakeClient(demo, DEMO)
    for n in (1, 2, 3):
        in_lease(
            demo, demo_owner, app, offer, key=f"figures-{n:04d}", seed=n, phone=f"1396666{n:04d}"
        )
    busy = _statements(demo_owner)

    # then every figure costs what it cost
    assert busy == empty
    assert max(busy.values()) <= 10
