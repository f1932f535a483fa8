"""200 requests at once on one merchant's money through the running API (issue 12): the
API served by gunicorn with the project's config (sync workers, eight of them so that requests
truly overlap; each worker holds its own database connection, far below PostgreSQL's 100)
against the test database, driven by 200 threads: withdrawals with fresh and repeated
idempotency keys that together ask for more than the withdrawable balance, and payments of
the same bills by the shop (withhold, answered at once) and by the customer (QR code, paid by
the payer during the storm and confirmed through `queryPayResult`), with repeated keys.

Afterwards: no answer but an envelope with an expected code; the withdrawable balance is the
settled amount less the withdrawals frozen, never below zero, and a refusal means it could
not cover one more; each key answered the same withdrawal or payment every time; each bill is
paid once, at the provider and in the books; both ledgers sum to the cent.

Everything is committed (the server is other processes); `committed_demo` removes it."""

from __future__ import annotations

import json
import random
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from decimal import ROUND_DOWN, Decimal
from typing import Any

import pytest
from django.db import connection
from django.db.models import Count
from django.utils import timezone
from django_tenants.utils import schema_context, tenant_context

from apps.billing.models import Bill, BillPayment
from apps.billing.statements import statements_close
from apps.orders.intake_auth import signed_headers
from tenants.finance.models import Withdrawal
from tenants.merchants.models import SettlementTerms
from tests.fixtures import login
from tests.leases import DEMO, IntakeClient, goods_on_shelf, in_lease
from tests.served import ServedApi, served_api
from zulin.ledger.models import Journal
from zulin.ledger.selectors import account_balance, ledger_check
from zulin.ledger.tests.test_ledger_concurrency import committed
from zulin.providers.models import SandboxPaymentRecord
from zulin.providers.payment import sandbox_payer_pay
from zulin.providers.sandbox import sandbox_callbacks_deliver

WORKERS = 8
LEASES = 8
STORM = 200
CENT = Decimal("0.01")


# --- the server -----------------------------------------------------------------------------


@pytest.fixture
def server(committed_demo) -> Iterator[ServedApi]:
    """gunicorn as `make run` serves the API (tests/served.py), WORKERS sync workers, on the
    test database; withholds answered at once by the sandbox (as a provider that settles
    them synchronously), so a bill can be paid while other requests still race for it."""
    env = {"SANDBOX_PAYMENT_ASYNC_OPERATIONS": "transfer,refund,payout"}
    with served_api(workers=WORKERS, env=env) as served:
        yield served


# --- the scene: money to withdraw, leases with a bill to pay ----------------------------------


@dataclass
class Scene:
    token: str
    app_id: str
    secret: str
    orders: list[tuple[int, str]]  # (order id, order number)
    settled: Decimal  # the withdrawable balance before the storm
    api: ServedApi | None = None


def _scene(demo) -> Scene:
    """Committed: T+1 terms, LEASES leases in lease (bill 1 paid by the customer), the day's
    statement closed so their money is withdrawable."""
    today = timezone.localdate()
    SettlementTerms.objects.create(
        merchant=demo,
        commission_rate=Decimal("5.00"),
        settlement_cycle="T+1",
        bank_name="招商银行",
        account_name="演示租赁",
        account_number="6225880000001234",
    )
    owner = login(DEMO, "owner")
    app = IntakeClient(demo, DEMO)
    offer = goods_on_shelf(
        owner,
        spu_list=[
            {"specs": {"颜色": "黑", "容量": "256G"}, "code": "B256", "stock": LEASES + 5},
            {"specs": {"颜色": "白", "容量": "256G"}, "code": "W256", "stock": 0},
        ],
    )
    orders = []
    for n in range(LEASES):
        order = in_lease(
            demo,
            owner,
            app,
            offer,
            key=f"storm-order-{n:04d}",
            seed=100 + n,
            tracking_no=f"SF9990000{n:03d}",
            serial=f"IMEI-STORM-{n}",
        )
        orders.append((order.id, order.no))
    with tenant_context(demo):
        statements_close(today=today + timedelta(days=1))
        settled = account_balance("merchant_cash", cached=True)
    connection.set_schema_to_public()
    return Scene(owner.token or "", app.app_id, app.secret, orders, settled)


# --- the storm ------------------------------------------------------------------------------


@dataclass
class Call:
    kind: str  # withdraw, collect, pay, payer, query
    key: str = ""
    order: tuple[int, str] = (0, "")
    amount: Decimal = Decimal("0")
    delay: float = 0.0
    after: threading.Event | None = None  # sent once this is set (the payer paid)
    paid: threading.Event | None = None  # set by the payer once it paid (or found none)
    answers: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


