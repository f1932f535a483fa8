"""One idempotency rule for every call whose request carries `idempotency_key` (issue 60,
item 3), walked over the OpenAPI document: a new call with a key is covered without a change
here, and fails until it has a setup below.

For each such operation: one valid first request; then, under the same key, the request with
each other field (path, query and body, nested ones included) changed to another valid value
of its type is refused IDEMPOTENCY_KEY_REUSED (1101) and changes no row of the shop's schema
or the public one (the books, the provider's sandbox trades, every table: counted and
hashed); and the same request again answers what the first did."""

from __future__ import annotations

import base64
import copy
import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pytest
import segno
from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.assets.tests.factories import next_imei
from apps.billing.tests.support import body as offline_body
from apps.billing.tests.support import overdue_with_late_fee
from apps.goods.models import Goods, Sku
from apps.goods.services import sku_tracked_set
from apps.orders.tests.test_inspection_flow import INSPECT, PHOTO, _lines
from apps.orders.tests.test_return_pickup import SLOTS, _tomorrow, return_agreed
from apps.orders.tests.test_ship_by_scan import tracked_offer
from apps.orders.tests.test_waybills import CREATE, CUSTOMER, carrier_account
from apps.recovery.tests.support import case_of, night, overdue_lease
from apps.subshops.tests.factories import sub_shop_make
from tenants.finance.tests.support import settled_cash
from tenants.merchants.models import Merchant
from tenants.merchants.tests.test_api_merchants import _onboarding
from tests.fixtures import ApiClient, Envelope
from tests.leases import (  # noqa: F401 (app, offer: the fixtures)
    IntakeClient,
    Offer,
    app,
    awaiting_shipment,
    customer,
    customer_signs,
    in_lease,
    offer,
    place,
    placed,
    provider_settles,
)
from zulin.api import api
from zulin.idempotency.models import IdempotencyKey

SCHEMA = api.get_openapi_schema(path_prefix="/api/")
COMPONENTS = SCHEMA["components"]["schemas"]
KEY = "idempotency_key"


