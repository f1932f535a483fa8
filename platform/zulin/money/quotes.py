"""Quotes: the early-buyout discount of an early settlement and its share per bill, and the
early-termination fee of a return before the minimum term."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal

ZERO = Decimal("0.00")
CENT = Decimal("0.01")


def discount_of(rent: Decimal, rate: Decimal) -> Decimal:
    """The early-buyout discount of `rent` at `rate` (a fraction): half-up to the cent, once
    (the one rounding of every quote, buyout and early settlement alike)."""
    return (rent * rate).quantize(CENT, rounding=ROUND_HALF_UP)


def discount_shares(discount: Decimal, rents: Sequence[Decimal]) -> list[Decimal]:
    """`discount` spread over the future bills' `rents` in proportion, half-up, the last bill
    taking what is left so the shares sum to the discount; no share above its bill's rent."""
    whole = sum(rents, ZERO)
    shares = []
    left = discount
    for index, rent in enumerate(rents):
        if index == len(rents) - 1:
            share = left
        else:
            share = (discount * rent / whole).quantize(CENT, rounding=ROUND_HALF_UP)
        share = min(share, left, rent)
        shares.append(share)
        left -= share
    return shares


def termination_fee(*, mode: str, value: Decimal, rent_cancelled: Decimal) -> Decimal:
    """The fee of a return before the minimum term that cancels `rent_cancelled`: `rate`
    mode, `value` x the rent cancelled (half-up); `fixed`, `value`; `none`, nothing. Never
    above the rent cancelled (a fee above the loss a court would cut, Civil Code art. 585)."""
    if rent_cancelled <= 0 or mode == "none":
        return ZERO
    if mode == "rate":
        fee = (rent_cancelled * value).quantize(CENT, rounding=ROUND_HALF_UP)
    else:
        fee = value.quantize(CENT, rounding=ROUND_HALF_UP)
    return min(fee, rent_cancelled)
