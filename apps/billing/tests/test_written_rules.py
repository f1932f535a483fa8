"""Written money rules of billing that a one-line change could break unnoticed (issue 39),
each held by a test through the calls a shop and its customer use: the late fee of a bill
paid in part, a written-off bill paid in part, what a write-off takes, a shipping-fee
refund's commission, and a payment's idempotency key used for another bill. Each rule's
targeted mutant is in infra/mutants.toml (ids `rule-…`)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.latefees import late_fees_accrue
from apps.billing.models import Bill, BillLateFee, BillPayment, BillRefund, BillWaiver
from apps.recovery.models import WriteOff
from apps.recovery.tests.support import CASE, case_of, night, overdue_lease
from tests.events import events_of
from tests.leases import (
    awaiting_shipment,
    books_balance,
    detail_of,
    in_lease,
    order_books,
    order_settings_save,
    provider_settles,
)
from zulin.ledger.models import Journal
from zulin.providers.sandbox import sandbox_failure_add

from .support import terms

WITHHOLD = "/api/v2/BillPayment"
PAY = "/api/applet/payBill"
SETTLE = "/api/finance/settleEarly"
QUOTE = "/api/finance/getEarlySettlementQuote"
WRITE_OFF = "/api/backend/writeOffDebt"
REFUND_FEE = "/api/merchant/refundSfAmount"


def _bills(merchant, order_id: int) -> dict[int, Bill]:
    with tenant_context(merchant):
        found = {b.period: b for b in Bill.objects.filter(order_id=order_id)}
    connection.set_schema_to_public()
    return found


def _late_fee_rate(owner, percent: str) -> None:
    """The shop's late fee: `percent` a day, early and late tier alike."""
    saved = owner.post(
        "/api/finance/saveFinanceSetting",
        {"late_fee_rate_early": percent, "late_fee_rate_late": percent},
    )
    assert saved.ok, saved


# --- 1. the late fee of a bill paid in part ------------------------------------------------


def test_a_late_fee_accrues_on_the_rent_a_short_result_left_unpaid_not_on_the_whole_bill(
    demo, demo_owner, app, offer
):
    _late_fee_rate(demo_owner, "1.0000")
    order = in_lease(demo, demo_owner, app, offer)
    order_settings_save(demo_owner, discount="0.1000")
    quoted = demo_owner.get(QUOTE, {"order_id": order.id}).data
    # The early settlement's withhold comes 0.01 short: no discount, the oldest bills first,
    # bill 11 paid 360.09 of its 399.00 (docs/money.md, "Short").
    sandbox_failure_add(service="payment", operation="withhold", reason="AMOUNT_DIFFERS")
    asked = demo_owner.post(
        SETTLE,
        {
            "order_id": order.id,
            "total": quoted["total"],
            "method": "provider",
            "idempotency_key": "rule-latefee-short",
        },
    )
    assert asked.ok, asked
    provider_settles(demo)
    part = _bills(demo, order.id)[11]
    assert (part.status, part.paid_amount) == ("unpaid", Decimal("360.09"))

    # The rest of bill 11 falls 10 days past due; the night's late fees catch up.
    today = timezone.localdate()
    with tenant_context(demo):
        Bill.objects.filter(pk=part.pk).update(due_date=today - timedelta(days=10))
        accrued = late_fees_accrue(today=today)
        days = list(BillLateFee.objects.filter(bill_id=part.pk).order_by("day"))
    connection.set_schema_to_public()

    # 1 % a day of the 38.91 still unpaid: 0.39 a day (on the whole 399.00 it would be 3.99).
    assert accrued == {"bills": 1, "added": "3.90"}
    assert [(d.days_overdue, d.base, d.amount) for d in days] == [
        (n, Decimal("38.91"), Decimal("0.39")) for n in range(1, 11)
    ]
    bill = next(b for b in detail_of(demo_owner, order.id)["bills"] if b["period"] == 11)
    assert (bill["state"], bill["late_fee"], bill["late_fee_owed"]) == ("overdue", "3.90", "3.90")
    owed = demo_owner.get("/api/platform/getOverdueMoney", {"order_id": order.id}).data
    assert (owed["overdue_rent"], owed["late_fee_owed"], owed["total"]) == (
        "38.91",
        "3.90",
        "42.81",
    )


