"""Fixed rules of orders, in one place (docs/orders.md repeats them)."""

from __future__ import annotations

from decimal import Decimal

# Share of the plan's deposit waived by the risk grade the risk provider gives. Grade E is
# refused at intake; an unknown grade waives nothing.
DEPOSIT_WAIVER_BY_GRADE: dict[str, Decimal] = {
    "A": Decimal("1.00"),
    "B": Decimal("0.50"),
    "C": Decimal("0.20"),
    "D": Decimal("0.00"),
    "E": Decimal("0.00"),
}

# The risk provider's decision that refuses an order at intake (it is kept, as refused).
RISK_REFUSE = "refuse"
# The intake could not check the risk: the order waits for a manual audit, grade unknown.
RISK_UNAVAILABLE = "unavailable"  # the provider failed
RISK_BALANCE_SHORT = "balance_short"  # the prepaid risk balance could not pay the check
RISK_UNCHECKED = (RISK_UNAVAILABLE, RISK_BALANCE_SHORT)

ORDER_NO_PREFIX = "ZL"

REMARK_MAX = 500
REASON_MAX = 300
# Largest bulk action (allocate, close, delete) in one call.
BULK_MAX = 200


def deposit_waiver(deposit: Decimal, grade: str) -> Decimal:
    share = DEPOSIT_WAIVER_BY_GRADE.get(grade, Decimal("0"))
    return (deposit * share).quantize(Decimal("0.01"))