def _calls(scene: Scene, amount: Decimal) -> list[Call]:
    """STORM calls: 96 withdrawals over 36 keys (24 asked three times, 12 twice), and for each
    bill 2 ten payment attempts (the shop's withhold with one key three times and two fresh
    keys, the customer's QR payment likewise; one of each fresh key a second later), the
    payer paying the QR code once it is there, the shop charging it again right after (a fresh
    key), and `queryPayResult` later still."""
    calls = [
        Call("withdraw", key=f"storm-wd-{k:03d}", amount=amount)
        for k in range(36)
        for _ in range(3 if k < 24 else 2)
    ]
    for number, order in enumerate(scene.orders):
        late = 0.1 * number
        for kind in ("collect", "pay"):
            calls += [Call(kind, key=f"storm-{kind}-{number}-a", order=order) for _ in range(3)]
            calls.append(Call(kind, key=f"storm-{kind}-{number}-b", order=order))
            # after the payer may have paid the QR code, before anyone asked the provider
            calls.append(Call(kind, key=f"storm-{kind}-{number}-c", order=order, delay=1 + late))
        paid = threading.Event()
        calls.append(Call("payer", order=order, delay=0.2 + late, paid=paid))
        # the shop charges the bill right after the payer paid the QR code at the provider,
        # before anyone told us: the attempt in flight has succeeded meanwhile
        calls.append(Call("collect", key=f"storm-collect-{number}-d", order=order, after=paid))
        calls.append(Call("query", order=order, delay=3 + late))
    assert len(calls) == STORM, len(calls)
    random.Random(12).shuffle(calls)
    return calls


def _run(call: Call, scene: Scene) -> None:
    assert scene.api is not None
    _http = scene.api.http
    shop = {"Host": DEMO, "jwt-token": scene.token, "Content-Type": "application/json"}
    order_id, order_no = call.order
    if call.delay:
        time.sleep(call.delay)
    if call.after is not None:
        call.after.wait(timeout=30)
    if call.kind == "withdraw":
        body = {"amount": str(call.amount), "idempotency_key": call.key}
        call.answers.append(_http("POST", "/api/finance/applyWithdraw", shop, _json(body)))
    elif call.kind == "collect":
        body = {"order_id": order_id, "period": 2, "idempotency_key": call.key}
        call.answers.append(_http("POST", "/api/v2/BillPayment", shop, _json(body)))
    elif call.kind == "pay":
        path = "/api/applet/payBill"
        raw = _json({"order_no": order_no, "period": 2, "idempotency_key": call.key})
        signed = signed_headers(
            app_id=scene.app_id, secret=scene.secret, method="POST", path=path, body=raw
        )
        headers = {"Host": DEMO, "Content-Type": "application/json", **signed}
        call.answers.append(_http("POST", path, headers, raw))
    elif call.kind == "query":
        path = f"/api/platform/queryPayResult?out_no={order_no}B002"
        call.answers.append(_http("GET", path, shop))
    else:  # the payer scans the QR code of the customer's payment, once there is one
        try:
            _payer(scene.api, call, shop, order_id)
        finally:
            assert call.paid is not None
            call.paid.set()


