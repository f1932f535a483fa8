"""The posting-rule table (`zulin.ledger.rules`), as data: what each kind may debit and
credit in each book, and why a posting breaks it."""

from __future__ import annotations

from decimal import Decimal as D
from pathlib import Path

import pytest

from zulin.ledger.rules import (
    BY_KIND,
    INCOME,
    MERCHANT,
    PLATFORM,
    RULES,
    docs_table,
    legs_of,
    pair,
    rule_problem,
)


def test_a_bill_payment_takes_money_in_at_the_provider_against_income():
    legs = [
        ("provider_clearing", "debit"),
        ("rent_income", "credit"),
        ("late_fee_income", "credit"),
    ]
    assert rule_problem(book=MERCHANT, kind="bill_payment", legs=legs, reversal=False) == ""


def test_a_swapped_side_is_named():
    legs = [("provider_clearing", "credit"), ("rent_income", "debit")]
    assert (
        rule_problem(book=MERCHANT, kind="bill_payment", legs=legs, reversal=False)
        == "bill_payment may not credit provider_clearing"
    )
    legs = [("provider_clearing", "debit"), ("rent_income", "debit")]
    assert (
        rule_problem(book=MERCHANT, kind="bill_payment", legs=legs, reversal=False)
        == "bill_payment may not debit rent_income"
    )


def test_a_reversal_posts_each_leg_on_the_other_side():
    legs = [("provider_clearing", "credit"), ("rent_income", "debit")]
    assert rule_problem(book=MERCHANT, kind="bill_payment", legs=legs, reversal=True) == ""
    legs = [("provider_clearing", "debit"), ("rent_income", "credit")]
    assert (
        rule_problem(book=MERCHANT, kind="bill_payment", legs=legs, reversal=True)
        == "bill_payment may not debit provider_clearing"
    )


def test_a_kind_has_rules_only_in_the_books_that_post_it():
    assert rule_problem(
        book=PLATFORM, kind="bill_payment", legs=[("bank", "debit")], reversal=False
    ) == ("no posting rule for bill_payment in the platform's books")
    assert rule_problem(
        book=MERCHANT, kind="merchant_receipt", legs=[("bank", "debit")], reversal=False
    ) == ("no posting rule for merchant_receipt in the merchant's books")
    assert rule_problem(
        book=MERCHANT, kind="made_up", legs=[("bank", "debit")], reversal=False
    ).startswith("no posting rule")


def test_the_platform_mirrors_the_merchants_money():
    assert BY_KIND[(PLATFORM, "merchant_receipt")].debits == {"provider_clearing"}
    assert BY_KIND[(PLATFORM, "merchant_receipt")].credits == {"merchant_payable"}
    assert BY_KIND[(PLATFORM, "commission")].debits == {"merchant_payable"}
    assert BY_KIND[(PLATFORM, "commission")].credits == {"commission_income"}
    assert BY_KIND[(PLATFORM, "withdrawal")].debits == {"merchant_payable"}
    assert BY_KIND[(MERCHANT, "commission")].debits == {"commission_expense"}
    assert BY_KIND[(MERCHANT, "commission")].credits == {"provider_clearing"}
    assert BY_KIND[(MERCHANT, "withdrawal_freeze")].credits == {"merchant_cash"}
    assert BY_KIND[(MERCHANT, "withdrawal")].debits == {"bank"}


def test_money_in_may_pay_every_income_and_only_income_or_what_is_owed_back():
    assert {
        "late_fee_income",
        "rent_income",
        "sale_income",
        "buyout_income",
        "addon_income",
        "shipping_fee_income",
        "damage_income",
        "termination_fee_income",
        "customer_refunds_payable",
    } == INCOME
    for kind in ("bill_payment", "early_settlement", "offline_repayment"):
        assert BY_KIND[(MERCHANT, kind)].credits == INCOME
    assert BY_KIND[(MERCHANT, "offline_repayment")].debits == {"bank", "early_settlement_discount"}


def test_one_rule_per_kind_and_book_each_with_legs_on_both_sides():
    assert len(BY_KIND) == len(RULES) == 23
    for rule in RULES:
        assert rule.book in (MERCHANT, PLATFORM)
        assert rule.debits and rule.credits and rule.amounts


def test_a_two_leg_movement_is_laid_out_by_the_table():
    assert pair(MERCHANT, "withdrawal_freeze") == ("withdrawals_in_transit", "merchant_cash")
    assert pair(MERCHANT, "withdrawal_back") == ("merchant_cash", "withdrawals_in_transit")
    assert pair(MERCHANT, "commission") == ("commission_expense", "provider_clearing")
    assert pair(MERCHANT, "commission_reversal") == ("provider_clearing", "commission_expense")
    assert pair(PLATFORM, "commission") == ("merchant_payable", "commission_income")
    assert pair(PLATFORM, "merchant_receipt") == ("provider_clearing", "merchant_payable")
    assert pair(MERCHANT, "deposit_freeze") == ("deposit_frozen", "deposit_held")
    assert pair(MERCHANT, "deposit_thaw") == ("deposit_held", "deposit_frozen")


def test_where_the_table_allows_several_accounts_the_caller_names_one_of_them():
    assert pair(MERCHANT, "refund", debit="shipping_fee_income") == (
        "shipping_fee_income",
        "provider_clearing",
    )
    assert pair(PLATFORM, "risk_recharge", debit="bank") == ("bank", "risk_recharge_liability")
    several = r"refund may debit any of \['customer_refunds_payable', 'refunds', 'shipping"
    with pytest.raises(ValueError, match=several):
        pair(MERCHANT, "refund")
    with pytest.raises(ValueError, match="refund may not debit bank"):
        pair(MERCHANT, "refund", debit="bank")
    with pytest.raises(ValueError, match="withdrawal may not credit bank"):
        pair(MERCHANT, "withdrawal", credit="bank")
    with pytest.raises(ValueError, match="no posting rule for refund in the platform's books"):
        pair(PLATFORM, "refund", debit="refunds")


def test_the_rule_lays_out_an_events_legs_from_its_amounts_by_role():
    amounts = {"received": D("105"), "released": D("105"), "rent": D("100"), "excess": D("5")}
    assert sorted(legs_of(MERCHANT, "deposit_transfer", amounts, order_id=7)) == sorted(
        [
            ("provider_clearing", "order:7", "debit", D("105")),
            ("deposit_held", "order:7", "debit", D("105")),
            ("deposit_frozen", "order:7", "credit", D("105")),
            ("rent_income", "", "credit", D("100")),
            ("customer_refunds_payable", "order:7", "credit", D("5")),
        ]
    )
    assert legs_of(PLATFORM, "withdrawal", {"amount": D("3")}, merchant_id=2) == [
        ("merchant_payable", "merchant:2", "debit", D("3")),
        ("provider_clearing", "merchant:2", "credit", D("3")),
    ]
    # A role of 0 posts nothing; a role the rule has not is the caller's bug.
    assert legs_of(MERCHANT, "refund", {"refunded": D("0")}, order_id=7) == []
    with pytest.raises(ValueError, match="no amount released"):
        legs_of(MERCHANT, "bill_payment", {"received": D("1"), "released": D("0")})


def test_the_docs_print_the_posting_rules_as_they_are():
    docs = Path(__file__).resolve().parents[4] / "docs" / "money.md"
    assert docs_table() in docs.read_text(encoding="utf-8")
