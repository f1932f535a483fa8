"""A lease driven through the intake, as every domain's tests need one: goods on shelf, the
shop's signed app, the sandbox's customer, an order placed, signed, shipped and in lease, the
provider settling, the books. The fixtures `offer` and `app` are imported by the conftests
that use them (orders, billing)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django_tenants.utils import tenant_context

from apps.billing.models import BillPayment
from apps.goods.tests.factories import goods_payload, leaf_category
from apps.orders.intake_auth import intake_key_create, signed_headers
from apps.orders.models import Contract, Order
from tenants.merchants.models import Merchant
from tests.fixtures import ApiClient, Envelope
from zulin.ledger.selectors import balances_by_dimension, ledger_check
from zulin.providers.econtract import sandbox_econtract_sign
from zulin.providers.payment import sandbox_payer_pay, sandbox_payments_complete
from zulin.providers.risk import sandbox_id_number_for
from zulin.providers.sandbox import sandbox_callbacks_deliver


@dataclass
class Offer:
    goods_id: int
    sku_id: int
    rent_plan_id: int


def goods_on_shelf(owner: ApiClient, **overrides: Any) -> Offer:
    category = leaf_category()
    answer = owner.post("/api/platform/saveAndActiveGoods", goods_payload(category.pk, **overrides))
    assert answer.ok, answer
    detail = owner.post("/api/platform/goodsDetail", {"id": answer.data["id"]}).data
    plan = detail["rent_list"][0]
    return Offer(
        goods_id=answer.data["id"],
        sku_id=detail["spu_list"][plan["sku_index"]]["id"],
        rent_plan_id=plan["id"],
    )


def order_settings_save(owner: ApiClient, *, discount: str = "0", from_period: int = 1) -> None:
    """The shop's order settings (`saveOrderSetting`): the buyout's discount and first period."""
    saved = owner.post(
        "/api/backend/saveOrderSetting",
        {
            "unpaid_cancel_minutes": 30,
            "auto_receive_days": 7,
            "early_buyout_discount_rate": discount,
            "buyout_from_period": from_period,
        },
    )
    assert saved.ok, saved


class IntakeClient:
    """The shop's customer-facing app: every call signed with the shop's key."""

    def __init__(self, merchant: Merchant, host: str):
        with tenant_context(merchant):
            key, secret = intake_key_create(name="测试小程序", channel="alipay")
        connection.set_schema_to_public()
        self.app_id, self.secret, self.host = key.app_id, secret, host
        self.client = Client()

    @classmethod
    def with_key(cls, app_id: str, secret: str, host: str) -> IntakeClient:
        """The app signing with a key the shop made (createIntakeKey)."""
        app = cls.__new__(cls)
        app.app_id, app.secret, app.host, app.client = app_id, secret, host, Client()
        return app

    def post(self, path: str, body: dict[str, Any], **headers: str) -> Envelope:
        raw = json.dumps(body).encode()
        signed = signed_headers(
            app_id=self.app_id, secret=self.secret, method="POST", path=path, body=raw
        )
        extra = {f"HTTP_{k.upper().replace('-', '_')}": v for k, v in {**signed, **headers}.items()}
        response = self.client.post(
            path, raw, content_type="application/json", HTTP_HOST=self.host, **extra
        )
        return ApiClient._read(response)


def customer(grade: str = "B", seed: int = 0, phone: str = "13912345678") -> dict[str, str]:
    return {
        "customer_name": "张三",
        "customer_phone": phone,
        "id_number": sandbox_id_number_for(grade=grade, seed=seed),
    }


def provider_settles(merchant: Merchant, *, customer_pays: str = "") -> None:
    """The sandbox provider finishes what is processing (the customer pays the direct
    payment `customer_pays`, an out number) and its callbacks arrive."""
    if customer_pays:
        sandbox_payer_pay(merchant=merchant.slug, out_no=customer_pays)
    sandbox_payments_complete(merchant=merchant.slug)
    sandbox_callbacks_deliver(merchant=merchant.slug)
    connection.set_schema_to_public()


DEMO = "demo.localhost"


def place(
    app: IntakeClient,
    offer: Offer,
    key: str = "order-key-0001",
    grade: str = "B",
    phone: str = "13912345678",
    seed: int = 0,
    **extra: Any,
) -> Envelope:
    """A lease order of `offer` placed through the signed intake (the `seed`-th customer of
    the risk grade: another seed, another person)."""
    body = {
        "idempotency_key": key,
        **customer(grade, seed=seed, phone=phone),
        "sku_id": offer.sku_id,
        "rent_plan_id": offer.rent_plan_id,
        "channel": "alipay",
        **extra,
    }
    return app.post("/api/applet/placeOrder", body)


# --- a lease taken further: signed and paid, shipped, in lease -------------------------------

DETAIL = "/api/merchant/orderInfo"


@dataclass
class Placed:
    """An order of the demo shop: its id and its number."""

    id: int
    no: str


def placed(merchant: Merchant, answer: Envelope) -> Placed:
    """The order an intake answer names."""
    assert answer.ok, answer
    with tenant_context(merchant):
        order_id = Order.objects.values_list("pk", flat=True).get(order_no=answer.data["order_no"])
    connection.set_schema_to_public()
    return Placed(id=order_id, no=answer.data["order_no"])


def customer_signs(merchant: Merchant, order_id: int) -> None:
    """The customer signs the contract now out for signing; the provider's callback arrives."""
    with tenant_context(merchant):
        contract = Contract.objects.filter(order_id=order_id, status="signing").get()
        sandbox_econtract_sign(contract.provider_reference)
    sandbox_callbacks_deliver(merchant=merchant.slug)
    connection.set_schema_to_public()


