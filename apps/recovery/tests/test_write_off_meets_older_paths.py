"""A write-off is not a waiver anywhere: every path that asks what an order owes
(`apps.billing.selectors.order_owed`) sees a written-off bill as still owed — a deposit
transfer, a return's settlement and its thaw, the early-settlement and buyout quotes, the
order's owed amount and stage. The demo's kind of lease: 12 monthly bills of 399.00, bill 1
paid, 500.00 deposit frozen; bill 2 written off 200 days past due."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.db import connection
from django.utils import timezone
from django_tenants.utils import tenant_context

from apps.billing.models import Bill
from apps.orders.models import Order
from tests.leases import deposit_of, detail_of, in_lease, provider_settles

from .support import case_of, night, overdue_lease

WRITE_OFF = "/api/backend/writeOffDebt"
TRANSFER = "/api/platform/depositTransferPay"
THAW = "/api/platform/depositThaw"
APPLY = "/api/platform/applyAfterSale"
DEAL = "/api/platform/dealAfterSale"
QUOTE = "/api/finance/getEarlySettlementQuote"


def _written_off(demo, owner, app, offer, n: int):
    """A lease with bill 2 200 days past due, its case opened and written off."""
    order = overdue_lease(demo, owner, app, offer, days=200, n=n)
    night(demo)
    done = owner.post(
        WRITE_OFF,
        {
            "case_id": case_of(demo, order.id).pk,
            "reason": "失联半年",
            "idempotency_key": f"write-off-{n}",
        },
    )
    assert done.ok and done.data["state"] == "written_off", done
    return order


def _bill(demo, order_id: int, period: int) -> Bill:
    with tenant_context(demo):
        bill = Bill.objects.get(order_id=order_id, period=period)
    connection.set_schema_to_public()
    return bill


def _order(demo, order_id: int) -> Order:
    with tenant_context(demo):
        order = Order.objects.get(pk=order_id)
    connection.set_schema_to_public()
    return order


def _return(owner, order_id: int, serial: str, damage: str = "0.00") -> None:
    for path, payload in (
        (APPLY, {"order_id": order_id, "kind": "return", "reason": "不租了"}),
        (DEAL, {"order_id": order_id, "decision": "receive", "device_serial": serial}),
        (DEAL, {"order_id": order_id, "decision": "inspect", "damage_amount": damage}),
    ):
        answer = owner.post(path, payload)
        assert answer.ok, (path, payload, answer)


def test_a_deposit_transfer_pays_the_written_off_bill_first(demo, demo_owner, app, offer):
    order = _written_off(demo, demo_owner, app, offer, n=61)

    taken = demo_owner.post(
        TRANSFER, {"order_id": order.id, "purpose": "bills", "idempotency_key": "wo-transfer-61"}
    )

    # Bill 2 (written off, still owed) first: 500.00 covers it whole, not bill 3 as well.
    assert taken.ok and taken.data["amount"] == "399.00", taken
    assert _bill(demo, order.id, 2).status == "paying"
    assert _bill(demo, order.id, 3).status == "unpaid"
    provider_settles(demo)
    paid = _bill(demo, order.id, 2)
    assert (paid.status, paid.paid_by, paid.recovered_after_write_off) == (
        "paid",
        "deposit",
        Decimal("399.00"),
    )
    assert _bill(demo, order.id, 3).status == "unpaid"


def test_the_shops_thaw_is_refused_while_a_written_off_bill_is_owed(demo, demo_owner, app, offer):
    order = _written_off(demo, demo_owner, app, offer, n=62)

    thaw = demo_owner.post(
        THAW, {"order_id": order.id, "amount": "100.00", "idempotency_key": "wo-thaw-62"}
    )

    assert thaw.code == 1409, thaw
    assert deposit_of(demo_owner, order.id)["thawed"] == "0.00"


def test_a_return_after_a_write_off_takes_the_debt_from_the_deposit_before_thawing(
    demo, demo_owner, app, offer
):
    order = _written_off(demo, demo_owner, app, offer, n=63)

    _return(demo_owner, order.id, "IMEI-R63")

    # The transfer for bill 2 waits for the provider: nothing is thawed meanwhile.
    assert deposit_of(demo_owner, order.id)["thawed"] == "0.00"
    assert _bill(demo, order.id, 2).status == "paying"
    provider_settles(demo)  # the transfer confirmed, then the rest thawed
    deposit = deposit_of(demo_owner, order.id)
    assert (deposit["transferred"], deposit["thawed"], deposit["remaining"]) == (
        "399.00",
        "101.00",
        "0.00",
    ), deposit
    assert _bill(demo, order.id, 2).status == "paid"
    ended = _order(demo, order.id)
    assert (ended.status, ended.owed_amount) == ("completed", Decimal("0.00"))


def test_the_early_settlement_quote_asks_the_written_off_bill(demo, demo_owner, app, offer):
    order = _written_off(demo, demo_owner, app, offer, n=64)

    quote = demo_owner.get(QUOTE, {"order_id": order.id})

    assert quote.ok, quote
    lines = {line["period"]: line for line in quote.data["bills"]}
    assert lines[2]["due"] is True and lines[2]["amount"] == "399.00", lines.get(2)
    # Bill 2 is the only bill due: what is due is exactly it.
    assert quote.data["due_amount"] == "399.00"


def test_a_written_off_charge_keeps_the_ended_order_owing(demo, demo_owner, app, offer):
    order = in_lease(
        demo,
        demo_owner,
        app,
        offer,
        key="wo-charge-65",
        seed=65,
        phone="13911110065",
        tracking_no="SF9000000065",
        serial="IMEI-R65",
    )
    # Damage of 800.00 above the 500.00 deposit: 300.00 stays owed as a charge.
    _return(demo_owner, order.id, "IMEI-R65", damage="800.00")
    provider_settles(demo)
    owing = _order(demo, order.id)
    assert (owing.owed_amount, owing.stage) == (Decimal("300.00"), "owing"), owing.stage
    with tenant_context(demo):
        charge = Bill.objects.get(order_id=order.id, kind="damage")
        charge.due_date = timezone.localdate() - timedelta(days=200)
        charge.save(update_fields=["due_date"])
    connection.set_schema_to_public()
    night(demo)
    done = demo_owner.post(
        WRITE_OFF,
        {
            "case_id": case_of(demo, order.id).pk,
            "reason": "失联",
            "idempotency_key": "write-off-65",
        },
    )
    assert done.ok, done

    # A write-off is neither payment nor waiver: the order still owes 300.00.
    ended = _order(demo, order.id)
    assert (ended.owed_amount, ended.stage) == (Decimal("300.00"), "owing")
    assert detail_of(demo_owner, order.id)["owed_amount"] == "300.00"
