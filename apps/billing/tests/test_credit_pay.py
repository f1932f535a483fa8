"""Instalments from the authorisation (docs/zhima.md, `credit_pay.py`): a deposit-free
lease's bills are charged against its Zhima authorisation through the one collection path
(NOT_COMPLETE while the goods are out; COMPLETE for the payment that ends an ended lease's
money, the provider releasing the rest with it), and only fund money is ever booked on the
deposit's accounts — to the cent across the freeze, the instalments, a buyout and a return."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.models import Bill, BillPayment, DepositOperation, EarlySettlement
from apps.billing.rent_run import bills_debit_due
from apps.billing.tests.test_credit_orders import (
    DEAL,
    credit_order,
    deposit_free,
    deposit_journal_amounts,
    syncs,
)
from apps.orders.models import Order
from tests.leases import (
    books_balance,
    deposit_of,
    detail_of,
    in_lease,
    order_books,
    provider_settles,
)
from zulin.providers.models import SandboxPaymentRecord
from zulin.providers.sandbox import sandbox_failure_add


def _night(merchant, order_id: int, period: int, *, due=None) -> None:
    """Bill `period` falls due and the night's collection runs; the provider settles."""
    today = timezone.localdate()
    with tenant_context(merchant):
        Bill.objects.filter(order_id=order_id, period=period).update(due_date=due or today)
        bills_debit_due(today=today)
    connection.set_schema_to_public()
    provider_settles(merchant)


def _payments(merchant, order_id: int) -> list[tuple[int, str, str, Decimal]]:
    with tenant_context(merchant):
        found = [
            (p.bill.period, p.method, p.status, p.amount)
            for p in BillPayment.objects.filter(bill__order_id=order_id)
            .select_related("bill")
            .order_by("id")
        ]
    connection.set_schema_to_public()
    return found


def _auth_pays(merchant, auth_no: str) -> list[tuple[str, str, Decimal]]:
    with tenant_context(merchant):
        found = [
            (r.operation, r.auth_confirm_mode, r.amount)
            for r in SandboxPaymentRecord.objects.filter(
                merchant="demo", auth_no=auth_no, operation="withhold"
            ).order_by("id")
        ]
    connection.set_schema_to_public()
    return found


def _return(app, owner, order) -> None:
    assert app.post("/api/applet/applyAfterSale", {"order_no": order.no, "kind": "return"}).ok
    assert owner.post(DEAL, {"order_id": order.id, "decision": "approve"}).ok
    for payload in (
        {"decision": "receive", "device_serial": "IMEI-1"},
        {"decision": "inspect", "damage_amount": "0"},
    ):
        answer = owner.post(DEAL, {"order_id": order.id, **payload})
        assert answer.ok, (payload, answer)


