"""The money figures billing keeps on the order's row (`apps/billing/order_figures.py`,
issue 62 item 2): orders' guards and actions read them and never billing, so each must be
right after every money move that changes it — a payment, a deposit transfer, a waiver, an
early settlement. Each step is checked two ways: the figures a user relies on (periods paid,
what is open, the deposit free) and the row against what billing's rows say now. The money
state machine checks the same after every one of its steps
(test_money_machine.py, `the_orders_money_figures_are_billings`)."""

from __future__ import annotations

from dataclasses import astuple
from decimal import Decimal

from django.db import connection
from django_tenants.utils import tenant_context

from apps.billing.order_figures import order_money
from apps.orders.models import Order
from apps.orders.outcomes import MONEY_FIELDS
from tests.leases import in_lease, provider_settles

TRANSFER = "/api/platform/depositTransferPay"
WITHHOLD = "/api/v2/BillPayment"
WAIVE = "/api/finance/waiveOrderCharge"


def _kept(merchant, order_id: int) -> dict[str, object]:
    """The order's figures as kept on its row, after checking them against billing's rows."""
    with tenant_context(merchant):
        order = Order.objects.get(pk=order_id)
        kept = {name: getattr(order, name) for name in MONEY_FIELDS}
        counted = dict(zip(MONEY_FIELDS, astuple(order_money(order)), strict=True))
    connection.set_schema_to_public()
    assert kept == counted, f"kept {kept}, billing's rows say {counted}"
    return kept


def test_a_lease_in_lease_keeps_its_first_payment_and_deposit(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)  # grade B: 500.00 frozen, bill 1 paid
    kept = _kept(demo, order.id)
    assert (kept["paid_periods"], kept["bills_open"], kept["instalments_open"]) == (1, True, True)
    assert (kept["deposit_free"], kept["settling_early"]) == (Decimal("500.00"), False)
    assert kept["money_paid"] == Decimal("399.00")


def test_a_deposit_transfer_holds_the_deposit_then_pays_the_bill(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)
    taken = demo_owner.post(
        TRANSFER, {"order_id": order.id, "purpose": "bills", "idempotency_key": "figures-tr-1"}
    )
    assert taken.ok, taken
    # In flight: what is being taken is not free, the bill it claimed not paid yet.
    kept = _kept(demo, order.id)
    assert (kept["deposit_free"], kept["paid_periods"]) == (Decimal("101.00"), 1)

    provider_settles(demo)

    kept = _kept(demo, order.id)
    assert (kept["deposit_free"], kept["paid_periods"]) == (Decimal("101.00"), 2)
    assert kept["money_paid"] == Decimal("798.00")
    # The deposit's thaw is offered while some of it is free.
    assert (
        "deposit_thaw"
        in demo_owner.get("/api/merchant/orderInfo", {"id": order.id}).data["actions"]
    )


def test_a_withhold_payment_and_a_waiver_move_the_figures_at_once(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)
    paid = demo_owner.post(
        WITHHOLD, {"order_id": order.id, "period": 2, "idempotency_key": "figures-wh-1"}
    )
    assert paid.ok, paid
    provider_settles(demo)
    assert _kept(demo, order.id)["paid_periods"] == 2
    before = _kept(demo, order.id)["money_owed"]

    waived = demo_owner.post(
        WAIVE,
        {
            "order_id": order.id,
            "period": 3,
            "reason": "客户困难，减免整期",
            "idempotency_key": "figures-wv-1",
        },
    )
    assert waived.ok, waived
    kept = _kept(demo, order.id)
    assert kept["money_owed"] == before - Decimal("399.00")
    assert kept["paid_periods"] == 2  # a waiver pays nothing
