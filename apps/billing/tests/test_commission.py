"""The platform's commission on each payment, its reversal by refunds, and the platform's
books mirroring the merchant's money."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from django.db import connection
from django.utils import timezone
from django_tenants.utils import get_public_schema_name, schema_context, tenant_context

from apps.billing.commission import commission_of
from apps.billing.models import Bill, BillPayment, BillRefund
from apps.billing.rent_run import bills_debit_due
from tenants.merchants.models import SettlementTerms
from tests.leases import awaiting_shipment, books_balance, in_lease, provider_settles
from zulin.ledger.selectors import account_balance, ledger_check

CENT = Decimal("0.01")


def _terms(merchant, rate: str) -> None:
    SettlementTerms.objects.create(
        merchant=merchant,
        commission_rate=Decimal(rate),
        settlement_cycle="T+1",
        bank_name="招商银行",
        account_name="演示租赁",
        account_number="6225880000000001",
    )


def _platform(code: str, sub_key: str) -> Decimal:
    with schema_context(get_public_schema_name()):
        return account_balance(code, sub_key=sub_key)


def test_commission_rounds_half_up_to_the_cent_per_payment():
    assert commission_of(Decimal("401.00"), Decimal("0.50")) == Decimal("2.01")  # not 2.00
    assert commission_of(Decimal("399.00"), Decimal("3.33")) == Decimal("13.29")
    assert commission_of(Decimal("0.01"), Decimal("10.00")) == Decimal("0.00")


def test_each_payment_carries_the_rate_in_force_when_it_succeeds_in_both_books(
    demo, demo_owner, app, offer
):
    _terms(demo, "3.33")
    order = in_lease(demo, demo_owner, app, offer)
    _terms(demo, "6.00")  # new terms: bill 2 succeeds under them
    with tenant_context(demo):
        Bill.objects.filter(order_id=order.id, period=2).update(due_date=timezone.localdate())
        bills_debit_due()
    provider_settles(demo)

    with tenant_context(demo):
        paid = list(
            BillPayment.objects.filter(bill__order_id=order.id, status="succeeded")
            .select_related("bill")
            .order_by("bill__period")
        )
        expense = account_balance("commission_expense")
    connection.set_schema_to_public()
    first, second = paid
    assert (first.commission_rate, second.commission_rate) == (Decimal("3.33"), Decimal("6.00"))
    for payment in paid:
        base = payment.bill.rent + payment.bill.addon_amount  # never the shipping fee
        expected = (base * payment.commission_rate / 100).quantize(CENT, rounding=ROUND_HALF_UP)
        assert payment.commission == expected
    taken = first.commission + second.commission
    received = first.amount + second.amount
    sub = f"merchant:{demo.pk}"
    assert expense == taken
    assert _platform("commission_income", sub) == taken
    assert _platform("merchant_payable", sub) == received + _deposit_taken(demo) - taken
    assert books_balance(demo) == []
    with schema_context(get_public_schema_name()):
        assert ledger_check() == []


def _deposit_taken(merchant) -> Decimal:
    with tenant_context(merchant):
        from apps.orders.models import Order

        taken = sum((o.deposit_transferred for o in Order.objects.all()), Decimal("0.00"))
    connection.set_schema_to_public()
    return taken


def test_a_refund_gives_the_commission_back_pro_rata_and_the_books_return_to_zero(
    demo, demo_owner, app, offer
):
    _terms(demo, "5.00")
    order = awaiting_shipment(demo, demo_owner, app, offer)
    closed = demo_owner.post(
        "/api/platform/closeOrders", {"ids": [order.id], "reason": "客户取消，全额退款"}
    )
    assert closed.ok, closed
    provider_settles(demo)

    with tenant_context(demo):
        payment = BillPayment.objects.get(bill__order_id=order.id, status="succeeded")
        refunds = list(BillRefund.objects.filter(payment=payment, status="succeeded"))
        expense = account_balance("commission_expense")
    connection.set_schema_to_public()
    assert payment.commission > 0
    assert sum(r.amount for r in refunds) == payment.amount
    assert sum(r.commission_reversed for r in refunds) == payment.commission
    assert expense == 0
    sub = f"merchant:{demo.pk}"
    assert _platform("commission_income", sub) == 0
    assert _platform("merchant_payable", sub) == _deposit_taken(demo)
    assert books_balance(demo) == []


def test_a_partial_refund_returns_its_share_of_the_commission(demo, demo_owner, app, offer):
    _terms(demo, "10.00")
    order = in_lease(demo, demo_owner, app, offer)
    with tenant_context(demo):
        payment = BillPayment.objects.select_related("bill").get(
            bill__order_id=order.id, bill__period=1, status="succeeded"
        )
        from apps.billing.payments import payment_refund

        refund = payment_refund(
            payment=payment,
            amount=Decimal("100.00"),
            purpose="order",
            reason="部分退款",
            actor=None,
        )
    provider_settles(demo)
    with tenant_context(demo):
        refund.refresh_from_db()
        payment.refresh_from_db()
    connection.set_schema_to_public()
    share = (payment.commission * Decimal("100.00") / payment.amount).quantize(
        CENT, rounding=ROUND_HALF_UP
    )
    assert refund.status == "succeeded" and refund.commission_reversed == share


def test_a_rent_payment_refunded_through_the_call_never_beyond_what_it_took(
    demo, demo_owner, app, offer
):
    _terms(demo, "4.00")
    order = in_lease(demo, demo_owner, app, offer)
    body = {
        "order_id": order.id,
        "period": 1,
        "reason": "多收的租金退还",
        "idempotency_key": "refund-rent-0001",
    }
    with tenant_context(demo):
        paid = BillPayment.objects.get(bill__order_id=order.id, bill__period=1, status="succeeded")
    connection.set_schema_to_public()
    too_much = demo_owner.post(
        "/api/finance/refundBillPayment", {**body, "amount": str(paid.amount + CENT)}
    )
    assert too_much.code == 1310
    refunded = demo_owner.post("/api/finance/refundBillPayment", {**body, "amount": "50.00"})
    assert refunded.ok and refunded.data["status"] == "processing", refunded
    again = demo_owner.post("/api/finance/refundBillPayment", {**body, "amount": "50.00"})
    assert again.data["id"] == refunded.data["id"]
    provider_settles(demo)
    with tenant_context(demo):
        refund = BillRefund.objects.get(pk=refunded.data["id"])
    connection.set_schema_to_public()
    share = (paid.commission * Decimal("50.00") / paid.amount).quantize(
        CENT, rounding=ROUND_HALF_UP
    )
    assert (refund.status, refund.commission_reversed) == ("succeeded", share)
    assert books_balance(demo) == []


def test_refunds_in_small_parts_give_back_the_commission_of_all_returned_so_far(
    demo, demo_owner, app, offer
):
    """Each refund gives back what the commission of everything returned so far comes to,
    less what earlier refunds gave back: never a rounding per refund that adds up to more."""
    _terms(demo, "10.00")
    order = in_lease(demo, demo_owner, app, offer)
    from apps.billing.payments import payment_refund

    given_back = []
    for _ in range(3):
        with tenant_context(demo):
            payment = BillPayment.objects.select_related("bill").get(
                bill__order_id=order.id, bill__period=1, status="succeeded"
            )
            refund = payment_refund(
                payment=payment,
                amount=Decimal("0.05"),
                purpose="order",
                reason="分次退款",
                actor=None,
            )
        provider_settles(demo)
        with tenant_context(demo):
            refund.refresh_from_db()
        connection.set_schema_to_public()
        assert refund.status == "succeeded"
        given_back.append(refund.commission_reversed)

    # 10 % of the 399.00 rent is 39.90: 0.05 returned is worth 0.005 of it, 0.10 is 0.010,
    # 0.15 is 0.015 — 0.01, 0.01, 0.02 to the cent, half up.
    assert payment.commission == Decimal("39.90")
    assert given_back == [Decimal("0.01"), Decimal("0.00"), Decimal("0.01")]
    assert books_balance(demo) == []
