"""The rule entry (`post_event`): a caller gives the business event and its amounts by role,
the posting rule lays out the lines; the low-level poster refuses to run any other way."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection

from zulin.core.errors import ApplicationError, ErrorCode
from zulin.ledger.models import Entry, Journal
from zulin.ledger.selectors import account_balance
from zulin.ledger.services import Line, _lines_post, ledger_reverse, platform_ledger, post_event

D = Decimal


@pytest.fixture
def books(demo):
    connection.set_tenant(demo)
    return demo


def written() -> tuple[int, int]:
    return Journal.objects.count(), Entry.objects.count()


def legs(journal: Journal) -> set[tuple[str, str, str, str]]:
    return {
        (entry.account.code, entry.account.sub_key, entry.side, str(entry.amount))
        for entry in journal.entries.select_related("account")
    }


def test_a_payment_is_one_journal_whose_legs_the_rule_lays_out_from_its_amounts(books):
    journal = post_event(
        "bill_payment",
        {
            "received": D("420.00"),
            "late_fee": D("12.00"),
            "rent": D("299.00"),
            "addon": D("99.00"),
            "shipping_fee": D("0.00"),  # a role of 0 posts no line
            "excess": D("10.00"),
        },
        reference="rule-pay-1",
        order_id=9001,
    )

    assert journal.kind == "bill_payment" and journal.order_id == 9001
    assert legs(journal) == {
        ("provider_clearing", "order:9001", "debit", "420.00"),
        ("late_fee_income", "", "credit", "12.00"),
        ("rent_income", "", "credit", "299.00"),
        ("addon_income", "", "credit", "99.00"),
        ("customer_refunds_payable", "order:9001", "credit", "10.00"),
    }


def test_a_replay_answers_the_journal_and_other_amounts_under_its_reference_are_refused(books):
    first = post_event(
        "deposit_freeze", {"frozen": D("500.00")}, reference="rule-freeze-1", order_id=9002
    )
    before = written()

    again = post_event(
        "deposit_freeze", {"frozen": D("500.00")}, reference="rule-freeze-1", order_id=9002
    )
    with pytest.raises(ApplicationError) as refused:
        post_event(
            "deposit_freeze", {"frozen": D("400.00")}, reference="rule-freeze-1", order_id=9002
        )

    assert again.pk == first.pk
    assert refused.value.code == ErrorCode.IDEMPOTENCY_KEY_REUSED
    assert written() == before
    assert account_balance("deposit_frozen", sub_key="order:9002") == D("500.00")


@pytest.mark.parametrize(
    ("kind", "amounts", "code"),
    [
        ("bill_payment", {"received": D("5"), "bonus": D("5")}, ErrorCode.LEDGER_RULE_BROKEN),
        ("merchant_receipt", {"received": D("5")}, ErrorCode.LEDGER_RULE_BROKEN),  # platform's
        ("gift", {"amount": D("5")}, ErrorCode.LEDGER_RULE_BROKEN),
        ("bill_payment", {"received": D("5"), "rent": D("4.99")}, ErrorCode.LEDGER_UNBALANCED),
        ("bill_payment", {"received": D("-5"), "rent": D("-5")}, ErrorCode.LEDGER_INVALID_LINE),
        ("bill_payment", {"received": 1.5, "rent": 1.5}, ErrorCode.LEDGER_INVALID_LINE),
        (
            "bill_payment",
            {"received": D("1.005"), "rent": D("1.005")},
            ErrorCode.LEDGER_INVALID_LINE,
        ),
        ("risk_charge", {"price": D("0")}, ErrorCode.LEDGER_INVALID_LINE),
    ],
)
def test_an_event_its_rule_cannot_lay_out_is_refused_and_writes_nothing(books, kind, amounts, code):
    before = written()

    with pytest.raises(ApplicationError) as refused:
        post_event(kind, amounts, reference="rule-bad", order_id=9003)

    assert refused.value.code == code
    assert written() == before


def test_the_platforms_books_post_on_the_merchants_sub_ledger(books, demo):
    with platform_ledger():
        journal = post_event(
            "commission", {"commission": D("3.21")}, reference="rule-mirror-1", merchant_id=demo.pk
        )
        assert legs(journal) == {
            ("merchant_payable", f"merchant:{demo.pk}", "debit", "3.21"),
            ("commission_income", f"merchant:{demo.pk}", "credit", "3.21"),
        }
        with pytest.raises(ApplicationError) as nameless:
            post_event("commission", {"commission": D("1.00")}, reference="rule-mirror-2")
    assert nameless.value.code == ErrorCode.LEDGER_RULE_BROKEN


def test_a_settlement_posts_one_line_per_sub_ledger_it_names(books):
    journal = post_event(
        "settlement",
        {
            "released": {"order:9004": D("100.00"), "order:9005": D("20.00")},
            "clawed_back": {"order:9006": D("30.00")},
            "withdrawable": D("90.00"),
            "owed": D("0"),
        },
        reference="rule-settle-1",
    )

    assert legs(journal) == {
        ("provider_clearing", "order:9004", "credit", "100.00"),
        ("provider_clearing", "order:9005", "credit", "20.00"),
        ("provider_clearing", "order:9006", "debit", "30.00"),
        ("merchant_cash", "", "debit", "90.00"),
    }


def test_a_reversal_goes_through_the_rule_entry_too(books):
    post_event("deposit_freeze", {"frozen": D("80.00")}, reference="rule-rev-1", order_id=9007)

    back = ledger_reverse(reference="rule-rev-1-back", of_reference="rule-rev-1")

    assert back.kind == "deposit_freeze" and back.reversal_of.reference == "rule-rev-1"
    assert account_balance("deposit_frozen", sub_key="order:9007") == D("0.00")


def test_lines_built_by_hand_are_refused_by_the_low_level_poster(books):
    before, clearing = written(), account_balance("provider_clearing", cached=True)

    with pytest.raises(ApplicationError) as refused:
        _lines_post(
            reference="by-hand-1",
            kind="bill_payment",
            lines=[Line("provider_clearing", debit=D("5")), Line("rent_income", credit=D("5"))],
        )

    assert refused.value.code == ErrorCode.LEDGER_RULE_BROKEN
    assert written() == before
    assert account_balance("provider_clearing", cached=True) == clearing