# --- 5. a written-off bill paid in part ----------------------------------------------------


def test_a_part_payment_of_a_written_off_bill_leaves_it_written_off_owing_the_rest(
    demo, demo_owner, app, offer
):
    order = overdue_lease(demo, demo_owner, app, offer, days=200, n=61)
    night(demo)
    case = case_of(demo, order.id)
    written = demo_owner.post(
        WRITE_OFF,
        {"case_id": case.pk, "reason": "失联逾期超半年，核销", "idempotency_key": "rule-wo-1"},
    )
    assert written.ok, written
    assert _bills(demo, order.id)[2].status == "written_off"

    # The customer's withhold comes 0.01 short.
    sandbox_failure_add(service="payment", operation="withhold", reason="AMOUNT_DIFFERS")
    charged = demo_owner.post(
        WITHHOLD, {"order_id": order.id, "period": 2, "idempotency_key": "rule-wo-part"}
    )
    assert charged.ok, charged
    provider_settles(demo)

    bill = _bills(demo, order.id)[2]
    # Still written off, keeping what it owed then; what came is recovered after write-off.
    assert (bill.status, bill.written_off_amount) == ("written_off", Decimal("399.00"))
    assert (bill.paid_amount, bill.recovered_after_write_off) == (
        Decimal("398.99"),
        Decimal("398.99"),
    )
    row = next(b for b in detail_of(demo_owner, order.id)["bills"] if b["period"] == 2)
    assert (row["status"], row["state"], row["paid_amount"]) == (
        "written_off",
        "written_off",
        "398.99",
    )
    detail = demo_owner.get(CASE, {"case_id": case.pk}).data
    assert (detail["state"], detail["write_off"]["recovered"]) == ("written_off", "398.99")
    # Closed in the shop's collection: the night opens no case for it again.
    assert night(demo)["cases"]["opened"] == 0

    # What it still owes is still the customer's: the next withhold asks exactly that.
    rest = demo_owner.post(
        WITHHOLD, {"order_id": order.id, "period": 2, "idempotency_key": "rule-wo-rest"}
    )
    assert (rest.ok, rest.data["amount"]) == (True, "0.01"), rest
    provider_settles(demo)
    bill = _bills(demo, order.id)[2]
    assert (bill.status, bill.paid_amount, bill.recovered_after_write_off) == (
        "paid",
        Decimal("399.00"),
        Decimal("399.00"),
    )
    assert books_balance(demo) == []


# --- 6. what a write-off takes ---------------------------------------------------------------


def test_a_write_off_takes_the_bills_due_before_today_and_leaves_the_one_due_today(
    demo, demo_owner, app, offer
):
    order = overdue_lease(demo, demo_owner, app, offer, days=200, n=62)
    today = timezone.localdate()
    with tenant_context(demo):
        # Bill 3 falls due today: not yet past due, so no debt to write off.
        Bill.objects.filter(order_id=order.id, period=3).update(due_date=today)
    connection.set_schema_to_public()
    night(demo)
    case = case_of(demo, order.id)

    done = demo_owner.post(
        WRITE_OFF,
        {"case_id": case.pk, "reason": "失联逾期超半年，核销", "idempotency_key": "rule-wo-2"},
    )

    assert done.ok, done
    assert done.data["write_off"]["amount"] == "399.00"
    bills = _bills(demo, order.id)
    assert (bills[2].status, bills[2].written_off_amount) == ("written_off", Decimal("399.00"))
    assert (bills[3].status, bills[3].written_off_amount, bills[3].written_off_at) == (
        "unpaid",
        Decimal("0.00"),
        None,
    )
    row = next(b for b in detail_of(demo_owner, order.id)["bills"] if b["period"] == 3)
    assert (row["status"], row["state"]) == ("unpaid", "unpaid")  # due today, not overdue
    with tenant_context(demo):
        kept = WriteOff.objects.get(case_id=case.pk)
    connection.set_schema_to_public()
    assert ([b["period"] for b in kept.bills], kept.amount) == ([2], Decimal("399.00"))


