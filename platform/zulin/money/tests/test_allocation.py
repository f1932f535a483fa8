"""Allocation (`zulin.money.allocation`): oldest first, late fee then rent, add-ons, fee."""

from __future__ import annotations

from decimal import Decimal as D

from zulin.money.allocation import Split, collection_key, principal_parts, split, take_in_order

Z = D("0.00")


def test_bills_are_taken_by_number_the_buyout_bill_last():
    periods = [0, 3, 1, 13, 2]
    assert sorted(periods, key=collection_key) == [1, 2, 3, 13, 0]
    assert collection_key(1) < collection_key(2) < collection_key(0)


def test_what_a_bill_still_asks_after_earlier_payments_rent_first():
    parts = principal_parts
    assert parts(rent=D("100"), addon=D("20"), fee=D("10"), paid=Z) == (D("100"), D("20"), D("10"))
    assert parts(rent=D("100"), addon=D("20"), fee=D("10"), paid=D("30")) == (
        D("70"),
        D("20"),
        D("10"),
    )
    assert parts(rent=D("100"), addon=D("20"), fee=D("10"), paid=D("110")) == (
        Z,
        D("10"),
        D("10"),
    )
    assert parts(rent=D("100"), addon=D("20"), fee=D("10"), paid=D("125")) == (Z, Z, D("5"))
    assert parts(rent=D("100"), addon=D("20"), fee=D("10"), paid=D("130")) == (Z, Z, Z)


def test_a_discount_comes_off_the_rent_before_what_was_paid():
    assert principal_parts(
        rent=D("100"), addon=D("20"), fee=D("0"), paid=D("50"), discount=D("30")
    ) == (D("20"), D("20"), Z)
    assert principal_parts(
        rent=D("100"), addon=D("20"), fee=D("0"), paid=D("80"), discount=D("30")
    ) == (Z, D("10"), Z)


def test_money_pays_the_late_fee_first_then_rent_add_ons_and_fee():
    parts = (D("100.00"), D("20.00"), D("10.00"))
    assert split(D("5.00"), late_fee_owed=D("8.00"), parts=parts) == Split(D("5.00"), Z, Z, Z)
    assert split(D("50.00"), late_fee_owed=D("8.00"), parts=parts) == Split(
        D("8.00"), D("42.00"), Z, Z
    )
    assert split(D("120.00"), late_fee_owed=D("8.00"), parts=parts) == Split(
        D("8.00"), D("100.00"), D("12.00"), Z
    )
    assert split(D("200.00"), late_fee_owed=D("8.00"), parts=parts) == Split(
        D("8.00"), D("100.00"), D("20.00"), D("10.00")
    )


def test_a_split_says_its_total_principal_and_what_carries_commission():
    part = Split(D("8.00"), D("100.00"), D("20.00"), D("10.00"))
    assert (part.total, part.principal, part.commissionable) == (
        D("138.00"),
        D("130.00"),
        D("120.00"),
    )


def test_what_is_available_pays_each_ask_in_order_the_last_in_part():
    asks = [D("100.00"), D("50.00"), D("30.00")]
    assert take_in_order(D("500.00"), asks) == asks
    assert take_in_order(D("120.00"), asks) == [D("100.00"), D("20.00"), Z]
    assert take_in_order(D("100.00"), asks) == [D("100.00"), Z, Z]
    assert take_in_order(Z, asks) == [Z, Z, Z]
    assert take_in_order(D("10.00"), []) == []
    assert take_in_order(D("0.50"), [D("1.00"), D("1.00")]) == [D("0.50"), Z]
    assert take_in_order(D("-5.00"), asks) == [Z, Z, Z]
