"""The one settling path (`apps/billing/settle.py`): where two ways of paying meet, a bill
is paid once; a buyout and an early settlement quote alike and drop no late fee; a renewal's
bill is not born overdue; what the provider took is what the books say; a refund gives back
the commission of what it returns."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing import payments, settle
from apps.billing.models import Bill, BillPayment, BillStatus
from apps.billing.rent_run import bills_debit_due
from apps.orders.models import Order
from tests.fixtures import Envelope
from tests.leases import (
    bill_states,
    books_balance,
    detail_of,
    goods_on_shelf,
    in_lease,
    order_books,
    order_settings_save,
)
from tests.leases import provider_settles as settles
from zulin.audit.models import AuditEntry
from zulin.ledger.models import Journal
from zulin.providers.models import SandboxPaymentRecord
from zulin.providers.sandbox import sandbox_failure_add

from .support import body, overdue_with_late_fee, terms

TRANSFER = "/api/platform/depositTransferPay"
WITHHOLD = "/api/v2/BillPayment"
OFFLINE = "/api/finance/recordOfflineRepayment"
SETTLE = "/api/finance/settleEarly"
REFUND = "/api/finance/refundBillPayment"
QUOTE = "/api/finance/getEarlySettlementQuote"
DEAL = "/api/platform/dealAfterSale"
APPLY = "/api/applet/applyAfterSale"


def _bills(merchant, order_id: int) -> dict[int, Bill]:
    with tenant_context(merchant):
        found = {b.period: b for b in Bill.objects.filter(order_id=order_id)}
    connection.set_schema_to_public()
    return found


def _taken_by_provider(order_no: str) -> Decimal:
    """What the sandbox provider took from the customer for the order's trades (withholds,
    payments, deposit transfers that succeeded), less what it gave back."""
    records = SandboxPaymentRecord.objects.filter(merchant="demo", out_no__startswith=order_no)
    taken = sum(
        (
            r.amount
            for r in records.filter(
                operation__in=("withhold", "pay", "transfer"), status="succeeded"
            )
        ),
        Decimal("0.00"),
    )
    given = sum(
        (r.amount for r in records.filter(operation="refund", status="succeeded")),
        Decimal("0.00"),
    )
    return taken - given


def _booked_at_provider(merchant, order_id: int) -> Decimal:
    """What the order's journals put at the provider (money in, less money given back),
    commission aside: the commission is the platform's share of money already counted."""
    with tenant_context(merchant):
        journals = Journal.objects.filter(order_id=order_id).exclude(
            kind__in=("commission", "commission_reversal")
        )
        total = Decimal("0.00")
        for journal in journals:
            for entry in journal.entries.filter(account__code="provider_clearing"):
                total += entry.amount if entry.side == "debit" else -entry.amount
    connection.set_schema_to_public()
    return total


def _apply(app, order, kind: str, **extra) -> Envelope:
    return app.post(APPLY, {"order_no": order.no, "kind": kind, "reason": "测试", **extra})


# --- 1. a bill charged twice ---------------------------------------------------------------


def test_a_bill_a_deposit_transfer_holds_is_charged_by_no_other_way(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)  # grade B: 500.00 frozen
    taken = demo_owner.post(
        TRANSFER, {"order_id": order.id, "purpose": "bills", "idempotency_key": "hold-0001"}
    )
    assert (taken.data["amount"], taken.data["status"]) == ("399.00", "processing"), taken

    by_withhold = demo_owner.post(
        WITHHOLD, {"order_id": order.id, "period": 2, "idempotency_key": "hold-pay-0001"}
    )
    by_customer = app.post(
        "/api/applet/payBill",
        {"order_no": order.no, "period": 2, "idempotency_key": "hold-app-0001"},
    )
    offline = demo_owner.post(OFFLINE, body(order.id, 2, Decimal("399.00"), "hold-off-0001"))
    with tenant_context(demo):
        night = bills_debit_due(today=timezone.localdate() + timedelta(days=40))
    connection.set_schema_to_public()

    assert by_withhold.code == by_customer.code == offline.code == 1305
    assert night["paid"] == 0
    settles(demo)

    bills = _bills(demo, order.id)
    assert (bills[2].status, bills[2].paid_amount) == ("paid", Decimal("399.00"))
    with tenant_context(demo):
        succeeded = BillPayment.objects.filter(bill=bills[2], status="succeeded")
        assert [(p.method, p.amount) for p in succeeded] == [("deposit", Decimal("399.00"))]
    connection.set_schema_to_public()
    # The provider took bill 1 and bill 2 once each, and the books say exactly that.
    assert _taken_by_provider(order.no) == Decimal("798.00")
    assert _booked_at_provider(demo, order.id) == Decimal("798.00")
    assert books_balance(demo) == []


