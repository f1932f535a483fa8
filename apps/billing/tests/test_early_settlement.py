"""A lease settled early: the quote's arithmetic, settling through the provider (a replayed
callback, a failure then a retry), offline with a voucher, what the order becomes, and that
the night's collection finds nothing left."""

from __future__ import annotations

import base64
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.early import quote_make
from apps.billing.latefees import late_fees_accrue
from apps.billing.models import Bill, BillPayment, EarlySettlement
from apps.billing.rent_run import bills_debit_due
from apps.billing.statements import statements_close
from apps.orders.models import Order
from apps.subshops.tests.factories import sign_in, sub_shop_account_make, sub_shop_make
from tests.fixtures import grant_sub_merchants
from tests.leases import (
    awaiting_shipment,
    books_balance,
    detail_of,
    in_lease,
    order_books,
)
from tests.leases import provider_settles as settles
from zulin.ledger.models import Journal
from zulin.ledger.selectors import account_balance
from zulin.providers.models import SandboxCallback
from zulin.providers.payment import sandbox_payments_complete
from zulin.providers.sandbox import (
    sandbox_callback_replay,
    sandbox_failure_add,
    sandbox_failures_clear,
)

from .support import VOUCHER, overdue_with_late_fee, terms

CENT = Decimal("0.01")
QUOTE = "/api/finance/getEarlySettlementQuote"
SETTLE = "/api/finance/settleEarly"


