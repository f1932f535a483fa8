"""Fixed rules of orders, in one place (docs/orders.md repeats them)."""

from __future__ import annotations

from decimal import Decimal

from zulin.core.i18n import Text, pick

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


# Reasons a shop gives when it turns a business down (getAfterSaleRejectReason). The business
# keeps the Chinese label it was refused with (or the shop's own words for "other").
AFTER_SALE_REJECT_REASONS: list[dict[str, str]] = [
    {
        "code": "not_in_window",
        "label": "不在可申请的期限内",
        "label_en": "Outside the allowed period",
    },
    {"code": "goods_damaged", "label": "商品存在人为损坏", "label_en": "The goods show damage"},
    {"code": "bills_unpaid", "label": "存在未结清的账单", "label_en": "Bills are still unpaid"},
    {
        "code": "info_mismatch",
        "label": "信息与订单不符",
        "label_en": "Details do not match the order",
    },
    {"code": "other", "label": "其他原因", "label_en": "Other reason"},
]
_REJECT_BY_LABEL = {
    row["label"]: Text(row["label"], row["label_en"]) for row in AFTER_SALE_REJECT_REASONS
}


def after_sale_reject_text(stored: str) -> str:
    """A refusal as the reader reads it: a preset reason in the session's language, the
    shop's own words as they were typed."""
    preset = _REJECT_BY_LABEL.get(stored)
    return pick(preset) if preset else stored
