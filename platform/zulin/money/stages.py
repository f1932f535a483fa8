"""An order's list stage, by precedence: an open after-sale business first, then overdue (a
running deal with a bill past due, or a lease past its end), then the status's own stage; an
ended order that still owes is `owing`, never a silent `finished`."""

from __future__ import annotations

from decimal import Decimal

AFTER_SALE, OVERDUE, DEALING = "after_sale", "overdue", "dealing"
OWING, FINISHED, REGULAR = "owing", "finished", "regular"


def list_stage(
    *,
    open_after_sale: bool,
    running: bool,
    overdue: bool,
    lease_over: bool,
    ended: bool,
    owed: Decimal,
) -> str:
    if open_after_sale:
        return AFTER_SALE
    if running:
        if overdue or lease_over:
            return OVERDUE
        return DEALING
    if ended:
        if owed > 0:
            return OWING
        return FINISHED
    return REGULAR
