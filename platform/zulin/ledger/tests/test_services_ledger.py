"""Posting, idempotency, guards and reversals in a merchant's books (demo's schema).

Balances are compared before and after, or on a sub-ledger of the test's own, so the tests
hold whatever the demo data has already posted."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from django.db import DatabaseError, connection, transaction

from zulin.core.errors import ApplicationError, ErrorCode
from zulin.ledger.models import Entry, Journal, LedgerAccount
from zulin.ledger.selectors import (
    account_balance,
    balances_by_dimension,
    journal_entries,
    journal_for_reference,
    ledger_check,
    trial_balance,
)
from zulin.ledger.services import ledger_reverse, platform_ledger

from .lines import Line, ledger_post

D = Decimal


@pytest.fixture
def books(demo):
    connection.set_tenant(demo)
    return demo


def written() -> tuple[int, int]:
    return Journal.objects.count(), Entry.objects.count()


def rent_payment(reference: str, amount: str = "300.00", **dimensions) -> Journal:
    return ledger_post(
        reference=reference,
        kind="bill_payment",
        lines=[
            Line("provider_clearing", debit=D(amount)),
            Line("rent_income", credit=D(amount)),
        ],
        **dimensions,
    )


def deposit_freeze(reference: str, order: str, amount: str) -> Journal:
    return ledger_post(
        reference=reference,
        kind="deposit_freeze",
        lines=[
            Line("deposit_frozen", debit=D(amount), sub_key=order),
            Line("deposit_held", credit=D(amount), sub_key=order),
        ],
    )


def test_a_balanced_posting_moves_each_account_on_its_normal_side(books):
    clearing, income = account_balance("provider_clearing"), account_balance("rent_income")

    journal = rent_payment("pay-1", order_id=7, bill_id=70, payment_reference="T2026001")

    assert account_balance("provider_clearing") - clearing == D("300.00")
    assert account_balance("rent_income") - income == D("300.00")
    assert account_balance("provider_clearing", cached=True) == account_balance("provider_clearing")
    stored = journal_for_reference("pay-1")
    assert stored is not None and stored.pk == journal.pk
    assert (stored.kind, stored.order_id, stored.bill_id, stored.payment_reference) == (
        "bill_payment",
        7,
        70,
        "T2026001",
    )
    assert sorted((e.account.code, e.side, e.amount) for e in stored.entries.all()) == [
        ("provider_clearing", "debit", D("300.00")),
        ("rent_income", "credit", D("300.00")),
    ]
    assert ledger_check() == []


def test_an_unbalanced_posting_is_refused_and_writes_nothing(books):
    before, clearing = written(), account_balance("provider_clearing", cached=True)

    with pytest.raises(ApplicationError) as refused:
        ledger_post(
            reference="pay-unbalanced",
            kind="bill_payment",
            lines=[
                Line("provider_clearing", debit=D("300.00")),
                Line("rent_income", credit=D("299.99")),
            ],
        )

    assert refused.value.code == ErrorCode.LEDGER_UNBALANCED
    assert refused.value.data == {"debit": "300.00", "credit": "299.99"}
    assert written() == before
    assert account_balance("provider_clearing", cached=True) == clearing
    assert journal_for_reference("pay-unbalanced") is None


@pytest.mark.parametrize(
    ("lines", "code"),
    [
        ([Line("provider_clearing", debit=D("-5")), Line("rent_income", credit=D("-5"))], 1391),
        (
            [Line("provider_clearing", debit=D("1.005")), Line("rent_income", credit=D("1.005"))],
            1391,
        ),
        ([Line("provider_clearing", debit=1.5), Line("rent_income", credit=1.5)], 1391),  # type: ignore[arg-type]
        ([Line("provider_clearing", debit=D("0")), Line("rent_income", credit=D("0"))], 1391),
        (
            [
                Line("provider_clearing", debit=D("2"), credit=D("2")),
                Line("rent_income", credit=D("0")),
            ],
            1391,
        ),
        ([Line("provider_clearing", debit=D("1e13")), Line("rent_income", credit=D("1e13"))], 1391),
        ([Line("provider_clearing", debit=D("NaN")), Line("rent_income", credit=D("1"))], 1391),
        ([Line("provider_clearing", debit=D("5"))], 1391),
        (
            [
                Line("provider_clearing", debit=D("5"), sub_key="has space"),
                Line("rent_income", credit=D("5")),
            ],
            1391,
        ),
        ([Line("petty_cash", debit=D("5")), Line("rent_income", credit=D("5"))], 1392),
        ([Line("commission_income", debit=D("5")), Line("rent_income", credit=D("5"))], 1392),
    ],
)
def test_bad_lines_are_refused_and_write_nothing(books, lines, code):
    before = written()

    with pytest.raises(ApplicationError) as refused:
        ledger_post(reference="bad-lines", kind="bill_payment", lines=lines)

    assert refused.value.code == code
    assert written() == before


def test_the_same_reference_and_lines_answer_the_same_journal_and_post_once(books):
    clearing = account_balance("provider_clearing")
    first = rent_payment("pay-retry", order_id=8)
    before = written()

    again = ledger_post(
        reference="pay-retry",
        kind="bill_payment",
        # the same lines in another order, another memo: the same movement
        lines=[
            Line("rent_income", credit=D("300")),
            Line("provider_clearing", debit=D("300.00")),
        ],
        order_id=8,
        memo="retried by the payment callback",
    )

    assert again.pk == first.pk
    assert written() == before
    assert account_balance("provider_clearing") - clearing == D("300.00")


@pytest.mark.parametrize(
    "other",
    [
        {"amount": "300.01", "order_id": 9},
        {"amount": "300.00", "order_id": 10},
        {"amount": "300.00", "order_id": 9, "bill_id": 1},
    ],
)
def test_a_reference_reused_for_another_movement_is_refused(books, other):
    rent_payment("pay-reused", order_id=9)
    before, clearing = written(), account_balance("provider_clearing")

    with pytest.raises(ApplicationError) as refused:
        rent_payment("pay-reused", other.pop("amount"), **other)

    assert refused.value.code == ErrorCode.IDEMPOTENCY_KEY_REUSED
    assert refused.value.message("en") == "This reference was already used for a different posting"
    assert written() == before
    assert account_balance("provider_clearing") == clearing


def test_a_guarded_account_never_goes_below_zero(books):
    deposit_freeze("freeze-1", "order:501", "500.00")
    before = written()

    with pytest.raises(ApplicationError) as refused:
        ledger_post(
            reference="transfer-too-much",
            kind="deposit_transfer",
            lines=[
                Line("deposit_held", debit=D("500.01"), sub_key="order:501"),
                Line("deposit_frozen", credit=D("500.01"), sub_key="order:501"),
            ],
        )

    assert refused.value.code == ErrorCode.LEDGER_INSUFFICIENT_BALANCE
    assert refused.value.data["account"] in {"deposit_frozen", "deposit_held"}
    assert refused.value.data["balance"] == "500.00"
    assert written() == before
    assert account_balance("deposit_frozen", sub_key="order:501") == D("500.00")

    ledger_post(
        reference="transfer-all",
        kind="deposit_transfer",
        lines=[
            Line("deposit_held", debit=D("500.00"), sub_key="order:501"),
            Line("deposit_frozen", credit=D("500.00"), sub_key="order:501"),
        ],
    )
    assert account_balance("deposit_frozen", sub_key="order:501") == D("0.00")


def test_an_unguarded_account_may_go_below_zero(books):
    # A refund after settlement: the provider's clearing balance can dip below zero.
    ledger_post(
        reference="refund-after-settlement",
        kind="refund",
        lines=[
            Line("refunds", debit=D("80.00"), sub_key="order:77"),
            Line("provider_clearing", credit=D("80.00"), sub_key="order:77"),
        ],
    )
    assert account_balance("provider_clearing", sub_key="order:77") == D("-80.00")
    assert account_balance("refunds", sub_key="order:77") == D("80.00")  # contra-income


def test_sub_ledgers_roll_up_into_their_chart_account(books):
    total = account_balance("deposit_frozen")
    deposit_freeze("freeze-a", "order:601", "100.00")
    deposit_freeze("freeze-b", "order:602", "250.50")

    assert account_balance("deposit_frozen", sub_key="order:601") == D("100.00")
    assert account_balance("deposit_frozen", sub_key="order:602") == D("250.50")
    assert account_balance("deposit_frozen") - total == D("350.50")
    assert account_balance("deposit_frozen", sub_key="") == account_balance(
        "deposit_frozen", sub_key="", cached=True
    )
    sub = LedgerAccount.objects.get(code="deposit_frozen", sub_key="order:601")
    assert sub.parent == LedgerAccount.objects.get(code="deposit_frozen", sub_key="")
    assert (sub.type, sub.normal_side, sub.may_go_negative) == ("asset", "debit", False)


def test_a_reversal_mirrors_the_journal_once(books):
    clearing, income = account_balance("provider_clearing"), account_balance("rent_income")
    original = rent_payment("pay-wrong", "120.00", order_id=11, bill_id=110)

    reversal = ledger_reverse(reference="pay-wrong-reversal", of_reference="pay-wrong")

    assert account_balance("provider_clearing") == clearing
    assert account_balance("rent_income") == income
    assert reversal.reversal_of_id == original.pk
    assert (reversal.kind, reversal.order_id, reversal.bill_id) == ("bill_payment", 11, 110)
    assert sorted((e.account.code, e.side, e.amount) for e in reversal.entries.all()) == [
        ("provider_clearing", "credit", D("120.00")),
        ("rent_income", "debit", D("120.00")),
    ]
    before = written()
    assert (
        ledger_reverse(reference="pay-wrong-reversal", of_reference="pay-wrong").pk == reversal.pk
    )
    with pytest.raises(ApplicationError) as twice:
        ledger_reverse(reference="pay-wrong-reversal-2", of_reference="pay-wrong")
    assert twice.value.code == ErrorCode.LEDGER_ALREADY_REVERSED
    with pytest.raises(ApplicationError) as unknown:
        ledger_reverse(reference="reversal-of-nothing", of_reference="no-such-posting")
    assert unknown.value.code == ErrorCode.LEDGER_JOURNAL_NOT_FOUND
    assert written() == before
    rows = journal_entries(order_id=11)
    assert [(r["reference"], r["reverses"]) for r in rows] == [
        ("pay-wrong", None),
        ("pay-wrong", None),
        ("pay-wrong-reversal", "pay-wrong"),
        ("pay-wrong-reversal", "pay-wrong"),
    ]
    assert balances_by_dimension(order_id=11) == {
        "provider_clearing": D("0.00"),
        "rent_income": D("0.00"),
    }


def test_a_reversal_that_would_take_a_guarded_account_below_zero_is_refused(books):
    deposit_freeze("freeze-then-taken", "order:701", "100.00")
    ledger_post(
        reference="taken-for-rent",
        kind="deposit_transfer",
        lines=[
            Line("deposit_held", debit=D("100.00"), sub_key="order:701"),
            Line("deposit_frozen", credit=D("100.00"), sub_key="order:701"),
        ],
    )

    with pytest.raises(ApplicationError) as refused:
        ledger_reverse(reference="unfreeze-late", of_reference="freeze-then-taken")

    assert refused.value.code == ErrorCode.LEDGER_INSUFFICIENT_BALANCE
    assert journal_for_reference("unfreeze-late") is None


def test_entries_and_balances_of_one_order(books):
    deposit_freeze("o12-freeze", "order:12", "1000.00")
    ledger_post(
        reference="o12-first-bill",
        kind="bill_payment",
        order_id=12,
        bill_id=121,
        lines=[
            Line("provider_clearing", debit=D("399.00")),
            Line("rent_income", credit=D("299.00")),
            Line("addon_income", credit=D("100.00")),
        ],
    )
    ledger_post(
        reference="o12-damage",
        kind="deposit_transfer",
        order_id=12,
        lines=[
            Line("deposit_held", debit=D("150.00"), sub_key="order:12"),
            Line("deposit_frozen", credit=D("150.00"), sub_key="order:12"),
            Line("provider_clearing", debit=D("150.00")),
            Line("damage_income", credit=D("150.00")),
        ],
    )

    assert balances_by_dimension(order_id=12) == {
        "addon_income": D("100.00"),
        "damage_income": D("150.00"),
        "deposit_frozen": D("-150.00"),
        "deposit_held": D("-150.00"),
        "provider_clearing": D("549.00"),
        "rent_income": D("299.00"),
    }
    assert balances_by_dimension(bill_id=121) == {
        "addon_income": D("100.00"),
        "provider_clearing": D("399.00"),
        "rent_income": D("299.00"),
    }
    rows = journal_entries(bill_id=121)
    assert [(r["account"], r["debit"], r["credit"]) for r in rows] == [
        ("provider_clearing", D("399.00"), D("0.00")),
        ("rent_income", D("0.00"), D("299.00")),
        ("addon_income", D("0.00"), D("100.00")),
    ]
    assert rows[0]["account_name_zh"] == "支付渠道待结算"
    assert account_balance("deposit_frozen", sub_key="order:12") == D("850.00")
    with pytest.raises(ApplicationError):
        balances_by_dimension()


def test_the_trial_balance_sums_to_zero(books):
    rent_payment("tb-1", "45.67")
    deposit_freeze("tb-2", "order:901", "300.00")
    ledger_post(
        reference="tb-3",
        kind="commission",
        lines=[
            Line("commission_expense", debit=D("4.57")),
            Line("provider_clearing", credit=D("4.57")),
        ],
    )

    trial = trial_balance()

    assert trial["balanced"] and trial["debit_total"] == trial["credit_total"]
    assert trial["debit_total"] >= D("350.24")
    rows = {row["code"]: row for row in trial["accounts"]}
    assert {"provider_clearing", "deposit_frozen", "refunds", "rent_income"} <= set(rows)
    by_side = {"debit": D("0"), "credit": D("0")}
    for row in trial["accounts"]:
        by_side[row["normal_side"]] += row["balance"]
    assert (
        by_side["debit"] == by_side["credit"]
    )  # assets + expenses = liabilities + equity + income


def test_cached_balances_equal_the_entries_after_many_postings(books):
    chance = random.Random(20261123)
    pairs = [
        ("provider_clearing", "rent_income", "bill_payment"),
        ("provider_clearing", "late_fee_income", "bill_payment"),
        ("commission_expense", "provider_clearing", "commission"),
        ("refunds", "provider_clearing", "refund"),
        ("merchant_cash", "provider_clearing", "settlement"),
        ("deposit_frozen", "deposit_held", "deposit_freeze"),
    ]
    expected: dict[tuple[str, str], Decimal] = {}
    for number in range(300):
        debit, credit, kind = chance.choice(pairs)
        sub_key = f"order:{chance.randint(1, 12)}" if chance.random() < 0.5 else ""
        amount = D(chance.randint(1, 99999)) / 100
        ledger_post(
            reference=f"many-{number}",
            kind=kind,
            lines=[
                Line(debit, debit=amount, sub_key=sub_key),
                Line(credit, credit=amount, sub_key=sub_key),
            ],
        )
        expected[(debit, sub_key)] = expected.get((debit, sub_key), D(0)) + amount
        expected[(credit, sub_key)] = expected.get((credit, sub_key), D(0)) + amount

    assert ledger_check() == []
    for account in LedgerAccount.objects.all():
        assert account.balance == account_balance(account.code, sub_key=account.sub_key)
    for (code, sub_key), amount in expected.items():
        if code in {"deposit_frozen", "merchant_cash"} and sub_key:  # only ever debited here
            assert account_balance(code, sub_key=sub_key) == amount


def test_journals_and_entries_cannot_be_changed_or_removed(books):
    journal = rent_payment("immutable-1")
    entry = journal.entries.first()

    with pytest.raises(TypeError):
        Entry.objects.filter(pk=entry.pk).update(amount=D("1.00"))
    with pytest.raises(TypeError):
        entry.delete()
    with pytest.raises(TypeError):
        journal.memo = "changed"
        journal.save()
    for statement, row in (
        ("UPDATE ledger_entry SET amount = 1 WHERE id = %s", entry.pk),
        ("DELETE FROM ledger_entry WHERE id = %s", entry.pk),
        ("UPDATE ledger_journal SET memo = 'x' WHERE id = %s", journal.pk),
        ("DELETE FROM ledger_journal WHERE id = %s", journal.pk),
    ):
        with (
            pytest.raises(DatabaseError, match="immutable"),
            transaction.atomic(),
            connection.cursor() as cursor,
        ):
            cursor.execute(statement, [row])
    entry.refresh_from_db()
    assert entry.amount == D("300.00")


def test_a_cached_balance_changed_outside_posting_is_reported(books):
    rent_payment("tampered")
    LedgerAccount.objects.filter(code="rent_income", sub_key="").update(balance=D("-1.00"))

    problems = ledger_check()

    assert any("account rent_income: cached -1.00" in problem for problem in problems)


def _unbalanced(cursor, reference: str, *, second: str | None) -> None:
    """A journal written behind the service's back: one debit of 10.00 and, if `second`,
    a credit of `second`."""
    cursor.execute(
        "INSERT INTO ledger_journal"
        " (reference, kind, memo, payment_reference, meta, actor_name, created_at,"
        " moved_on, counted_on)"
        " VALUES (%s, 'bill_payment', '', '', '{}', '', now(), current_date, current_date)"
        " RETURNING id",
        [reference],
    )
    journal = cursor.fetchone()[0]
    # Two accounts of the schema's chart (the platform's and a merchant's differ).
    cursor.execute("SELECT id FROM ledger_account WHERE sub_key = '' ORDER BY id LIMIT 2")
    clearing, income = (row[0] for row in cursor.fetchall())
    cursor.execute(
        "INSERT INTO ledger_entry (journal_id, account_id, side, amount)"
        " VALUES (%s, %s, 'debit', 10)",
        [journal, clearing],
    )
    if second:
        cursor.execute(
            "INSERT INTO ledger_entry (journal_id, account_id, side, amount)"
            " VALUES (%s, %s, 'credit', %s)",
            [journal, income, second],
        )


@pytest.mark.parametrize("second", [None, "9.99"], ids=["one entry", "debits above credits"])
def test_postgresql_refuses_an_unbalanced_journal_when_it_commits(books, second):
    before = written()
    # What a commit does: the deferred checks run (SET CONSTRAINTS … IMMEDIATE fires them
    # inside the test's own transaction, which is rolled back after it).
    with (
        pytest.raises(DatabaseError, match="unbalanced"),  # IntegrityError; on Citus generic
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        _unbalanced(cursor, f"raw-{second}", second=second)
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    assert written() == before
    # A balanced journal written the same way passes the same check.
    with transaction.atomic(), connection.cursor() as cursor:
        _unbalanced(cursor, "raw-balanced", second="10.00")
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")
    assert written() == (before[0] + 1, before[1] + 2)


def test_a_real_commit_of_an_unbalanced_journal_is_refused_in_every_schema(books, acme):
    """Through a connection of its own, outside the test's transaction: the commit itself
    fails, in the platform's books and a merchant's, and nothing stays."""
    import psycopg

    settings_db = connection.settings_dict
    params = {
        "dbname": settings_db["NAME"],
        "user": settings_db["USER"],
        "host": settings_db["HOST"] or None,
        "port": settings_db["PORT"] or None,
    }
    if settings_db.get("PASSWORD"):
        params["password"] = settings_db["PASSWORD"]
    for schema in ("public", acme.schema_name):
        with psycopg.connect(**params) as raw:
            with raw.cursor() as cursor:
                cursor.execute(f'SET search_path TO "{schema}", public')
                _unbalanced(cursor, f"raw-commit-{schema}", second=None)
            # PostgreSQL answers a CheckViolation; Citus, whose worker ran the deferred check,
            # a generic error at commit with the same message (issue 45): the rule is the
            # refusal and its message, whichever class carries it.
            with pytest.raises(psycopg.Error, match="unbalanced"):
                raw.commit()
        with psycopg.connect(**params) as raw, raw.cursor() as cursor:
            cursor.execute(
                f'SELECT count(*) FROM "{schema}".ledger_journal WHERE reference = %s',
                [f"raw-commit-{schema}"],
            )
            assert cursor.fetchone()[0] == 0


def test_the_ledger_cannot_be_truncated(books):
    for table in ("ledger_entry", "ledger_journal"):
        with (
            pytest.raises(DatabaseError, match="immutable"),
            transaction.atomic(),
            connection.cursor() as cursor,
        ):
            cursor.execute(f"TRUNCATE {table} CASCADE")


def test_the_posting_rules_refuse_a_swapped_side_a_wrong_account_and_an_unknown_kind(books):
    before = written()
    swapped = [Line("provider_clearing", credit=D("5")), Line("rent_income", debit=D("5"))]
    wrong = [Line("provider_clearing", debit=D("5")), Line("refunds", credit=D("5"))]
    right = [Line("provider_clearing", debit=D("5")), Line("rent_income", credit=D("5"))]
    for reference, kind, lines in (
        ("swapped", "bill_payment", swapped),
        ("wrong", "bill_payment", wrong),
        ("unknown", "gift", right),
    ):
        with pytest.raises(ApplicationError) as refused:
            ledger_post(reference=reference, kind=kind, lines=lines)
        assert refused.value.code == ErrorCode.LEDGER_RULE_BROKEN
    assert written() == before
    # The platform's books have rules of their own: a merchant's kind is not one of them.
    received = [
        Line("provider_clearing", debit=D("5")),
        Line("merchant_payable", credit=D("5"), sub_key="merchant:1"),
    ]
    with platform_ledger(), pytest.raises(ApplicationError) as refused:
        ledger_post(reference="platform-rent", kind="bill_payment", lines=received)
    assert refused.value.code == ErrorCode.LEDGER_RULE_BROKEN
    # A reversal posts each leg on the other side: allowed.
    rent_payment("rule-ok")
    ledger_reverse(reference="rule-ok-back", of_reference="rule-ok")


def test_every_leg_of_the_posting_rules_is_an_account_of_its_books_chart():
    from zulin.ledger.chart import MERCHANT_CHART, PLATFORM_CHART
    from zulin.ledger.rules import MERCHANT, RULES

    charts = {
        book: {spec.code for spec in chart}
        for book, chart in ((MERCHANT, MERCHANT_CHART), ("platform", PLATFORM_CHART))
    }
    for rule in RULES:
        assert rule.debits and rule.credits, rule.kind
        assert rule.debits | rule.credits <= charts[rule.book], (rule.book, rule.kind)
