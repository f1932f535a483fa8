"""Shipping by scan under load, through the running API (issue 43): 200 units scanned into
one stock receipt (`scanStockReceipt`, one after another as a scanner does), 100 leases
awaiting shipment, and 100 `addExpress` calls at once on
gunicorn's workers, each order trying the units from a place in the list its neighbour
tries too, so that pairs race for every unit. No unit is given twice; every order ships
bound to exactly one unit of its own; the reservations are all consumed and the orderable
count is what is left in stock.

Everything is committed (the server is other processes); `committed_demo` removes it."""

from __future__ import annotations

import json
import threading
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.db import connection
from django_tenants.utils import tenant_context

from apps.assets.models import Unit, UnitMovement
from apps.assets.tests.factories import next_imei, receipt_of
from apps.billing.models import BillPayment
from apps.goods.models import StockMovement
from apps.goods.selectors import sku_stocks
from apps.goods.services import sku_tracked_set
from apps.orders.models import Contract, Order
from tests.fixtures import login
from tests.leases import DEMO, IntakeClient, Offer, goods_on_shelf, place
from tests.served import ServedApi, served_api
from zulin.ledger.tests.test_ledger_concurrency import committed
from zulin.providers.econtract import sandbox_econtract_sign
from zulin.providers.payment import sandbox_payer_pay, sandbox_payments_complete
from zulin.providers.sandbox import sandbox_callbacks_deliver

WORKERS = 4
UNITS = 200
ORDERS = 100


@pytest.fixture
def server(committed_demo) -> Iterator[ServedApi]:
    with served_api(workers=WORKERS) as served:
        yield served


@dataclass
class Scene:
    token: str
    goods_id: int
    sku_id: int
    codes: list[str]  # each unit's IMEI, in the order scanned
    orders: list[int]


@dataclass(frozen=True)
class Receipt:
    offer: Offer
    receipt_id: int
    line_id: int
    token: str  # the owner's session, committed with the rest


def _receipt(demo) -> Receipt:
    """Committed: goods on shelf whose SKU is tracked by unit, and a stock receipt expecting
    UNITS of it."""
    owner = login(DEMO, "owner")
    offer = goods_on_shelf(owner)
    with tenant_context(demo):
        sku_tracked_set(actor=None, sku_id=offer.sku_id)
        line = receipt_of(offer.sku_id, UNITS, cost="3999.00").lines.get()
    connection.set_schema_to_public()
    return Receipt(offer, line.receipt_id, line.pk, owner.token or "")


def _scan_all(api: ServedApi, receipt: Receipt) -> list[str]:
    """The warehouse scans UNITS devices into the receipt through the running API, one after
    another as a scanner does; each device's IMEI, in the order scanned."""
    shop = {"Host": DEMO, "jwt-token": receipt.token, "Content-Type": "application/json"}
    codes = []
    for _ in range(UNITS):
        code = next_imei()
        body = {"receipt_id": receipt.receipt_id, "line_id": receipt.line_id, "code": code}
        status, answer = api.http(
            "POST", "/api/backend/scanStockReceipt", shop, json.dumps(body).encode()
        )
        assert (status, answer.get("code")) == (200, 200), answer
        codes.append(code)
    assert (answer["data"]["scanned"], answer["data"]["expected"]) == (UNITS, UNITS)
    return codes


def _scene(demo, receipt: Receipt, codes: list[str]) -> Scene:
    """Committed: ORDERS leases of the received SKU placed, audited, signed and their first
    bill paid: awaiting shipment."""
    owner = login(DEMO, "owner")
    app = IntakeClient(demo, DEMO)
    offer = receipt.offer
    numbers = []
    for n in range(ORDERS):
        # A hundred people: grades A and B, fifty of each.
        grade, seed = "AB"[n % 2], n // 2
        answer = place(
            app, offer, key=f"scan-storm-{n:04d}", grade=grade, seed=seed, phone=f"1393{n:04d}777"
        )
        assert answer.ok, answer
        numbers.append(answer.data["order_no"])
    with tenant_context(demo):
        ids = dict(Order.objects.filter(order_no__in=numbers).values_list("order_no", "pk"))
    connection.set_schema_to_public()
    for number in numbers:
        audited = owner.post("/api/backend/auditOrder", {"id": ids[number], "passed": True})
        assert audited.ok, audited
    with tenant_context(demo):
        for contract in Contract.objects.filter(order_id__in=ids.values(), status="signing"):
            sandbox_econtract_sign(contract.provider_reference)
    connection.set_schema_to_public()
    sandbox_callbacks_deliver(merchant=demo.slug)
    for number in numbers:
        body = {"order_no": number, "period": 1, "idempotency_key": f"first-{number}"}
        assert app.post("/api/applet/payBill", body).ok
        sandbox_payer_pay(merchant=demo.slug, out_no=f"{number}B001")
    sandbox_payments_complete(merchant=demo.slug)
    sandbox_callbacks_deliver(merchant=demo.slug)
    connection.set_schema_to_public()
    with tenant_context(demo):
        waiting = Order.objects.filter(pk__in=ids.values(), status="awaiting_shipment").count()
        paid = BillPayment.objects.filter(bill__order_id__in=ids.values(), status="succeeded")
        assert (waiting, paid.count()) == (ORDERS, ORDERS)
    connection.set_schema_to_public()
    return Scene(owner.token or "", offer.goods_id, offer.sku_id, codes, [ids[n] for n in numbers])