# --- 7. a shipping-fee refund's commission -------------------------------------------------


def test_a_shipping_fee_refund_gives_no_commission_back(demo, demo_owner, app, offer):
    terms(demo, "5.00")
    order = awaiting_shipment(demo, demo_owner, app, offer, shipping_fee="20.00")
    with tenant_context(demo):
        payment = BillPayment.objects.get(bill__order_id=order.id, bill__period=1)
    connection.set_schema_to_public()
    # Bill 1 (399.00 rent + 20.00 fee): 5 % of the rent, none of the fee.
    assert (payment.amount, payment.commission) == (Decimal("419.00"), Decimal("19.95"))

    refunded = demo_owner.post(
        REFUND_FEE, {"order_id": order.id, "amount": "20.00", "idempotency_key": "rule-sf-1"}
    )
    assert refunded.ok, refunded
    provider_settles(demo)

    assert detail_of(demo_owner, order.id)["shipping_fee_refunded"] == "20.00"
    with tenant_context(demo):
        refund = BillRefund.objects.get(order_id=order.id, purpose="shipping_fee")
        reversals = Journal.objects.filter(order_id=order.id, kind="commission_reversal").count()
    connection.set_schema_to_public()
    assert (refund.status, refund.commission_reversed) == ("succeeded", Decimal("0.00"))
    assert reversals == 0
    books = order_books(demo, order.id)
    assert books["commission_expense"] == Decimal("19.95")  # the rent's commission, all kept
    assert books.get("shipping_fee_income", Decimal("0")) == 0
    assert books_balance(demo) == []


# --- 9. a payment's idempotency key used for another bill ----------------------------------


def test_a_payment_key_used_again_for_another_bill_is_refused(demo, demo_owner, app, offer):
    first = in_lease(demo, demo_owner, app, offer)
    other = in_lease(
        demo, demo_owner, app, offer, key="order-key-0002", seed=1, phone="13912340002"
    )
    paid = demo_owner.post(
        WITHHOLD, {"order_id": first.id, "period": 2, "idempotency_key": "rule-pay-key"}
    )
    assert paid.ok, paid
    provider_settles(demo)

    # The same key: the shop's withhold of the next bill, the customer's payment of another
    # order's bill.
    next_bill = demo_owner.post(
        WITHHOLD, {"order_id": first.id, "period": 3, "idempotency_key": "rule-pay-key"}
    )
    other_order = app.post(
        PAY, {"order_no": other.no, "period": 2, "idempotency_key": "rule-pay-key"}
    )
    # The same key for the same bill answers the same payment.
    again = demo_owner.post(
        WITHHOLD, {"order_id": first.id, "period": 2, "idempotency_key": "rule-pay-key"}
    )

    assert (next_bill.code, other_order.code) == (1101, 1101)
    assert again.ok and again.data["status"] == "succeeded", again
    bills, others = _bills(demo, first.id), _bills(demo, other.id)
    assert (bills[2].status, bills[3].status, others[2].status) == ("paid", "unpaid", "unpaid")
    with tenant_context(demo):
        tried = BillPayment.objects.filter(bill__in=[bills[3], others[2]]).count()
    connection.set_schema_to_public()
    assert tried == 0  # nothing asked of either bill


def test_a_write_off_keeps_the_late_fee_still_owed_beside_the_rent(demo, demo_owner, app, offer):
    """A bill carrying a late fee, partly waived, is written off for its rent and the late
    fee still owed: the customer still owes both, and the write-off says so."""
    order = overdue_lease(demo, demo_owner, app, offer, days=200, n=62)
    night(demo)
    case = case_of(demo, order.id)
    with tenant_context(demo):
        Bill.objects.filter(order_id=order.id, period=2).update(
            late_fee=Decimal("30.00"), late_fee_waived=Decimal("10.00")
        )
    connection.set_schema_to_public()

    done = demo_owner.post(
        WRITE_OFF,
        {"case_id": case.pk, "reason": "失联逾期超半年，核销", "idempotency_key": "rule-wo-fee"},
    )

    assert done.ok, done
    bills = _bills(demo, order.id)
    assert (bills[2].status, bills[2].written_off_amount) == ("written_off", Decimal("419.00"))
    assert done.data["write_off"]["amount"] == "419.00"