def test_a_withhold_in_flight_keeps_a_deposit_transfer_and_an_early_settlement_off_its_bill(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    charged = demo_owner.post(
        WITHHOLD, {"order_id": order.id, "period": 2, "idempotency_key": "flight-0001"}
    )
    assert charged.ok and charged.data["status"] == "processing", charged

    by_deposit = demo_owner.post(
        TRANSFER, {"order_id": order.id, "purpose": "bills", "idempotency_key": "flight-0002"}
    )
    total = demo_owner.get(QUOTE, {"order_id": order.id}).data["total"]
    early = demo_owner.post(
        SETTLE,
        {
            "order_id": order.id,
            "total": total,
            "method": "provider",
            "idempotency_key": "flight-0003",
        },
    )
    settles(demo)

    assert by_deposit.code == early.code == 1305
    assert _taken_by_provider(order.no) == Decimal("798.00")  # bills 1 and 2, once each
    assert _booked_at_provider(demo, order.id) == Decimal("798.00")


def test_the_database_allows_one_settlement_in_flight_per_bill(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)
    with tenant_context(demo):
        bill = Bill.objects.get(order_id=order.id, period=2)
        BillPayment.objects.create(
            bill=bill, method="withhold", amount=bill.amount, out_trade_no="X1"
        )
        try:
            with transaction.atomic():
                BillPayment.objects.create(
                    bill=bill, method="deposit", amount=bill.amount, out_trade_no="X2"
                )
        except IntegrityError:
            refused = True
        else:
            refused = False
    connection.set_schema_to_public()
    assert refused


# --- 2. one quote for a buyout and an early settlement -------------------------------------


def test_a_buyout_costs_what_an_early_settlement_quotes_rounded_half_up(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    # 11 x 399.00 = 4389.00 left; 0.5 % of it is 21.945: half-up 21.95 (half-even: 21.94).
    order_settings_save(demo_owner, discount="0.0050")

    quoted = demo_owner.get(QUOTE, {"order_id": order.id}).data
    opened = _apply(app, order, "buyout")
    business = detail_of(demo_owner, order.id)["after_sales"][0]

    assert opened.ok, opened
    assert quoted["discount"] == "21.95"
    assert quoted["total"] == business["amount"] == "4368.05"  # 1.00 + 4389.00 - 21.95


def test_a_buyout_pays_the_overdue_bills_late_fees_instead_of_cancelling_them(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    overdue = overdue_with_late_fee(demo, order.id)
    assert _apply(app, order, "buyout").ok
    approved = demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "approve", "idempotency_key": "buyout-lf-01"}
    )
    assert approved.ok, approved
    # The price asks the late fee too: 1.00 + 11 x 399.00 + the late fee.
    assert Decimal(approved.data["amount"]) == Decimal("4390.00") + overdue.late_fee

    settles(demo)

    bills = _bills(demo, order.id)
    assert detail_of(demo_owner, order.id)["status"] == "bought_out"
    assert {b.status for b in bills.values()} == {"paid"}
    assert bills[2].late_fee_paid == overdue.late_fee and bills[2].late_fee_owed == 0
    assert order_books(demo, order.id)["late_fee_income"] == overdue.late_fee
    owed = demo_owner.get("/api/platform/getOverdueMoney", {"order_id": order.id}).data
    assert Decimal(owed["total"]) == 0
    assert books_balance(demo) == []


# --- 3. a renewal is not born overdue ------------------------------------------------------


def test_a_day_plan_renewal_is_due_the_day_after_the_current_lease_end(demo, demo_owner, app):
    day_plan = {
        "sku_index": 0,
        "term": 30,
        "term_unit": "day",
        "rent": "10.00",
        "deposit": "0",
        "buyout_price": "0",
        "ownership_transfer": False,
    }
    offer = goods_on_shelf(demo_owner, rent_list=[day_plan, {**day_plan, "sku_index": 1}])
    order = in_lease(demo, demo_owner, app, offer)
    before = detail_of(demo_owner, order.id)
    assert _apply(app, order, "renewal", extra_term=7).ok

    assert demo_owner.post(DEAL, {"order_id": order.id, "decision": "approve"}).ok

    after = detail_of(demo_owner, order.id)
    renewal = next(b for b in after["bills"] if b["period"] == 2)
    current_end = timezone.datetime.fromisoformat(before["lease_end"]).date()
    assert renewal["due_date"] == (current_end + timedelta(days=1)).isoformat()
    assert renewal["amount"] == "70.00" and renewal["status"] == "unpaid"
    assert after["lease_end"] == (current_end + timedelta(days=7)).isoformat()
    # Not overdue, so no late fee and no auto-debit tonight.
    with tenant_context(demo):
        night = bills_debit_due(today=timezone.localdate())
    connection.set_schema_to_public()
    assert night["due"] == 0
    assert (after["stage"], bill_states(demo_owner, order.id)[2]) == ("dealing", "unpaid")


def test_a_month_plan_renewal_continues_the_schedule_after_the_lease_end(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    before = detail_of(demo_owner, order.id)
    assert _apply(app, order, "renewal", extra_term=2).ok
    assert demo_owner.post(DEAL, {"order_id": order.id, "decision": "approve"}).ok

    bills = {b["period"]: b for b in detail_of(demo_owner, order.id)["bills"]}
    end = timezone.datetime.fromisoformat(before["lease_end"]).date()
    assert bills[13]["due_date"] == (end + timedelta(days=1)).isoformat()
    assert bills[14]["due_date"] > bills[13]["due_date"] > bills[12]["due_date"]


# --- 4. what the provider took, what a refund gives back -----------------------------------


def test_a_short_provider_result_books_what_came_and_leaves_the_rest_owed(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    sandbox_failure_add(service="payment", operation="withhold", reason="AMOUNT_DIFFERS")

    charged = demo_owner.post(
        WITHHOLD, {"order_id": order.id, "period": 2, "idempotency_key": "short-0001"}
    )
    settles(demo)
    assert charged.ok, charged

    bill = _bills(demo, order.id)[2]
    assert (bill.status, bill.paid_amount) == ("unpaid", Decimal("398.99"))
    with tenant_context(demo):
        payment = BillPayment.objects.get(bill=bill, status="succeeded")
        flagged = AuditEntry.objects.filter(action="bill.amount_differs", target_id=order.id)
        assert flagged.exists()
    connection.set_schema_to_public()
    assert (payment.amount, payment.asked_amount, payment.amount_mismatch) == (
        Decimal("398.99"),
        Decimal("399.00"),
        True,
    )
    assert _booked_at_provider(demo, order.id) == _taken_by_provider(order.no)
    # What is left is owed and charged under the bill's next trade number.
    rest = demo_owner.post(
        WITHHOLD, {"order_id": order.id, "period": 2, "idempotency_key": "short-0002"}
    )
    settles(demo)
    assert rest.ok, rest
    bill = _bills(demo, order.id)[2]
    assert (bill.status, bill.paid_amount) == ("paid", Decimal("399.00"))
    assert _booked_at_provider(demo, order.id) == _taken_by_provider(order.no)
    assert books_balance(demo) == []


def test_a_long_provider_result_pays_the_bill_and_owes_the_excess_back(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    with tenant_context(demo):
        bills = settle.order_bills_lock(order.id)
        [payment] = settle.bills_claim(
            [settle.Ask(bills[1])], method="withhold", out_no="LONG1", actor=None
        )
        settled = settle.payments_settle(
            [payment],
            received=Decimal("400.00"),
            posting=payments._posting(payment),
            actor=None,
        )
        owed_back = Journal.objects.get(reference="pay:LONG1").entries.get(
            account__code="customer_refunds_payable"
        )
    connection.set_schema_to_public()
    assert settled.excess == Decimal("1.00")
    assert (owed_back.side, owed_back.amount) == ("credit", Decimal("1.00"))
    assert [b.period for b in settled.newly_paid] == [2]
    assert payment.amount_mismatch and payment.asked_amount == Decimal("399.00")
    assert books_balance(demo) == []


def test_a_refund_of_rent_gives_back_the_commission_of_that_rent_whole(
    demo, demo_owner, app, offer
):
    terms(demo, "5.00")
    order = in_lease(demo, demo_owner, app, offer)
    overdue = overdue_with_late_fee(demo, order.id)
    paid = demo_owner.post(
        WITHHOLD, {"order_id": order.id, "period": 2, "idempotency_key": "comm-0001"}
    )
    settles(demo)
    assert paid.ok, paid
    with tenant_context(demo):
        payment = BillPayment.objects.get(bill__order_id=order.id, bill__period=2)
    connection.set_schema_to_public()
    assert payment.amount == Decimal("399.00") + overdue.late_fee
    assert payment.commission == Decimal("19.95")  # 5 % of the rent, none on the late fee

    refunded = demo_owner.post(
        REFUND,
        {
            "order_id": order.id,
            "period": 2,
            "amount": "399.00",
            "reason": "租金退还",
            "idempotency_key": "comm-refund-0001",
        },
    )
    settles(demo)
    assert refunded.ok, refunded
    with tenant_context(demo):
        payment.refresh_from_db()
        back = sum(r.commission_reversed for r in payment.refunds.filter(status="succeeded"))
    connection.set_schema_to_public()
    # The whole rent came back, so the whole commission on it does (pro rata over the
    # payment with its late fee would give back less).
    assert back == Decimal("19.95")
    assert books_balance(demo) == []


# --- the guards inside the path ------------------------------------------------------------


def test_a_settled_payment_told_again_changes_nothing(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)
    overdue_with_late_fee(demo, order.id)
    assert demo_owner.post(
        WITHHOLD, {"order_id": order.id, "period": 2, "idempotency_key": "again-0001"}
    ).ok
    settles(demo)
    with tenant_context(demo):
        payment = BillPayment.objects.select_related("bill").get(
            bill__order_id=order.id, bill__period=2
        )
        before = (payment.bill.paid_amount, payment.bill.late_fee_paid, Journal.objects.count())
        result = payments._query(payment.out_trade_no)
        again = payments._apply(payment, result, None)
        twice = settle.payments_settle(
            [payment], received=payment.amount, posting=payments._posting(payment), actor=None
        )
        bill = Bill.objects.get(pk=payment.bill_id)
        after = (bill.paid_amount, bill.late_fee_paid, Journal.objects.count())
    connection.set_schema_to_public()
    assert not again.newly_paid and twice.newly_paid == []
    assert after == before


def test_the_oldest_bill_is_paid_first_by_every_way_of_paying(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)

    later = demo_owner.post(
        WITHHOLD, {"order_id": order.id, "period": 3, "idempotency_key": "oldest-0001"}
    )
    offline = demo_owner.post(OFFLINE, body(order.id, 3, Decimal("399.00"), "oldest-0002"))
    assert (later.code, later.data) == (1402, {"period": 2})
    assert (offline.code, offline.data) == (1402, {"period": 2})

    # A short early settlement pays the oldest bills first, each its late fee then its rent.
    with tenant_context(demo):
        bills = settle.order_bills_lock(order.id)
        claimed = settle.bills_claim(
            [settle.Ask(b) for b in bills if b.period >= 2],
            method="early",
            out_no="OLDEST1",
            actor=None,
        )
        settle.payments_settle(
            claimed,
            received=Decimal("500.00"),
            posting=payments._posting(claimed[0]),
            actor=None,
        )
        paid = {b.period: b.paid_amount for b in Bill.objects.filter(order_id=order.id)}
        statuses = set(
            Bill.objects.filter(order_id=order.id, period__gte=4).values_list("status", flat=True)
        )
    connection.set_schema_to_public()
    assert (paid[2], paid[3], paid[4]) == (Decimal("399.00"), Decimal("101.00"), Decimal("0"))
    assert statuses == {BillStatus.UNPAID}


def test_the_split_pays_late_fee_then_rent_then_add_ons_then_fee():
    bill = Bill(
        rent=Decimal("100.00"),
        addon_amount=Decimal("20.00"),
        fee_amount=Decimal("10.00"),
        amount=Decimal("130.00"),
        late_fee=Decimal("5.00"),
        status=BillStatus.UNPAID,
    )
    assert settle.split(bill, Decimal("3.00")) == settle.Split(
        Decimal("3.00"), Decimal("0"), Decimal("0"), Decimal("0")
    )
    assert settle.split(bill, Decimal("110.00")) == settle.Split(
        Decimal("5.00"), Decimal("100.00"), Decimal("5.00"), Decimal("0")
    )
    bill.paid_amount = Decimal("110.00")  # rent and 10.00 of the add-ons paid before
    assert settle.split(bill, Decimal("100.00")) == settle.Split(
        Decimal("5.00"), Decimal("0"), Decimal("10.00"), Decimal("10.00")
    )
    assert settle.owed(bill) == Decimal("25.00")
    assert settle.owed(bill, discount=Decimal("0")) == Decimal("25.00")
    bill.status = BillStatus.PAID
    assert settle.owed(bill) == 0


def test_nothing_is_claimed_when_a_claim_is_refused(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)
    with tenant_context(demo):
        bills = settle.order_bills_lock(order.id)
        refused = None
        try:
            settle.bills_claim(
                [settle.Ask(b) for b in bills if b.period in (2, 4)],
                method="early",
                out_no="GAP1",
                actor=None,
            )
        except Exception as error:  # noqa: BLE001
            refused = getattr(error, "code", None)
        left = Bill.objects.filter(order_id=order.id, status="paying").count()
        order_row = Order.objects.get(pk=order.id)
    connection.set_schema_to_public()
    assert refused == 1402 and left == 0 and order_row.status == "in_lease"


def test_an_early_settlement_that_comes_short_pays_the_oldest_bills_without_discount(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    order_settings_save(demo_owner, discount="0.1000")
    quoted = demo_owner.get(QUOTE, {"order_id": order.id}).data
    assert quoted["discount"] == "438.90"  # 10 % of 11 x 399.00
    sandbox_failure_add(service="payment", operation="withhold", reason="AMOUNT_DIFFERS")

    asked = demo_owner.post(
        SETTLE,
        {
            "order_id": order.id,
            "total": quoted["total"],
            "method": "provider",
            "idempotency_key": "short-early-01",
        },
    )
    settles(demo)
    answer = demo_owner.post(
        SETTLE,
        {
            "order_id": order.id,
            "total": quoted["total"],
            "method": "provider",
            "idempotency_key": "short-early-01",
        },
    ).data

    assert asked.ok, asked
    received = Decimal(quoted["total"]) - Decimal("0.01")
    assert (answer["status"], answer["received"]) == ("short", str(received))
    bills = _bills(demo, order.id)
    # No discount: what came (3951.09) pays bills 2-10 whole (3591.00) and 360.09 of bill 11.
    assert {p: bills[p].status for p in range(2, 11)} == dict.fromkeys(range(2, 11), "paid")
    assert all(bills[p].discount == 0 for p in range(2, 13))
    assert (bills[11].status, bills[11].paid_amount) == ("unpaid", Decimal("360.09"))
    assert (bills[12].status, bills[12].paid_amount) == ("unpaid", Decimal("0"))
    assert 0 not in bills  # no buyout without the whole price
    assert detail_of(demo_owner, order.id)["status"] == "in_lease"
    assert _booked_at_provider(demo, order.id) == _taken_by_provider(order.no)
    assert books_balance(demo) == []