def _resolve(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = COMPONENTS[schema["$ref"].rsplit("/", 1)[-1]]
    return schema


@dataclass(frozen=True)
class Keyed:
    method: str
    path: str
    body: dict[str, Any]  # the JSON schema of its request (the query's, for a GET)


def keyed_operations() -> dict[str, Keyed]:
    """Every operation of the document whose request carries an idempotency key."""
    found = {}
    for path, methods in SCHEMA["paths"].items():
        for method, definition in methods.items():
            content = (definition.get("requestBody") or {}).get("content", {})
            schema = _resolve(content.get("application/json", {}).get("schema", {}))
            if KEY in schema.get("properties", {}):
                found[definition["operationId"]] = Keyed(method.upper(), path, schema)
    return found


KEYED = keyed_operations()


# --- the first request of each ---------------------------------------------------------------


@dataclass
class World:
    demo: Merchant
    owner: ApiClient
    admin: ApiClient
    app: IntakeClient
    offer: Offer


@dataclass
class First:
    body: dict[str, Any]
    send: Callable[[dict[str, Any]], Envelope]


def _voucher() -> str:
    picture = io.BytesIO()
    segno.make("转账回单").save(picture, kind="png", scale=3)
    return base64.b64encode(picture.getvalue()).decode()


def _owner(w: World, path: str) -> Callable[[dict[str, Any]], Envelope]:
    return lambda body: w.owner.post(path, body)


def _signed(w: World, n: int = 1) -> Any:
    order = placed(w.demo, place(w.app, w.offer, key=f"walk-order-{n:04d}", seed=n))
    assert w.owner.post("/api/backend/auditOrder", {"id": order.id, "passed": True}).ok
    customer_signs(w.demo, order.id)
    return order


def _case(w: World, days: int = 200) -> int:
    order = overdue_lease(w.demo, w.owner, w.app, w.offer, days=days, n=31)
    night(w.demo)
    return case_of(w.demo, order.id).pk


def _tracked_sku(w: World) -> int:
    with tenant_context(w.demo):
        goods = Goods.objects.create(title="走查手机", fineness="99", sub_shop_ids=[])
        sku = Sku.objects.create(goods=goods, specs={"颜色": "黑"}, stock=0)
        sku_tracked_set(actor=None, sku_id=sku.pk)
    connection.set_schema_to_public()
    return sku.pk


def _supplier(w: World) -> int:
    made = w.owner.post(
        "/api/backend/createSupplier", {"name": "走查供应商", "phone": "13800000000"}
    )
    assert made.ok, made
    return made.data["id"]


def _receipt_body(w: World, sku_id: int, key: str, quantity: int = 2) -> dict[str, Any]:
    return {
        "supplier_id": _supplier(w),
        "receipt_date": "2026-11-27",
        "invoice_no": "INV-9",
        "attachment_path": "",
        "lines": [{"sku_id": sku_id, "expected_quantity": quantity, "unit_cost": "4999.50"}],
        KEY: key,
    }


def _recharge(w: World) -> int:
    made = w.owner.post(
        "/api/merchant/merChart",
        {"amount": "1000.00", "voucher_base64": _voucher(), "remark": "对公转账", KEY: "walk-rc-1"},
    )
    assert made.ok, made
    return made.data["id"]


def _after_sale(w: World) -> Any:
    order = in_lease(w.demo, w.owner, w.app, w.offer)
    applied = w.app.post("/api/applet/applyAfterSale", {"order_no": order.no, "kind": "buyout"})
    assert applied.ok, applied
    return order


def first_pay_bill(w: World) -> First:
    order = _signed(w)
    body = {"order_no": order.no, "period": 1, KEY: "walk-paybill-1"}
    return First(body, lambda b: w.app.post("/api/applet/payBill", b))


def first_place_order(w: World) -> First:
    body = {
        KEY: "walk-place-1",
        "customer_name": "张三",
        "customer_phone": "13912345678",
        "id_number": customer()["id_number"],
        "sku_id": w.offer.sku_id,
        "rent_plan_id": w.offer.rent_plan_id,
        "channel": "alipay",
    }
    return First(body, lambda b: w.app.post("/api/applet/placeOrder", b))


def first_contact(w: World) -> First:
    body = {"case_id": _case(w), "channel": "call", "outcome": "no_answer", KEY: "walk-contact"}
    return First(body, _owner(w, "/api/backend/addContactRecord"))


def first_promise(w: World) -> First:
    body = {
        "case_id": _case(w),
        "promised_on": timezone.localdate().isoformat(),
        "amount": "1.00",
        KEY: "walk-promise-1",
    }
    return First(body, _owner(w, "/api/backend/addPromiseToPay"))


def first_payment_link(w: World) -> First:
    body = {"case_id": _case(w), "send_sms": False, KEY: "walk-link-1"}
    return First(body, _owner(w, "/api/backend/sendPaymentLink"))


def first_write_off(w: World) -> First:
    body = {"case_id": _case(w), "reason": "失联逾期超半年，核销", KEY: "walk-writeoff-1"}
    return First(body, _owner(w, "/api/backend/writeOffDebt"))


def first_stock_receipt(w: World) -> First:
    body = _receipt_body(w, _tracked_sku(w), "walk-receipt-1")
    return First(body, _owner(w, "/api/backend/createStockReceipt"))


def first_stock_transfer(w: World) -> First:
    made = w.owner.post(
        "/api/backend/createStockReceipt", _receipt_body(w, _tracked_sku(w), "walk-receipt-2")
    )
    assert made.ok, made
    units = []
    for _ in range(2):
        scanned = w.owner.post(
            "/api/backend/scanStockReceipt",
            {
                "receipt_id": made.data["id"],
                "line_id": made.data["lines"][0]["id"],
                "code": next_imei(),
            },
        )
        assert scanned.ok, scanned
        units.append(scanned.data["unit"]["id"])
    east = sub_shop_make(w.owner, "城东店")["id"]
    body = {"to_sub_shop_id": east, "unit_ids": [units[0]], KEY: "walk-transfer-1"}
    return First(body, _owner(w, "/api/backend/sendStockTransfer"))


def first_credit_query(w: World) -> First:
    order = placed(w.demo, place(w.app, w.offer, grade="A", key="walk-credit-order"))
    body = {"order_id": order.id, KEY: "walk-credit-1"}
    return First(body, _owner(w, "/api/credit/applyCreditQuery"))


def first_withdraw(w: World) -> First:
    settled_cash(w.demo, w.owner)
    body = {"amount": "100.00", "remark": "提现", KEY: "walk-withdraw-1"}
    return First(body, _owner(w, "/api/finance/applyWithdraw"))


def first_offline_repayment(w: World) -> First:
    order = in_lease(w.demo, w.owner, w.app, w.offer)
    bill = overdue_with_late_fee(w.demo, order.id)
    body = offline_body(order.id, 2, bill.late_fee_owed + bill.rent_owed, "walk-offline-1")
    return First(body, _owner(w, "/api/finance/recordOfflineRepayment"))


def first_refund_bill(w: World) -> First:
    order = in_lease(w.demo, w.owner, w.app, w.offer)
    body = {"order_id": order.id, "period": 1, "amount": "1.00", "reason": "退款", KEY: "walk-rf-1"}
    return First(body, _owner(w, "/api/finance/refundBillPayment"))


def first_settle_early(w: World) -> First:
    order = in_lease(w.demo, w.owner, w.app, w.offer)
    quote = w.owner.get("/api/finance/getEarlySettlementQuote", {"order_id": order.id})
    assert quote.ok, quote
    body = {"order_id": order.id, "total": quote.data["total"], "method": "provider"}
    return First({**body, KEY: "walk-early-1"}, _owner(w, "/api/finance/settleEarly"))


def first_waive_late_fee(w: World) -> First:
    order = in_lease(w.demo, w.owner, w.app, w.offer)
    overdue_with_late_fee(w.demo, order.id)
    body = {"order_id": order.id, "period": 2, "amount": "0.01", "reason": "门店原因"}
    return First({**body, KEY: "walk-waive-1"}, _owner(w, "/api/finance/waiveLateFee"))


def first_waive_charge(w: World) -> First:
    order = in_lease(w.demo, w.owner, w.app, w.offer)
    body = {"order_id": order.id, "period": 3, "amount": "1.00", "reason": "门店原因"}
    return First({**body, KEY: "walk-waive-2"}, _owner(w, "/api/finance/waiveOrderCharge"))


def first_get_risk(w: World) -> First:
    person = customer(seed=7)
    body = {
        "query_type": "deep",
        "name": "李四",
        "id_number": person["id_number"],
        "phone": "13811112222",
        KEY: "walk-risk-1",
    }
    return First(body, _owner(w, "/api/general/getRisk"))


def first_send_message(w: World) -> First:
    assert w.owner.post(
        "/api/general/baseSet", {"phone": "400-800-1234", "hours": "每天 09:00-21:00"}
    ).ok
    order = awaiting_shipment(w.demo, w.owner, w.app, w.offer)
    body = {"order_id": order.id, "template_code": "bill_due", KEY: "walk-msg-1"}
    return First(body, _owner(w, "/api/general/sendMessage"))


def first_check_chart_get(w: World) -> First:
    body = {"id": _recharge(w), "action": "approve", "reason": "", KEY: "walk-check-1"}
    return First(body, lambda b: w.admin.get("/api/merchant/checkChart", b))


def first_check_chart_post(w: World) -> First:
    body = {"id": _recharge(w), "action": "approve", "reason": "", KEY: "walk-check-2"}
    return First(body, lambda b: w.admin.post("/api/merchant/checkChart", b))


def first_mer_chart(w: World) -> First:
    body = {"amount": "1000.00", "voucher_base64": _voucher(), "remark": "对公", KEY: "walk-mc-1"}
    return First(body, _owner(w, "/api/merchant/merChart"))


def first_refund_shipping_fee(w: World) -> First:
    order = placed(w.demo, place(w.app, w.offer, shipping_fee="12.00", key="walk-sf-order"))
    assert w.owner.post("/api/backend/auditOrder", {"id": order.id, "passed": True}).ok
    customer_signs(w.demo, order.id)
    paid = w.app.post("/api/applet/payBill", {"order_no": order.no, "period": 1, KEY: "walk-sf-p"})
    assert paid.ok, paid
    provider_settles(w.demo, customer_pays=f"{order.no}B001")
    body = {"order_id": order.id, "amount": "5.00", KEY: "walk-sf-1"}
    return First(body, _owner(w, "/api/merchant/refundSfAmount"))


def first_create_merchant(w: World) -> First:
    body = {**_onboarding("walkshop"), KEY: "walk-merchant-1"}
    return First(body, lambda b: w.admin.post("/api/platform/createMerchant", b))


def first_deal_after_sale(w: World) -> First:
    order = _after_sale(w)
    body = {"order_id": order.id, "decision": "reject", "reject_code": "not_in_window"}
    return First({**body, KEY: "walk-deal-1"}, _owner(w, "/api/platform/dealAfterSale"))


def first_deposit_thaw(w: World) -> First:
    order = in_lease(w.demo, w.owner, w.app, w.offer)
    body = {"order_id": order.id, "amount": "80.00", KEY: "walk-thaw-1"}
    return First(body, _owner(w, "/api/platform/depositThaw"))


def first_deposit_transfer(w: World) -> First:
    order = in_lease(w.demo, w.owner, w.app, w.offer)
    body = {"order_id": order.id, "purpose": "damage", "amount": "120.00", KEY: "walk-dt-1"}
    return First(body, _owner(w, "/api/platform/depositTransferPay"))


def first_risk_qr(w: World) -> First:
    body = {"amount": "300.00", KEY: "walk-qr-1"}
    return First(body, _owner(w, "/api/platform/getRiskRechargePayQrcode"))


def first_refund_deposit(w: World) -> First:
    order = in_lease(w.demo, w.owner, w.app, w.offer)
    taken = w.owner.post(
        "/api/platform/depositTransferPay",
        {"order_id": order.id, "purpose": "damage", "amount": "200.00", KEY: "walk-dt-2"},
    )
    assert taken.ok, taken
    provider_settles(w.demo)
    body = {"order_id": order.id, "amount": "150.00", KEY: "walk-rd-1"}
    return First(body, _owner(w, "/api/platform/refundDeposit"))


def first_bill_payment(w: World) -> First:
    order = in_lease(w.demo, w.owner, w.app, w.offer)
    body = {"order_id": order.id, "period": 2, KEY: "walk-bp-1"}
    return First(body, _owner(w, "/api/v2/BillPayment"))


def first_create_waybill(w: World) -> First:
    carrier_account(w.owner)
    order = awaiting_shipment(w.demo, w.owner, w.app, w.offer)
    body = {
        "order_id": order.id,
        "company_code": "SF",
        "service": "standard",
        "device_serial": "IMEI-1",
        "receiver": CUSTOMER,
        "weight_kg": "1.40",
        KEY: "walk-waybill-1",
    }
    return First(body, _owner(w, CREATE))


def _pickup_slot(w: World) -> tuple[Any, dict[str, str]]:
    """An order in lease, its return agreed, and a pickup slot the carrier offers for it."""
    carrier_account(w.owner)
    order = in_lease(w.demo, w.owner, w.app, w.offer)
    return_agreed(w.owner, order.id)
    slots = w.owner.get(SLOTS, {"order_id": order.id, "day": _tomorrow().isoformat()})
    assert slots.ok and slots.data, slots
    return order, {"starts_at": slots.data[1]["starts_at"], "ends_at": slots.data[1]["ends_at"]}


def first_book_pickup(w: World) -> First:
    order, slot = _pickup_slot(w)
    body = {"order_id": order.id, "address": CUSTOMER, **slot, KEY: "walk-pickup-1"}
    return First(body, _owner(w, "/api/merchant/bookReturnPickup"))


def first_applet_book_pickup(w: World) -> First:
    order, slot = _pickup_slot(w)
    body = {"order_no": order.no, "address": CUSTOMER, **slot, KEY: "walk-pickup-2"}
    return First(body, lambda b: w.app.post("/api/applet/bookReturnPickup", b))


def first_create_inspection(w: World) -> First:
    tracked, (unit,) = tracked_offer(w.demo, w.owner, units=1)
    order = in_lease(w.demo, w.owner, w.app, tracked, serial=unit.imei1, key="walk-insp", seed=63)
    body = {
        "occasion": "ship_baseline",
        "order_id": order.id,
        "cosmetic_grade": "A",
        "lines": _lines(),
        "photos_base64": [PHOTO],
        KEY: "walk-inspect-1",
    }
    return First(body, _owner(w, INSPECT))


FIRST: dict[str, Callable[[World], First]] = {
    "appletPayBill": first_pay_bill,
    "appletPlaceOrder": first_place_order,
    "addContactRecord": first_contact,
    "addPromiseToPay": first_promise,
    "sendPaymentLink": first_payment_link,
    "writeOffDebt": first_write_off,
    "createStockReceipt": first_stock_receipt,
    "sendStockTransfer": first_stock_transfer,
    "applyCreditQuery": first_credit_query,
    "applyWithdraw": first_withdraw,
    "recordOfflineRepayment": first_offline_repayment,
    "refundBillPayment": first_refund_bill,
    "settleEarly": first_settle_early,
    "waiveLateFee": first_waive_late_fee,
    "waiveOrderCharge": first_waive_charge,
    "getRisk": first_get_risk,
    "sendMessage": first_send_message,
    "checkChart": first_check_chart_get,
    "checkChart_post": first_check_chart_post,
    "merChart": first_mer_chart,
    "refundSfAmount": first_refund_shipping_fee,
    "createMerchant": first_create_merchant,
    "dealAfterSale": first_deal_after_sale,
    "depositThaw": first_deposit_thaw,
    "depositTransferPay": first_deposit_transfer,
    "getRiskRechargePayQrcode": first_risk_qr,
    "refundDeposit": first_refund_deposit,
    "BillPayment": first_bill_payment,
    "createWaybill": first_create_waybill,
    "bookReturnPickup": first_book_pickup,
    "appletBookReturnPickup": first_applet_book_pickup,
    "createInspection": first_create_inspection,
}


# --- another valid value of each field -------------------------------------------------------


def _other(schema: dict[str, Any], value: Any) -> Any:
    """Another value `schema` accepts than `value` (or than its absence)."""
    schema = _resolve(schema)
    for option in schema.get("anyOf", []):
        option = _resolve(option)
        if option.get("type") != "null":
            return _other(option, value)
    if "enum" in schema:
        return next(item for item in schema["enum"] if item != value)
    kind = schema.get("type")
    if kind == "boolean":
        return not value
    if kind == "integer":
        return (value or 0) + 1
    if kind == "array":
        items = list(value or [])
        item_schema = _resolve(schema.get("items", {}))
        if items and item_schema.get("type") == "object":
            return [_changed_one(item_schema, items[0]), *items[1:]]
        return [*items, _other(item_schema, items[-1] if items else None)]
    if kind == "object":
        return _changed_one(schema, value) if value else _filled(schema)
    if schema.get("format") == "date-time":
        return (timezone.now() - timedelta(hours=1)).isoformat()
    if schema.get("format") == "date":
        day = date.fromisoformat(value) + timedelta(1) if value else timezone.localdate()
        return (day - timedelta(2) if day > timezone.localdate() else day).isoformat()
    text = str(value or "")
    if kind == "number" or re.fullmatch(r"\d+\.\d+", text):
        return str(Decimal(text or "0") + Decimal("0.01"))
    if re.fullmatch(r"\d+", text):  # a phone number, a code: another digit last
        return text[:-1] + str((int(text[-1]) + 1) % 10)
    limit = schema.get("maxLength", 64)
    if text:
        return text[: limit - 1] + ("Y" if text[-1:] != "Y" else "Z")
    return "另一个" * max(1, -(-schema.get("minLength", 1) // 3))


def _filled(schema: dict[str, Any]) -> dict[str, Any]:
    """An object of `schema` where there was none: each of its fields given a value."""
    return {
        name: _other(field_schema, None)
        for name, field_schema in schema.get("properties", {}).items()
    }


def _changed_one(schema: dict[str, Any], value: dict[str, Any]) -> dict[str, Any]:
    """An object with one of its fields changed (its first one present)."""
    changed = dict(value)
    name = next(iter(sorted(value))) if value else next(iter(schema.get("properties", {})))
    changed[name] = _other(schema["properties"][name], value.get(name))
    return changed


def _variants(first: dict[str, Any], schema: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The first request with each field (but the key) changed, one at a time."""
    variants = []
    for name, field_schema in schema.get("properties", {}).items():
        if name == KEY:
            continue
        changed = copy.deepcopy(first)
        changed[name] = _other(field_schema, first.get(name))
        variants.append((name, changed))
    return variants


# --- every row, before and after -------------------------------------------------------------


def _tables(schema_name: str) -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT table_name FROM information_schema.tables"
            " WHERE table_schema = %s AND table_type = 'BASE TABLE' ORDER BY table_name",
            [schema_name],
        )
        return [row[0] for row in cursor.fetchall()]


def snapshot(merchant: Merchant) -> dict[str, tuple[int, str]]:
    """Each table of the shop's schema and of the public one: its count and a hash of every
    row (the books, the sandbox provider's trades and requests included); and the schemas."""
    found: dict[str, tuple[int, str]] = {}
    with connection.cursor() as cursor:
        cursor.execute("SELECT string_agg(nspname, ',' ORDER BY nspname) FROM pg_namespace")
        found["schemas"] = (0, cursor.fetchone()[0])
        for schema_name in ("public", merchant.schema_name):
            for table in _tables(schema_name):
                if table in SPENT_PER_REQUEST:
                    continue
                cursor.execute(
                    f"SELECT count(*), md5(coalesce(string_agg(t::text, '|' ORDER BY t::text),"
                    f' \'\')) FROM "{schema_name}"."{table}" t'
                )
                found[f"{schema_name}.{table}"] = cursor.fetchone()
    return found


# What a request spends before any call runs, by design: the signed app's nonce (a signature
# is good once, so each replay below signs anew).
SPENT_PER_REQUEST = {"orders_intakenonce"}


def _changed(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    return sorted(
        name for name in before.keys() | after.keys() if before.get(name) != after.get(name)
    )


# --- the walk --------------------------------------------------------------------------------


def test_every_operation_with_an_idempotency_key_has_a_first_request_here():
    assert len(KEYED) >= 28
    assert sorted(set(KEYED) - set(FIRST)) == [], "add a first request for each"


@pytest.mark.parametrize("operation_id", sorted(KEYED))
def test_a_key_answers_only_its_own_request(operation_id, demo, demo_owner, admin_client, request):
    fixtures = [request.getfixturevalue(name) for name in ("app", "offer")]  # tests.leases'
    world = World(demo, demo_owner, admin_client, *fixtures)
    assert operation_id in FIRST, f"{operation_id}: no first request in FIRST"
    first = FIRST[operation_id](world)
    connection.set_schema_to_public()

    answered = first.send(first.body)
    assert answered.ok, (operation_id, answered)
    connection.set_schema_to_public()
    # The key is kept in the schema of the side that served the call.
    if operation_id in PLATFORM_SIDE:
        assert IdempotencyKey.objects.filter(key=first.body[KEY]).exists()
    else:
        with tenant_context(demo):
            assert IdempotencyKey.objects.filter(key=first.body[KEY]).exists()
        connection.set_schema_to_public()
    before = snapshot(demo)

    refused = {}
    for name, changed in _variants(first.body, KEYED[operation_id].body):
        answer = first.send(changed)
        connection.set_schema_to_public()
        if answer.code != 1101:
            refused[name] = (changed.get(name), answer.code, answer.msg)
    assert refused == {}, f"{operation_id}: not refused 1101 with the field changed: {refused}"
    assert _changed(before, snapshot(demo)) == [], operation_id

    again = first.send(first.body)
    connection.set_schema_to_public()
    assert again.ok and _stable(again.data) == _stable(answered.data), (operation_id, again)


def _stable(data: Any) -> Any:
    """An answer without its signed file links (each link is signed anew, with its expiry)."""
    if isinstance(data, dict):
        return {name: _stable(item) for name, item in data.items()}
    if isinstance(data, list):
        return [_stable(item) for item in data]
    if isinstance(data, str) and data.startswith("/api/files/"):
        return "/api/files/…"
    return data


# Calls served on the platform's host: their keys are kept in the public schema.
PLATFORM_SIDE = {"checkChart", "checkChart_post", "createMerchant"}
