"""The frozen deposit of a lease taken further by the shop: transfer-to-pay for bills or
damage (counted only when the provider confirms, never more than is still frozen), thaw of
what remains, and money taken given back (refundDeposit)."""

from __future__ import annotations

from decimal import Decimal

from tests.events import events_of
from tests.leases import (
    bill_states,
    books_balance,
    deposit_of,
    detail_of,
    in_lease,
    order_books,
    provider_settles,
)

TRANSFER = "/api/platform/depositTransferPay"
THAW = "/api/platform/depositThaw"
REFUND = "/api/platform/refundDeposit"


def _operations(owner, order_id) -> list[tuple[str, str, str, str]]:
    ops = detail_of(owner, order_id)["deposit_detail"]["operations"]
    return [(op["kind"], op["amount"], op["status"], op["purpose"]) for op in ops]


def test_deposit_pays_the_oldest_unpaid_bill_only_once_the_provider_confirms(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)  # grade B: 500.00 frozen
    assert deposit_of(demo_owner, order.id)["remaining"] == "500.00"

    taken = demo_owner.post(
        TRANSFER, {"order_id": order.id, "purpose": "bills", "idempotency_key": "transfer-0001"}
    )

    # Whole bills only: 500.00 covers bill 2 (399.00), not bill 3 as well.
    assert taken.ok, taken
    assert (taken.data["kind"], taken.data["amount"], taken.data["status"]) == (
        "transfer",
        "399.00",
        "processing",
    )
    # The operation names the bill it pays.
    ops = detail_of(demo_owner, order.id)["deposit_detail"]["operations"]
    assert [(op["kind"], op["bill_periods"]) for op in ops] == [("freeze", []), ("transfer", [2])]
    # Nothing counts before the provider confirms, but what is being taken is held back.
    assert deposit_of(demo_owner, order.id) == {
        "frozen": "500.00",
        "transferred": "0.00",
        "thawed": "0.00",
        "remaining": "500.00",
        "state": "frozen",
    }
    # The bill is held for the transfer (no other way of paying can reach it meanwhile).
    assert bill_states(demo_owner, order.id)[2] == "paying"
    held_back = demo_owner.post(
        THAW, {"order_id": order.id, "amount": "200.00", "idempotency_key": "thaw-0001"}
    )
    assert held_back.code == 1303

    provider_settles(demo)

    assert deposit_of(demo_owner, order.id) == {
        "frozen": "500.00",
        "transferred": "399.00",
        "thawed": "0.00",
        "remaining": "101.00",
        "state": "frozen",
    }
    bills = {b["period"]: b for b in detail_of(demo_owner, order.id)["bills"]}
    assert (bills[2]["status"], bills[2]["paid_by"], bills[2]["paid_amount"]) == (
        "paid",
        "deposit",
        "399.00",
    )
    assert bills[3]["status"] == "unpaid"
    assert order_books(demo, order.id)["rent_income"] == Decimal("798.00")  # bills 1 and 2
    assert books_balance(demo) == []
    # A receiver hears the deposit only as the provider confirmed it: frozen, then taken.
    changed = events_of(demo, "deposit.changed", order.id)
    seen = [(e["operation"]["kind"], e["operation"]["status"], e["remaining"]) for e in changed]
    assert seen == [("freeze", "succeeded", "500.00"), ("transfer", "succeeded", "101.00")]
    assert (changed[-1]["transferred"], changed[-1]["operation"]["purpose"]) == ("399.00", "bills")