# --- issue 60: seven written rules no test held ----------------------------------------------

WAIVE = "/api/finance/waiveOrderCharge"
REPORT = "/api/backend/getRecoveryReport"


def _timeline(owner, order_id: int, action: str) -> list[dict]:
    return [e for e in detail_of(owner, order_id)["timeline"] if e["action"] == action]


def test_bill_paid_is_written_once_the_bill_is_settled_whole_never_for_a_part(
    demo, demo_owner, app, offer
):
    """`bill.paid` tells a receiver the bill is settled: a part payment writes none (its
    receiver would mark the bill paid while 0.01 is still owed), the rest writes it once."""
    order = in_lease(demo, demo_owner, app, offer)
    bill = _bills(demo, order.id)[2]
    # The withhold of bill 2 comes 0.01 short.
    sandbox_failure_add(service="payment", operation="withhold", reason="AMOUNT_DIFFERS")
    short = demo_owner.post(
        WITHHOLD, {"order_id": order.id, "period": 2, "idempotency_key": "rule-paid-part"}
    )
    assert short.ok, short
    provider_settles(demo)

    assert _bills(demo, order.id)[2].paid_amount == Decimal("398.99")
    assert events_of(demo, "bill.paid", bill.pk) == []
    assert [e["after"]["amount"] for e in _timeline(demo_owner, order.id, "bill.part_paid")] == [
        "398.99"
    ]

    rest = demo_owner.post(
        WITHHOLD, {"order_id": order.id, "period": 2, "idempotency_key": "rule-paid-rest"}
    )
    assert (rest.ok, rest.data["amount"]) == (True, "0.01"), rest
    provider_settles(demo)

    paid = events_of(demo, "bill.paid", bill.pk)
    assert [(e["period"], e["status"], e["paid_amount"]) for e in paid] == [(2, "paid", "399.00")]


def test_a_waiver_is_refused_while_a_payment_of_the_bill_is_in_flight(demo, demo_owner, app, offer):
    """The payment in flight may still succeed: a waiver under it would forgive what the
    customer is paying. Refused (1305), whole or in part, writing nothing; once the payment
    has failed, the same waiver goes through."""
    order = in_lease(demo, demo_owner, app, offer)
    sandbox_failure_add(service="payment", operation="withhold", reason="INSUFFICIENT_BALANCE")
    charged = demo_owner.post(
        WITHHOLD, {"order_id": order.id, "period": 2, "idempotency_key": "rule-wv-flight"}
    )
    assert charged.ok and charged.data["status"] == "processing", charged
    body = {"order_id": order.id, "period": 2, "reason": "经理批准减免本期租金"}

    whole = demo_owner.post(WAIVE, {**body, "idempotency_key": "rule-wv-flight-1"})
    part = demo_owner.post(
        WAIVE, {**body, "amount": "100.00", "idempotency_key": "rule-wv-flight-2"}
    )

    assert (whole.code, part.code) == (1305, 1305), (whole, part)
    bill = _bills(demo, order.id)[2]
    assert (bill.status, bill.waived_amount) == ("paying", Decimal("0.00"))
    with tenant_context(demo):
        assert not BillWaiver.objects.filter(bill_id=bill.pk).exists()
    connection.set_schema_to_public()
    assert _timeline(demo_owner, order.id, "bill.waived") == []

    # The provider says failed: nothing is in flight, the bill is owed as before.
    provider_settles(demo)
    assert _bills(demo, order.id)[2].status == "unpaid"
    waived = demo_owner.post(WAIVE, {**body, "idempotency_key": "rule-wv-flight-3"})
    assert waived.ok, waived
    assert (waived.data["status"], waived.data["waived_amount"]) == ("cancelled", "399.00")
    assert books_balance(demo) == []