def _ship_storm(api: ServedApi, scene: Scene) -> dict[int, list[tuple[int, dict[str, Any]]]]:
    """Each order at once tries the units from position n // 2 on (two orders per start),
    moving to the next unit when the one it scanned is taken, until one ships."""
    shop = {"Host": DEMO, "jwt-token": scene.token, "Content-Type": "application/json"}
    answers: dict[int, list[tuple[int, dict[str, Any]]]] = {order: [] for order in scene.orders}
    barrier = threading.Barrier(len(scene.orders))

    def ship(number: int, order_id: int) -> None:
        barrier.wait(timeout=60)
        for position in range(number // 2, number // 2 + UNITS):
            body = {
                "order_id": order_id,
                "company_code": "SF",
                "tracking_no": f"SF66{order_id:08d}",
                "device_serial": scene.codes[position % UNITS],
            }
            status, answer = api.http(
                "POST", "/api/merchant/addExpress", shop, json.dumps(body).encode()
            )
            answers[order_id].append((status, answer))
            if answer.get("code") != 1242:  # shipped, or something unexpected: stop
                return

    threads = [
        threading.Thread(target=ship, args=(number, order_id))
        for number, order_id in enumerate(scene.orders)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    assert not any(thread.is_alive() for thread in threads)
    return answers


def test_a_hundred_shipments_at_once_never_give_one_unit_twice(committed_demo, server):
    demo = committed_demo
    receipt = committed(demo, lambda: _receipt(demo))
    codes = _scan_all(server, receipt)
    scene = committed(demo, lambda: _scene(demo, receipt, codes))

    answers = _ship_storm(server, scene)

    # Every call answered an envelope: shipped, or the unit taken meanwhile (1242).
    codes = Counter(answer.get("code") for calls in answers.values() for _, answer in calls)
    assert set(codes) <= {200, 1242}, codes
    assert codes[200] == ORDERS, codes
    assert codes[1242] >= 1, codes  # the pairs did race
    for order_id, calls in answers.items():
        status, last = calls[-1]
        assert (status, last["code"], last["data"]["status"]) == (200, 200, "shipped"), order_id

    with tenant_context(demo):
        out = list(
            Unit.objects.filter(sku_id=scene.sku_id, status="out_with_customer").values_list(
                "pk", "order_id", "imei1"
            )
        )
        # Each order bound to exactly one unit, each unit to one order.
        assert sorted(order for _, order, _ in out) == sorted(scene.orders)
        assert len({unit for unit, _, _ in out}) == ORDERS
        ships = UnitMovement.objects.filter(unit__sku_id=scene.sku_id, action="ship")
        assert ships.count() == ORDERS
        assert ships.values("unit_id").distinct().count() == ORDERS
        assert Unit.objects.filter(sku_id=scene.sku_id, status="in_stock").count() == UNITS - ORDERS
        # Each order names the unit it holds.
        serials = dict(Order.objects.filter(pk__in=scene.orders).values_list("pk", "device_serial"))
        assert {order: imei for _, order, imei in out} == serials
        consumed = StockMovement.objects.filter(sku_id=scene.sku_id, kind="consume").count()
        assert consumed == ORDERS
        orderable = {r["sku_id"]: r["stock"] for r in sku_stocks(scene.goods_id, session=None)}
        assert orderable[scene.sku_id] == UNITS - ORDERS
    connection.set_schema_to_public()
