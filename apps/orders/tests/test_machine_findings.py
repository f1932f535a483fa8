"""What the money state machine (apps/billing/tests/test_money_machine.py, issue 39 item 4)
found, each held by a focused test through the calls a shop uses: an idempotency key
answers its own request only — a replay of "all that is left" answers the refund it made,
and another amount, total or way of paying under a used key is refused (1101) with nothing
changed (docs/money.md, "Idempotency keys")."""

from __future__ import annotations

import base64
from decimal import Decimal
from io import BytesIO

from django.db import connection
from django_tenants.utils import tenant_context
from PIL import Image

from apps.billing.models import BillRefund, EarlySettlement
from apps.orders.models import DepositOperation

from .support import deposit_of, in_lease, provider_settles

REUSED = 1101


def _voucher() -> str:
    out = BytesIO()
    Image.new("RGB", (32, 20), (30, 120, 200)).save(out, "PNG")
    return base64.b64encode(out.getvalue()).decode()


def _count(merchant, model, **filters) -> int:
    with tenant_context(merchant):
        found = model.objects.filter(**filters).count()
    connection.set_schema_to_public()
    return found


def test_a_shipping_fee_refund_of_all_that_is_left_replayed_answers_itself(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer, shipping_fee="12.00")
    body = {"order_id": order.id, "idempotency_key": "sf-all-0001"}
    first = demo_owner.post("/api/merchant/refundSfAmount", body)
    assert first.ok and first.data["amount"] == "12.00", first
    provider_settles(demo)

    # Nothing is left of the fee now: the replay still answers the refund it made.
    again = demo_owner.post("/api/merchant/refundSfAmount", body)
    other = demo_owner.post("/api/merchant/refundSfAmount", {**body, "amount": "5.00"})

    assert again.ok and again.data["id"] == first.data["id"], again
    assert other.code == REUSED, other
    assert _count(demo, BillRefund, order_id=order.id) == 1


def test_an_early_settlement_key_used_for_another_total_or_way_is_refused(
    demo, demo_owner, app, offer
):
    saved = demo_owner.post(
        "/api/backend/saveOrderSetting",
        {
            "unpaid_cancel_minutes": 30,
            "auto_receive_days": 7,
            "early_buyout_discount_rate": "0.1000",
            "buyout_from_period": 1,
        },
    )
    assert saved.ok, saved
    order = in_lease(demo, demo_owner, app, offer)
    quote = demo_owner.get("/api/finance/getEarlySettlementQuote", {"order_id": order.id})
    assert quote.ok, quote
    body = {
        "order_id": order.id,
        "total": quote.data["total"],
        "method": "provider",
        "idempotency_key": "early-key-0001",
    }
    first = demo_owner.post("/api/finance/settleEarly", body)
    assert first.ok, first

    more = demo_owner.post(
        "/api/finance/settleEarly",
        {**body, "total": str(Decimal(quote.data["total"]) + Decimal("0.01"))},
    )
    offline = demo_owner.post(
        "/api/finance/settleEarly",
        {
            **body,
            "method": "offline",
            "offline": {
                "channel": "cash",
                "paid_on": "2026-11-26",
                "payer_name": "张三",
                "remark": "到店现金结清",
                "voucher_base64": _voucher(),
            },
        },
    )
    again = demo_owner.post("/api/finance/settleEarly", body)

    assert (more.code, offline.code) == (REUSED, REUSED), (more, offline)
    assert again.ok and again.data["settlement_no"] == first.data["settlement_no"], again
    assert _count(demo, EarlySettlement, order_id=order.id) == 1


def test_a_deposit_key_used_again_for_another_amount_or_purpose_is_refused(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)  # grade B: 500.00 frozen
    thaw = {"order_id": order.id, "amount": "100.00", "idempotency_key": "thaw-key-0001"}
    thawed = demo_owner.post("/api/platform/depositThaw", thaw)
    assert thawed.ok, thawed
    transfer = {"order_id": order.id, "purpose": "bills", "idempotency_key": "transfer-key-01"}
    transferred = demo_owner.post("/api/platform/depositTransferPay", transfer)
    assert transferred.ok, transferred
    provider_settles(demo)
    refund = {"order_id": order.id, "amount": "10.00", "idempotency_key": "refund-key-0001"}
    refunded = demo_owner.post("/api/platform/refundDeposit", refund)
    assert refunded.ok, refunded
    provider_settles(demo)
    before = deposit_of(demo_owner, order.id)
    operations = _count(demo, DepositOperation, order_id=order.id)

    others = [
        demo_owner.post("/api/platform/depositThaw", {**thaw, "amount": "50.00"}),
        demo_owner.post(
            "/api/platform/depositTransferPay", {**transfer, "purpose": "damage", "amount": "1.00"}
        ),
        demo_owner.post("/api/platform/refundDeposit", {**refund, "amount": "20.00"}),
    ]
    same = [
        demo_owner.post("/api/platform/depositThaw", thaw),
        demo_owner.post("/api/platform/depositTransferPay", transfer),
        demo_owner.post("/api/platform/refundDeposit", refund),
    ]

    assert [answer.code for answer in others] == [REUSED] * 3, others
    assert [answer.data["id"] for answer in same] == [
        thawed.data["id"],
        transferred.data["id"],
        refunded.data["id"],
    ], same
    assert deposit_of(demo_owner, order.id) == before
    assert _count(demo, DepositOperation, order_id=order.id) == operations