def test_instalments_come_from_the_authorisation_and_a_return_completes_it_to_the_cent(
    demo, demo_owner, app, offer
):
    deposit_free(demo_owner, demo, offer, credit_max="333.33")
    sandbox_failure_add(service="payment", operation="freeze", reason="CREDIT_SPLIT")
    order = in_lease(demo, demo_owner, app, offer)
    # No withhold agreement needed: the authorisation carries the instalments.
    with tenant_context(demo):
        Order.objects.filter(pk=order.id).update(withhold_agreement_no="")
    connection.set_schema_to_public()
    row = credit_order(demo, order.id)
    assert (row.credit_amount, row.fund_amount) == (Decimal("166.66"), Decimal("333.34"))
    # The order's deposit shows both parts, labelled apart (and each operation's credit).
    deposit = detail_of(demo_owner, order.id)["deposit_detail"]
    assert (deposit["frozen_credit"], deposit["frozen_fund"]) == ("166.66", "333.34")
    assert [(op["kind"], op["credit_amount"]) for op in deposit["operations"]] == [
        ("freeze", "166.66")
    ]
    rent_before = order_books(demo, order.id).get("rent_income", Decimal("0.00"))

    _night(demo, order.id, 2)
    _night(demo, order.id, 3)

    paid = [p for p in _payments(demo, order.id) if p[0] in (2, 3)]
    assert [(period, method, status) for period, method, status, _ in paid] == [
        (2, "auth", "succeeded"),
        (3, "auth", "succeeded"),
    ]
    instalments = sum((amount for *_, amount in paid), Decimal("0.00"))
    # Charged against the authorisation, leaving it open (the goods are still out).
    assert _auth_pays(demo, row.auth_no) == [
        ("withhold", "NOT_COMPLETE", amount) for *_, amount in paid
    ]
    # What is frozen stands as it was; the instalments are rent, money whole.
    assert deposit_of(demo_owner, order.id)["remaining"] == "500.00"
    books = order_books(demo, order.id)
    assert books["deposit_frozen"] == Decimal("333.34")
    assert books["rent_income"] - rent_before == instalments
    with tenant_context(demo):
        assert Bill.objects.get(order_id=order.id, period=2).paid_by == "auth"
    connection.set_schema_to_public()
    # The service saw those payments itself: nothing to tell about them.
    assert syncs(demo, order.id) == []

    _return(app, demo_owner, order)
    provider_settles(demo)

    assert detail_of(demo_owner, order.id)["status"] == "completed"
    with tenant_context(demo):
        thaw = DepositOperation.objects.get(order_id=order.id, kind="thaw")
    connection.set_schema_to_public()
    assert (thaw.amount, thaw.credit_amount) == (Decimal("500.00"), Decimal("166.66"))
    assert credit_order(demo, order.id).status == "completed"
    # Only the customer's money ever reached the deposit's accounts: frozen, then thawed.
    assert sorted(deposit_journal_amounts(demo, order.id)) == [Decimal("333.34")] * 4
    books = order_books(demo, order.id)
    assert "deposit_frozen" not in books and "deposit_held" not in books
    assert books_balance(demo) == []


def test_the_payment_ending_an_ended_leases_money_completes_the_authorisation(
    demo, demo_owner, app, offer
):
    deposit_free(demo_owner, demo, offer)  # all credit: 500.00 of guarantee, no money
    order = in_lease(demo, demo_owner, app, offer)
    with tenant_context(demo):
        Order.objects.filter(pk=order.id).update(withhold_agreement_no="")
        Bill.objects.filter(order_id=order.id, period=2).update(
            due_date=timezone.localdate() - timedelta(days=3)
        )
    connection.set_schema_to_public()
    # The deposit's transfer for the debt at the return is refused: nothing is swallowed,
    # the deposit stays frozen for the debt.
    sandbox_failure_add(service="payment", operation="transfer", reason="AUTH_LIMITED")
    _return(app, demo_owner, order)
    provider_settles(demo)
    detail = detail_of(demo_owner, order.id)
    assert detail["status"] == "completed"
    assert deposit_of(demo_owner, order.id)["remaining"] == "500.00"
    row = credit_order(demo, order.id)
    assert row.status == "performing"

    # The nights charge what is owed against the authorisation, oldest first.
    for _ in range(3):
        with tenant_context(demo):
            bills_debit_due(today=timezone.localdate())
        connection.set_schema_to_public()
        provider_settles(demo)
    with tenant_context(demo):
        assert not Bill.objects.filter(order_id=order.id, status__in=["unpaid", "paying"])
    connection.set_schema_to_public()
    paid = [p for p in _payments(demo, order.id) if p[1] == "auth"]
    assert paid and all(status == "succeeded" for _, _, status, _ in paid)
    # Only the last completes the authorisation.
    assert _auth_pays(demo, row.auth_no) == [
        ("withhold", "NOT_COMPLETE", amount) for *_, amount in paid[:-1]
    ] + [("withhold", "COMPLETE", paid[-1][3])]
    last_no = paid[-1][0]
    # The provider released the rest with it; the order records that release as its thaw.
    with tenant_context(demo):
        thaw = DepositOperation.objects.get(order_id=order.id, kind="thaw")
        released = SandboxPaymentRecord.objects.get(merchant="demo", operation="thaw")
    connection.set_schema_to_public()
    with tenant_context(demo):
        last = BillPayment.objects.filter(bill__order_id=order.id, method="auth").last()
    connection.set_schema_to_public()
    assert last is not None and last.bill_id and last_no is not None
    assert thaw.out_request_no == released.out_no == f"{last.out_trade_no}U"
    assert (thaw.status, thaw.amount, thaw.credit_amount) == (
        "succeeded",
        Decimal("500.00"),
        Decimal("500.00"),
    )
    assert deposit_of(demo_owner, order.id)["remaining"] == "0.00"
    assert credit_order(demo, order.id).status == "completed"
    assert [(s, r) for _, s, r, _ in syncs(demo, order.id)] == [("COMPLETE", "succeeded")]
    # All credit: no journal ever touched the deposit's accounts.
    assert deposit_journal_amounts(demo, order.id) == []
    assert books_balance(demo) == []


