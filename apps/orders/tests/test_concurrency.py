"""Races on real PostgreSQL connections, committed: no test transaction hides them. Each
scenario runs through the API from worker threads (each on its own connection, so what it
does commits), and every row committed in demo's schema and in public is removed at the end
(rows above the ids seen before the test; append-only triggers off for that one cleanup)."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django_tenants.utils import tenant_context

from apps.billing.models import Bill, BillPayment
from apps.orders.models import Order
from tests.fixtures import login
from tests.leases import DEMO, IntakeClient, goods_on_shelf, place, provider_settles
from zulin.audit.models import StatusChange
from zulin.ledger.models import Journal
from zulin.ledger.selectors import ledger_check
from zulin.ledger.tests.test_ledger_concurrency import committed, in_threads
from zulin.providers.econtract import sandbox_econtract_sign
from zulin.providers.payment import sandbox_payments_complete
from zulin.providers.sandbox import sandbox_callbacks_deliver


def _placed(demo) -> tuple[int, str, IntakeClient]:
    """Goods on shelf and a lease order awaiting audit, committed."""

    def work() -> tuple[int, str, IntakeClient]:
        owner = login(DEMO, "owner")
        app = IntakeClient(demo, DEMO)
        connection.set_tenant(demo)
        placed = place(app, goods_on_shelf(owner), key="race-order-0001")
        assert placed.ok, placed
        order_no = placed.data["order_no"]
        with tenant_context(demo):
            return Order.objects.get(order_no=order_no).pk, order_no, app

    return committed(demo, work)


def test_two_auditors_at_once_one_decides_the_other_gets_a_conflict(committed_demo):
    demo = committed_demo
    order_id, _, _ = _placed(demo)
    decisions = [{"passed": True}, {"passed": False, "reason": "资料不实"}]

    def audit(number: int) -> int:
        auditor = login(DEMO, "owner")
        return auditor.post("/api/backend/auditOrder", {"id": order_id, **decisions[number]}).code

    codes = in_threads(demo, 2, audit)

    assert sorted(codes) == [200, 409], codes
    with tenant_context(demo):
        status = Order.objects.get(pk=order_id).status
        winner = 0 if status == "awaiting_signing" else 1
        assert codes[winner] == 200
        audits = StatusChange.objects.filter(
            target_type="order", target_id=str(order_id), action__startswith="audit_"
        )
        assert audits.count() == 1


def test_a_bill_charged_twice_at_once_and_confirmed_twice_at_once_is_paid_once(committed_demo):
    demo = committed_demo
    order_id, order_no, app = _placed(demo)

    def to_lease() -> None:
        owner = login(DEMO, "owner")
        assert owner.post("/api/backend/auditOrder", {"id": order_id, "passed": True}).ok
        with tenant_context(demo):
            reference = Order.objects.get(pk=order_id).contracts.first().provider_reference
            sandbox_econtract_sign(reference)
        sandbox_callbacks_deliver(merchant="demo")
        body = {"order_no": order_no, "period": 1, "idempotency_key": "race-pay-0001"}
        assert app.post("/api/applet/payBill", body).ok
        provider_settles(demo, customer_pays=f"{order_no}B001")
        express = {
            "order_id": order_id,
            "company_code": "SF",
            "tracking_no": "SF5550000001",
            "device_serial": "IMEI-RACE",
        }
        assert owner.post("/api/merchant/addExpress", express).ok
        assert app.post("/api/applet/confirmReceipt", {"order_no": order_no}).ok

    committed(demo, to_lease)

    def charge(number: int) -> int:
        owner = login(DEMO, "owner")
        body = {"order_id": order_id, "period": 2, "idempotency_key": f"race-charge-{number}"}
        return owner.post("/api/v2/BillPayment", body).code

    codes = in_threads(demo, 4, charge)
    assert codes.count(200) == 1, codes
    assert set(codes) - {200} == {1305}, codes  # a payment of the bill is in flight

    committed(demo, lambda: sandbox_payments_complete(merchant="demo"))
    with tenant_context(demo):
        out_no = Bill.objects.get(order_id=order_id, period=2).out_trade_no

    def confirm(number: int) -> Any:
        if number == 0:
            return [d.delivered for d in sandbox_callbacks_deliver(merchant="demo")]
        owner = login(DEMO, "owner")
        return owner.get("/api/platform/queryPayResult", {"out_no": out_no}).code

    outcomes = in_threads(demo, 3, confirm)
    assert not [o for o in outcomes if isinstance(o, BaseException)], outcomes

    def books() -> tuple[Any, ...]:
        with tenant_context(demo):
            bill = Bill.objects.get(order_id=order_id, period=2)
            return (
                bill.status,
                bill.paid_amount == bill.amount,
                BillPayment.objects.filter(bill=bill, status="succeeded").count(),
                Journal.objects.filter(bill_id=bill.pk, kind="bill_payment").count(),
                ledger_check(),
            )

    assert committed(demo, books) == ("paid", True, 1, 1, [])
