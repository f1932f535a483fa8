"""A deposit transfer or an early settlement in flight when the order ends without a deal,
succeeding afterwards (issue 60, "a deposit transfer or early settlement that succeeds
after the close"; docs/money.md, "Ending an order without a deal"): its money is never the
bills' — no bill paid, no rent income or commission kept — it goes back to the customer, and
the rest of the deposit is thawed once nothing is in flight."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.db import connection
from django_tenants.utils import tenant_context

from apps.billing.latefees import late_fees_accrue
from apps.billing.models import Bill, BillPayment, DepositOperation, EarlySettlement, LateFeeWaiver
from apps.orders.models import Order
from apps.recovery.tests.support import case_of, night, past_due
from tests.leases import books_balance, in_lease, order_books, provider_settles
from zulin.providers.models import SandboxPaymentRecord
from zulin.providers.payment import sandbox_payments_complete

CLOSE = "/api/platform/closeOrders"
QUOTE = "/api/finance/getEarlySettlementQuote"
INCOME = ("rent_income", "sale_income", "addon_income", "shipping_fee_income")
ZERO = Decimal("0")


def _closed_by_the_platform(demo, admin_client, order_id: int) -> None:
    closed = admin_client.post(
        CLOSE, {"ids": [order_id], "merchant_id": demo.pk, "reason": "平台介入：关闭并退款"}
    )
    assert closed.ok, closed


def _given_back(demo, order_id: int) -> None:
    """Nothing of the order kept: no bill owed or paid and kept, every trade that took money
    refunded at the provider in full, no income or commission kept, the deposit back."""
    with tenant_context(demo):
        order = Order.objects.get(pk=order_id)
        assert order.status == "closed"
        assert not Bill.objects.filter(order_id=order_id, status__in=["unpaid", "paying"])
        assert not BillPayment.objects.filter(bill__order_id=order_id, status="processing")
        assert not DepositOperation.objects.filter(order_id=order_id, status="processing")
        assert not EarlySettlement.objects.filter(order_id=order_id, status="processing")
        assert order.deposit_remaining == 0, (order.deposit_frozen, order.deposit_thawed)
    records = SandboxPaymentRecord.objects.filter(merchant=demo.slug)
    taken = {
        r.out_no: r.amount
        for r in records.filter(
            out_no__startswith=order.order_no,
            operation__in=["pay", "withhold", "transfer"],
            status="succeeded",
        )
    }
    back: dict[str, Decimal] = {}
    refunds = records.filter(
        operation="refund", status="succeeded", out_no__startswith=order.order_no
    )
    for r in refunds.select_related("source"):
        back[r.source.out_no] = back.get(r.source.out_no, ZERO) + r.amount
    assert {no: back.get(no, ZERO) for no in taken} == taken, (taken, back)
    books = order_books(demo, order_id)
    kept = sum((books.get(account, ZERO) for account in INCOME), ZERO)
    assert kept - books.get("refunds", ZERO) == 0, books
    assert books.get("commission_expense", ZERO) == 0, books
    assert books.get("customer_refunds_payable", ZERO) == 0, books
    assert books_balance(demo) == []


def test_a_deposit_transfer_in_flight_at_the_close_that_succeeds_after_is_given_back(
    demo, demo_owner, admin_client, app, offer
):
    order = in_lease(demo, demo_owner, app, offer, key="uw-transfer", seed=71)
    asked = demo_owner.post(
        "/api/platform/depositTransferPay",
        {"order_id": order.id, "purpose": "bills", "idempotency_key": "uw-transfer-1"},
    )
    assert asked.ok and asked.data["status"] == "processing", asked
    # The provider takes the money from the deposit; its word has not reached us at the close.
    sandbox_payments_complete(merchant=demo.slug)
    connection.set_schema_to_public()

    _closed_by_the_platform(demo, admin_client, order.id)
    provider_settles(demo)

    with tenant_context(demo):
        transfer = DepositOperation.objects.get(order_id=order.id, kind="transfer")
        assert transfer.status == "succeeded"
        assert not Bill.objects.filter(order_id=order.id, status="paid", period__gte=2)
    _given_back(demo, order.id)


def test_an_early_settlement_in_flight_at_the_close_that_succeeds_after_is_given_back(
    demo, demo_owner, admin_client, app, offer
):
    order = in_lease(demo, demo_owner, app, offer, key="uw-early", seed=72)
    quote = demo_owner.get(QUOTE, {"order_id": order.id})
    assert quote.ok, quote
    asked = demo_owner.post(
        "/api/finance/settleEarly",
        {
            "order_id": order.id,
            "total": quote.data["total"],
            "method": "provider",
            "idempotency_key": "uw-early-1",
        },
    )
    assert asked.ok and asked.data["status"] == "processing", asked
    sandbox_payments_complete(merchant=demo.slug)
    connection.set_schema_to_public()

    _closed_by_the_platform(demo, admin_client, order.id)
    provider_settles(demo)

    with tenant_context(demo):
        settlement = EarlySettlement.objects.get(order_id=order.id)
        assert settlement.status in ("succeeded", "short")
        assert not Bill.objects.filter(order_id=order.id, status="paid", period__gte=2)
        assert not Bill.objects.filter(order_id=order.id, period=0, status="paid")
    _given_back(demo, order.id)


def test_rent_the_deposit_paid_before_the_close_is_given_back_with_its_commission(
    demo, demo_owner, admin_client, app, offer
):
    order = in_lease(demo, demo_owner, app, offer, key="uw-transfer-done", seed=73)
    asked = demo_owner.post(
        "/api/platform/depositTransferPay",
        {"order_id": order.id, "purpose": "bills", "idempotency_key": "uw-transfer-done-1"},
    )
    assert asked.ok, asked
    provider_settles(demo)
    with tenant_context(demo):
        assert Bill.objects.get(order_id=order.id, period=2).status == "paid"
    connection.set_schema_to_public()

    _closed_by_the_platform(demo, admin_client, order.id)
    provider_settles(demo)

    with tenant_context(demo):
        refund = DepositOperation.objects.get(order_id=order.id, kind="refund")
        assert (refund.purpose, refund.status) == ("bills", "succeeded")
        assert refund.commission_reversed > 0
    _given_back(demo, order.id)


def test_a_bill_overdue_at_the_close_is_cancelled_its_late_fee_forgone_by_a_waiver_row(
    demo, demo_owner, admin_client, app, offer
):
    order = in_lease(demo, demo_owner, app, offer, key="uw-overdue", seed=74)
    with tenant_context(demo):
        two = Bill.objects.get(order_id=order.id, period=2)
        late_fees_accrue(today=two.due_date + timedelta(days=10))
        two.refresh_from_db()
        assert two.late_fee > 0
    connection.set_schema_to_public()

    _closed_by_the_platform(demo, admin_client, order.id)
    provider_settles(demo)

    with tenant_context(demo):
        two.refresh_from_db()
        assert two.status == "cancelled"
        # No late fee vanishes: what the nights added is forgone by a row, nothing owed.
        waived = LateFeeWaiver.objects.get(bill=two)
        assert waived.amount == two.late_fee == two.late_fee_waived
        assert two.late_fee_owed == 0
    _given_back(demo, order.id)


def test_a_bill_written_off_before_the_close_is_cancelled_not_left_collectable(
    demo, demo_owner, admin_client, app, offer
):
    order = in_lease(demo, demo_owner, app, offer, key="uw-written-off", seed=75)
    past_due(demo, order.id, 200)
    night(demo)
    case = case_of(demo, order.id)
    written = demo_owner.post(
        "/api/backend/writeOffDebt",
        {"case_id": case.pk, "reason": "失联逾期超半年", "idempotency_key": "uw-wo-75"},
    )
    assert written.ok, written
    with tenant_context(demo):
        assert Bill.objects.get(order_id=order.id, period=2).status == "written_off"
    connection.set_schema_to_public()

    _closed_by_the_platform(demo, admin_client, order.id)
    provider_settles(demo)

    with tenant_context(demo):
        two = Bill.objects.get(order_id=order.id, period=2)
        # A non-deal owes nothing: its written-off bill is no longer collectable either.
        assert two.status == "cancelled"
        assert two.late_fee_owed == 0
    _given_back(demo, order.id)


def test_an_early_settlement_still_processing_at_the_close_is_closed_at_the_provider(
    demo, demo_owner, admin_client, app, offer
):
    order = in_lease(demo, demo_owner, app, offer, key="uw-early-open", seed=76)
    quote = demo_owner.get(QUOTE, {"order_id": order.id})
    asked = demo_owner.post(
        "/api/finance/settleEarly",
        {
            "order_id": order.id,
            "total": quote.data["total"],
            "method": "provider",
            "idempotency_key": "uw-early-open-1",
        },
    )
    assert asked.ok and asked.data["status"] == "processing", asked
    settlement_no = asked.data["settlement_no"]

    # The provider has not taken it yet: the close closes the withhold there.
    _closed_by_the_platform(demo, admin_client, order.id)
    provider_settles(demo)

    record = SandboxPaymentRecord.objects.get(merchant=demo.slug, out_no=settlement_no)
    assert record.status != "succeeded", "the provider took a settlement of a closed order"
    with tenant_context(demo):
        assert EarlySettlement.objects.get(order_id=order.id).status == "failed"
    _given_back(demo, order.id)
