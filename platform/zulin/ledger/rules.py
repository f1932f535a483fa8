"""The posting rules: for each business event (a journal kind), in each book (a merchant's,
the platform's), the legs it posts — per role of its amounts (what came, what it paid of late
fee, rent, add-ons …, what is owed back, the commission …) the account debited or credited and
its sub-ledger — and how its amounts are derived (Fowler's posting rules; Formance's one
transaction with all its legs). `post_event(kind, amounts, …)` (`services.py`) produces a
journal's lines from this table and nothing else posts: a caller names the event and gives its
amounts by role, never an account or a side. `rule_problem` checks every posting against the
same rows (LEDGER_RULE_BROKEN): a swapped side or a wrong account is refused when it is posted,
never found later. A reversal posts each leg on the other side.

The table is data: `docs/money.md` ("Posting rules") prints it, and a test proves every leg
names an account of its book's chart.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property

MERCHANT, PLATFORM = "merchant", "platform"
DEBIT, CREDIT = "debit", "credit"
# A leg's sub-ledger: none (the chart account), the journal's order (`order:<id>`, the chart
# account when the journal names none), the merchant whose money the platform's books hold
# (`merchant:<id>`), or each sub-ledger the amount names (a mapping sub_key -> amount).
NONE, ORDER, OF_MERCHANT, EACH = "", "order", "merchant", "each"

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
class Leg:
    role: str  # the name of the amount it posts
    side: str  # DEBIT or CREDIT
    account: str
    sub: str = NONE


@dataclass(frozen=True)
class Rule:
    book: str
    kind: str
    legs: tuple[Leg, ...]
    amounts: str  # how the amounts are derived (what the docs print)

    @cached_property
    def debits(self) -> frozenset[str]:
        return frozenset(leg.account for leg in self.legs if leg.side == DEBIT)

    @cached_property
    def credits(self) -> frozenset[str]:
        return frozenset(leg.account for leg in self.legs if leg.side == CREDIT)

    @cached_property
    def roles(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(leg.role for leg in self.legs))


def _two(role: str, debit: str, credit: str, sub: str = NONE, *, subs: str = "") -> tuple[Leg, ...]:
    """A role moving its amount from `credit` to `debit` (both on `sub`; `subs` "debit" or
    "credit": only that side on `sub`)."""
    return (
        Leg(role, DEBIT, debit, sub if subs in ("", DEBIT) else NONE),
        Leg(role, CREDIT, credit, sub if subs in ("", CREDIT) else NONE),
    )


# Money in, allocated (`settle.py`): what came, where it sits, debited on the order's
# sub-ledger; less any discount; credited to what it paid, the excess owed back.
ALLOCATED: tuple[Leg, ...] = (
    Leg("discount", DEBIT, "early_settlement_discount"),
    Leg("late_fee", CREDIT, "late_fee_income"),
    Leg("rent", CREDIT, "rent_income"),
    Leg("sale", CREDIT, "sale_income"),
    Leg("buyout", CREDIT, "buyout_income"),
    Leg("addon", CREDIT, "addon_income"),
    Leg("shipping_fee", CREDIT, "shipping_fee_income"),
    Leg("damage", CREDIT, "damage_income"),
    Leg("termination_fee", CREDIT, "termination_fee_income"),
    Leg("excess", CREDIT, "customer_refunds_payable", ORDER),
)
AT_PROVIDER = Leg("received", DEBIT, "provider_clearing", ORDER)
# Money given back at the provider, by what it was: a refund, a shipping fee against its
# income, money that came for an order ended without a deal against what is owed back.
GIVEN_BACK = (
    *_two("refunded", "refunds", "provider_clearing", ORDER, subs=CREDIT),
    *_two("shipping_fee", "shipping_fee_income", "provider_clearing", ORDER, subs=CREDIT),
    *_two("owed_back", "customer_refunds_payable", "provider_clearing", ORDER),
)

RULES: tuple[Rule, ...] = (
    # --- a merchant's books ----------------------------------------------------------------
    Rule(
        MERCHANT,
        "bill_payment",
        (AT_PROVIDER, *ALLOCATED),
        "what the provider reports came, allocated oldest bill first: late fee, principal, "
        "add-ons, shipping fee; the excess owed back",
    ),
    Rule(
        MERCHANT,
        "early_settlement",
        (AT_PROVIDER, *ALLOCATED),
        "as bill_payment; the rent forgone (the shop's discount) debited against rent",
    ),
    Rule(
        MERCHANT,
        "offline_repayment",
        (Leg("received", DEBIT, "bank", ORDER), *ALLOCATED),
        "what the voucher shows the merchant received itself, allocated as bill_payment",
    ),
    Rule(
        MERCHANT,
        "deposit_transfer",
        (AT_PROVIDER, *_two("released", "deposit_held", "deposit_frozen", ORDER), *ALLOCATED),
        "deposit taken: it leaves the freeze (held / frozen) and pays bills as bill_payment, "
        "or damage",
    ),
    Rule(
        MERCHANT,
        "deposit_freeze",
        _two("frozen", "deposit_frozen", "deposit_held", ORDER),
        "the amount frozen",
    ),
    Rule(
        MERCHANT,
        "deposit_thaw",
        _two("thawed", "deposit_held", "deposit_frozen", ORDER),
        "the amount thawed",
    ),
    Rule(
        MERCHANT,
        "deposit_refund",
        (
            *_two("refunded", "refunds", "provider_clearing", ORDER, subs=CREDIT),
            *_two("damage", "damage_income", "provider_clearing", ORDER, subs=CREDIT),
            *_two("owed_back", "customer_refunds_payable", "provider_clearing", ORDER),
        ),
        "money a deposit transfer took, given back (what came after the order ended without "
        "a deal against what is owed back)",
    ),
    Rule(
        MERCHANT,
        "refund",
        GIVEN_BACK,
        "the refund confirmed by the provider (a shipping fee against its income; money "
        "that came for an order ended without a deal against what is owed back)",
    ),
    Rule(
        MERCHANT,
        "commission",
        _two("commission", "commission_expense", "provider_clearing", ORDER, subs=CREDIT),
        "rate in force x the rent, sale, buyout and add-ons a payment paid, half-up per payment",
    ),
    Rule(
        MERCHANT,
        "commission_reversal",
        _two("commission", "provider_clearing", "commission_expense", ORDER, subs=DEBIT),
        "the commission of the commissionable part a refund returned",
    ),
    Rule(
        MERCHANT,
        "settlement",
        (
            Leg("released", CREDIT, "provider_clearing", EACH),
            Leg("clawed_back", DEBIT, "provider_clearing", EACH),
            Leg("withdrawable", DEBIT, "merchant_cash"),
            Leg("owed", CREDIT, "merchant_cash"),
        ),
        "a statement's net: money at the provider becomes withdrawable (or back, when negative)",
    ),
    Rule(
        MERCHANT,
        "withdrawal_freeze",
        _two("amount", "withdrawals_in_transit", "merchant_cash"),
        "the amount applied for",
    ),
    Rule(
        MERCHANT,
        "withdrawal_back",
        _two("amount", "merchant_cash", "withdrawals_in_transit"),
        "a withdrawal cancelled, rejected or failed: its amount",
    ),
    Rule(
        MERCHANT,
        "withdrawal",
        _two("amount", "bank", "withdrawals_in_transit"),
        "the amount paid out",
    ),
    Rule(
        MERCHANT,
        "risk_recharge",
        _two("amount", "risk_prepaid", "bank"),
        "the recharge approved",
    ),
    Rule(
        MERCHANT,
        "risk_charge",
        _two("price", "risk_check_expense", "risk_prepaid"),
        "a check's price",
    ),
    # --- the platform's books (sub-ledger `merchant:<id>` of each merchant) ----------------
    Rule(
        PLATFORM,
        "merchant_receipt",
        _two("received", "provider_clearing", "merchant_payable", OF_MERCHANT),
        "money the provider took for the merchant (a payment, a deposit transfer)",
    ),
    Rule(
        PLATFORM,
        "merchant_refund",
        _two("refunded", "merchant_payable", "provider_clearing", OF_MERCHANT),
        "money given back for the merchant",
    ),
    Rule(
        PLATFORM,
        "commission",
        _two("commission", "merchant_payable", "commission_income", OF_MERCHANT),
        "the merchant's commission journal, mirrored",
    ),
    Rule(
        PLATFORM,
        "commission_reversal",
        _two("commission", "commission_income", "merchant_payable", OF_MERCHANT),
        "the merchant's commission reversal, mirrored",
    ),
    Rule(
        PLATFORM,
        "withdrawal",
        _two("amount", "merchant_payable", "provider_clearing", OF_MERCHANT),
        "the merchant's payout",
    ),
    Rule(
        PLATFORM,
        "risk_recharge",
        (
            *_two("at_provider", "provider_clearing", "risk_recharge_liability", OF_MERCHANT),
            *_two("in_bank", "bank", "risk_recharge_liability", OF_MERCHANT),
        ),
        "a merchant's risk recharge received (at the provider for a QR payment, in the bank "
        "for a transfer)",
    ),
    Rule(
        PLATFORM,
        "risk_charge",
        _two("price", "risk_recharge_liability", "risk_service_income", OF_MERCHANT),
        "a check's price earned",
    ),
)

BY_KIND: dict[tuple[str, str], Rule] = {(rule.book, rule.kind): rule for rule in RULES}

Amount = Decimal | int | Mapping[str, Decimal | int]


def rule_of(book: str, kind: str) -> Rule:
    rule = BY_KIND.get((book, kind))
    if rule is None:
        raise ValueError(f"no posting rule for {kind} in the {book}'s books")
    return rule


def legs_of(
    book: str,
    kind: str,
    amounts: Mapping[str, Amount],
    *,
    order_id: int | None = None,
    merchant_id: int | None = None,
) -> list[tuple[str, str, str, object]]:
    """The lines of the event `kind` in `book` for its `amounts` by role, as (account,
    sub_key, side, amount), laid out by the rule: each role's legs take its amount (a role
    on EACH sub-ledger: a mapping sub_key -> amount, one line per sub-ledger). A role of 0 is
    left out; the amounts themselves are checked by the poster (Decimal, two places, not
    negative, balanced). A role the rule has not is a bug of the caller (ValueError)."""
    rule = rule_of(book, kind)
    unknown = sorted(set(amounts) - set(rule.roles))
    if unknown:
        raise ValueError(f"{kind} has no amount {', '.join(unknown)} in the {book}'s books")
    lines: list[tuple[str, str, str, object]] = []
    for leg in rule.legs:
        if leg.role not in amounts:
            continue
        given = amounts[leg.role]
        spread: list[tuple[str, object]]
        if leg.sub == EACH:
            if not isinstance(given, Mapping):
                raise ValueError(f"{kind}'s {leg.role} is given per sub-ledger")
            spread = list(given.items())
        else:
            spread = [(_sub_of(leg, order_id, merchant_id, kind), given)]
        for sub_key, amount in spread:
            if _zero(amount):
                continue
            lines.append((leg.account, sub_key, leg.side, amount))
    return lines


def _zero(amount: object) -> bool:
    return isinstance(amount, Decimal | int) and not isinstance(amount, bool) and amount == 0


def _sub_of(leg: Leg, order_id: int | None, merchant_id: int | None, kind: str) -> str:
    if leg.sub == ORDER:
        return f"order:{order_id}" if order_id is not None else ""
    if leg.sub == OF_MERCHANT:
        if merchant_id is None:
            raise ValueError(f"{kind} posts on the merchant's sub-ledger: name the merchant")
        return f"merchant:{merchant_id}"
    return ""


def docs_table() -> str:
    """The table `docs/money.md` prints ("Posting rules"), from the rules themselves."""
    where = {ORDER: " (order)", OF_MERCHANT: " (merchant)", EACH: " (each order)", NONE: ""}
    rows = ["| book | event (kind) | roles: Dr → Cr | amounts |", "|---|---|---|---|"]
    for rule in RULES:
        parts = []
        for role in rule.roles:
            legs = [leg for leg in rule.legs if leg.role == role]
            sides = [
                f"{label} " + ", ".join(f"{leg.account}{where[leg.sub]}" for leg in on_side)
                for label, side in (("Dr", DEBIT), ("Cr", CREDIT))
                if (on_side := [leg for leg in legs if leg.side == side])
            ]
            parts.append(f"`{role}`: " + " / ".join(sides))
        rows.append(f"| {rule.book} | `{rule.kind}` | {'; '.join(parts)} | {rule.amounts} |")
    return "\n".join(rows)


def pair(book: str, kind: str, *, debit: str = "", credit: str = "") -> tuple[str, str]:
    """The (debit, credit) accounts of a two-leg posting of `kind` in `book`, from the table:
    a side with one account takes it; a side with several takes the one named, which must be
    among them. A kind the book has no rule for, or a wrong name, is a bug of the caller
    (ValueError)."""
    rule = rule_of(book, kind)
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
