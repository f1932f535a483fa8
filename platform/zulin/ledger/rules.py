"""The posting rules: for each journal kind, in each book (a merchant's, the platform's), the
legs it may post — the accounts it may debit and those it may credit — and how its amounts
are derived. `ledger_post` refuses a kind the book has no rule for and a line whose account
is not one of its side's legs (LEDGER_RULE_BROKEN): a swapped side or a wrong account is
refused when it is posted, never found later. A reversal posts each leg on the other side.

The table is data: `docs/money.md` ("Posting rules") prints it, and a test proves every leg
names an account of its book's chart.
"""

from __future__ import annotations

from dataclasses import dataclass

MERCHANT, PLATFORM = "merchant", "platform"

# What money in may pay (`apps/billing/collect.py`: late fee, rent or sale or buyout price,
# add-ons, shipping fee, a charge; what came beyond is owed back to the customer).
INCOME = frozenset(
    {
        "late_fee_income",
        "rent_income",
        "sale_income",
        "buyout_income",
        "addon_income",
        "shipping_fee_income",
        "damage_income",
        "termination_fee_income",
        "customer_refunds_payable",
    }
)


@dataclass(frozen=True)
class Rule:
    book: str
    kind: str
    debits: frozenset[str]
    credits: frozenset[str]
    amounts: str  # how the amounts are derived (what the docs print)


def _rule(
    book: str, kind: str, debits: set[str], credits: set[str] | frozenset[str], amounts: str
) -> Rule:
    return Rule(book, kind, frozenset(debits), frozenset(credits), amounts)


RULES: tuple[Rule, ...] = (
    # --- a merchant's books ----------------------------------------------------------------
    _rule(
        MERCHANT,
        "bill_payment",
        {"provider_clearing", "early_settlement_discount"},
        INCOME,
        "what the provider reports came, allocated oldest bill first: late fee, principal, "
        "add-ons, shipping fee; the excess owed back",
    ),
    _rule(
        MERCHANT,
        "early_settlement",
        {"provider_clearing", "early_settlement_discount"},
        INCOME,
        "as bill_payment; the rent forgone (the shop's discount) debited against rent",
    ),
    _rule(
        MERCHANT,
        "offline_repayment",
        {"bank", "early_settlement_discount"},
        INCOME,
        "what the voucher shows the merchant received itself, allocated as bill_payment",
    ),
    _rule(
        MERCHANT,
        "deposit_transfer",
        {"provider_clearing", "deposit_held", "early_settlement_discount"},
        INCOME | {"deposit_frozen"},
        "deposit taken: it leaves the freeze (held / frozen) and pays bills as bill_payment, "
        "or damage",
    ),
    _rule(MERCHANT, "deposit_freeze", {"deposit_frozen"}, {"deposit_held"}, "the amount frozen"),
    _rule(MERCHANT, "deposit_thaw", {"deposit_held"}, {"deposit_frozen"}, "the amount thawed"),
    _rule(
        MERCHANT,
        "deposit_refund",
        {"damage_income", "refunds"},
        {"provider_clearing"},
        "money a deposit transfer took, given back",
    ),
    _rule(
        MERCHANT,
        "refund",
        {"refunds", "shipping_fee_income"},
        {"provider_clearing"},
        "the refund confirmed by the provider (a shipping fee against its income)",
    ),
    _rule(
        MERCHANT,
        "commission",
        {"commission_expense"},
        {"provider_clearing"},
        "rate in force x the rent, sale, buyout and add-ons a payment paid, half-up per payment",
    ),
    _rule(
        MERCHANT,
        "commission_reversal",
        {"provider_clearing"},
        {"commission_expense"},
        "the commission of the commissionable part a refund returned",
    ),
    _rule(
        MERCHANT,
        "settlement",
        {"provider_clearing", "merchant_cash"},
        {"provider_clearing", "merchant_cash"},
        "a statement's net: money at the provider becomes withdrawable (or back, when negative)",
    ),
    _rule(
        MERCHANT,
        "withdrawal_freeze",
        {"withdrawals_in_transit"},
        {"merchant_cash"},
        "the amount applied for",
    ),
    _rule(
        MERCHANT,
        "withdrawal_back",
        {"merchant_cash"},
        {"withdrawals_in_transit"},
        "a withdrawal cancelled, rejected or failed: its amount",
    ),
    _rule(MERCHANT, "withdrawal", {"bank"}, {"withdrawals_in_transit"}, "the amount paid out"),
    _rule(MERCHANT, "risk_recharge", {"risk_prepaid"}, {"bank"}, "the recharge approved"),
    _rule(MERCHANT, "risk_charge", {"risk_check_expense"}, {"risk_prepaid"}, "a check's price"),
    # --- the platform's books (sub-ledger `merchant:<id>` of each merchant) ----------------
    _rule(
        PLATFORM,
        "merchant_receipt",
        {"provider_clearing"},
        {"merchant_payable"},
        "money the provider took for the merchant (a payment, a deposit transfer)",
    ),
    _rule(
        PLATFORM,
        "merchant_refund",
        {"merchant_payable"},
        {"provider_clearing"},
        "money given back for the merchant",
    ),
    _rule(
        PLATFORM,
        "commission",
        {"merchant_payable"},
        {"commission_income"},
        "the merchant's commission journal, mirrored",
    ),
    _rule(
        PLATFORM,
        "commission_reversal",
        {"commission_income"},
        {"merchant_payable"},
        "the merchant's commission reversal, mirrored",
    ),
    _rule(
        PLATFORM,
        "withdrawal",
        {"merchant_payable"},
        {"provider_clearing"},
        "the merchant's payout",
    ),
    _rule(
        PLATFORM,
        "risk_recharge",
        {"provider_clearing", "bank"},
        {"risk_recharge_liability"},
        "a merchant's risk recharge received",
    ),
    _rule(
        PLATFORM,
        "risk_charge",
        {"risk_recharge_liability"},
        {"risk_service_income"},
        "a check's price earned",
    ),
)

BY_KIND: dict[tuple[str, str], Rule] = {(rule.book, rule.kind): rule for rule in RULES}


def rule_problem(*, book: str, kind: str, legs: list[tuple[str, str]], reversal: bool) -> str:
    """Why posting `legs` ((account, side) pairs) as `kind` in `book` breaks the rules ("" when
    it does not)."""
    rule = BY_KIND.get((book, kind))
    if rule is None:
        return f"no posting rule for {kind} in the {book}'s books"
    for account, side in legs:
        debit = side == "debit"
        if reversal:
            debit = not debit
        allowed = rule.debits if debit else rule.credits
        if account not in allowed:
            written = "debit" if side == "debit" else "credit"
            return f"{kind} may not {written} {account}"
    return ""
