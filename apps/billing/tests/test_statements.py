"""Settlement statements: a cycle's movements at the provider become withdrawable."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.models import BillPayment, Statement, StatementLine
from apps.billing.statements import statements_close
from tenants.merchants.models import SettlementTerms
from tests.leases import awaiting_shipment, books_balance, in_lease, provider_settles
from zulin.ledger.selectors import account_balance


def _terms(merchant, cycle: str, rate: str = "5.00") -> None:
    SettlementTerms.objects.create(
        merchant=merchant,
        commission_rate=Decimal(rate),
        settlement_cycle=cycle,
        bank_name="招商银行",
        account_name="演示租赁",
        account_number="6225880000000001",
    )


def _close(merchant, day):
    with tenant_context(merchant):
        result = statements_close(today=day)
        statements = list(Statement.objects.order_by("period_end"))
        cash = account_balance("merchant_cash")
    connection.set_schema_to_public()
    return result, statements, cash


def test_a_t_plus_1_statement_settles_the_day_a_day_later_once(demo, demo_owner, app, offer):
    today = timezone.localdate()
    _terms(demo, "T+1")
    order = in_lease(demo, demo_owner, app, offer)
    with tenant_context(demo):
        payment = BillPayment.objects.get(bill__order_id=order.id, status="succeeded")
        clearing = account_balance("provider_clearing", sub_key=f"order:{order.id}")
    connection.set_schema_to_public()

    early, statements, cash = _close(demo, today)
    assert (early["closed"], statements, cash) == (0, [], 0)  # its day has not come

    result, statements, cash = _close(demo, today + timedelta(days=1))
    (statement,) = statements
    assert result["closed"] == 1
    assert (statement.period_start, statement.period_end) == (today, today)
    assert statement.received == payment.amount  # the first bill, paid at signing
    assert statement.commission == payment.commission > 0
    assert statement.net == statement.received - statement.commission - statement.refunded
    assert statement.net == clearing  # what sat at the provider for the order
    assert cash == statement.net  # withdrawable now
    with tenant_context(demo):
        lines = StatementLine.objects.filter(statement=statement)
        assert sum(line.amount for line in lines) == statement.net
        assert account_balance("provider_clearing", sub_key=f"order:{order.id}") == 0
    connection.set_schema_to_public()

    again, statements_again, cash_again = _close(demo, today + timedelta(days=1))
    assert (again["closed"], len(statements_again), cash_again) == (0, 1, cash)
    assert books_balance(demo) == []


def test_a_monthly_statement_closes_on_the_first_of_the_next_month(demo, demo_owner, app, offer):
    today = timezone.localdate()
    _terms(demo, "monthly")
    in_lease(demo, demo_owner, app, offer)
    month_end = (today.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)

    result, statements, _ = _close(demo, month_end)
    assert (result["closed"], statements) == (0, [])
    result, statements, cash = _close(demo, month_end + timedelta(days=1))
    (statement,) = statements
    assert (statement.period_start, statement.period_end) == (today.replace(day=1), month_end)
    assert cash == statement.net > 0


def test_refunds_above_the_withdrawable_balance_hold_the_statement_until_covered(
    demo, demo_owner, app, offer
):
    today = timezone.localdate()
    _terms(demo, "T+1")
    order = awaiting_shipment(demo, demo_owner, app, offer)
    _, _, cash = _close(demo, today + timedelta(days=1))  # the first bill is withdrawable
    assert cash > 0
    # The order is closed today: the payment goes back in full, booked after its day closed.
    assert demo_owner.post(
        "/api/platform/closeOrders", {"ids": [order.id], "reason": "客户取消"}
    ).ok
    provider_settles(demo)
    with tenant_context(demo):
        from zulin.ledger.services import post_event

        # The owner applied for the cash meanwhile (a withdrawal freezes it).
        post_event("withdrawal_freeze", {"amount": cash}, reference="test-take-cash")
    connection.set_schema_to_public()
    result, statements, _ = _close(demo, today + timedelta(days=2))
    assert (result["closed"], result["held"]) == (0, 1)  # nothing to take the refund from
    assert [s.status for s in statements] == ["closed", "held"]
    with tenant_context(demo):
        from zulin.ledger.services import post_event

        post_event("withdrawal_back", {"amount": cash}, reference="test-put-cash")
    connection.set_schema_to_public()
    result, statements, cash_left = _close(demo, today + timedelta(days=2))
    assert (result["closed"], result["held"]) == (1, 0)
    assert [s.status for s in statements] == ["closed", "closed"]
    assert statements[1].period_start == today + timedelta(days=1)  # late: the next period
    assert statements[0].net + statements[1].net == cash_left == 0
    assert books_balance(demo) == []


def test_a_day_that_nets_less_than_a_yuan_still_makes_it_withdrawable(demo, demo_owner, app, offer):
    today = timezone.localdate()
    _terms(demo, "T+1", rate="0.00")
    order = in_lease(demo, demo_owner, app, offer)
    from apps.billing.payments import payment_refund

    # The same day most of the payment goes back: 0.50 of it stays with the shop.
    with tenant_context(demo):
        payment = BillPayment.objects.select_related("bill").get(
            bill__order_id=order.id, status="succeeded"
        )
        payment_refund(
            payment=payment,
            amount=payment.amount - Decimal("0.50"),
            purpose="order",
            reason="多收退还",
            actor=None,
        )
    connection.set_schema_to_public()
    provider_settles(demo)

    result, statements, cash = _close(demo, today + timedelta(days=1))

    (statement,) = statements
    assert (result["closed"], statement.status, statement.net) == (1, "closed", Decimal("0.50"))
    assert cash == Decimal("0.50")  # withdrawable, cent for cent
    assert books_balance(demo) == []


def test_a_held_day_is_netted_against_the_following_days_and_closed_once_covered(demo):
    # Given T+1, a day whose 100.00 became withdrawable and was taken by a withdrawal
    from zulin.ledger.services import post_event

    today = timezone.localdate()
    day1, day2, day3, day4 = (today - timedelta(days=n) for n in (5, 4, 3, 2))
    _terms(demo, "T+1")

    def moved(reference: str, kind: str, day, received: Decimal) -> None:
        amounts = {"received": received, "rent": received} if received > 0 else {}
        post_event(
            kind,
            amounts or {"refunded": -received},
            reference=reference,
            order_id=1,  # on the order's sub-ledger
            moved_on=day,
        )

    with tenant_context(demo):
        moved("pay:day1", "bill_payment", day1, Decimal("100.00"))
    connection.set_schema_to_public()
    _, _, cash = _close(demo, today)  # a statement takes journals booked by its night only
    assert cash == Decimal("100.00")
    with tenant_context(demo):
        post_event("withdrawal_freeze", {"amount": cash}, reference="test-take-cash-held")
        # A refund nets day 2 negative; day 3's income is not yet enough, day 4's is.
        moved("refund:day2", "refund", day2, Decimal("-30.00"))
        moved("pay:day3", "bill_payment", day3, Decimal("10.00"))
        moved("pay:day4", "bill_payment", day4, Decimal("50.00"))
    connection.set_schema_to_public()

    # When the statements of days 2 to 4 close (a night that had missed them)
    result, statements, cash = _close(demo, today)

    # Then day 2 is held through day 3 and closed with day 4, its net withdrawable
    assert (result["closed"], result["held"], result["net"]) == (1, 0, "30.00")
    assert [(s.period_start, s.period_end, s.status) for s in statements] == [
        (day1, day1, "closed"),
        (day2, day4, "closed"),
    ]
    assert statements[1].net == Decimal("30.00") == cash
    assert statements[1].refunded == Decimal("30.00")
    # A replayed night changes nothing.
    again, statements_again, cash_again = _close(demo, today)
    assert (again["closed"], again["held"], len(statements_again), cash_again) == (0, 0, 2, cash)


def test_a_held_day_stays_held_while_the_following_days_do_not_cover_it(demo, demo_owner):
    from zulin.ledger.services import post_event

    today = timezone.localdate()
    day1, day2 = today - timedelta(days=3), today - timedelta(days=2)
    _terms(demo, "T+1")
    with tenant_context(demo):
        post_event(
            "refund",
            {"refunded": Decimal("30.00")},
            reference="refund:held-only",
            order_id=1,  # on the order's sub-ledger
            moved_on=day1,
        )
        post_event(
            "bill_payment",
            {"received": Decimal("10.00"), "rent": Decimal("10.00")},
            reference="pay:held-only",
            order_id=1,
            moved_on=day2,
        )
    connection.set_schema_to_public()

    result, statements, cash = _close(demo, today)

    # One held statement, the span still short: nothing posted, retried by the next night
    assert (result["closed"], result["held"]) == (0, 1)
    assert [(s.period_start, s.period_end, s.status) for s in statements] == [
        (day1, today - timedelta(days=1), "held")
    ]
    assert cash == 0
    # The finance screen's totals say why it is held and how short it is of closing.
    held = demo_owner.get("/api/finance/getMarkCollect").data["held"]
    assert {k: held[k] for k in ("period_start", "period_end", "net", "short")} == {
        "period_start": day1.isoformat(),
        "period_end": (today - timedelta(days=1)).isoformat(),
        "net": "-20.00",
        "short": "20.00",
    }
    assert (held["received"], held["refunded"], held["cycle"]) == ("10.00", "30.00", "T+1")
