"""Where the money paths meet: a return on the day a bill is being collected, the refund of
rent the deposit paid, a refund's key reused for another bill. The demo's kind of lease: 12
monthly bills of 399.00, bill 1 paid, 500.00 deposit frozen."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.latefees import late_fees_accrue
from apps.billing.models import Bill, BillPayment, BillRefund, DepositOperation
from apps.billing.rent_run import bills_debit_due
from apps.billing.tasks import orders_refresh_overdue
from apps.orders.models import Order
from tenants.merchants.models import SettlementTerms
from tests.leases import (
    books_balance,
    deposit_of,
    detail_of,
    goods_on_shelf,
    in_lease,
    order_books,
    provider_settles,
)

from .test_owed_after_lease import _returned
from .test_owed_after_lease import _terms as early_return_terms
from .test_written_rules import _bills, _monthly_from

APPLY = "/api/platform/applyAfterSale"
DEAL = "/api/platform/dealAfterSale"
TRANSFER = "/api/platform/depositTransferPay"
REFUND_DEPOSIT = "/api/platform/refundDeposit"
WITHHOLD = "/api/v2/BillPayment"
REFUND = "/api/finance/refundBillPayment"


def _commission(merchant, rate: str) -> None:
    SettlementTerms.objects.create(
        merchant=merchant,
        commission_rate=Decimal(rate),
        settlement_cycle="T+1",
        bank_name="招商银行",
        account_name="演示租赁",
        account_number="6225880000000001",
    )


def _in_shop(merchant, read):  # type: ignore[no-untyped-def]
    with tenant_context(merchant):
        found = read()
    connection.set_schema_to_public()
    return found


def test_a_return_on_the_day_a_bill_is_being_collected_takes_the_deposit_for_it_first(
    demo, demo_owner, app, offer
):
    early_return_terms(demo_owner)  # no early-return fee: bill 2 and the damage only
    order = in_lease(demo, demo_owner, app, offer)
    today = timezone.localdate()
    with tenant_context(demo):
        Bill.objects.filter(order_id=order.id, period=2).update(due_date=today)
        night = bills_debit_due(today=today)
    connection.set_schema_to_public()
    assert night["charged"] == 1
    assert _in_shop(demo, lambda: Bill.objects.get(order_id=order.id, period=2).status) == "paying"

    for path, payload in (
        (APPLY, {"order_id": order.id, "kind": "return", "reason": "不租了"}),
        (DEAL, {"order_id": order.id, "decision": "receive", "device_serial": "IMEI-1"}),
        (DEAL, {"order_id": order.id, "decision": "inspect", "damage_amount": "300.00"}),
    ):
        answer = demo_owner.post(path, payload)
        assert answer.ok, (path, answer)
    provider_settles(demo)

    # The night's withhold was closed at the provider before the deposit paid bill 2 (399.00)
    # and 101.00 of the damage: nothing thawed, 199.00 of the damage still owed.
    def read():  # type: ignore[no-untyped-def]
        bill = Bill.objects.get(order_id=order.id, period=2)
        withholds = list(
            BillPayment.objects.filter(bill=bill, method="withhold").values_list(
                "status", flat=True
            )
        )
        return bill, withholds, Order.objects.get(pk=order.id)

    bill, withholds, ended = _in_shop(demo, read)
    assert (bill.status, bill.paid_by) == ("paid", "deposit")
    assert withholds == ["failed"]
    deposit = deposit_of(demo_owner, order.id)
    assert (deposit["transferred"], deposit["thawed"]) == ("500.00", "0.00"), deposit
    assert (ended.owed_amount, ended.stage) == (Decimal("199.00"), "owing")
    assert books_balance(demo) == []


def test_refunding_rent_the_deposit_paid_gives_its_commission_back(demo, demo_owner, app, offer):
    _commission(demo, "5.00")
    order = in_lease(demo, demo_owner, app, offer)
    taken = demo_owner.post(
        TRANSFER, {"order_id": order.id, "purpose": "bills", "idempotency_key": "edge-transfer-1"}
    )
    assert taken.ok and taken.data["amount"] == "399.00", taken
    provider_settles(demo)
    paid = _in_shop(
        demo, lambda: BillPayment.objects.get(bill__order_id=order.id, method="deposit")
    )
    assert paid.commission == Decimal("19.95")

    # Given back in two parts: the commission comes back in proportion, to the cent.
    for amount, key in (("199.00", "edge-refund-dep-1"), ("200.00", "edge-refund-dep-2")):
        refunded = demo_owner.post(
            REFUND_DEPOSIT, {"order_id": order.id, "amount": amount, "idempotency_key": key}
        )
        assert refunded.ok, refunded
        provider_settles(demo)

    refunds = _in_shop(
        demo,
        lambda: list(
            DepositOperation.objects.filter(order_id=order.id, kind="refund")
            .order_by("id")
            .values_list("status", "commission_reversed")
        ),
    )
    assert refunds == [("succeeded", Decimal("9.95")), ("succeeded", Decimal("10.00"))]
    # The order's commission is now bill 1's alone (paid by withhold): the deposit's came back.
    bill_1 = _in_shop(
        demo, lambda: BillPayment.objects.get(bill__order_id=order.id, bill__period=1)
    )
    books = order_books(demo, order.id)
    assert books["commission_expense"] == bill_1.commission == Decimal("19.95"), books
    assert books_balance(demo) == []


def test_a_refund_key_reused_for_another_bill_is_refused_and_changes_nothing(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    for period in (2, 3):
        paid = demo_owner.post(
            WITHHOLD,
            {"order_id": order.id, "period": period, "idempotency_key": f"edge-pay-{period}"},
        )
        assert paid.ok, paid
        provider_settles(demo)
    body = {"order_id": order.id, "amount": "50.00", "reason": "退部分租金"}

    first = demo_owner.post(REFUND, {**body, "period": 2, "idempotency_key": "edge-refund-1"})
    again = demo_owner.post(REFUND, {**body, "period": 2, "idempotency_key": "edge-refund-1"})
    other = demo_owner.post(REFUND, {**body, "period": 3, "idempotency_key": "edge-refund-1"})
    more = demo_owner.post(
        REFUND, {**body, "period": 2, "amount": "60.00", "idempotency_key": "edge-refund-1"}
    )

    assert first.ok and again.ok and again.data == first.data, (first, again)
    assert (other.code, more.code) == (1101, 1101), (other, more)
    refunds = _in_shop(
        demo,
        lambda: list(
            BillRefund.objects.filter(order_id=order.id).values_list(
                "payment__bill__period", "amount"
            )
        ),
    )
    assert refunds == [(2, Decimal("50.00"))]


def _ended_owing(demo, owner, app, offer):  # type: ignore[no-untyped-def]
    """A lease (no deposit: grade A) returned with bill 2 20 days past due and its late fee
    accrued at 1 % a day: it ends owing 399.00 and 79.80 of late fee."""
    saved = owner.post(
        "/api/finance/saveFinanceSetting",
        {"late_fee_rate_early": "1.0000", "late_fee_rate_late": "1.0000"},
    )
    assert saved.ok, saved
    order = in_lease(demo, owner, app, offer, grade="A")
    today = timezone.localdate()
    _monthly_from(demo, order.id, 2, today - timedelta(days=20))
    with tenant_context(demo):
        late_fees_accrue(today=today)
    connection.set_schema_to_public()
    _returned(owner, order.id)
    assert detail_of(owner, order.id)["owed_amount"] == "478.80"
    return order


def test_the_night_keeps_an_ended_orders_owed_amount_with_its_new_late_fees(
    demo, demo_owner, app, offer
):
    order = _ended_owing(demo, demo_owner, app, offer)
    with tenant_context(demo):
        late_fees_accrue(today=timezone.localdate() + timedelta(days=1))  # the next night
        orders_refresh_overdue()
    connection.set_schema_to_public()

    bill = _bills(demo_owner, order.id)[2]
    owed = Decimal(bill["amount"]) + Decimal(bill["late_fee_owed"])
    assert owed > Decimal("478.80")
    assert detail_of(demo_owner, order.id)["owed_amount"] == str(owed)


def test_a_late_fee_waiver_lowers_an_ended_orders_owed_amount(demo, demo_owner, app, offer):
    order = _ended_owing(demo, demo_owner, app, offer)

    waived = demo_owner.post(
        "/api/finance/waiveLateFee",
        {
            "order_id": order.id,
            "period": 2,
            "reason": "门店原因",
            "idempotency_key": "edge-waive-1",
        },
    )

    assert waived.ok, waived
    overdue = demo_owner.get("/api/platform/getOverdueMoney", {"order_id": order.id}).data
    assert overdue["total"] == detail_of(demo_owner, order.id)["owed_amount"] == "399.00"


def test_a_deposit_of_one_yuan_left_after_the_grade_is_frozen(demo, demo_owner, app):
    # Grade B waives half: 2.00 asked, 1.00 to freeze; every cent the grade leaves is frozen.
    plan = {
        "sku_index": 0,
        "term": 12,
        "term_unit": "month",
        "rent": "399.00",
        "deposit": "2.00",
        "buyout_price": "1.00",
        "ownership_transfer": True,
    }
    offer = goods_on_shelf(demo_owner, rent_list=[plan, {**plan, "sku_index": 1}])

    order = in_lease(demo, demo_owner, app, offer)

    deposit = deposit_of(demo_owner, order.id)
    assert (deposit["frozen"], deposit["remaining"]) == ("1.00", "1.00"), deposit
    with tenant_context(demo):
        [freeze] = DepositOperation.objects.filter(order_id=order.id, kind="freeze")
        assert (freeze.amount, freeze.status) == (Decimal("1.00"), "succeeded")
    connection.set_schema_to_public()


def test_a_return_that_meets_a_deposit_transfer_whose_word_has_not_come_asks_the_provider_first(
    demo, demo_owner, app, offer
):
    from zulin.providers.payment import sandbox_payments_complete

    early_return_terms(demo_owner)  # no early-return fee
    order = in_lease(demo, demo_owner, app, offer)
    taken = demo_owner.post(
        TRANSFER, {"order_id": order.id, "purpose": "bills", "idempotency_key": "edge-transfer-1"}
    )
    assert taken.ok and taken.data["status"] == "processing", taken
    # The provider has moved the money; its callback has not come yet.
    with tenant_context(demo):
        sandbox_payments_complete(merchant=demo.slug)
    connection.set_schema_to_public()

    for path, payload in (
        (APPLY, {"order_id": order.id, "kind": "return", "reason": "不租了"}),
        (DEAL, {"order_id": order.id, "decision": "receive", "device_serial": "IMEI-1"}),
        (DEAL, {"order_id": order.id, "decision": "inspect", "damage_amount": "0.00"}),
    ):
        answer = demo_owner.post(path, payload)
        assert answer.ok, (path, answer)
    provider_settles(demo)

    # The inspection asked the provider: the transfer paid bill 2 (399.00), the rest of the
    # deposit goes back; nothing is owed.
    bills = _bills(demo_owner, order.id)
    assert (bills[2]["status"], bills[2]["paid_by"]) == ("paid", "deposit")
    deposit = deposit_of(demo_owner, order.id)
    assert (deposit["transferred"], deposit["thawed"]) == ("399.00", "101.00"), deposit
    detail = detail_of(demo_owner, order.id)
    assert (detail["stage"], detail["owed_amount"]) == ("finished", "0.00")
    assert books_balance(demo) == []


def test_rent_the_deposit_paid_given_back_in_small_parts_returns_the_commission_of_all_so_far(
    demo, demo_owner, app, offer
):
    _commission(demo, "10.00")
    order = in_lease(demo, demo_owner, app, offer)
    taken = demo_owner.post(
        TRANSFER, {"order_id": order.id, "purpose": "bills", "idempotency_key": "edge-transfer-2"}
    )
    assert taken.ok, taken
    provider_settles(demo)

    for n in range(3):
        refunded = demo_owner.post(
            REFUND_DEPOSIT,
            {"order_id": order.id, "amount": "0.05", "idempotency_key": f"edge-small-dep-{n}"},
        )
        assert refunded.ok, refunded
        provider_settles(demo)

    reversed_ = _in_shop(
        demo,
        lambda: list(
            DepositOperation.objects.filter(order_id=order.id, kind="refund")
            .order_by("id")
            .values_list("commission_reversed", flat=True)
        ),
    )
    # 10 % of 399.00 is 39.90: 0.05, 0.10 and 0.15 given back are worth 0.005, 0.010 and
    # 0.015 of it — 0.01, 0.01, 0.02 to the cent — so each gives back 0.01, 0.00, 0.01.
    assert reversed_ == [Decimal("0.01"), Decimal("0.00"), Decimal("0.01")]
    assert books_balance(demo) == []