def test_a_transfer_beyond_what_is_frozen_is_refused_and_changes_nothing(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    before = (detail_of(demo_owner, order.id)["deposit_detail"], bill_states(demo_owner, order.id))

    damage = demo_owner.post(
        TRANSFER,
        {
            "order_id": order.id,
            "purpose": "damage",
            "amount": "500.01",
            "idempotency_key": "transfer-0002",
        },
    )
    two_bills = demo_owner.post(
        TRANSFER,
        {
            "order_id": order.id,
            "purpose": "bills",
            "amount": "798.00",
            "idempotency_key": "transfer-0003",
        },
    )
    part_of_a_bill = demo_owner.post(
        TRANSFER,
        {
            "order_id": order.id,
            "purpose": "bills",
            "amount": "200.00",
            "idempotency_key": "transfer-0004",
        },
    )

    assert damage.code == 1303
    assert two_bills.code == 1303
    assert part_of_a_bill.code == 400 and "amount" in part_of_a_bill.data["fields"]
    provider_settles(demo)
    assert (
        detail_of(demo_owner, order.id)["deposit_detail"],
        bill_states(demo_owner, order.id),
    ) == before
    assert books_balance(demo) == []


def test_damage_taken_then_the_rest_thawed_and_a_second_thaw_changes_nothing(
    demo, demo_owner, app, offer
):
    order = in_lease(demo, demo_owner, app, offer)
    damage = demo_owner.post(
        TRANSFER,
        {
            "order_id": order.id,
            "purpose": "damage",
            "amount": "120.00",
            "idempotency_key": "transfer-0005",
        },
    )
    assert damage.ok, damage
    provider_settles(demo)
    assert deposit_of(demo_owner, order.id)["remaining"] == "380.00"

    partly = demo_owner.post(
        THAW, {"order_id": order.id, "amount": "80.00", "idempotency_key": "thaw-0002"}
    )
    assert partly.ok, partly
    assert deposit_of(demo_owner, order.id) == {
        "frozen": "500.00",
        "transferred": "120.00",
        "thawed": "80.00",
        "remaining": "300.00",
        "state": "frozen",
    }
    rest = demo_owner.post(THAW, {"order_id": order.id, "idempotency_key": "thaw-0003"})
    assert (rest.data["kind"], rest.data["amount"], rest.data["status"]) == (
        "thaw",
        "300.00",
        "succeeded",
    )
    settled = {
        "frozen": "500.00",
        "transferred": "120.00",
        "thawed": "380.00",
        "remaining": "0.00",
        "state": "settled",
    }
    assert deposit_of(demo_owner, order.id) == settled

    again = demo_owner.post(THAW, {"order_id": order.id, "idempotency_key": "thaw-0004"})
    retried = demo_owner.post(THAW, {"order_id": order.id, "idempotency_key": "thaw-0003"})

    assert again.code == 1303
    assert retried.ok and retried.data["id"] == rest.data["id"]
    assert deposit_of(demo_owner, order.id) == settled
    assert [kind for kind, *_ in _operations(demo_owner, order.id)] == [
        "freeze",
        "transfer",
        "thaw",
        "thaw",
    ]
    books = order_books(demo, order.id)
    assert books["damage_income"] == Decimal("120.00")
    assert "deposit_frozen" not in books and "deposit_held" not in books
    actions = detail_of(demo_owner, order.id)["actions"]
    assert "deposit_thaw" not in actions and "deposit_transfer" not in actions
    assert books_balance(demo) == []


def test_a_damage_charge_given_back_never_beyond_what_was_taken(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer)
    nothing_taken = demo_owner.post(
        REFUND, {"order_id": order.id, "amount": "10.00", "idempotency_key": "refund-0001"}
    )
    assert nothing_taken.code == 1310
    assert demo_owner.post(
        TRANSFER,
        {
            "order_id": order.id,
            "purpose": "damage",
            "amount": "200.00",
            "idempotency_key": "transfer-0006",
        },
    ).ok
    provider_settles(demo)

    too_much = demo_owner.post(
        REFUND, {"order_id": order.id, "amount": "200.01", "idempotency_key": "refund-0002"}
    )
    given = demo_owner.post(
        REFUND, {"order_id": order.id, "amount": "150.00", "idempotency_key": "refund-0003"}
    )

    assert too_much.code == 1310
    assert (given.data["kind"], given.data["amount"], given.data["status"]) == (
        "refund",
        "150.00",
        "processing",
    )
    assert order_books(demo, order.id)["damage_income"] == Decimal("200.00")
    provider_settles(demo)
    assert ("refund", "150.00", "succeeded", "damage") in _operations(demo_owner, order.id)
    assert order_books(demo, order.id)["damage_income"] == Decimal("50.00")
    # What left the deposit stays taken: the money went back to the customer, not into it.
    assert deposit_of(demo_owner, order.id)["transferred"] == "200.00"
    beyond_the_rest = demo_owner.post(
        REFUND, {"order_id": order.id, "amount": "50.01", "idempotency_key": "refund-0004"}
    )
    assert beyond_the_rest.code == 1310
    assert books_balance(demo) == []


def test_a_second_transfer_waits_for_the_bill_the_first_holds(demo, demo_owner, app, offer):
    order = in_lease(demo, demo_owner, app, offer, grade="C")  # C: 800.00 frozen
    body = {"order_id": order.id, "purpose": "bills", "amount": "399.00"}
    first = demo_owner.post(TRANSFER, {**body, "idempotency_key": "transfer-0007"})
    # Bill 2 is held by the first transfer, and bill 3 may not be paid before it.
    second = demo_owner.post(TRANSFER, {**body, "idempotency_key": "transfer-0008"})
    assert first.data["status"] == "processing" and second.code == 1305

    provider_settles(demo)
    again = demo_owner.post(TRANSFER, {**body, "idempotency_key": "transfer-0009"})
    provider_settles(demo)

    assert again.ok, again
    states = bill_states(demo_owner, order.id)
    assert (states[2], states[3], states[4]) == ("paid", "paid", "unpaid")
    assert deposit_of(demo_owner, order.id)["transferred"] == "798.00"
    assert order_books(demo, order.id)["rent_income"] == Decimal("1197.00")  # bills 1, 2, 3
    assert books_balance(demo) == []
