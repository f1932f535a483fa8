"""Quotes (`zulin.money.quotes`): the early-buyout discount and its shares, the
early-termination fee."""

from __future__ import annotations

from decimal import Decimal as D

from zulin.money.quotes import discount_of, discount_shares, termination_fee

Z = D("0.00")


def test_the_discount_is_the_rate_of_the_future_rent_rounded_once_half_up():
    assert discount_of(D("1197.00"), D("0.10")) == D("119.70")
    assert discount_of(D("0.05"), D("0.10")) == D("0.01")  # 0.005: half up
    assert discount_of(D("0.04"), D("0.10")) == D("0.00")
    assert discount_of(D("399.00"), D("0")) == Z


def test_the_shares_follow_the_rents_and_sum_to_the_discount():
    assert discount_shares(D("30.00"), [D("100.00"), D("100.00"), D("100.00")]) == [
        D("10.00"),
        D("10.00"),
        D("10.00"),
    ]
    # 10.00 over three equal rents: 3.33, 3.33 and the last takes the rest.
    assert discount_shares(D("10.00"), [D("50.00")] * 3) == [D("3.33"), D("3.33"), D("3.34")]
    assert discount_shares(D("40.00"), [D("300.00"), D("100.00")]) == [D("30.00"), D("10.00")]
    # 0.05 over 1:2 is 0.0166…: half up to 0.02, the last takes 0.03.
    assert discount_shares(D("0.05"), [D("1.00"), D("2.00")]) == [D("0.02"), D("0.03")]
    # 0.025: half up (not to even), the last the rest.
    assert discount_shares(D("0.05"), [D("1.00"), D("1.00")]) == [D("0.03"), D("0.02")]


def test_no_share_is_above_its_bills_rent_nor_above_what_is_left():
    assert discount_shares(D("50.00"), [D("10.00"), D("100.00")]) == [D("4.55"), D("45.45")]
    assert discount_shares(D("50.00"), [D("100.00"), D("20.00")]) == [D("41.67"), D("8.33")]
    assert discount_shares(D("30.00"), [D("100.00"), D("10.00")]) == [D("27.27"), D("2.73")]
    assert discount_shares(D("20.00"), [D("5.00")]) == [D("5.00")]
    assert discount_shares(Z, [D("5.00"), D("5.00")]) == [Z, Z]
    assert discount_shares(D("10.00"), []) == []
    # Nine shares of 0.0055 round up to 0.01 each: the discount runs out after five.
    assert discount_shares(D("0.05"), [D("1.00")] * 9) == [D("0.01")] * 5 + [Z] * 4


def test_the_early_return_fee_by_rate_fixed_or_none_capped_at_the_rent_cancelled():
    def fee(mode: str, value: str, cancelled: str) -> D:
        return termination_fee(mode=mode, value=D(value), rent_cancelled=D(cancelled))

    assert fee("rate", "0.30", "1197.00") == D("359.10")
    assert fee("rate", "0.30", "0.05") == D("0.02")  # 0.015: half up
    assert fee("rate", "0.25", "0.10") == D("0.03")  # 0.025: half up, not to even
    assert fee("rate", "1.50", "100.00") == D("100.00")  # capped
    assert fee("fixed", "200", "1197.00") == D("200.00")
    assert fee("fixed", "200.005", "1197.00") == D("200.01")
    assert fee("fixed", "500", "300.00") == D("300.00")  # capped
    assert fee("none", "0.30", "1197.00") == Z
    assert fee("rate", "0.30", "0.00") == Z
    assert fee("fixed", "200", "-1.00") == Z