def awaiting_shipment(
    merchant: Merchant, owner: ApiClient, app: IntakeClient, offer: Offer, **intake: Any
) -> Placed:
    """A lease placed (`intake`: place's keywords), audited, its contract signed and bill 1
    paid by the customer: awaiting shipment."""
    order = placed(merchant, place(app, offer, **intake))
    audited = owner.post("/api/backend/auditOrder", {"id": order.id, "passed": True})
    assert audited.ok, audited
    customer_signs(merchant, order.id)
    first = app.post(
        "/api/applet/payBill",
        {"order_no": order.no, "period": 1, "idempotency_key": f"first-{order.no}"},
    )
    assert first.ok, first
    # While the customer has not paid, the attempt already shows the provider's number.
    with tenant_context(merchant):
        attempt = BillPayment.objects.get(bill__order_id=order.id, bill__period=1)
        assert (attempt.status, attempt.provider_reference[:1]) == ("processing", "T")
    connection.set_schema_to_public()
    provider_settles(merchant, customer_pays=f"{order.no}B001")
    assert owner.get(DETAIL, {"id": order.id}).data["status"] == "awaiting_shipment"
    return order


def shipped(
    merchant: Merchant,
    owner: ApiClient,
    app: IntakeClient,
    offer: Offer,
    *,
    tracking_no: str = "SF1234567890",
    serial: str = "IMEI-1",
    **intake: Any,
) -> Placed:
    """A lease awaiting shipment, then shipped by SF as `tracking_no` with device `serial`."""
    order = awaiting_shipment(merchant, owner, app, offer, **intake)
    parcel = {
        "order_id": order.id,
        "company_code": "SF",
        "tracking_no": tracking_no,
        "device_serial": serial,
    }
    answer = owner.post("/api/merchant/addExpress", parcel)
    assert answer.ok and answer.data["status"] == "shipped", answer
    return order


def in_lease(
    merchant: Merchant, owner: ApiClient, app: IntakeClient, offer: Offer, **shipping: Any
) -> Placed:
    """A lease shipped (`shipping`: shipped's keywords) and received by the customer: in
    lease, bill 1 paid, bills 2… unpaid."""
    order = shipped(merchant, owner, app, offer, **shipping)
    received = app.post("/api/applet/confirmReceipt", {"order_no": order.no})
    assert received.data["status"] == "in_lease", received
    return order


def detail_of(owner: ApiClient, order_id: int) -> dict[str, Any]:
    answer = owner.get(DETAIL, {"id": order_id})
    assert answer.ok, answer
    return dict(answer.data)


def deposit_of(owner: ApiClient, order_id: int) -> dict[str, str]:
    """frozen / transferred / thawed / remaining / state of the order's deposit."""
    block = detail_of(owner, order_id)["deposit_detail"]
    return {k: block[k] for k in ("frozen", "transferred", "thawed", "remaining", "state")}


def bill_states(owner: ApiClient, order_id: int) -> dict[int, str]:
    """Each bill's status by period."""
    return {b["period"]: b["status"] for b in detail_of(owner, order_id)["bills"]}


def books_balance(merchant: Merchant) -> list[Any]:
    """What the merchant's ledger check finds wrong (nothing: [])."""
    with tenant_context(merchant):
        found = ledger_check()
    connection.set_schema_to_public()
    return list(found)


def order_books(merchant: Merchant, order_id: int) -> dict[str, Decimal]:
    """What the order's journals did to each ledger account (0.00 when moved and back)."""
    with tenant_context(merchant):
        found = balances_by_dimension(order_id=order_id)
    connection.set_schema_to_public()
    return {code: amount for code, amount in found.items() if amount != 0}


@pytest.fixture
def offer(demo_owner):
    """Goods on shelf with one SKU (stock 5) and a month rent plan."""
    return goods_on_shelf(demo_owner)


@pytest.fixture
def app(demo):
    """The demo shop's signed customer-facing app."""
    return IntakeClient(demo, DEMO)
