"""The books agree across schemas: each merchant's ledger and the platform's sub-ledger of
that merchant (`merchant:<id>`) mirror each other.

Every movement between a merchant and the platform is posted twice in one transaction, once
in each schema (`apps/billing/commission.py`, the deposit's and the risk balance's
mirrors, the withdrawals' payouts). At rest, therefore, for every merchant:

- the platform's `merchant_payable` = the merchant's `provider_clearing` + `merchant_cash`
  + `withdrawals_in_transit` (its money the platform holds);
- the platform's `commission_income` = the merchant's `commission_expense`;
- the platform's `risk_recharge_liability` = the merchant's `risk_prepaid`;
- the platform's `risk_service_income` = the merchant's `risk_check_expense`.

`books_agreement` reports every pair that does not; `every_books_agreement` runs it for every
merchant, for `manage.py ledger_agreement` and `manage.py ledger_check --all` (registered as
a cross-book check when the app is ready), and the nightly reconciliation reports a
difference as a `books_differ` mismatch of the day (`reconciliation.py`). Balances are
derived from the entries, not the cached balances (`ledger_check` proves those separately).
"""

from __future__ import annotations

from decimal import Decimal

from django_tenants.utils import get_public_schema_name, schema_context

from tenants.merchants.models import Merchant
from zulin.ledger.selectors import account_balance

ZERO = Decimal("0.00")

# (the platform's account, the merchant's accounts whose sum mirrors it)
MIRRORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("merchant_payable", ("provider_clearing", "merchant_cash", "withdrawals_in_transit")),
    ("commission_income", ("commission_expense",)),
    ("risk_recharge_liability", ("risk_prepaid",)),
    ("risk_service_income", ("risk_check_expense",)),
)


def books_agreement(merchant: Merchant) -> list[str]:
    """Every mirror of `merchant`'s books and the platform's that differs (none: [])."""
    with schema_context(merchant.schema_name):
        own = {code: account_balance(code) for _, codes in MIRRORS for code in codes}
    with schema_context(get_public_schema_name()):
        platform = {
            code: account_balance(code, sub_key=f"merchant:{merchant.pk}") for code, _ in MIRRORS
        }
    problems = []
    for code, codes in MIRRORS:
        mirrored = sum((own[c] for c in codes), ZERO)
        if platform[code] != mirrored:
            problems.append(
                f"merchant {merchant.slug}: platform {code} {platform[code]}"
                f" != merchant {' + '.join(codes)} {mirrored}"
                f" (difference {platform[code] - mirrored})"
            )
    return problems


def every_books_agreement() -> list[str]:
    """Every difference between a merchant's books and the platform's, over all merchants."""
    merchants = Merchant.objects.exclude(schema_name=get_public_schema_name()).order_by("pk")
    return [problem for merchant in merchants for problem in books_agreement(merchant)]
