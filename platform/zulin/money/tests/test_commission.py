"""Commission (`zulin.money.commission`): half-up per payment, and what a refund gives back."""

from __future__ import annotations

from decimal import Decimal as D

from zulin.money.commission import commission_back, commission_of


def test_commission_is_the_rate_percent_of_the_base_half_up():
    assert commission_of(D("399.00"), D("5.00")) == D("19.95")
    assert commission_of(D("0.10"), D("5.00")) == D("0.01")  # 0.005: half up
    assert commission_of(D("0.09"), D("5.00")) == D("0.00")  # 0.0045
    assert commission_of(D("333.33"), D("3.00")) == D("10.00")  # 9.9999
    assert commission_of(D("100.00"), D("0")) == D("0.00")


def back(commission: str, base: str, before: str, refund: str, given: str) -> D:
    return commission_back(
        commission=D(commission),
        base=D(base),
        refunded_before=D(before),
        refund=D(refund),
        given_back=D(given),
    )


def test_a_refund_gives_back_commission_in_proportion_to_the_commissionable_part():
    assert back("20.00", "400.00", "0", "100.00", "0") == D("5.00")
    assert back("20.00", "400.00", "0", "400.00", "0") == D("20.00")
    assert back("19.95", "399.00", "0", "133.00", "0") == D("6.65")
    assert back("0.03", "0.50", "0", "0.25", "0") == D("0.02")  # 0.015: half up
    assert back("0.05", "1.00", "0", "0.50", "0") == D("0.03")  # 0.025: half up, not even


def test_later_refunds_give_back_only_the_rest_never_more_than_was_taken():
    assert back("20.00", "400.00", "100.00", "100.00", "5.00") == D("5.00")
    assert back("20.00", "400.00", "300.00", "500.00", "15.00") == D("5.00")
    assert back("20.00", "400.00", "400.00", "10.00", "20.00") == D("0.00")
    assert back("20.00", "400.00", "0", "100.00", "7.00") == D("0.00")


def test_a_refund_beyond_the_commissionable_part_gives_back_all_of_it_once():
    assert back("20.00", "400.00", "0", "450.00", "0") == D("20.00")


def test_nothing_comes_back_of_a_payment_that_carried_no_commissionable_money():
    assert back("0.00", "0.00", "0", "30.00", "0") == D("0.00")
    assert back("5.00", "-1.00", "0", "30.00", "0") == D("0.00")
