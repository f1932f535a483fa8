"""The platform's commission: the rate in force (a percent) x the commissionable money a
payment paid (rent, sale or buyout price, add-ons), half-up to the cent per payment; what a
refund gives back of it."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

ZERO = Decimal("0.00")
CENT = Decimal("0.01")
HUNDRED = Decimal(100)


def commission_of(base: Decimal, rate: Decimal) -> Decimal:
    return (base * rate / HUNDRED).quantize(CENT, rounding=ROUND_HALF_UP)


def commission_back(
    *,
    commission: Decimal,
    base: Decimal,
    refunded_before: Decimal,
    refund: Decimal,
    given_back: Decimal,
) -> Decimal:
    """What of a payment's `commission` (taken on `base`) a refund of `refund` gives back,
    after `refunded_before` refunded and `given_back` already returned: refunds are money of
    the commissionable part first, the commission comes back in proportion to the
    commissionable money refunded so far, half-up, never more than was taken."""
    if base <= 0:
        return ZERO
    refunded_base = min(refunded_before + refund, base)
    due_back = (commission * refunded_base / base).quantize(CENT, rounding=ROUND_HALF_UP)
    return max(min(due_back, commission) - given_back, ZERO)
