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

# What money in may pay (`apps/billing/settle.py`: late fee, rent or sale or buyout price,
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


RULES: tuple[Rule, ...] = (
    # --- a merchant's books ----------------------------------------------------------------
    Rule(
        MERCHANT,
        "bill_payment",
        frozenset({"provider_clearing", "early_settlement_discount"}),
        INCOME,
        "what the provider reports came, allocated oldest bill first: late fee, principal, "
        "add-ons, shipping fee; the excess owed back",
    ),
    Rule(
        MERCHANT,
        "early_settlement",
        frozenset({"provider_clearing", "early_settlement_discount"}),
        INCOME,
        "as bill_payment; the rent forgone (the shop's discount) debited against rent",
    ),
    Rule(
        MERCHANT,
        "offline_repayment",
        frozenset({"bank", "early_settlement_discount"}),
        INCOME,
        "what the voucher shows the merchant received itself, allocated as bill_payment",
    ),
    Rule(
        MERCHANT,
        "deposit_transfer",
        frozenset({"provider_clearing", "deposit_held", "early_settlement_discount"}),
        INCOME | {"deposit_frozen"},
        "deposit taken: it leaves the freeze (held / frozen) and pays bills as bill_payment, "
        "or damage",
    ),
    Rule(
        MERCHANT,
        "deposit_freeze",
        frozenset({"deposit_frozen"}),
        frozenset({"deposit_held"}),
        "the amount frozen",
    ),
    Rule(
        MERCHANT,
        "deposit_thaw",
        frozenset({"deposit_held"}),
        frozenset({"deposit_frozen"}),
        "the amount thawed",
    ),
    Rule(
        MERCHANT,
        "deposit_refund",
        frozenset({"damage_income", "refunds", "customer_refunds_payable"}),
        frozenset({"provider_clearing"}),
        "money a deposit transfer took, given back (what came after the order ended without "
        "a deal against what is owed back)",
    ),
    Rule(
        MERCHANT,
        "refund",
        frozenset({"refunds", "shipping_fee_income", "customer_refunds_payable"}),
        frozenset({"provider_clearing"}),
        "the refund confirmed by the provider (a shipping fee against its income; money "
        "that came for an order ended without a deal against what is owed back)",
    ),
    Rule(
        MERCHANT,
        "commission",
        frozenset({"commission_expense"}),
        frozenset({"provider_clearing"}),
        "rate in force x the rent, sale, buyout and add-ons a payment paid, half-up per payment",
    ),
    Rule(
        MERCHANT,
        "commission_reversal",
        frozenset({"provider_clearing"}),
        frozenset({"commission_expense"}),
        "the commission of the commissionable part a refund returned",
    ),
    Rule(
        MERCHANT,
        "settlement",
        frozenset({"provider_clearing", "merchant_cash"}),
        frozenset({"provider_clearing", "merchant_cash"}),
        "a statement's net: money at the provider becomes withdrawable (or back, when negative)",
    ),
    Rule(
        MERCHANT,
        "withdrawal_freeze",
        frozenset({"withdrawals_in_transit"}),
        frozenset({"merchant_cash"}),
        "the amount applied for",
    ),
    Rule(
        MERCHANT,
        "withdrawal_back",
        frozenset({"merchant_cash"}),
        frozenset({"withdrawals_in_transit"}),
        "a withdrawal cancelled, rejected or failed: its amount",
    ),
    Rule(
        MERCHANT,
        "withdrawal",
        frozenset({"bank"}),
        frozenset({"withdrawals_in_transit"}),
        "the amount paid out",
    ),
    Rule(
        MERCHANT,
        "risk_recharge",
        frozenset({"risk_prepaid"}),
        frozenset({"bank"}),
        "the recharge approved",
    ),
    Rule(
        MERCHANT,
        "risk_charge",
        frozenset({"risk_check_expense"}),
        frozenset({"risk_prepaid"}),
        "a check's price",
    ),
    # --- the platform's books (sub-ledger `merchant:<id>` of each merchant) ----------------
    Rule(
        PLATFORM,
        "merchant_receipt",
        frozenset({"provider_clearing"}),
        frozenset({"merchant_payable"}),
        "money the provider took for the merchant (a payment, a deposit transfer)",
    ),
    Rule(
        PLATFORM,
        "merchant_refund",
        frozenset({"merchant_payable"}),
        frozenset({"provider_clearing"}),
        "money given back for the merchant",
    ),
    Rule(
        PLATFORM,
        "commission",
        frozenset({"merchant_payable"}),
        frozenset({"commission_income"}),
        "the merchant's commission journal, mirrored",
    ),
    Rule(
        PLATFORM,
        "commission_reversal",
        frozenset({"commission_income"}),
        frozenset({"merchant_payable"}),
        "the merchant's commission reversal, mirrored",
    ),
    Rule(
        PLATFORM,
        "withdrawal",
        frozenset({"merchant_payable"}),
        frozenset({"provider_clearing"}),
        "the merchant's payout",
    ),
    Rule(
        PLATFORM,
        "risk_recharge",
        frozenset({"provider_clearing", "bank"}),
        frozenset({"risk_recharge_liability"}),
        "a merchant's risk recharge received",
    ),
    Rule(
        PLATFORM,
        "risk_charge",
        frozenset({"risk_recharge_liability"}),
        frozenset({"risk_service_income"}),
        "a check's price earned",
    ),
)

BY_KIND: dict[tuple[str, str], Rule] = {(rule.book, rule.kind): rule for rule in RULES}


def pair(book: str, kind: str, *, debit: str = "", credit: str = "") -> tuple[str, str]:
    """The (debit, credit) accounts of a two-leg posting of `kind` in `book`, from the table:
    a side with one account takes it; a side with several takes the one named, which must be
    among them. A kind the book has no rule for, or a wrong name, is a bug of the caller
    (ValueError)."""
    rule = BY_KIND.get((book, kind))
    if rule is None:
        raise ValueError(f"no posting rule for {kind} in the {book}'s books")
    return _leg(rule.debits, debit, kind, "debit"), _leg(rule.credits, credit, kind, "credit")


def _leg(allowed: frozenset[str], named: str, kind: str, side: str) -> str:
    if not named:
        if len(allowed) != 1:
            raise ValueError(f"{kind} may {side} any of {sorted(allowed)}: name one")
        (named,) = allowed
    elif named not in allowed:
        raise ValueError(f"{kind} may not {side} {named}")
    return named


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