def _payer(api: ServedApi, call: Call, shop: dict[str, str], order_id: int) -> None:
    """The payer scans the QR code of the customer's payment of bill 2 once there is one
    (nothing to do when the shop's withhold took the bill first)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        detail = api.http("GET", f"/api/merchant/orderInfo?id={order_id}", shop)
        call.answers.append(detail)
        bill = next(b for b in detail[1]["data"]["bills"] if b["period"] == 2)
        qr = [
            p for p in bill["payments"] if p["method"] == "customer" and p["status"] == "processing"
        ]
        if qr:
            pay = f"/api/sandbox/payments/{qr[0]['provider_trade_no']}/pay"
            call.answers.append(api.http("POST", pay, {"Host": DEMO}))
            return
        if bill["status"] == "paid":
            return
        time.sleep(0.1)


def _json(body: dict[str, Any]) -> bytes:
    return json.dumps(body).encode()


def _storm(calls: list[Call], scene: Scene) -> None:
    barrier = threading.Barrier(len(calls))
    errors: list[BaseException] = []

    def one(call: Call) -> None:
        try:
            barrier.wait(timeout=60)
            _run(call, scene)
        except BaseException as error:  # noqa: BLE001 — reported below
            errors.append(error)

    threads = [threading.Thread(target=one, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors[:3]
    assert not any(thread.is_alive() for thread in threads), "a request hung"


# --- the test -------------------------------------------------------------------------------

EXPECTED = {
    "withdraw": {200, 1403},  # withdrawn, or more than the balance left
    "collect": {200, 1304, 1305},  # charged, already paid, a payment of it in flight
    "pay": {200, 1304, 1305},
    "query": {200, 404},  # no attempt under the bill's first number yet
    "payer": {200},
}


def test_two_hundred_withdrawals_and_payments_at_once_keep_every_balance_and_key(
    committed_demo, server
):
    demo = committed_demo
    scene: Scene = committed(demo, lambda: _scene(demo))
    scene.api = server
    amount = (scene.settled / 24).quantize(CENT, rounding=ROUND_DOWN)
    assert amount >= Decimal("1.00"), scene.settled
    calls = _calls(scene, amount)

    _storm(calls, scene)

    # Every answer an envelope with a code the call may answer, never a 500.
    for call in calls:
        assert call.answers, call
        for status, body in call.answers:
            assert status == 200 and set(body) == {"code", "data", "msg"}, (call.kind, body)
        final = call.answers[-1][1]["code"]
        assert final in EXPECTED[call.kind], (call.kind, call.key, call.answers[-1])

    # Withdrawals: each key one withdrawal (every answer naming it) or refused every time.
    by_key: dict[str, set[Any]] = defaultdict(set)
    for call in calls:
        if call.kind == "withdraw":
            body = call.answers[0][1]
            by_key[call.key].add(body["data"]["id"] if body["code"] == 200 else body["code"])
    assert all(len(answers) == 1 for answers in by_key.values()), by_key
    granted = {key for key, answers in by_key.items() if 1403 not in answers}
    rows = Withdrawal.objects.filter(merchant=demo, idempotency_key__startswith="storm-wd-")
    assert sorted(rows.values_list("idempotency_key", flat=True)) == sorted(granted)
    assert {row.pk for row in rows} == {next(iter(by_key[key])) for key in granted}
    frozen = sum((row.amount for row in rows), Decimal("0.00"))
    with tenant_context(demo):
        withdrawable = account_balance("merchant_cash")
        assert account_balance("merchant_cash", cached=True) == withdrawable
    connection.set_schema_to_public()
    assert withdrawable == scene.settled - frozen >= 0
    assert len(granted) <= 24 and frozen <= scene.settled
    if len(granted) < len(by_key):  # refused only once the balance could not cover one more
        assert withdrawable < amount

    # The provider settles what is left (the payers pay, callbacks arrive): each bill paid once.
    def settle() -> None:
        with tenant_context(demo):
            waiting = list(
                BillPayment.objects.filter(
                    bill__order_id__in=[o for o, _ in scene.orders], status="processing"
                ).values_list("out_trade_no", flat=True)
            )
        for out_no in waiting:
            sandbox_payer_pay(merchant=demo.slug, out_no=out_no)
        sandbox_callbacks_deliver(merchant=demo.slug)
        connection.set_schema_to_public()

    committed(demo, settle)
    order_ids = [order_id for order_id, _ in scene.orders]
    with tenant_context(demo):
        bills = list(Bill.objects.filter(order_id__in=order_ids, period=2))
        succeeded = list(
            BillPayment.objects.filter(bill__in=bills, status="succeeded").select_related("bill")
        )
        numbers = list(
            BillPayment.objects.filter(bill__in=bills).values_list("out_trade_no", flat=True)
        )
        journals = Journal.objects.filter(bill_id__in=[b.pk for b in bills], kind="bill_payment")
        journal_refs = sorted(journals.values_list("reference", flat=True))
        keyed = dict(
            BillPayment.objects.filter(idempotency_key__startswith="storm-")
            .values("idempotency_key")
            .annotate(n=Count("id"))
            .values_list("idempotency_key", "n")
        )
        statuses = {b.pk: (b.status, b.paid_amount == b.amount) for b in bills}
        merchant_books = ledger_check()
    with schema_context("public"):
        platform_books = ledger_check()
    connection.set_schema_to_public()
    assert len(bills) == LEASES
    assert set(statuses.values()) == {("paid", True)}, statuses
    assert sorted(p.bill_id for p in succeeded) == sorted(b.pk for b in bills)  # once each
    assert journal_refs == sorted(f"pay:{p.out_trade_no}" for p in succeeded)
    charged = SandboxPaymentRecord.objects.filter(
        merchant=demo.slug,
        operation__in=["withhold", "pay"],
        status="succeeded",
        out_no__in=numbers,
    ).count()
    assert charged == LEASES  # the customer's money taken once per bill
    assert merchant_books == [] and platform_books == []

    # Payments: each key one attempt, answered alike every time (all accepted or all refused).
    for kind in ("collect", "pay"):
        answers: dict[str, set[int]] = defaultdict(set)
        for call in calls:
            if call.kind == kind:
                answers[call.key].add(call.answers[0][1]["code"])
        for key, codes in answers.items():
            assert codes == {200} or 200 not in codes, (key, codes)
            assert keyed.get(key, 0) == (1 if codes == {200} else 0), (key, codes)