def test_a_buyout_is_charged_against_the_authorisation_and_completes_it_to_the_cent(
    demo, demo_owner, app, offer
):
    # Given a split deposit (166.66 of guarantee, 333.34 of the customer's money), no
    # withhold agreement, and bill 2 taken from the authorisation
    deposit_free(demo_owner, demo, offer, credit_max="333.33")
    sandbox_failure_add(service="payment", operation="freeze", reason="CREDIT_SPLIT")
    order = in_lease(demo, demo_owner, app, offer)
    with tenant_context(demo):
        Order.objects.filter(pk=order.id).update(withhold_agreement_no="")
    connection.set_schema_to_public()
    row = credit_order(demo, order.id)
    _night(demo, order.id, 2)
    income_before = order_books(demo, order.id)

    # When the customer buys the goods out and the shop approves
    opened = app.post(
        "/api/applet/applyAfterSale", {"order_no": order.no, "kind": "buyout", "reason": "留下"}
    )
    assert opened.ok, opened
    approved = demo_owner.post(
        DEAL, {"order_id": order.id, "decision": "approve", "idempotency_key": "zhima-buy-auth"}
    )
    assert approved.ok, approved
    provider_settles(demo)

    # Then the buyout is one payment against the authorisation that completes it
    assert detail_of(demo_owner, order.id)["status"] == "bought_out"
    with tenant_context(demo):
        settlement = EarlySettlement.objects.get(order_id=order.id)
        early = list(
            BillPayment.objects.filter(out_trade_no=settlement.settlement_no).select_related("bill")
        )
        thaw = DepositOperation.objects.get(order_id=order.id, kind="thaw")
    connection.set_schema_to_public()
    assert settlement.status == "succeeded" and settlement.buyout_amount > 0
    [instalment] = [
        amount for _, method, _, amount in _payments(demo, order.id) if method == "auth"
    ]
    assert _auth_pays(demo, row.auth_no) == [
        ("withhold", "NOT_COMPLETE", instalment),
        ("withhold", "COMPLETE", settlement.total),
    ]
    # the settlement's bills (the buyout among them) paid to the cent of what it took
    assert settlement.received == settlement.total
    assert sum((p.amount for p in early), Decimal("0.00")) == settlement.total
    assert {p.bill.period for p in early} >= {0} and all(p.auth_complete for p in early)
    # the rest released by the provider with it, recorded as its thaw: 500.00, of which
    # 166.66 guarantee; nothing more thawed by a request of ours
    assert thaw.out_request_no == f"{settlement.settlement_no}U"
    assert (thaw.status, thaw.amount, thaw.credit_amount) == (
        "succeeded",
        Decimal("500.00"),
        Decimal("166.66"),
    )
    assert deposit_of(demo_owner, order.id)["remaining"] == "0.00"
    assert credit_order(demo, order.id).status == "completed"
    assert [(s, r) for _, s, r, _ in syncs(demo, order.id)] == [("COMPLETE", "succeeded")]
    # credit never in the ledger: the deposit's accounts saw the fund part only, frozen and
    # thawed; the buyout's money is income, whole
    assert sorted(deposit_journal_amounts(demo, order.id)) == [Decimal("333.34")] * 4
    books = order_books(demo, order.id)
    assert "deposit_frozen" not in books and "deposit_held" not in books
    income = ("rent_income", "addon_income", "buyout_income")
    gained = sum(
        (books.get(a, Decimal("0.00")) - income_before.get(a, Decimal("0.00")) for a in income),
        Decimal("0.00"),
    ) - (books.get("early_settlement_discount", Decimal("0.00")))
    assert gained == settlement.total
    assert books_balance(demo) == []
