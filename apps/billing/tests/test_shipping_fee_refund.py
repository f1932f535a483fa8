"""The shipping fee of a bill 1 paid in two payments is given back whole: the refund is
spread over the bill's succeeded payments, newest first, each part a refund of its own
payment, never more than the fee left (`apps/billing/shipping_fee.py`)."""

from __future__ import annotations

from decimal import Decimal

from django.db import connection
from django_tenants.utils import tenant_context

from apps.billing.models import BillPayment, BillRefund
from tests.leases import (
    books_balance,
    customer_signs,
    detail_of,
    order_books,
    place,
    placed,
    provider_settles,
)
from zulin.providers.sandbox import sandbox_failure_add

REFUND_FEE = "/api/merchant/refundSfAmount"


def _bill_1_paid_in_two(demo, demo_owner, app, offer):
    """Bill 1 (with a 12.00 shipping fee) paid 0.01 short, then the 0.01 paid again."""
    order = placed(demo, place(app, offer, shipping_fee="12.00"))
    assert demo_owner.post("/api/backend/auditOrder", {"id": order.id, "passed": True}).ok
    customer_signs(demo, order.id)
    sandbox_failure_add(service="payment", operation="pay", reason="AMOUNT_DIFFERS")
    for attempt, out_no in ((1, f"{order.no}B001"), (2, f"{order.no}B001-2")):
        paid = app.post(
            "/api/applet/payBill",
            {"order_no": order.no, "period": 1, "idempotency_key": f"first-{attempt}-{order.no}"},
        )
        assert paid.ok, paid
        provider_settles(demo, customer_pays=out_no)
    with tenant_context(demo):
        amounts = list(
            BillPayment.objects.filter(bill__order_id=order.id, bill__period=1, status="succeeded")
            .order_by("id")
            .values_list("amount", flat=True)
        )
    connection.set_schema_to_public()
    assert amounts[1] == Decimal("0.01") and len(amounts) == 2, amounts
    return order, amounts


def test_a_shipping_fee_paid_in_two_payments_is_given_back_whole(demo, demo_owner, app, offer):
    # Given bill 1 paid in two payments, the newest of 0.01
    order, (older, newest) = _bill_1_paid_in_two(demo, demo_owner, app, offer)

    # When the shop gives back all of the shipping fee
    given = demo_owner.post(REFUND_FEE, {"order_id": order.id, "idempotency_key": "fee-split-1"})

    # Then the whole 12.00 goes back, newest payment first, each part a refund of its own
    assert given.ok, given
    assert given.data["amount"] == "12.00"
    assert [p["amount"] for p in given.data["parts"]] == ["0.01", "11.99"]
    with tenant_context(demo):
        parts = [
            (r.payment.amount, r.amount)
            for r in BillRefund.objects.filter(order_id=order.id).order_by("id")
        ]
    connection.set_schema_to_public()
    assert parts == [(newest, Decimal("0.01")), (older, Decimal("11.99"))]
    # A replay answers the same refund; nothing more is left to give back.
    again = demo_owner.post(REFUND_FEE, {"order_id": order.id, "idempotency_key": "fee-split-1"})
    assert again.ok and again.data == given.data
    provider_settles(demo)
    assert detail_of(demo_owner, order.id)["shipping_fee_refunded"] == "12.00"
    assert order_books(demo, order.id).get("shipping_fee_income", Decimal(0)) == 0
    beyond = demo_owner.post(
        REFUND_FEE, {"order_id": order.id, "amount": "0.01", "idempotency_key": "fee-split-2"}
    )
    assert beyond.code == 1310
    assert books_balance(demo) == []
