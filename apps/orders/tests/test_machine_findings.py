"""What the money state machine (apps/billing/tests/test_money_machine.py, issue 39 item 4)
found, each held by a focused test through the calls a shop uses: an idempotency key
answers its own request only — a replay of "all that is left" answers the refund it made,
and another amount, total or way of paying under a used key is refused (1101) with nothing
changed (docs/money.md, "Idempotency keys"); and an ended lease's owed amount follows the
late fees of the night that added them (the morning's overdue refresh runs before the
night's collection); no return opens while an early settlement is being charged (its
outcome would find the goods coming back and could not be recorded); rent a return cancels
takes the late fee the nights added to it while the goods waited for inspection with it
(forgone by a waiver row, never left owed by no one)."""

from __future__ import annotations

import base64
from datetime import timedelta
from decimal import Decimal
from io import BytesIO

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context
from PIL import Image

from apps.billing.latefees import late_fees_accrue
from apps.billing.models import Bill, BillRefund, DepositOperation, EarlySettlement, LateFeeWaiver
from apps.billing.rent_run import rent_run_night
from tests.leases import books_balance, deposit_of, detail_of, in_lease, provider_settles

from .test_money_edges import _ended_owing
from .test_written_rules import _bills

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


def test_the_nights_late_fees_reach_an_ended_orders_owed_amount_that_night(
    demo, demo_owner, app, offer
):
    order = _ended_owing(demo, demo_owner, app, offer)  # owes 478.80, bill 2 past due
    with tenant_context(demo):
        rent_run_night(today=timezone.localdate() + timedelta(days=1))  # no refresh after it
    connection.set_schema_to_public()

    bill = _bills(demo_owner, order.id)[2]
    owed = Decimal(bill["amount"]) + Decimal(bill["late_fee_owed"])
    assert owed > Decimal("478.80")
    detail = detail_of(demo_owner, order.id)
    assert (detail["owed_amount"], detail["stage"]) == (str(owed), "owing")


def test_no_return_opens_while_an_early_settlement_is_being_charged(demo, demo_owner, app, offer):
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
    order = in_lease(demo, demo_owner, app, offer)  # ownership transfers: settling buys out
    quote = demo_owner.get("/api/finance/getEarlySettlementQuote", {"order_id": order.id})
    settled = demo_owner.post(
        "/api/finance/settleEarly",
        {
            "order_id": order.id,
            "total": quote.data["total"],
            "method": "provider",
            "idempotency_key": "early-key-0002",
        },
    )
    assert settled.ok and settled.data["status"] == "processing", settled

    asked = {
        kind: demo_owner.post(
            "/api/platform/applyAfterSale",
            {"order_id": order.id, "kind": kind, "reason": "不想租了", "extra_term": 1},
        )
        for kind in ("return", "renewal")
    }
    provider_settles(demo)  # the settlement's callback: recorded, the lease bought out

    assert {kind: answer.code for kind, answer in asked.items()} == {
        "return": 1305,
        "renewal": 1305,
    }
    detail = detail_of(demo_owner, order.id)
    assert (detail["status"], detail["owed_amount"]) == ("bought_out", "0.00"), detail


def test_rent_a_return_cancels_takes_its_late_fee_with_it(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)  # returned before bill 2 is due
    # The shop starts the return for the customer (approved at once), then receives the goods.
    for body in (
        {"kind": "return", "reason": "不想租了"},
        {"decision": "receive", "device_serial": "IMEI-1"},
    ):
        path = "/api/platform/" + ("applyAfterSale" if "kind" in body else "dealAfterSale")
        answer = demo_owner.post(path, {"order_id": order.id, **body})
        assert answer.ok, answer
    # The goods wait; the nights go on adding late fees to bills due after they came back.
    with tenant_context(demo):
        late_fees_accrue(today=timezone.localdate() + timedelta(days=70))
        accrued = {
            b.period: b.late_fee for b in Bill.objects.filter(order_id=order.id, late_fee__gt=0)
        }
    connection.set_schema_to_public()
    assert accrued, "no late fee accrued"

    inspected = demo_owner.post(
        "/api/platform/dealAfterSale",
        {"order_id": order.id, "decision": "inspect", "damage_amount": "0.00"},
    )

    assert inspected.ok, inspected
    with tenant_context(demo):
        bills = {b.period: b for b in Bill.objects.filter(order_id=order.id, period__in=accrued)}
        waived = {
            w.bill.period: w.amount
            for w in LateFeeWaiver.objects.filter(bill__order_id=order.id).select_related("bill")
        }
    connection.set_schema_to_public()
    assert {p: (b.status, b.late_fee_owed) for p, b in bills.items()} == {
        p: ("cancelled", Decimal("0.00")) for p in accrued
    }
    assert waived == accrued
    detail = detail_of(demo_owner, order.id)
    assert (detail["owed_amount"], detail["stage"]) == ("0.00", "finished"), detail
    assert books_balance(demo) == []