def _half_up(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def _discount_rate(owner, rate: str, from_period: int = 1) -> None:
    saved = owner.post(
        "/api/backend/saveOrderSetting",
        {
            "unpaid_cancel_minutes": 30,
            "auto_receive_days": 7,
            "early_buyout_discount_rate": rate,
            "buyout_from_period": from_period,
        },
    )
    assert saved.ok, saved


def _offline(**overrides) -> dict:
    return {
        "channel": "cash",
        "paid_on": timezone.localdate().isoformat(),
        "payer_name": "张三",
        "bank_reference": "",
        "remark": "到店现金结清",
        "voucher_base64": base64.b64encode(VOUCHER).decode(),
        **overrides,
    }


def _bills(merchant, order_id: int) -> dict[int, Bill]:
    with tenant_context(merchant):
        found = {b.period: b for b in Bill.objects.filter(order_id=order_id)}
    connection.set_schema_to_public()
    return found


def _order(merchant, order_id: int) -> Order:
    with tenant_context(merchant):
        found = Order.objects.get(pk=order_id)
    connection.set_schema_to_public()
    return found


def test_the_discount_rounds_half_up_once_and_is_shared_over_the_later_bills():
    today = date(2026, 11, 24)

    def bill(pk: int, period: int, due: date, rent: str, late_fee: str = "0") -> Bill:
        return Bill(
            pk=pk,
            period=period,
            due_date=due,
            rent=Decimal(rent),
            amount=Decimal(rent),
            late_fee=Decimal(late_fee),
            status="unpaid",
        )

    bills = [
        bill(2, 2, today - timedelta(days=3), "10.50", late_fee="0.63"),
        bill(3, 3, today, "10.50"),  # due today: in full, no discount
        bill(4, 4, today + timedelta(days=30), "10.50"),
        bill(5, 5, today + timedelta(days=60), "10.50"),
        bill(6, 6, today + timedelta(days=90), "10.50"),
    ]
    quote = quote_make(bills=bills, today=today, discount_rate=Decimal("0.0500"))

    # 31.50 x 5% = 1.575: 1.58, rounded once on the total.
    assert quote.discount == Decimal("1.58")
    assert [line.discount for line in quote.lines] == [
        Decimal("0"),
        Decimal("0"),
        Decimal("0.53"),  # 10.50 x 1.58 / 31.50 = 0.5266…
        Decimal("0.53"),
        Decimal("0.52"),  # the rest: the shares add up to the discount
    ]
    assert quote.late_fee == Decimal("0.63") and quote.due_amount == Decimal("21.00")
    assert quote.total == Decimal("21.00") + Decimal("0.63") + Decimal("31.50") - Decimal("1.58")
    # One bill at 10.50 and 5%: 0.525 is 0.53 half-up (0.52 half-even).
    single = quote_make(bills=bills[-1:], today=today, discount_rate=Decimal("0.05"))
    assert single.discount == Decimal("0.53")


def test_the_quote_asks_each_bills_add_ons_and_fee_in_full_and_discounts_the_rent_only():
    today = date(2026, 11, 24)

    def bill(pk: int, due: date, *, addon: str = "0", fee: str = "0") -> Bill:
        rent = Decimal("100.00")
        return Bill(
            pk=pk,
            period=pk,
            due_date=due,
            rent=rent,
            addon_amount=Decimal(addon),
            fee_amount=Decimal(fee),
            amount=rent + Decimal(addon) + Decimal(fee),
            status="unpaid",
        )

    bills = [
        bill(2, today - timedelta(days=1), addon="12.00", fee="8.00"),
        bill(3, today + timedelta(days=30), addon="12.00"),
    ]
    quote = quote_make(bills=bills, today=today, discount_rate=Decimal("0.1000"))

    assert [(line.rent, line.addon, line.fee) for line in quote.lines] == [
        (Decimal("100.00"), Decimal("12.00"), Decimal("8.00")),
        (Decimal("100.00"), Decimal("12.00"), Decimal("0.00")),
    ]
    # 10 % of the later rent only (100.00), never of its add-ons.
    assert quote.discount == Decimal("10.00")
    assert quote.total == Decimal("232.00") - Decimal("10.00")


def test_the_quote_call_shows_every_bill_left_with_the_discount_and_the_buyout(
    demo, demo_owner, app, offer
):
    _discount_rate(demo_owner, "0.0333")
    order = in_lease(demo, demo_owner, app, offer)
    overdue = overdue_with_late_fee(demo, order.id)
    bills = _bills(demo, order.id)

    quote = demo_owner.get(QUOTE, {"order_id": order.id})

    assert quote.ok, quote
    data = quote.data
    future = [b for p, b in bills.items() if p >= 3]
    future_rent = sum((b.rent for b in future), Decimal("0.00"))
    discount = _half_up(future_rent * Decimal("0.0333"))
    assert [b["period"] for b in data["bills"]] == list(range(2, 13))
    assert data["bills"][0]["due"] and data["bills"][0]["late_fee"] == str(overdue.late_fee)
    assert Decimal(data["future_rent"]) == future_rent
    assert Decimal(data["discount"]) == discount
    assert sum(Decimal(b["discount"]) for b in data["bills"]) == discount
    assert data["ownership_transfer"] and data["buyout_price"] == "1.00"
    expected = overdue.rent + overdue.late_fee + future_rent - discount + Decimal("1.00")
    assert Decimal(data["total"]) == expected
    assert data["withhold_available"] and data["in_flight"] is None


def test_settled_through_the_provider_every_bill_is_paid_the_order_bought_out_and_the_night_finds_nothing(  # noqa: E501
    demo, demo_owner, app, offer
):
    today = timezone.localdate()
    terms(demo, "5.00")
    _discount_rate(demo_owner, "0.1000")
    order = in_lease(demo, demo_owner, app, offer)
    overdue = overdue_with_late_fee(demo, order.id)
    total = demo_owner.get(QUOTE, {"order_id": order.id}).data["total"]
    body = {"order_id": order.id, "total": total, "method": "provider"}

    started = demo_owner.post(SETTLE, {**body, "idempotency_key": "early-prov-0001"})

    assert started.ok, started
    assert (started.data["status"], started.data["total"]) == ("processing", total)
    held = _bills(demo, order.id)
    assert {b.status for p, b in held.items() if p >= 2} == {"paying"}
    with tenant_context(demo):
        night = bills_debit_due(today=today)  # nothing charged twice meanwhile
    assert night["charged"] == 0
    # Another attempt while it is in flight is refused; the same key answers the same one.
    again = demo_owner.post(SETTLE, {**body, "idempotency_key": "early-prov-0002"})
    assert again.code == 1305
    same = demo_owner.post(SETTLE, {**body, "idempotency_key": "early-prov-0001"})
    assert same.data["id"] == started.data["id"]
    waiting = demo_owner.get(QUOTE, {"order_id": order.id}).data
    assert waiting["in_flight"]["status"] == "processing" and waiting["total"] == total

    # The provider takes the money; before its callback arrives, the shop asks about bill 2.
    sandbox_payments_complete(merchant="demo")
    asked = demo_owner.get("/api/platform/queryPayResult", {"out_no": held[2].out_trade_no})
    assert asked.ok and asked.data["kind"] == "early_settlement", asked
    assert (asked.data["status"], asked.data["amount"]) == ("succeeded", total)
    with tenant_context(demo):
        journals = Journal.objects.count()
    settles(demo)  # the callback, late: nothing changes
    with tenant_context(demo):
        assert Journal.objects.count() == journals

    bills = _bills(demo, order.id)
    assert {b.status for b in bills.values()} == {"paid"}
    assert bills[0].kind == "buyout" and bills[0].paid_amount == Decimal("1.00")
    assert all(bills[p].paid_by == "early" for p in range(2, 13))
    assert bills[2].late_fee_paid == overdue.late_fee and bills[2].discount == 0
    discount = sum((b.discount for b in bills.values()), Decimal("0.00"))
    assert discount == _half_up(sum((bills[p].rent for p in range(3, 13)), Decimal(0)) / 10)
    assert all(b.paid_amount == b.amount - b.discount for b in bills.values())
    detail = detail_of(demo_owner, order.id)
    assert detail["status"] == "bought_out" and detail["stage"] == "finished"
    assert detail["deposit_detail"]["remaining"] == "0.00"  # thawed
    settled = next(e for e in detail["timeline"] if e["action"] == "order.settled_early")
    assert settled["after"]["amount"] == total and settled["after"]["method"] == "provider"
    with tenant_context(demo):
        payments = list(
            BillPayment.objects.filter(early_settlement__isnull=False).select_related("bill")
        )
        journal = Journal.objects.get(kind="early_settlement", order_id=order.id)
    # The books: received = rent + late fee + buyout - discount; commission on what came in.
    books = order_books(demo, order.id)
    assert books["early_settlement_discount"] == discount
    rent = sum((b.rent for b in bills.values() if b.period >= 1), Decimal(0))
    assert books["rent_income"] == rent and books["buyout_income"] == Decimal("1.00")
    assert books["late_fee_income"] == overdue.late_fee
    expected = [
        _half_up((p.bill.rent + p.bill.addon_amount - p.bill.discount) * 5 / 100) for p in payments
    ]
    assert [p.commission for p in payments] == expected
    with tenant_context(demo):
        first = BillPayment.objects.get(bill__order_id=order.id, bill__period=1)
        assert journal.entries.filter(account__code="provider_clearing").get().amount == Decimal(
            total
        )
    assert books["commission_expense"] == first.commission + sum(expected, Decimal(0))
    assert books_balance(demo) == []

    # A replayed callback changes nothing; the night finds nothing left to charge or charge for.
    with tenant_context(demo):
        journals = Journal.objects.count()
    event = SandboxCallback.objects.filter(merchant="demo", event_type="withhold").get()
    assert sandbox_callback_replay(event_id=event.event_id).delivered
    with tenant_context(demo):
        assert Journal.objects.count() == journals
        assert late_fees_accrue(today=today + timedelta(days=40))["bills"] == 0
        night = bills_debit_due(today=today + timedelta(days=400))
        statements_close(today=today + timedelta(days=1))
        cash = account_balance("merchant_cash")
    assert night["due"] == 0
    assert cash == first.amount - first.commission + Decimal(total) - sum(expected, Decimal(0))


def test_a_provider_failure_leaves_every_bill_as_it_was_and_a_retry_settles(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    overdue = overdue_with_late_fee(demo, order.id)
    total = demo_owner.get(QUOTE, {"order_id": order.id}).data["total"]
    body = {"order_id": order.id, "total": total, "method": "provider"}
    # Unreachable: nothing is recorded, the same key may be sent again.
    sandbox_failure_add(service="payment", operation="withhold", reason="SYSTEM_ERROR")
    down = demo_owner.post(SETTLE, {**body, "idempotency_key": "early-fail-0001"})
    assert down.code == 1012
    with tenant_context(demo):
        assert not EarlySettlement.objects.exists()
    sandbox_failures_clear(service="payment")  # the provider answers again
    sandbox_failure_add(
        service="payment", operation="withhold", merchant="demo", reason="INSUFFICIENT_BALANCE"
    )
    tried = demo_owner.post(SETTLE, {**body, "idempotency_key": "early-fail-0001"})
    assert tried.ok, tried
    settles(demo)
    failed = demo_owner.post(SETTLE, {**body, "idempotency_key": "early-fail-0001"})
    assert (failed.data["status"], failed.data["failure_reason"]) == (
        "failed",
        "INSUFFICIENT_BALANCE",
    )
    bills = _bills(demo, order.id)
    assert {b.status for p, b in bills.items() if p >= 2} == {"unpaid"}
    assert bills[2].late_fee == overdue.late_fee and bills[2].late_fee_paid == 0
    assert 0 not in bills  # no buyout bill made
    assert detail_of(demo_owner, order.id)["status"] == "in_lease"
    with tenant_context(demo):
        assert not Journal.objects.filter(kind="early_settlement").exists()

    retried = demo_owner.post(SETTLE, {**body, "idempotency_key": "early-fail-0002"})
    # Another settlement under a number of its own (the failed one's is never reused).
    assert retried.ok and retried.data["settlement_no"] != failed.data["settlement_no"], retried
    settles(demo)

    assert {b.status for b in _bills(demo, order.id).values()} == {"paid"}
    assert detail_of(demo_owner, order.id)["status"] == "bought_out"
    assert books_balance(demo) == []


def test_settled_offline_with_a_voucher_the_commission_is_deducted_and_the_money_never_withdrawable(  # noqa: E501
    demo, demo_owner, app, offer
):
    today = timezone.localdate()
    terms(demo, "5.00")
    order = in_lease(demo, demo_owner, app, offer)
    with tenant_context(demo):
        Order.objects.filter(pk=order.id).update(ownership_transfer=False)
    total = demo_owner.get(QUOTE, {"order_id": order.id}).data["total"]
    body = {"order_id": order.id, "total": total, "method": "offline", "offline": _offline()}

    settled = demo_owner.post(SETTLE, {**body, "idempotency_key": "early-off-0001"})

    assert settled.ok, settled
    assert (settled.data["status"], settled.data["method"]) == ("succeeded", "offline")
    assert settled.data["buyout_price"] == "0.00" and settled.data["receipt_no"]
    bills = _bills(demo, order.id)
    assert 0 not in bills and {b.status for b in bills.values()} == {"paid"}
    assert {bills[p].paid_by for p in range(2, 13)} == {"offline"}
    # No ownership transfer: the lease runs to its end with nothing owed, deposit kept.
    detail = detail_of(demo_owner, order.id)
    assert (detail["status"], detail["stage"]) == ("in_lease", "dealing")
    assert detail["deposit_detail"]["remaining"] != "0.00"
    assert "early_settlement" not in detail["actions"]
    repaid = next(b for b in detail["bills"] if b["period"] == 5)
    assert repaid["settled_early"] and repaid["offline_receipt"]["purpose"] == "early_settlement"
    assert repaid["offline_receipt"]["voucher_url"].startswith("/api/files/")
    books = order_books(demo, order.id)
    assert books["bank"] == Decimal(total)
    with tenant_context(demo):
        first = BillPayment.objects.get(bill__order_id=order.id, bill__period=1)
        offline_commission = sum(
            (p.commission for p in BillPayment.objects.filter(method="offline")), Decimal(0)
        )
        statements_close(today=today + timedelta(days=1))
        cash = account_balance("merchant_cash")
        assert bills_debit_due(today=today + timedelta(days=400))["due"] == 0
    assert offline_commission > 0
    assert cash == first.amount - first.commission - offline_commission
    assert books_balance(demo) == []
    # The same key again: the same settlement, nothing twice.
    again = demo_owner.post(SETTLE, {**body, "idempotency_key": "early-off-0001"})
    assert again.data["id"] == settled.data["id"]
    with tenant_context(demo):
        assert EarlySettlement.objects.count() == 1
        assert Journal.objects.filter(kind="offline_repayment").count() == 1


def test_each_refusal_of_an_early_settlement(demo, demo_owner, acme_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)
    total = demo_owner.get(QUOTE, {"order_id": order.id}).data["total"]
    body = {"order_id": order.id, "total": total, "method": "provider"}

    changed = demo_owner.post(SETTLE, {**body, "total": "1.00", "idempotency_key": "early-r-001"})
    assert changed.code == 1407 and changed.data["total"] == total
    no_receipt = demo_owner.post(
        SETTLE, {**body, "method": "offline", "idempotency_key": "early-r-002"}
    )
    assert no_receipt.code == 400 and "offline" in no_receipt.data["fields"]
    # A payment of the order in flight.
    with tenant_context(demo):
        Bill.objects.filter(order_id=order.id, period=2).update(due_date=timezone.localdate())
        bills_debit_due()
    assert demo_owner.post(SETTLE, {**body, "idempotency_key": "early-r-003"}).code == 1305
    settles(demo)
    total = demo_owner.get(QUOTE, {"order_id": order.id}).data["total"]
    body["total"] = total
    # Buyout (ownership transfer) allowed only from the shop's period.
    _discount_rate(demo_owner, "0.0000", from_period=6)
    assert demo_owner.get(QUOTE, {"order_id": order.id}).code == 1306
    assert demo_owner.post(SETTLE, {**body, "idempotency_key": "early-r-004"}).code == 1306
    _discount_rate(demo_owner, "0.0000", from_period=1)
    # An after-sale business decides what is owed.
    # The customer's request, waiting for the shop's decision (one the shop starts is
    # approved at once and the order is returning: refused as not in lease).
    opened = app.post(
        "/api/applet/applyAfterSale", {"order_no": order.no, "kind": "return", "reason": "退租"}
    )
    assert opened.ok, opened
    assert demo_owner.post(SETTLE, {**body, "idempotency_key": "early-r-005"}).code == 1302
    # Not in lease.
    waiting = awaiting_shipment(demo, demo_owner, app, offer, key="early-r-order", seed=1)
    not_yet = demo_owner.post(
        SETTLE, {**body, "order_id": waiting.id, "idempotency_key": "early-r-006"}
    )
    assert not_yet.code == 409
    assert demo_owner.get(QUOTE, {"order_id": waiting.id}).code == 409
    # Out of scope: a sibling sub-shop, another merchant.
    east = sub_shop_make(demo_owner, "城东店")
    west = sub_shop_make(demo_owner, "城西店", phone="13600000011")
    sub_shop_account_make(demo_owner, east["id"], "east")
    assert demo_owner.post(
        "/api/backend/allocateToSubShop", {"ids": [order.id], "sub_shop_id": west["id"]}
    ).ok
    grant_sub_merchants("finance.manage")
    sibling = sign_in("demo.localhost", "east")
    assert sibling.get(QUOTE, {"order_id": order.id}).code == 404
    assert sibling.post(SETTLE, {**body, "idempotency_key": "early-r-007"}).code == 404
    assert acme_owner.get(QUOTE, {"order_id": order.id}).code == 404
    assert acme_owner.post(SETTLE, {**body, "idempotency_key": "early-r-008"}).code == 404
    with tenant_context(demo):
        assert not EarlySettlement.objects.exists()


def test_each_bill_an_early_settlement_paid_shows_the_providers_trade_number(
    demo, demo_owner, app, offer
):
    """The one trade at the provider paid every bill left: each bill's payment names it (the
    number the customer's statement and the provider's files show)."""
    order = in_lease(demo, demo_owner, app, offer)
    total = demo_owner.get(QUOTE, {"order_id": order.id}).data["total"]
    started = demo_owner.post(
        SETTLE,
        {
            "order_id": order.id,
            "total": total,
            "method": "provider",
            "idempotency_key": "early-tn-0001",
        },
    )
    assert started.ok, started
    sandbox_payments_complete(merchant="demo")
    settles(demo)

    with tenant_context(demo):
        settlement = EarlySettlement.objects.get(order_id=order.id)
        numbers = set(
            BillPayment.objects.filter(early_settlement=settlement, status="succeeded").values_list(
                "provider_reference", flat=True
            )
        )
    connection.set_schema_to_public()
    assert settlement.status == "succeeded"
    assert settlement.provider_reference and numbers == {settlement.provider_reference}


def test_an_approved_buyout_whose_withhold_failed_is_settled_offline_by_finance(
    demo, demo_owner, app, offer
):
    """The customer pays the approved buyout at the shop after the withhold failed: finance
    settles it early, offline, while the buyout is still open; the lease ends bought out."""
    order = in_lease(demo, demo_owner, app, offer)
    opened = app.post(
        "/api/applet/applyAfterSale",
        {"order_no": order.no, "kind": "buyout", "reason": "想留下这台手机"},
    )
    assert opened.ok, opened
    sandbox_failure_add(service="payment", operation="withhold", reason="INSUFFICIENT_BALANCE")
    approved = demo_owner.post(
        "/api/platform/dealAfterSale",
        {"order_id": order.id, "decision": "approve", "idempotency_key": "buyout-fail-1"},
    )
    assert approved.ok and approved.data["status"] == "approved", approved
    settles(demo)
    assert detail_of(demo_owner, order.id)["has_open_after_sale"]

    total = demo_owner.get(QUOTE, {"order_id": order.id}).data["total"]
    settled = demo_owner.post(
        SETTLE,
        {
            "order_id": order.id,
            "total": total,
            "method": "offline",
            "offline": _offline(),
            "idempotency_key": "buyout-offline-1",
        },
    )

    assert settled.ok, settled
    detail = detail_of(demo_owner, order.id)
    assert (detail["status"], detail["has_open_after_sale"]) == ("bought_out", False)
    assert {b.status for b in _bills(demo, order.id).values()} == {"paid"}
    assert books_balance(demo) == []


def test_a_buyout_a_cent_short_pays_every_bill_yet_never_ends_the_lease_without_its_price(
    demo, demo_owner, app, offer
):
    """No discount: what the rent asks fits in what came, the buyout price (1.00) does not.
    The settlement is short: every bill paid, no buyout bill, the lease running."""
    _discount_rate(demo_owner, "0")
    order = in_lease(demo, demo_owner, app, offer)
    quoted = demo_owner.get(QUOTE, {"order_id": order.id}).data
    assert (quoted["ownership_transfer"], quoted["buyout_price"]) == (True, "1.00")
    sandbox_failure_add(service="payment", operation="withhold", reason="AMOUNT_DIFFERS")

    started = demo_owner.post(
        SETTLE,
        {
            "order_id": order.id,
            "total": quoted["total"],
            "method": "provider",
            "idempotency_key": "early-short-buyout",
        },
    )
    assert started.ok, started
    settles(demo)

    with tenant_context(demo):
        settlement = EarlySettlement.objects.get(order_id=order.id)
    connection.set_schema_to_public()
    bills = _bills(demo, order.id)
    assert settlement.status == "short"
    assert 0 not in bills and {b.status for b in bills.values()} == {"paid"}
    detail = detail_of(demo_owner, order.id)
    assert detail["status"] == "in_lease"
    assert books_balance(demo) == []
