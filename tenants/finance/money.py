"""The platform's per merchant per day money totals (`MerchantMoneyDay`, public schema),
computed from the merchant's own ledger: what the platform's lists and the data centre read
across merchants without entering any merchant's schema.

A day's figures are a function of the journals that count in it (`Journal.counted_on`: the
China date the money moved, or, for a late booking of a day already closed by its
reconciliation, the first open day — a closed day's figures never change), and journals are
only ever added: `money_days_refresh` recomputes days from
the ledger and replaces their rows, under a per-merchant advisory lock taken before the
ledger is read (two refreshes of one merchant run one after the other, the later one reading
everything the earlier one read). It runs in the merchant's schema: every 10 minutes for
today and yesterday (`finance.money_days_refresh`), in the nightly reconciliation for the
day it reconciles, and for any range from `manage.py money_days rebuild`.
`money_days_check` compares the rows with the ledger.

Why a job rather than an upsert in each posting's transaction: the ledger already serialises
a merchant's postings on rows every payment locks (its chart rows `rent_income` and
`commission_expense`, which have no sub-ledger, and the platform's `merchant_payable`,
`provider_clearing` and `commission_income` sub-ledgers of that merchant), so one more row
per merchant and day would cost little contention; but money transactions post several
journals (a deposit transfer paying bills posts the transfer, then each bill's commission in
both books; a paid withdrawal posts in the merchant's books, then the platform's), and a
row taken at the first posting and held while the later ones lock accounts another
transaction holds while it waits for that row is a deadlock. Posting sites are many
(payments, refunds, deposits, withdrawals, settlements, offline repayments) and each would
have to remember the call. Computed from the ledger, the totals are right by construction,
cost the payment path nothing, and count a new journal kind by the accounts it moves. The
price: today's figures lag by up to the refresh interval.

The figures (positive amounts; a reversing journal subtracts what it reverses):
received_<type>  credits to that income account by any journal but a refund (bill payments,
                 deposits taken to pay rent or damage, offline repayments)
refunded         money given back at the provider (refunds, refunds of deposit taken)
commission       the platform's commission taken; commission_returned: given back by refunds
deposits_frozen / deposits_taken / deposits_released   pre-authorisations frozen, taken as
                 payment (transfer-to-pay), thawed
settled          moved to the withdrawable balance by settlement statements (net)
withdrawals_applied / withdrawals_returned / withdrawals_paid   frozen by an application,
                 given back (cancelled, rejected, payout failed), paid out to the bank
payments / refunds   how many bill payments and refunds the provider confirmed
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Count, Q, Sum
from django.utils import timezone

from zulin.core.db import advisory_xact_lock, tenant_connection
from zulin.ledger.models import Entry, Journal

from .models import MerchantMoneyDay

ZERO = Decimal("0.00")
REFUND_KINDS = frozenset({"refund", "deposit_refund"})


@dataclass(frozen=True)
class Rule:
    """A figure's part: the movement on `account` of journals of `kinds` (None: every kind
    but `excluded`), credits less debits (`sign` 1) or debits less credits (-1)."""

    column: str
    account: str
    kinds: frozenset[str] | None
    sign: int
    excluded: frozenset[str] = frozenset()


def _received(column: str, account: str) -> Rule:
    return Rule(column, account, None, 1, REFUND_KINDS)


RULES: tuple[Rule, ...] = (
    _received("received_rent", "rent_income"),
    _received("received_buyout", "buyout_income"),
    _received("received_sale", "sale_income"),
    _received("received_addon", "addon_income"),
    _received("received_late_fee", "late_fee_income"),
    _received("received_shipping_fee", "shipping_fee_income"),
    _received("received_damage", "damage_income"),
    _received("received_termination_fee", "termination_fee_income"),
    Rule("refunded", "provider_clearing", REFUND_KINDS, 1),
    Rule("commission", "commission_expense", frozenset({"commission"}), -1),
    Rule("commission_returned", "commission_expense", frozenset({"commission_reversal"}), 1),
    Rule("deposits_frozen", "deposit_frozen", frozenset({"deposit_freeze"}), -1),
    Rule("deposits_taken", "deposit_frozen", frozenset({"deposit_transfer"}), 1),
    Rule("deposits_released", "deposit_frozen", frozenset({"deposit_thaw"}), 1),
    Rule("settled", "merchant_cash", frozenset({"settlement"}), -1),
    Rule("withdrawals_applied", "withdrawals_in_transit", frozenset({"withdrawal_freeze"}), -1),
    Rule("withdrawals_returned", "withdrawals_in_transit", frozenset({"withdrawal_back"}), 1),
    Rule("withdrawals_paid", "bank", frozenset({"withdrawal"}), -1),
)
AMOUNT_COLUMNS: tuple[str, ...] = tuple(dict.fromkeys(rule.column for rule in RULES))
RECEIVED_COLUMNS: tuple[str, ...] = tuple(c for c in AMOUNT_COLUMNS if c.startswith("received_"))
# Counted journals (a reversal counts one less).
COUNTS: dict[str, frozenset[str]] = {
    "payments": frozenset({"bill_payment"}),
    "refunds": REFUND_KINDS,
}
COUNT_COLUMNS: tuple[str, ...] = (*COUNTS, "journals")
COLUMNS: tuple[str, ...] = AMOUNT_COLUMNS + COUNT_COLUMNS
_ACCOUNTS = sorted({rule.account for rule in RULES})


def _applies(rule: Rule, kind: str) -> bool:
    if rule.kinds is not None:
        return kind in rule.kinds
    return kind not in rule.excluded


def _empty() -> dict[str, Any]:
    return {**dict.fromkeys(AMOUNT_COLUMNS, ZERO), **dict.fromkeys(COUNT_COLUMNS, 0)}


def money_days_compute(*, date_from: date, date_to: date) -> dict[date, dict[str, Any]]:
    """Each day of the range with journals in the active schema's ledger, and its figures
    (days without journals are left out)."""
    days: dict[date, dict[str, Any]] = defaultdict(_empty)
    moved = (
        Entry.objects.filter(
            journal__counted_on__gte=date_from,
            journal__counted_on__lte=date_to,
            account__code__in=_ACCOUNTS,
        )
        .values("journal__counted_on", "journal__kind", "account__code", "side")
        .annotate(total=Sum("amount"))
        .order_by()
    )
    for row in moved:
        credit_less_debit = row["total"] if row["side"] == "credit" else -row["total"]
        for rule in RULES:
            if rule.account == row["account__code"] and _applies(rule, row["journal__kind"]):
                days[row["journal__counted_on"]][rule.column] += rule.sign * credit_less_debit
    journals = (
        Journal.objects.filter(counted_on__gte=date_from, counted_on__lte=date_to)
        .values("counted_on", "kind")
        .annotate(n=Count("id"), reversals=Count("id", filter=Q(reversal_of__isnull=False)))
        .order_by()
    )
    for row in journals:
        figures = days[row["counted_on"]]
        figures["journals"] += row["n"]
        for column, kinds in COUNTS.items():
            if row["kind"] in kinds:
                # A reversal is a journal of the same kind that takes its original back.
                figures[column] += row["n"] - 2 * row["reversals"]
    return dict(days)


def _lock_merchant(merchant_id: int) -> None:
    advisory_xact_lock(f"money_days:{merchant_id}")


def money_days_refresh(*, date_from: date, date_to: date) -> int:
    """Recomputes the active merchant's days from its ledger and replaces their rows (a day
    that has no journals has no row). Answers how many days have a row."""
    merchant_id = int(tenant_connection.tenant.pk)
    with transaction.atomic():
        _lock_merchant(merchant_id)
        computed = money_days_compute(date_from=date_from, date_to=date_to)
        MerchantMoneyDay.objects.filter(
            merchant_id=merchant_id, day__gte=date_from, day__lte=date_to
        ).exclude(day__in=list(computed)).delete()
        now = timezone.now()
        MerchantMoneyDay.objects.bulk_create(
            [
                MerchantMoneyDay(merchant_id=merchant_id, day=day, refreshed_at=now, **figures)
                for day, figures in sorted(computed.items())
            ],
            update_conflicts=True,
            unique_fields=["merchant", "day"],
            update_fields=[*COLUMNS, "refreshed_at"],
        )
    return len(computed)


def money_days_check(*, date_from: date, date_to: date) -> list[str]:
    """How the active merchant's rows differ from its ledger over the range, one line per
    figure that differs; none when they agree (a day missing on one side reads as zeros)."""
    computed = money_days_compute(date_from=date_from, date_to=date_to)
    stored = {
        row.day: {column: getattr(row, column) for column in COLUMNS}
        for row in MerchantMoneyDay.objects.filter(
            merchant_id=tenant_connection.tenant.pk, day__gte=date_from, day__lte=date_to
        )
    }
    problems = []
    for day in sorted(set(computed) | set(stored)):
        kept, ledger = stored.get(day, _empty()), computed.get(day, _empty())
        for column in COLUMNS:
            if kept[column] != ledger[column]:
                problems.append(f"{day} {column}: {kept[column]} kept, {ledger[column]} in ledger")
    return problems