def test_a_part_waiver_of_all_the_principal_left_of_a_bill_owing_no_late_fee_cancels_it(
    demo, demo_owner, app, offer
):
    """Bill 2 (399.00, not yet due, no late fee): 398.99 waived leaves it open owing 0.01;
    the part that is all the rest is the whole waiver — the bill cancelled, never again
    collected as a bill owing 0.00."""
    order = in_lease(demo, demo_owner, app, offer)
    body = {"order_id": order.id, "period": 2, "reason": "协商减免本期租金"}

    first = demo_owner.post(WAIVE, {**body, "amount": "398.99", "idempotency_key": "rule-all-1"})
    assert first.ok, first
    assert (first.data["status"], first.data["waiver"]) == ("unpaid", None)
    assert (first.data["waived_amount"], _bills(demo, order.id)[2].rent_owed) == (
        "398.99",
        Decimal("0.01"),
    )

    rest = demo_owner.post(WAIVE, {**body, "amount": "0.01", "idempotency_key": "rule-all-2"})

    assert rest.ok, rest
    assert (rest.data["status"], rest.data["waived_amount"]) == ("cancelled", "399.00")
    assert rest.data["waiver"] is not None and rest.data["waiver"]["principal"] == "0.01"
    assert [(w["principal"], w["whole"]) for w in rest.data["waivers"]] == [
        ("398.99", False),
        ("0.01", True),
    ]
    assert len(_timeline(demo_owner, order.id, "bill.waived")) == 1
    # Nothing of it is collected: a withhold of it is refused, and the next bill is the
    # oldest owed.
    again = demo_owner.post(
        WITHHOLD, {"order_id": order.id, "period": 2, "idempotency_key": "rule-all-pay"}
    )
    assert again.code == 409, again
    nxt = demo_owner.post(
        WITHHOLD, {"order_id": order.id, "period": 3, "idempotency_key": "rule-all-next"}
    )
    assert nxt.ok, nxt
    assert books_balance(demo) == []


def test_what_a_payment_after_a_write_off_pays_late_fee_included_is_recovered_after_it(
    demo, demo_owner, app, offer
):
    """Bill 2 written off owing 399.00 rent and its late fee; the customer then pays it all
    in the app: all of it, the late fee included, is recovered after write-off — on the
    bill, on the order's timeline, on the case and in the report alike."""
    _late_fee_rate(demo_owner, "0.0500")
    order = overdue_lease(demo, demo_owner, app, offer, days=200, n=63)
    with tenant_context(demo):
        late_fees_accrue()
    connection.set_schema_to_public()
    night(demo)
    case = case_of(demo, order.id)
    written = demo_owner.post(
        WRITE_OFF,
        {"case_id": case.pk, "reason": "失联逾期超半年，核销", "idempotency_key": "rule-rec-wo"},
    )
    assert written.ok, written
    bill = _bills(demo, order.id)[2]
    late_fee = bill.late_fee
    assert late_fee > 0 and bill.written_off_amount == bill.amount + late_fee

    paid = app.post(PAY, {"order_no": order.no, "period": 2, "idempotency_key": "rule-rec-pay"})
    assert paid.ok, paid
    provider_settles(demo, customer_pays=f"{order.no}B002")

    bill = _bills(demo, order.id)[2]
    assert (bill.status, bill.late_fee_paid) == ("paid", late_fee)
    assert bill.recovered_after_write_off == bill.written_off_amount == bill.amount + late_fee
    [entry] = _timeline(demo_owner, order.id, "bill.recovered_after_write_off")
    assert entry["after"]["recovered"] == str(bill.amount + late_fee)
    detail = demo_owner.get(CASE, {"case_id": case.pk}).data
    assert detail["write_off"]["recovered"] == str(bill.amount + late_fee)
    today = timezone.localdate().isoformat()
    totals = demo_owner.get(REPORT, {"date_from": today, "date_to": today}).data["totals"]
    assert totals["recovered_after_write_off"] == str(bill.amount + late_fee)
    assert books_balance(demo) == []
